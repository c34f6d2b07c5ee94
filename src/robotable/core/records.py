"""Game records: what was played, in a form that replays bit for bit.

A record is ``{game, rules_version, options, seed, seats, actions, outcome}``: the seed
and the actions' notation are enough to rebuild every state, since engines keep their
chance inside the state. One record is a ``.json`` file; many are a ``.jsonl`` file
(JSON Lines), read lazily like python-chess reads PGN files::

    for record in read_records("tournament.jsonl"):
        final = replay(record, game)   # RecordError if it does not replay as recorded

The game comes from the caller (``robotable.games.replay`` looks it up by the record's
id): core sits below the games' registry and never imports it.

Every problem raises :class:`RecordError` with a message naming the file, the line or
field, and for a bad action its number (1-based), seat, notation and reason.

A record may hold concessions, ``[seat, "concede"]``: entries of the table that no engine sees
(:mod:`robotable.core.concession` has the rule). Replaying one goes through the same rule, so
the outcome it checks is the table's; the state :func:`replay` returns is the engine's, whose
own ``outcome()`` knows nothing of concessions: ``record.outcome`` is the checked one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from robotable.core.concession import Concessions, parse_entry
from robotable.core.errors import RecordError, RobotableError, clipped, quoted
from robotable.core.game import JSON, REFEREE, Action, Event, Game, Outcome, Seat, State

__all__ = ["Record", "Recorder", "append_record", "read_records", "record_text", "replay", "write_record"]

_KEYS = ("game", "rules_version", "options", "seed", "seats", "actions", "outcome")


@dataclass
class Record:
    """One game: enough to replay it exactly, and its claimed outcome."""

    game: str
    rules_version: str
    options: dict[str, JSON]
    seed: int
    seats: list[str]
    """Who sat where, e.g. ``["bot:bfs", "human"]``; its length is the number of seats."""
    actions: list[tuple[Seat, str]] = field(default_factory=list)
    """``(seat, notation)`` in the order applied; the referee's seat is -1."""
    outcome: Outcome | None = None
    """``None`` for a game that was not finished."""
    meta: dict[str, JSON] = field(default_factory=dict)
    """Free tags (date, event, round...), kept only when not empty."""
    source: str = field(default="", compare=False)
    """Where it was read from (``"games.jsonl:3"``), for error messages; never written."""

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "game": self.game,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "actions": [[seat, text] for seat, text in self.actions],
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    @classmethod
    def from_dict(cls, data: object, *, source: str = "record") -> Record:
        """Check every field; errors read ``"{source}: actions[3]: expected [seat, notation]"``."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: expected a JSON object, not {_json_type(data)}")
        missing = [key for key in _KEYS if key not in data]
        if missing:
            raise RecordError(f"{source}: missing field {missing[0]!r}")
        unknown = sorted(set(data) - {*_KEYS, "meta"})
        if unknown:
            raise RecordError(f"{source}: unknown field {unknown[0]!r}")
        seats = _seats(data["seats"], source)
        return cls(
            game=_typed(data, "game", str, source),
            rules_version=_typed(data, "rules_version", str, source),
            options=_typed(data, "options", dict, source),
            seed=_seed(data, source),
            seats=seats,
            actions=_actions(data["actions"], len(seats), source),
            outcome=_outcome(data["outcome"], len(seats), source),
            meta=_typed(data, "meta", dict, source) if "meta" in data else {},
            source=source,
        )


# --------------------------------------------------------------------------- field checks


def _json_type(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def _typed(data: Mapping[str, JSON], key: str, kind: type, source: str) -> Any:
    value = data[key]
    # bool is an int in Python but not a seed or a seat in a record
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = {str: "a string", int: "an integer", dict: "an object"}[kind]
        raise RecordError(f"{source}: {key}: expected {expected}, not {_json_type(value)}")
    return value


def _seed(data: Mapping[str, JSON], source: str) -> int:
    seed = _typed(data, "seed", int, source)
    if not -(2**64) < seed < 2**64:  # the generator keeps 64 bits: a larger seed aliases a smaller one
        raise RecordError(f"{source}: seed: expected a whole number between -2^64 and 2^64")
    return seed


def shown_json(value: JSON) -> str:
    """A piece of a record as JSON, cut short for an error message."""
    try:
        return clipped(json.dumps(value))
    except ValueError:  # a number too long to print
        return quoted(value)


def _seats(value: JSON, source: str) -> list[str]:
    if not isinstance(value, list) or not value:
        raise RecordError(f"{source}: seats: expected a non-empty array of seat names")
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise RecordError(f"{source}: seats[{i}]: expected a seat name, not {_json_type(name)}")
    return list(value)


def _actions(value: JSON, seats: int, source: str) -> list[tuple[Seat, str]]:
    if not isinstance(value, list):
        raise RecordError(f"{source}: actions: expected an array of [seat, notation]")
    actions = []
    for i, item in enumerate(value):
        where = f"{source}: actions[{i}]"
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not isinstance(item[1], str)
        ):
            raise RecordError(f"{where}: expected [seat, notation], not {shown_json(item)}")
        if item[0] != REFEREE and not 0 <= item[0] < seats:
            raise RecordError(f"{where}: seat {quoted(item[0])} is neither -1 (referee) nor 0..{seats - 1}")
        actions.append((item[0], item[1]))
    return actions


def _outcome(value: JSON, seats: int, source: str) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError(f"{source}: outcome: expected an object or null, not {_json_type(value)}")
    for key in ("scores", "ranks"):
        items = value.get(key)
        if not isinstance(items, list) or len(items) != seats:
            raise RecordError(f"{source}: outcome.{key}: expected an array of {seats} numbers")
        if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in items):
            raise RecordError(f"{source}: outcome.{key}: expected numbers only")
    if not isinstance(value.get("detail", ""), str):
        raise RecordError(f"{source}: outcome.detail: expected a string")
    return Outcome.from_dict(value)


# --------------------------------------------------------------------------- files


def write_record(path: str | os.PathLike[str], record: Record) -> None:
    """Write one record as readable JSON: one action per line, so diffs stay small."""
    Path(path).write_text(record_text(record), encoding="utf-8")


def record_text(record: Record) -> str:
    """A record's file as :func:`write_record` writes it."""
    return _pretty(record.to_dict())


