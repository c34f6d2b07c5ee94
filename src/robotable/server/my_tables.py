"""A signed-in person's tables (issue 29): the seats they held as a guest, kept when they sign
up or in, and "My tables", every table their account sits at, those waiting for them first.

- ``POST /api/account/seats`` {seats: [{table, token}]}: the seats these tokens grant (the
  page sends those this browser holds) are the account's from now on (200 {kept}); a token that
  grants nothing, or a seat an account holds already, is passed over.
- ``GET /api/account/tables``: the account's tables, where it is its turn first, then the
  unfinished ones, then the finished ones, newest first in each (200 {tables, your_turn});
  after those waiting for it, the seats offered to it by name (``invited``, ``by``:
  :mod:`.invitations`).
- ``GET /api/account/turns``: how many of them wait for the account, and which (200
  {your_turn, tables: [{table, game}]}): what the header of every page shows, asked again now
  and then (a table that starts waiting shows a notification of the browser).

The account's export holds its seats and what was said from them (:class:`HeldSeats`). A rated
table's entry says ``rated``; a finished rated one, the account's ``rating`` before and after it
and the ``change``, as the leaderboard shows them. Only what every spectator sees of a table is
listed (seats' names, whether it is over, the ranks): never a seat's hand or program.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel, Field

from robotable.core.errors import RobotableError
from robotable.play.rated import shown
from robotable.server.account_store import Account
from robotable.server.accounts import same_site_json
from robotable.server.chat_store import ChatStore
from robotable.server.hall import Hall
from robotable.server.invitations import invited_entries
from robotable.server.seats import Holder, seat_list
from robotable.server.store import Store, StoredTable

UNFINISHED_LISTED = 100
"""Unfinished tables listed at most (each is looked at in memory to know whose turn it is)."""
FINISHED_LISTED = 50
"""Finished tables listed at most: the newest (a profile lists the older games)."""


class SeatToKeep(BaseModel):
    table: str = Field(max_length=32)
    token: str = Field(max_length=100)


class SeatsToKeep(BaseModel):
    seats: list[SeatToKeep] = Field(max_length=200, description="the tokens this browser holds")


@dataclass(frozen=True)
class HeldSeats:
    """The account's seats as a part of its export (:class:`~.accounts.AccountPart`): every
    seat it holds, and what was said in the chat from them."""

    store: Store

    async def state(self, account: Account) -> dict[str, Any]:
        return {}

    async def export(self, account: Account) -> dict[str, Any]:
        seats = await asyncio.to_thread(self.store.held_seats, account.id)
        said = await asyncio.to_thread(
            ChatStore(self.store).said_at, [(s["table"], s["seat"]) for s in seats]
        )
        return {"seats": seats, "chat": said}


def add_my_tables(app: FastAPI, hall: Hall) -> None:
    """The routes of the module's description; the account's seats go into its export."""
    app.state.accounts.parts.append(HeldSeats(hall.store))

    async def holder(request: Request) -> Holder:
        signed_in = await request.app.state.accounts.sessions.required(request)
        return Holder(signed_in.account.id, signed_in.account.name)

    @app.post("/api/account/seats", dependencies=[Depends(same_site_json)])
    async def keep_seats(body: SeatsToKeep, request: Request) -> dict[str, Any]:
        """The seats the tokens grant, held by the account from now on."""
        person = await holder(request)
        kept = 0
        for item in body.seats:
            try:
                kept += await hall.hold_seat(item.table, item.token, person)
            except RobotableError:  # a table gone, a token that grants nothing: nothing to keep
                continue
        return {"kept": kept}

    @app.get("/api/account/tables")
    async def my_tables(request: Request) -> dict[str, Any]:
        """The account's tables, those waiting for it first."""
        account = (await holder(request)).account
        listed = await tables_of(hall, account)
        waiting = sum(1 for entry in listed if entry["your_turn"])  # first in ``listed``
        invited = await invited_entries(request.app, account)  # seats offered by name, next
        listed = listed[:waiting] + invited + listed[waiting:]
        return {"tables": listed, "your_turn": sum(entry["your_turn"] for entry in listed)}

    @app.get("/api/account/turns")
    async def turns(request: Request) -> dict[str, Any]:
        """How many of the account's tables wait for it, and which."""
        unfinished = await _unfinished(hall, (await holder(request)).account)
        waiting = [
            {"table": entry["table"], "game": entry["game"]} for entry in unfinished if entry["your_turn"]
        ]
        return {"your_turn": len(waiting), "tables": waiting}


async def tables_of(hall: Hall, account: int) -> list[dict[str, Any]]:
    """The account's tables as "My tables" lists them, in its order."""
    unfinished = await _unfinished(hall, account)
    finished = await asyncio.to_thread(
        hall.store.tables_of_account, account, unfinished=False, limit=FINISHED_LISTED
    )
    waiting = [entry for entry in unfinished if entry["your_turn"]]
    others = [entry for entry in unfinished if not entry["your_turn"]]
    rated = [stored.id for stored in finished if stored.rated]
    changes = await asyncio.to_thread(hall.store.rating_changes, account, rated) if rated else {}
    ended = [_entry(stored, account, your_turn=False) for stored in finished]
    for entry in ended:
        if entry["table"] in changes:  # the account's rating before and after that game, as shown
            before, after = (shown(mu) for mu in changes[entry["table"]])
            entry["rating"] = {"before": before, "after": after, "change": after - before}
    return waiting + others + ended


async def _unfinished(hall: Hall, account: int) -> list[dict[str, Any]]:
    stored = await asyncio.to_thread(
        hall.store.tables_of_account, account, unfinished=True, limit=UNFINISHED_LISTED
    )
    return [_entry(table, account, your_turn=await _waits_for(hall, table, account)) for table in stored]


async def _waits_for(hall: Hall, stored: StoredTable, account: int) -> bool:
    """Whether the game waits for the account's seat now (its own, not a bot's that concedes
    or stands in for it: a person away whose stand-in plays is waited for all the same)."""
    try:
        live = await hall.find(stored.id)
    except RobotableError:  # gone meanwhile, or cannot be rebuilt: it waits for nobody
        return False
    seat = next((row.seat for row in live.seats if row.account == account and row.kind == "human"), None)
    return seat is not None and not live.over and seat in live.table.to_act()


def _entry(stored: StoredTable, account: int, *, your_turn: bool) -> dict[str, Any]:
    seat = next(row.seat for row in stored.seats if row.account == account)
    entry: dict[str, Any] = {
        "table": stored.id,
        "game": stored.game,
        "status": stored.status,
        "your_turn": your_turn,
        "seat": seat,
        "seats": seat_list(list(stored.seats)),
        "created": stored.created,
        "turn_based": not stored.timers,
        "rated": stored.rated,
    }
    if stored.outcome is not None:
        entry["ranks"] = list(stored.outcome.ranks)
    return entry
