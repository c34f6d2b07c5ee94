"""The HTTP API of protocol 1 (``docs/protocol.md``), JSON in and out; FastAPI describes every
route at ``/docs``:

- ``GET /api/games``: the games, their seats, bots, options (JSON schema: each option's English
  ``description`` and the spec's ``rules`` it sets), presets (``standard`` first:
  :mod:`robotable.core.presets`) and their words in every language the faces offer (title,
  summary, phases, timers, options' labels and help, presets: :mod:`robotable.core.words`).
- ``POST /api/tables``: create a table; the creator's seat token and invitations come back.
- ``GET /api/tables``: open and running tables. ``GET /api/tables/{id}``: the table as the
  token's seat sees it (a spectator without token).
- ``POST /api/tables/{id}/join``: take an open seat, or (with an invitation's token) sit at the
  invited seat, with a name; ``POST /api/tables/{id}/actions``: play.
- ``POST /api/tables/{id}/seats/{seat}/bot``: the creator hands a person's seat to a bot.
- ``GET /api/tables/{id}/record``: the record of a finished game (``robotable replay`` verifies it).
- ``POST /api/tables/{id}/suggest``: what the medium bot would play for the token's seat now,
  and why (nothing is played).
- ``POST /api/tables/{id}/again``: a person of a finished game plays it again (the same new
  table for each of them).

Tokens travel in ``Authorization: Bearer TOKEN``; without one, a signed-in person's account
holds its seat (:mod:`.seat_keys`). What a route needs of a table is a method of
its :class:`~robotable.server.live.LiveTable`: no route reads a table's insides.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, Field

from robotable import games
from robotable.agents.levels import bots_of
from robotable.core.game import Game
from robotable.core.words import LANGUAGES
from robotable.play.tutorials import has_tutorial
from robotable.server.bot_challenges import TableKind
from robotable.server.bot_limits import BotTables
from robotable.server.hall import Hall, clocks_run
from robotable.server.invitations import (
    creation_invitations,
    offer_at_creation,
    seat_specs,
    take_invited_seat,
)
from robotable.server.live import SpectatorCannotPlay
from robotable.server.logs import about_table
from robotable.server.seat_keys import Key
from robotable.server.seats import seat_list
from robotable.server.store import StoredTable


class CreateTable(BaseModel):
    game: str = Field(description="game id, see GET /api/games", max_length=32)
    seats: list[str] = Field(
        description="one per seat: human, bot, bot:NAME, open or invite:NAME (an account, by name)",
        max_length=16,
    )
    options: dict[str, Any] = Field(default_factory=dict, description="game options (defaults for the rest)")
    seed: int | None = Field(default=None, description="random seed (default: drawn by the server)")
    timers: bool | None = Field(
        default=None,
        description="run the game's clocks (sand timer, time-outs); default: yes, unless turn_based",
    )
    turn_based: Any = Field(
        default=None,
        description='a time bank per seat, the game\'s clocks off: {"bank": SECONDS, "per_move": SECONDS}, '
        "the bank from 3600 (1 hour) to 2592000 (30 days), per_move (added after each move, the bank "
        "never past its start) from 0 to the bank",
    )
    name: str = Field(default="", max_length=40, description="the creator's name, shown to the others")
    stand_in: str | None = Field(
        default=None,
        max_length=32,
        description="the bot that plays for a person who left, until they come back: a bot's name, "
        "or 'none' (the seat waits); default: the game's medium level, none on a turn-based table",
    )
    rated: bool = Field(
        default=False,
        description="a rated table: its result moves its players' ratings (a signed-in creator; "
        "people's seats taken by signed-in people; bots of the levels easy to expert)",
    )


class Join(BaseModel):
    seat: int | None = Field(default=None, description="the open seat to take (default: the first)")
    name: str = Field(default="", max_length=40)


class HandOver(BaseModel):
    bot: str | None = Field(
        default=None, max_length=32, description="the bot's name (default: the game's first)"
    )


class Play(BaseModel):
    action: str = Field(max_length=200, description="the action in the game's notation, e.g. 'bid 5'")


def game_entry(game: Game) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it."""
    return {
        "id": game.id,
        "title": game.title,
        "seats": [game.min_seats, game.max_seats],
        "bots": list(bots_of(game)),
        "hidden_information": game.hidden_information,
        "options": game.options_schema(),
        "presets": [preset.to_dict() for preset in game.presets()],  # worded by the catalogue's preset.NAME
        "rules": game.rules_languages(),
        "tutorial": has_tutorial(game),  # a guided tutorial at /learn/{id}
        "words": {lang: game.words(lang) for lang in LANGUAGES},
    }


def table_entry(stored: StoredTable) -> dict[str, Any]:
    """A table as ``GET /api/tables`` lists it."""
    open_seats = [r.seat for r in stored.seats if r.kind == "open"]
    return {
        "table": stored.id,
        "game": stored.game,
        "status": "open" if open_seats else "running",
        "open_seats": open_seats,
        "seats": [
            {key: value for key, value in row.items() if key != "stand_in"}  # type: ignore[union-attr]
            for row in seat_list(list(stored.seats))  # a bot with its number
        ],
        "version": stored.version,
        "rated": stored.rated,
    }


