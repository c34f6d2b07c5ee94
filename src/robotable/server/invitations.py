"""Invitations by name (issue 29): a table's creator, signed in, offers one of the table's
person's seats nobody sits at yet to an account, by its name; that account finds it in "My
tables" (``GET /api/account/tables``, an entry with ``invited`` and ``by``) and takes it with
``POST /api/tables/{id}/join`` {seat}, signed in: nobody else can (the seat is a person's, whose
invitation link still seats whoever has it, as before). Routes (docs/protocol.md, "Invitations
by name"):

- ``GET /api/tables/{id}/invitations``: the creator's view, {invitations: [{seat, name}]}.
- ``POST /api/tables/{id}/invitations`` {seat, name}: 201 {seat, name}.
- ``POST /api/tables/{id}/invitations/cancel`` {seat}: 200 {seat}.
- ``POST /api/tables/{id}/invitations/decline`` {seat}: the invited account says no (200 {seat}):
  the seat is offered to nobody by name any more (a bot that does not play that game, issue 32).
- at creation, a seat ``invite:NAME`` (``POST /api/tables``): a person's seat offered to NAME.

Refusals: a name nobody has, the account seated here already, a seat taken (or a bot's, or the
game over), not the creator, a bot account whose owner lets it take no such table
(:mod:`.bot_challenges`). Storage: :mod:`.invitation_store`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel, Field

from robotable.server.accounts import LONGEST, ExportOnly, same_site_json
from robotable.server.bot_challenges import TableKind, refuse_unless_taken
from robotable.server.friend_words import (
    already_seated,
    not_creator,
    not_invited,
    not_yourself,
    seat_not_free,
)
from robotable.server.friends import account_named
from robotable.server.hall import Created, Hall
from robotable.server.invitation_store import InvitationStore
from robotable.server.live import JOINED, LiveTable
from robotable.server.seat_keys import Key
from robotable.server.seats import Holder, SeatRow, held_row, seat_list
from robotable.server.store import StoreError
from robotable.server.tokens import hash_token, new_token

log = logging.getLogger("robotable.server")

INVITE = "invite:"
"""A seat spec of ``POST /api/tables``: ``invite:NAME``, a person's seat offered to NAME."""


class Invite(BaseModel):
    seat: int = Field(ge=0, lt=16)
    name: str = Field(max_length=LONGEST, description="the account's name (capitals do not count)")


class SeatOnly(BaseModel):
    seat: int = Field(ge=0, lt=16)


def free_for_invitation(live: LiveTable, seat: int) -> SeatRow:
    """A person's seat, not the creator's, nobody sat at yet (its name unset), in a game going
    on; else the refusal ``seat_taken``."""
    if live.over or not 0 <= seat < len(live.seats) or seat == live.creator:
        raise seat_not_free(seat)
    row = live.seats[seat]
    if row.kind != "human" or row.account is not None or row.account_gone or row.name != f"seat {seat}":
        raise seat_not_free(seat)
    return row


