"""A finished game step by step, worked out in a replays worker (:mod:`.workers`): the routes
of :mod:`.replays` hand each request over whole, and the server's own process only waits.

An uploaded record is read, its header checked as a table's creation checks it, and replayed
whole once (its outcome compared with the one it claims); stepping through it then goes on
from where the last step left it (:class:`Cursor`, a few kept per worker), and the last steps
worked out are kept as they were answered: stepping forward costs one action, stepping back
to a step already shown costs nothing. Only a jump backwards to a step never shown replays
from the start (a fraction of a second for a real game; 2 s for a 50,000-action one).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from robotable import games
from robotable.core.errors import InvalidOptions, RobotableError, quoted
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.play.words import SEAT, public_names, seat_namer, with_sentences
from robotable.server.hall import refuse_file_options
from robotable.server.inputs import InvalidRequest, problems
from robotable.server.live import MAX_ACTIONS

MAX_RECORD_BYTES = 4_000_000
MAX_RECORD_ACTIONS = MAX_ACTIONS
"""An uploaded record's limits: as many actions as a table takes at most, far past any real
game, few enough that its replay stays within a replay's processor time."""
SEAT_LABEL = 40
"""Characters of a seat's name in an uploaded record (``human``, ``bot:perfect``, a CLI label)."""
MAX_SEED = 2**63 - 1
"""The largest seed a table takes (``POST /api/tables``), and so an uploaded record."""
CURSORS_KEPT = 4
"""Records a worker keeps replayed to their last step (a 50,000-action one holds 35 MB)."""
STEPS_KEPT = 256
"""Answers a worker keeps (a step shown again is not worked out again)."""
VERIFIED_KEPT = 1024
"""Uploaded records a worker remembers having replayed whole and found true."""


class RecordTooLong(RobotableError):
    """An uploaded record of more than :data:`MAX_RECORD_ACTIONS` actions (413)."""


class NotInGame(RobotableError):
    """A step or a seat the game does not have (400)."""


class ReplayStep(BaseModel):
    record: dict[str, Any] = Field(description="a game record, as GET /api/tables/{id}/record gives it")
    number: int = Field(ge=0, le=MAX_RECORD_ACTIONS, description="how many of its actions to replay")
    seat: int | None = Field(default=None, ge=0, le=15, description="whose view (default: a spectator's)")
    lang: Literal["en", "fr"] = Field(default="en", description="the language of the events' sentences")