def client_address(request: Request) -> str:
    """The client's address, as :mod:`.proxies` resolved it (its quotas count by it)."""
    return request.client.host if request.client else ""


def bot_tables(request: Request) -> BotTables:
    """The cap on bot accounts' unfinished tables (:mod:`.bot_limits`)."""
    return request.app.state.bot_tables  # type: ignore[no-any-return]


def add_routes(app: FastAPI, hall: Hall) -> None:
    """The API's routes over ``hall``'s tables."""

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [game_entry(game) for game in games.all_games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request, key: Key) -> dict[str, Any]:
        """A new table; a signed-in creator's account holds their seat."""
        clocked = clocks_run(body.timers, body.turn_based)
        kind = TableKind(body.game, body.turn_based is not None, clocked, len(body.seats))
        invited = await creation_invitations(request, body.seats, key.holder, kind)  # ``invite:NAME`` seats
        specs = seat_specs(body.seats)
        sits = key.holder if any(spec.strip().lower() == "human" for spec in specs) else None
        async with bot_tables(request).seating(sits):  # a bot account at its cap sits nowhere more
            created = await hall.create(
                body.game,
                body.options,
                specs,
                seed=body.seed,
                timers=body.timers,
                name=body.name,
                stand_in=body.stand_in,
                address=client_address(request),
                holder=key.holder,
                turn_based=body.turn_based,
                rated=body.rated,
            )
        about_table(created.table_id)  # the rest of this request's log lines name the new table
        if sits is not None and sits.bot and created.seat is not None:
            await (await hall.find(created.table_id)).away_until_connected(created.seat)
        await offer_at_creation(request, created, invited, key.holder, time.time())
        return {
            "table": created.table_id,
            "seat": created.seat,
            "token": created.token,
            "invites": {str(seat): token for seat, token in created.invites.items()},
        }

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        """The newest open and running tables, as stored (whichever process serves them)."""
        return [table_entry(stored) for stored in await hall.listing()]

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, key: Key) -> dict[str, Any]:
        live = await hall.find(table_id)
        return await live.state_for(await live.authorize(key.token, key.account))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: Join, request: Request, key: Key) -> dict[str, Any]:
        """Take an open seat with a name; with an invitation's token (``Authorization``), sit
        at the invited seat with that name. A signed-in person's account holds the seat, under
        its name; signed in, without a token, take the seat offered to the account by name. A
        bot account at its cap of unfinished tables is refused (:mod:`.bot_limits`): a seat
        offered to it stays offered."""
        async with bot_tables(request).seating(key.holder, table_id):
            token: str | None = key.token
            if token is not None:
                live = await hall.find(table_id)
                seat = await live.name_seat(token, body.name, key.holder)
            elif (
                key.holder is not None
                and body.seat is not None
                and (invited := await take_invited_seat(request.app, hall, table_id, body.seat, key.holder))
            ):  # a seat offered to the account by name
                seat, token = body.seat, invited
            else:
                seat, token = await hall.join(table_id, body.seat, body.name, key.holder)
        if key.holder is not None and key.holder.bot:  # a program may never connect: away till it does
            await (await hall.find(table_id)).away_until_connected(seat)
        return {"table": table_id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/actions")
    async def play(table_id: str, body: Play, key: Key) -> dict[str, Any]:
        live = await hall.find(table_id)
        seat = await live.authorize(key.token, key.account)
        if seat is None:
            raise SpectatorCannotPlay("playing needs a seat token")
        await live.arrive(seat)  # a person playing is here: their stand-in, if any, stops
        accepted = await live.submit(seat, body.action)
        return {"news": live.news(accepted, seat), "state": live.snapshot(seat)}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(table_id: str, seat: int, body: HandOver, key: Key) -> dict[str, Any]:
        live = await hall.find(table_id)
        requester = await live.authorize(key.token, key.account)

        def admit() -> None:  # one more bot seat, within its creator's and the server's quotas
            hall.quotas.check_bot_added(table_id)

        row = await live.hand_to_bot(requester, seat, body.bot, admit=admit)
        return {"table": table_id, "seat": row.seat, "kind": row.kind, "name": row.name}

    @app.post("/api/tables/{table_id}/suggest")
    async def suggest(table_id: str, key: Key) -> dict[str, Any]:
        """The medium bot's move for your seat now, why, and what it is about on the board."""
        live = await hall.find(table_id)
        seat = await live.authorize(key.token, key.account)
        return await live.suggest(seat)

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, request: Request, key: Key) -> dict[str, Any]:
        """The finished game played again: the new table, the caller's seat and token there
        (none for a seat found by its account: the account holds the new one too)."""
        new_id, seat = await hall.again(table_id, key.token, client_address(request), key.account)
        return {"table": new_id, "seat": seat, "token": key.token}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        stored = await hall.stored_over(table_id)
        if stored.outcome is None:
            raise HTTPException(409, "the game is not over: its record is shown once it ends")
        return stored.record().to_dict()
