"""Bots' accounts, HTTP API (issue 32; docs/bots.md, docs/protocol.md "Bot accounts"):

- ``GET /api/account/bots``: the signed-in person's bots (name, when made, their token's times).
- ``POST /api/account/bots`` {name}: a new bot (201 {name, token}); the token is shown this once.
- ``POST /api/account/bots/{name}/token``: a new token (200 {name, token}); the old one ends.
- ``POST /api/account/bots/{name}/revoke``: the token ends (204); the bot plays no more until
  its owner makes a new one.
- ``POST /api/account/bots/{name}/delete``: the bot goes (204); its seats stay, as "deleted player".
- ``GET /api/bot`` with ``Bot-Token: TOKEN``: who the token is (200 {name, owner}), or 401.
- ``GET /api/bot/tables`` with ``Bot-Token``: the bot's unfinished tables (``playing``: to play,
  or to play again after its program restarted) and the seats offered to it by name
  (``offered``: a person's challenge), as "My tables" lists them; it takes one with ``POST
  /api/tables/{id}/join`` {seat} or says no with ``.../invitations/decline`` {seat}.

A bot's program sends its token in ``Bot-Token`` (:data:`~.sessions.BOT_HEADER`); with it, the
table routes and the WebSocket seat and find it as a person's cookie seats and finds them
(:mod:`.seat_keys`), and the seat says it is a bot's. Every other account route ignores the
header: a bot has no password, email, friends or profile settings of its own. Its token is a
session of its account, so ending it closes its sockets in every process, as a sign-out does.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Depends, FastAPI, Request, Response
from pydantic import BaseModel, Field

from robotable.server.account_store import Account, NewSession
from robotable.server.accounts import LONGEST, ExportOnly, same_site_json
from robotable.server.bot_store import MAX_BOTS, BotStore, no_such_bot
from robotable.server.hall import Hall
from robotable.server.invitations import invited_entries
from robotable.server.my_tables import tables_of
from robotable.server.passwords import AccountRefusal, clean_name, name_key, signed_out
from robotable.server.sessions import Sessions, SignedIn, same_site
from robotable.server.tokens import hash_token, new_token

TOKEN_LIFETIME = 365 * 24 * 3600.0
"""A bot's token unused for a year ends (a used one lives on: each use moves its end on)."""


def bots_off() -> AccountRefusal:
    return AccountRefusal(
        "bots_off",
        "this server does not take bots: its host switched them off",
        "ce serveur n'accepte pas de robots : son hébergeur les a désactivés",
        status=403,
    )


class BotName(BaseModel):
    name: str = Field(max_length=LONGEST)


def add_bot_accounts(
    app: FastAPI,
    hall: Hall,
    *,
    clock: Callable[[], float] = time.time,
    seats_changed: Callable[[list[str]], Awaitable[None]] | None = None,
    enabled: bool = True,
) -> None:
    """The routes of the module's description (after :func:`~.accounts.add_accounts`); not
    ``enabled`` (``serve --no-bot-accounts``), no bot is made and a bot's token opens nothing
    (its owner still lists, revokes and deletes the bots made before)."""
    accounts = app.state.accounts
    store = BotStore(accounts.store.store)
    sessions: Sessions = accounts.sessions
    sessions.bots_allowed = enabled
    guarded = [Depends(same_site_json)]
    from_site = [Depends(same_site)]  # the routes without a body

    async def owner(request: Request) -> Account:
        return (await sessions.required(request)).account

    async def owned(request: Request, name: str) -> tuple[Account, int]:
        me = await owner(request)
        bot_id = await asyncio.to_thread(store.owned, me.id, name_key(name))
        if bot_id is None:
            raise no_such_bot(name[:40])
        return me, bot_id

    def fresh_token() -> tuple[str, NewSession]:
        token, now = new_token(), clock()
        return token, NewSession(hash_token(token), now, now + TOKEN_LIFETIME)

    async def exported(account: int) -> dict[str, Any]:
        bots = await asyncio.to_thread(store.bots_of, account, clock())
        return {"bots": [{"name": bot.name, "created": bot.created} for bot in bots]}

    accounts.parts.append(ExportOnly(exported))

    @app.get("/api/account/bots")
    async def bots(request: Request) -> dict[str, Any]:
        """The signed-in person's bots, oldest first, and what each may do (:mod:`.bot_limits`)."""
        me = await owner(request)
        found = await asyncio.to_thread(store.bots_of, me.id, clock())
        listed = [
            {"name": b.name, "created": b.created, "token_created": b.token_created, "last_used": b.last_used}
            for b in found
        ]
        quotas = hall.quotas.quotas
        limits = {"tables": quotas.bot_tables, "per_second": quotas.bot_requests, "burst": quotas.bot_burst}
        return {"bots": listed, "most": MAX_BOTS, "allowed": enabled, "limits": limits}

    @app.post("/api/account/bots", status_code=201, dependencies=guarded)
    async def create(body: BotName, request: Request) -> dict[str, Any]:
        """A new bot, and its token (shown this once)."""
        me = await owner(request)
        if not enabled:
            raise bots_off()
        name = clean_name(body.name)
        token, row = fresh_token()
        await asyncio.to_thread(store.create, me.id, name, name_key(name), row)
        return {"name": name, "token": token}

    @app.post("/api/account/bots/{name}/token", dependencies=from_site)
    async def renew(name: str, request: Request) -> dict[str, Any]:
        """A new token for the bot; the old one ends, and the sockets it opened close."""
        _, bot_id = await owned(request, name)
        if not enabled:
            raise bots_off()
        token, row = fresh_token()
        await asyncio.to_thread(store.new_token, bot_id, row)
        sessions.ended(bot_id)
        return {"name": name, "token": token}

    @app.post("/api/account/bots/{name}/revoke", status_code=204, dependencies=from_site)
    async def revoke(name: str, request: Request) -> Response:
        """The bot's token ends: it plays no more until a new one is made."""
        _, bot_id = await owned(request, name)
        await asyncio.to_thread(store.new_token, bot_id, None)
        sessions.ended(bot_id)
        return Response(status_code=204)

    @app.post("/api/account/bots/{name}/delete", status_code=204, dependencies=from_site)
    async def delete(name: str, request: Request) -> Response:
        """The bot goes; its seats stay, as "deleted player" (its games stay replayable)."""
        _, bot_id = await owned(request, name)
        tables = await asyncio.to_thread(accounts.store.delete, bot_id)
        sessions.ended(bot_id)
        if seats_changed is not None:
            await seats_changed(tables)
        return Response(status_code=204)

    async def bot_required(request: Request) -> Account:
        signed_in: SignedIn | None = await sessions.bot(request)
        if signed_in is None:
            raise signed_out()
        return signed_in.account

    @app.get("/api/bot")
    async def who(request: Request) -> dict[str, Any]:
        """Who a bot's token is: its name and its owner's (a program checks its token so)."""
        bot = await bot_required(request)
        return {"name": bot.name, "owner": await asyncio.to_thread(store.owner_name, bot.id)}

    @app.get("/api/bot/tables")
    async def bot_tables(request: Request) -> dict[str, Any]:
        """The bot's unfinished tables and the seats offered to it by name."""
        bot = await bot_required(request)
        playing = [entry for entry in await tables_of(hall, bot.id) if entry["status"] != "over"]
        return {"playing": playing, "offered": await invited_entries(app, bot.id)}
