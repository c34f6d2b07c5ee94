"""A finished game, step by step, for the replay viewer: a stored table's record, or a record
file the person chose (checked as ``robotable replay`` checks it, and never stored).

- ``GET /api/tables/{id}/replay/{n}?seat=S``: a finished game after ``n`` actions as seat ``S``
  (or a spectator) saw it;
- ``POST /api/replays/step`` with ``{record, number, seat}``: the same for an uploaded record
  (at most :data:`MAX_RECORD_BYTES` and :data:`MAX_RECORD_ACTIONS`).
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, ValidationError

from robotable import games
from robotable.core.errors import InvalidOptions, RobotableError, quoted
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.play.words import SEAT, public_names, seat_namer, with_sentences
from robotable.server.hall import Hall, refuse_file_options
from robotable.server.inputs import Language

MAX_RECORD_BYTES = 4_000_000
MAX_RECORD_ACTIONS = 50_000
"""An uploaded record's limits: longer than any real game (Delivery's longest run to a few
thousand actions), short enough that one step's replay stays a fraction of a second."""


SEAT_LABEL = 40
"""Characters of a seat's name in an uploaded record (``human``, ``bot:perfect``, a CLI label)."""
MAX_SEED = 2**63 - 1
"""The largest seed a table takes (``POST /api/tables``), and so an uploaded record."""


class ReplayStep(BaseModel):
    record: dict[str, Any] = Field(description="a game record, as GET /api/tables/{id}/record gives it")
    number: int = Field(ge=0, le=MAX_RECORD_ACTIONS, description="how many of its actions to replay")
    seat: int | None = Field(default=None, ge=0, le=15, description="whose view (default: a spectator's)")
    lang: Literal["en", "fr"] = Field(default="en", description="the language of the events' sentences")


def add_replays(app: FastAPI, hall: Hall) -> None:
    """The two replay routes (see the module's description)."""

    @app.get("/api/tables/{table_id}/replay/{number}")
    async def replay_step(
        table_id: str, number: int, seat: int | None = Query(None), lang: Language = "en"
    ) -> dict[str, Any]:
        """A finished game after its first ``number`` actions as ``seat`` saw it (a spectator
        without): its view, its drawing and the news of action ``number`` with the events'
        sentences. Given once the game is over, like its record."""
        stored = await hall.stored_over(table_id)
        if stored.outcome is None:
            raise HTTPException(409, "the game is not over: its replay is shown once it ends")
        names = public_names([row.kind for row in stored.seats], [row.name for row in stored.seats], lang)
        return await asyncio.to_thread(step, stored.record(), names, number, seat, lang)

    body_schema = {"content": {"application/json": {"schema": ReplayStep.model_json_schema()}}}

    @app.post("/api/replays/step", openapi_extra={"requestBody": body_schema})
    async def replay_uploaded(request: Request) -> dict[str, Any]:
        """A step of a record sent by the page (a file the person chose): nothing is stored; the
        record is checked as ``robotable replay`` checks it, action by action up to ``number``."""
        refuse_unless_json(request)
        try:  # read here, not by FastAPI: a record is validated once, from its bytes
            body = ReplayStep.model_validate_json(await request.body())
        except ValidationError as exc:
            raise RequestValidationError(exc.errors()) from None
        record = Record.from_dict(body.record, source="the record")
        if len(record.actions) > MAX_RECORD_ACTIONS:
            raise HTTPException(413, f"a record of at most {MAX_RECORD_ACTIONS} actions")
        check_header(record)
        # every action, and the outcome the record claims against the one its replay gives
        await asyncio.to_thread(games.replay, record)
        seat_word = SEAT[body.lang]
        people = [
            "" if kind.startswith("bot:") else seat_word.format(seat=i) for i, kind in enumerate(record.seats)
        ]
        names = public_names(record.seats, people, body.lang)  # a record keeps kinds: bots named so
        return await asyncio.to_thread(step, record, names, body.number, body.seat, body.lang)


def refuse_unless_json(request: Request) -> None:
    """An upload comes as ``application/json``: a ``text/plain`` body is what another site's
    page may post without asking first (no CORS preflight), so it is refused (415)."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise HTTPException(415, "send the record as JSON, with 'Content-Type: application/json'")


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


def step(record: Record, names: list[str], number: int, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """A record replayed to action ``number``, as ``seat`` saw it (every step from the start: a
    game has at most a few thousand actions, replayed in milliseconds)."""
    if not 0 <= number <= len(record.actions):
        raise HTTPException(400, f"action {quoted(number)} is not in this game: it has {len(record.actions)}")
    if seat is not None and not 0 <= seat < len(record.seats):
        raise HTTPException(400, f"seat {quoted(seat)} is not at this table: it has {len(record.seats)}")
    game = games.get(record.game)
    table = Table(game, record.options, seed=record.seed, seats=record.seats)
    for acting, text in record.actions[:number]:
        table.submit(acting, text, 0.0)  # the clock's own actions and the concessions are in the record

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