def add_invitations(app: FastAPI, hall: Hall, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.friends.add_friends`)."""
    store = InvitationStore(hall.store)
    app.state.invitations = store
    guarded = [Depends(same_site_json)]

    async def exported(account: int) -> dict[str, Any]:
        return {"seat_invitations": await asyncio.to_thread(store.exported, account)}

    app.state.accounts.parts.append(ExportOnly(exported))

    async def creator_of(table_id: str, key: Any) -> LiveTable:
        live = await hall.find(table_id)
        seat = await live.authorize(key.token, key.account)
        if (
            key.holder is None
            or seat is None
            or seat != live.creator
            or live.seats[seat].account != key.account
        ):
            raise not_creator()
        return live

    @app.get("/api/tables/{table_id}/invitations")
    async def invitations(table_id: str, key: Key) -> dict[str, Any]:
        await creator_of(table_id, key)
        found = await asyncio.to_thread(store.of_table, table_id)
        return {"invitations": [{"seat": invitation.seat, "name": invitation.name} for invitation in found]}

    @app.post("/api/tables/{table_id}/invitations", status_code=201, dependencies=guarded)
    async def invite(table_id: str, body: Invite, request: Request, key: Key) -> dict[str, Any]:
        live = await creator_of(table_id, key)
        await live.reload_seats()  # another process may have seated someone
        free_for_invitation(live, body.seat)
        invited = await account_named(request, body.name)
        if any(row.account == invited.id for row in live.seats):
            raise already_seated(invited.name)
        kind = TableKind(live.game.id, live.banks is not None, live.timers, len(live.seats))
        await refuse_unless_taken(request.app, invited, kind)  # a bot's owner's settings
        request.app.state.asking.take(key.account)
        await asyncio.to_thread(store.offer, table_id, body.seat, invited.id, key.account, clock())
        return {"seat": body.seat, "name": invited.name}

    @app.post("/api/tables/{table_id}/invitations/cancel", dependencies=guarded)
    async def cancel(table_id: str, body: SeatOnly, key: Key) -> dict[str, Any]:
        await creator_of(table_id, key)
        await asyncio.to_thread(store.cancel, table_id, body.seat)
        return {"seat": body.seat}

    @app.post("/api/tables/{table_id}/invitations/decline", dependencies=guarded)
    async def decline(table_id: str, body: SeatOnly, key: Key) -> dict[str, Any]:
        """The invited account says no: the seat is offered to nobody by name any more."""
        found = await asyncio.to_thread(store.of_table, table_id)
        invitation = next((i for i in found if i.seat == body.seat), None)
        if invitation is None or key.account is None or invitation.account != key.account:
            raise not_invited(body.seat)
        await asyncio.to_thread(store.cancel, table_id, body.seat)
        return {"seat": body.seat}


async def take_invited_seat(app: FastAPI, hall: Hall, table_id: str, seat: int, holder: Holder) -> str | None:
    """The seat ``holder``'s account was invited to, taken: its new token (the invitation link
    the creator holds grants it no more). None when the account has no invitation there (the
    join goes on as before: an open seat)."""
    store: InvitationStore = app.state.invitations
    found = await asyncio.to_thread(store.of_table, table_id)
    invitation = next((i for i in found if i.seat == seat), None)
    if invitation is None:
        return None
    if invitation.account != holder.account:
        raise not_invited(seat)
    live = await hall.find(table_id)
    await live.reload_seats()
    token = new_token()
    async with live.lock:
        live.refuse_if_over(*JOINED)
        before = free_for_invitation(live, seat)
        if any(row.account == holder.account for row in live.seats):
            raise already_seated(holder.name)
        after = held_row(replace(before, token_hash=hash_token(token), away_since=None), holder)
        if not await asyncio.to_thread(store.take, table_id, before, after):
            raise seat_not_free(seat)
        live.take_seats([after if row.seat == seat else row for row in live.seats])
    return token


async def creation_invitations(
    request: Request, specs: Sequence[str], holder: Holder | None, table: TableKind | None = None
) -> dict[int, int]:
    """The ``invite:NAME`` seats of a new table's specs: {seat: account}, every name checked
    before anything is made (a bot's against what its owner lets it take, ``table``). Inviting
    needs the creator signed in, and their own seat first."""
    invited: dict[int, int] = {}
    first_person = next((i for i, spec in enumerate(specs) if _person(spec)), None)
    for seat, spec in enumerate(specs):
        if not spec.strip().lower().startswith(INVITE):
            continue
        if holder is None or first_person == seat:
            raise not_creator()
        account = await account_named(request, spec.strip()[len(INVITE) :])
        if account.id == holder.account:
            raise not_yourself()
        if account.id in invited.values():
            raise already_seated(account.name)
        if table is not None:
            await refuse_unless_taken(request.app, account, table)
        invited[seat] = account.id
    if invited and holder is not None:  # before the table is made: past the limit, nothing is
        request.app.state.asking.take(holder.account, len(invited))
    return invited


def _person(spec: str) -> bool:
    return spec.strip().lower() == "human" or spec.strip().lower().startswith(INVITE)


def seat_specs(specs: Sequence[str]) -> list[str]:
    """The specs the hall reads: an ``invite:NAME`` seat is a person's (``human``)."""
    return ["human" if spec.strip().lower().startswith(INVITE) else spec for spec in specs]


async def offer_at_creation(
    request: Request, created: Created, invited: dict[int, int], holder: Holder | None, now: float
) -> None:
    """The new table's invitations by name, stored."""
    if not invited or holder is None:
        return
    store: InvitationStore = request.app.state.invitations
    for seat, account in invited.items():
        try:
            await asyncio.to_thread(store.offer, created.table_id, seat, account, holder.account, now)
        except StoreError as exc:  # the account was deleted meanwhile: the table stands, seat by link
            log.warning("table %s: seat %s offered to no account: %s", created.table_id, seat, exc)


async def invited_entries(app: FastAPI, account: int) -> list[dict[str, Any]]:
    """The account's invitations as "My tables" lists them: the seats still free for it."""
    store: InvitationStore = app.state.invitations
    found = await asyncio.to_thread(store.of_account, account)
    tables = {t.id: t for t in await asyncio.to_thread(store.tables, sorted({i.table_id for i in found}))}
    entries = []
    for invitation in found:
        stored = tables.get(invitation.table_id)
        if stored is None or not _still_free(stored.seats, invitation.seat, account):
            continue
        entries.append({
            "table": stored.id,
            "game": stored.game,
            "status": stored.status,
            "your_turn": False,
            "seat": invitation.seat,
            "seats": seat_list(list(stored.seats)),
            "created": stored.created,
            "turn_based": not stored.timers,
            "invited": True,
            "by": invitation.by,
        })  # fmt: skip
    return entries


def _still_free(rows: Sequence[SeatRow], seat: int, account: int) -> bool:
    row = next((r for r in rows if r.seat == seat), None)
    if row is None or any(r.account == account for r in rows):
        return False
    return row.kind == "human" and row.account is None and not row.account_gone and row.name == f"seat {seat}"