def append_record(path: str | os.PathLike[str], record: Record) -> None:
    """Add one record as a line of a JSON Lines file (a tournament's log)."""
    with Path(path).open("a", encoding="utf-8") as out:
        out.write(json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")


def _pretty(data: Mapping[str, JSON]) -> str:
    lines = []
    for key, value in data.items():
        if key == "actions" and value:
            text = "[\n" + ",\n".join(f"    {json.dumps(a, ensure_ascii=False)}" for a in value) + "\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def read_records(path: str | os.PathLike[str]) -> Iterator[Record]:
    """The records of a ``.jsonl`` file one by one (lazily), or the single record of a ``.json``."""
    path = Path(path)
    try:
        if path.suffix == ".jsonl":
            with path.open(encoding="utf-8") as lines:
                for number, line in enumerate(lines, 1):
                    if line.strip():
                        where = f"{path.name}:{number}"
                        yield Record.from_dict(_loads(line, path.name, number), source=where)
        else:
            text = path.read_text(encoding="utf-8")
            yield Record.from_dict(_loads(text, path.name, 1), source=path.name)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: is not UTF-8 text, so not a record") from exc


def _loads(text: str, name: str, first_line: int) -> JSON:
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        line = first_line + exc.lineno - 1
        raise RecordError(f"{name}: line {line}: invalid JSON: {exc.msg} (column {exc.colno})") from None
    except ValueError as exc:  # a number past Python's digit limit, or NaN/Infinity
        raise RecordError(f"{name}: line {first_line}: {_first_sentence(exc)}") from None
    except RecursionError:  # [[[[... thousands deep: no record is shaped like that
        raise RecordError(f"{name}: line {first_line}: nested too deeply to be a record") from None


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _first_sentence(exc: ValueError) -> str:
    text = str(exc)
    if "digits" in text or "integer string conversion" in text:
        return "a number in it is far too large to be a record's value"
    return text.split(";")[0]


# --------------------------------------------------------------------------- replay and recording


def replay(record: Record, game: Game, *, stop_after: int | None = None) -> State:
    """Re-play every action of ``record`` in ``game``; the final state, once its outcome
    matches the record.

    With ``stop_after=n``, the state after the first ``n`` actions (no outcome check).
    Concessions are checked by their rule (:class:`Concessions`): a seat conceding twice,
    after the end, or not a seat, and any action after a concession ended the game, make the
    record wrong like an illegal action does."""
    where = f"{record.source}: " if record.source else ""
    state = _start(record, game, where)
    if stop_after is not None and not 0 <= stop_after <= len(record.actions):
        raise RecordError(f"{where}the record has {len(record.actions)} actions, not {stop_after}")
    concessions = Concessions(len(record.seats))
    for number, (seat, text) in enumerate(record.actions[:stop_after], 1):
        try:
            concessions.apply(state, seat, parse_entry(state.game, text))
        except RobotableError as exc:
            raise RecordError(f"{where}action {number} (seat {seat}: {quoted(text)}): {exc}") from exc
    if stop_after is not None:
        return state
    final = concessions.outcome(state.outcome())
    if final != record.outcome:
        raise RecordError(
            f"{where}outcome mismatch: the record says {_describe(record.outcome)}, "
            f"the replay gives {_describe(final)}"
        )
    return state


def _start(record: Record, game: Game, where: str) -> State:
    if game.id != record.game:
        raise RecordError(f"{where}game: a {record.game} record cannot replay in {game.id}")
    if game.rules_version != record.rules_version:
        raise RecordError(
            f"{where}rules_version: the record was played under {game.id} rules "
            f"{quoted(record.rules_version)}, this engine plays {game.rules_version!r}"
        )
    try:
        return game.new_state(record.options, seed=record.seed, seats=len(record.seats))
    except RobotableError as exc:
        raise RecordError(f"{where}options: {exc}") from exc


def _describe(outcome: Outcome | None) -> str:
    if outcome is None:
        return "no outcome (game not over)"
    scores = ", ".join(f"{s:g}" for s in outcome.scores)
    ranks = ", ".join(str(r) for r in outcome.ranks)
    detail = f" ({clipped(outcome.detail)})" if outcome.detail else ""
    return f"scores [{scores}] ranks [{ranks}]{detail}"


class Recorder:
    """Plays a game and writes down every action it accepts.

    A match applies actions through :meth:`apply` instead of ``state.apply``; refused
    actions raise as usual and are not recorded. ``recorder.record`` is always current.
    A concession (:class:`~robotable.core.concession.Concede`) is recorded too, by the rule of
    :attr:`concessions`, and counts in the record's outcome.
    """

    def __init__(
        self,
        game: Game,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        seats: Sequence[str],
        meta: Mapping[str, JSON] | None = None,
    ) -> None:
        # the record keeps every option, defaults included, so it does not depend on them
        full = game.validate_options(options)
        self.state = game.new_state(full, seed=seed, seats=len(seats))
        self.record = Record(game.id, game.rules_version, full, seed, list(seats), meta=dict(meta or {}))
        self.concessions = Concessions(len(seats))

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        events = self.concessions.apply(self.state, seat, action)
        self._write(seat, action)
        return events

    def adopt(self, seat: Seat, action: Action, state: State) -> None:
        """Take ``state``, a copy of :attr:`state` that carried ``action`` out elsewhere (a
        costly action: :meth:`~robotable.core.game.Game.costly`), and write the action down."""
        self.state = state
        self._write(seat, action)

    def _write(self, seat: Seat, action: Action) -> None:
        self.record.actions.append((seat, str(action)))
        self.record.outcome = self.concessions.outcome(self.state.outcome())