class Cursor:
    """A record's replay, as far as it was last stepped."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.table = self._start()

    def _start(self) -> Table:
        record = self.record
        return Table(games.get(record.game), record.options, seed=record.seed, seats=record.seats)

    def at(self, number: int) -> Table:
        """The table after the record's first ``number`` actions (from the start when
        ``number`` is behind it)."""
        if number < self.table.version:
            self.table = self._start()
        for acting, text in self.record.actions[self.table.version : number]:
            self.table.submit(acting, text, 0.0)  # the clock's own actions and concessions are in it
        return self.table


_cursors: OrderedDict[str, Cursor] = OrderedDict()
_steps: OrderedDict[tuple[str, int, int | None, str, tuple[str, ...]], dict[str, Any]] = OrderedDict()
_verified: OrderedDict[str, None] = OrderedDict()


def uploaded_step(body: bytes) -> dict[str, Any]:
    """A step of a record sent by the page (a file the person chose), checked as ``robotable
    replay`` checks it: its header, then every action and the outcome it claims."""
    try:
        asked = ReplayStep.model_validate_json(body)
    except ValidationError as exc:
        raise InvalidRequest(problems(exc.errors(include_input=False))) from None
    record = Record.from_dict(asked.record, source="the record")
    if len(record.actions) > MAX_RECORD_ACTIONS:
        raise RecordTooLong(f"a record of at most {MAX_RECORD_ACTIONS} actions")
    check_header(record)
    digest = hashlib.sha256(json.dumps(asked.record, sort_keys=True).encode()).hexdigest()
    if digest not in _verified:
        games.replay(record)  # every action, and the outcome the record claims against the replay's
    _remember(_verified, digest, True, VERIFIED_KEPT)  # found true: not replayed whole again
    seat_word = SEAT[asked.lang]
    people = [
        "" if kind.startswith("bot:") else seat_word.format(seat=i) for i, kind in enumerate(record.seats)
    ]
    names = public_names(record.seats, people, asked.lang)  # a record keeps kinds: bots named so
    return step(f"upload {digest}", record, names, asked.number, asked.seat, asked.lang)


def check_header(record: Record) -> None:
    """An uploaded record's header, checked as a table's creation checks it: a known game,
    options naming no file (before they are read), a seed a table takes, seats the game can
    seat; the options and the rules version are checked by the replay, as ``robotable replay``
    does. Errors quote at most a short prefix of what they refuse."""
    try:
        game = games.get(record.game)
    except RobotableError as exc:
        raise InvalidOptions(f"the record: game: {exc}") from None
    refuse_file_options(record.options)
    if not 0 <= record.seed <= MAX_SEED:
        raise InvalidOptions(f"the record: seed: a whole number from 0 to 2^63-1, not {quoted(record.seed)}")
    game.check_seats(len(record.seats))
    for seat, label in enumerate(record.seats):
        if len(label) > SEAT_LABEL:
            raise InvalidOptions(
                f"the record: seats[{seat}]: a seat's name has at most {SEAT_LABEL} characters, "
                f"not {quoted(label)}"
            )


def step(
    key: str, record: Record, names: list[str], number: int, seat: int | None, lang: str = "en"
) -> dict[str, Any]:
    """``record`` replayed to action ``number``, as ``seat`` saw it (None: a spectator).
    ``key`` names the record among those this worker keeps (a stored table's id, an upload's
    digest): the same key must always name the same record."""
    if not 0 <= number <= len(record.actions):
        raise NotInGame(f"action {quoted(number)} is not in this game: it has {len(record.actions)}")
    if seat is not None and not 0 <= seat < len(record.seats):
        raise NotInGame(f"seat {quoted(seat)} is not at this table: it has {len(record.seats)}")
    asked = (key, number, seat, lang, tuple(names))
    shown = _steps.get(asked)
    if shown is None:
        cursor = _cursors.get(key) or Cursor(record)
        _remember(_cursors, key, cursor, CURSORS_KEPT)
        shown = _shown(record, cursor.at(number), names, number, seat, lang)
    _remember(_steps, asked, shown, STEPS_KEPT)
    return shown


def _shown(
    record: Record, table: Table, names: list[str], number: int, seat: int | None, lang: str
) -> dict[str, Any]:
    game = table.game
    news = None
    if number:
        told = table.news(table.history[number - 1], seat)
        news = with_sentences(game, told, seat_namer(names, lang), lang)
    view = table.state.view(seat)
    outcome = table.outcome()  # concessions counted: a step after one shows who gave up
    conceded = table.concessions.conceded
    return {
        "number": number,
        "actions": len(record.actions),
        "seat": seat,
        "seats": [
            {"seat": i, "kind": kind, "name": names[i], **({"conceded": True} if conceded(i) else {})}
            for i, kind in enumerate(record.seats)
        ],
        "view": view,
        "news": news,
        "board": game.render_svg(view, lang=lang, names=names),
        "outcome": outcome.to_dict() if outcome is not None else None,
    }


def _remember(kept: OrderedDict[Any, Any], key: Any, value: Any, most: int) -> Any:
    """Keep ``key`` as the most recent of ``kept`` (at most ``most``), its value the one kept
    before if any, else ``value``. Returns what was kept before (None: new)."""
    before = kept.pop(key, None)
    kept[key] = before if before is not None else value
    while len(kept) > most:
        kept.popitem(last=False)
    return before
