"""The accounts' HTTP API (issue 29), JSON in and out, every refusal in the server's one shape
with ``error``, ``error_fr`` and ``code`` (docs/protocol.md, "Accounts"):

- ``POST /api/account/signup`` {name, password}: a new account, signed in (201 {name}).
- ``POST /api/account/signin`` {name, password}: a new session (200 {name}); the one the
  request came with, if any, ends. A wrong name and a wrong password get the same answer.
- ``POST /api/account/signout``: this session ends (204); ``.../signout-everywhere``: all of them.
- ``GET /api/account``: who is signed in (200 {name, created}, and the email's state:
  :mod:`.email_routes`), or 401 ``signed_out``.
- ``POST /api/account/password`` {current, new}: every other session ends, this one is renewed.
- ``POST /api/account/delete`` {password}: the account and its sessions go (204); its seats
  stay, as "deleted player".
- ``GET /api/account/export``: everything stored about the account, as a JSON download.

Names, passwords and their hashes: :mod:`.passwords`; the cookie and the guard against other
sites: :mod:`.sessions`; storage: :mod:`.account_store`; how often one may guess: :mod:`.throttle`.
Pages built on this read who is signed in with ``request.app.state.accounts.sessions.current``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import Depends, FastAPI, Request, Response
from pydantic import BaseModel, Field

from robotable.server.account_store import Account, AccountStore
from robotable.server.inputs import refuse_unless_json
from robotable.server.passwords import (
    PASSWORD_LENGTH,
    AccountRefusal,
    check_new_password,
    check_password,
    clean_name,
    hash_password,
    name_key,
    name_taken,
    tidy_name,
    wrong_password,
    wrong_sign_in,
)
from robotable.server.sessions import (
    Sessions,
    SignedIn,
    clear_cookie,
    same_site,
    sent_token_hash,
    set_cookie,
)
from robotable.server.store import Store
from robotable.server.throttle import Throttle

LONGEST = 1_000
"""Characters of a name or password field read at all (longer ones are refused as malformed)."""


class Credentials(BaseModel):
    name: str = Field(max_length=LONGEST, description="3 to 24 letters, digits, '_', '-', spaces")
    password: str = Field(max_length=LONGEST, description="8 to 256 characters")


class NewPassword(BaseModel):
    current: str = Field(max_length=LONGEST)
    new: str = Field(max_length=LONGEST, description="8 to 256 characters")


class Password(BaseModel):
    password: str = Field(max_length=LONGEST)


def same_site_json(request: Request) -> None:
    """The guard of every route with a body: from this site's pages, as JSON (:mod:`.sessions`)."""
    same_site(request)
    refuse_unless_json(request)


class AccountPart(Protocol):
    """A part added to the accounts (their email: :mod:`.email_routes`): what it adds to
    ``GET /api/account`` and to the export."""

    async def state(self, account: Account) -> dict[str, Any]: ...

    async def export(self, account: Account) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ExportOnly:
    """A part that only adds to the export (``export(account id)``: what it stores about them)."""

    exported: Callable[[int], Awaitable[dict[str, Any]]]

    async def state(self, account: Account) -> dict[str, Any]:
        return {}

    async def export(self, account: Account) -> dict[str, Any]:
        return await self.exported(account.id)


@dataclass
class Accounts:
    """The accounts' parts, as ``app.state.accounts`` (a test may give the throttle its clock)."""

    store: AccountStore
    sessions: Sessions
    throttle: Throttle
    parts: list[AccountPart] = field(default_factory=list)

    async def sign_up(self, name: str, password: str, address: str) -> tuple[str, Account]:
        name = clean_name(name)
        check_new_password(password)
        self.throttle.sign_up(address)
        key = name_key(name)
        if await asyncio.to_thread(self.store.by_name, key) is not None:
            raise name_taken(name)  # before the hash's cost (the race is settled by the unique key)
        password_hash = await asyncio.to_thread(hash_password, password)
        token, session = self.sessions.new()
        account = await asyncio.to_thread(self.store.create, name, key, password_hash, session)
        return token, account

    async def check(self, name: str, password: str, address: str) -> Account:
        """The account of ``name`` if ``password`` is its own, or :func:`wrong_sign_in`: the same
        answer, after the same work (a dummy hash checked), whether or not the name exists."""
        key = name_key(tidy_name(name))
        guess = self.throttle.guess(key, address)
        account = await asyncio.to_thread(self.store.by_name, key)
        stored = account.password_hash if account is not None else None
        right, rehash = False, False
        if len(password) <= PASSWORD_LENGTH[1]:  # no account has a longer one: not worth a hash
            right, rehash = await asyncio.to_thread(check_password, password, stored)
        if account is None or not right:
            raise wrong_sign_in()
        guess.right()
        if rehash:  # the hash's parameters changed since it was made: it is made again, now
            new_hash = await asyncio.to_thread(hash_password, password)
            await asyncio.to_thread(self.store.rehash, account.id, stored, new_hash)
        return account

    async def check_own(self, signed_in: SignedIn, password: str, address: str) -> None:
        """The signed-in person's own password, checked before a change that needs it."""
        try:
            await self.check(signed_in.account.name, password, address)
        except AccountRefusal as refusal:
            if refusal.code != "wrong_sign_in":
                raise
            raise wrong_password() from None


def add_accounts(
    app: FastAPI,
    store: Store,
    *,
    clock: Callable[[], float] = time.time,
    seats_changed: Callable[[list[str]], Awaitable[None]] | None = None,
) -> None:
    """The routes of the module's description, over ``store``'s database. ``seats_changed``:
    told the tables whose seats a deleted account held (they show "deleted player" now)."""
    account_store = AccountStore(store)
    accounts = Accounts(account_store, Sessions(account_store, clock), Throttle())
    app.state.accounts = accounts
    guarded = [Depends(same_site_json)]
    from_site = [Depends(same_site)]

    def address(request: Request) -> str:
        return request.client.host if request.client else ""

    @app.post("/api/account/signup", status_code=201, dependencies=guarded)
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """A new account, signed in: its session's cookie comes with the answer."""
        ending = sent_token_hash(request)
        token, account = await accounts.sign_up(body.name, body.password, address(request))
        if ending is not None:
            await asyncio.to_thread(accounts.store.end_session, ending)
        set_cookie(response, request, token)
        return {"name": account.name}

    @app.post("/api/account/signin", dependencies=guarded)
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """A new session for the account (the one sent with the request, if any, ends)."""
        account = await accounts.check(body.name, body.password, address(request))
        token, session = accounts.sessions.new()
        ending = sent_token_hash(request)
        await asyncio.to_thread(accounts.store.open_session, account.id, session, ending=ending)
        set_cookie(response, request, token)
        return {"name": account.name}

    @app.post("/api/account/signout", status_code=204, dependencies=from_site)
    async def sign_out(request: Request) -> Response:
        """This session ends, and its cookie (signed in or not: the answer is the same)."""
        if (ending := sent_token_hash(request)) is not None:
            signed_in = await accounts.sessions.current(request)
            await asyncio.to_thread(accounts.store.end_session, ending)
            if signed_in is not None:
                accounts.sessions.ended(signed_in.account.id, ending)
        return _cleared(request)

    @app.post("/api/account/signout-everywhere", status_code=204, dependencies=from_site)
    async def sign_out_everywhere(request: Request) -> Response:
        """Every session of the account ends, on every device."""
        signed_in = await accounts.sessions.required(request)
        await asyncio.to_thread(accounts.store.end_sessions, signed_in.account.id)
        accounts.sessions.ended(signed_in.account.id)
        return _cleared(request)

    @app.get("/api/account")
    async def who(request: Request, response: Response) -> dict[str, Any]:
        """Who is signed in: 401 ``signed_out`` when nobody."""
        signed_in = await accounts.sessions.required(request, response)
        said = {"name": signed_in.account.name, "created": signed_in.account.created}
        for part in accounts.parts:
            said |= await part.state(signed_in.account)
        return said

    @app.post("/api/account/password", dependencies=guarded)
    async def change_password(body: NewPassword, request: Request, response: Response) -> dict[str, Any]:
        """A new password: every other session ends, this one is renewed (a new cookie)."""
        signed_in = await accounts.sessions.required(request)
        check_new_password(body.new)
        await accounts.check_own(signed_in, body.current, address(request))
        new_hash = await asyncio.to_thread(hash_password, body.new)
        token, session = accounts.sessions.new()
        await asyncio.to_thread(accounts.store.change_password, signed_in.account.id, new_hash, session)
        accounts.sessions.ended(signed_in.account.id)
        set_cookie(response, request, token)
        return {"name": signed_in.account.name}

    @app.post("/api/account/delete", status_code=204, dependencies=guarded)
    async def delete(body: Password, request: Request) -> Response:
        """The account and its sessions go, for good."""
        signed_in = await accounts.sessions.required(request)
        await accounts.check_own(signed_in, body.password, address(request))
        bots = await asyncio.to_thread(accounts.store.bots_of, signed_in.account.id)
        tables = await asyncio.to_thread(accounts.store.delete, signed_in.account.id)
        for gone in (*bots, signed_in.account.id):  # its bots go with it
            accounts.sessions.ended(gone)
        if seats_changed is not None:
            await seats_changed(tables)
        return _cleared(request)

    @app.get("/api/account/export")
    async def export(request: Request) -> Response:
        """Everything stored about the account (never a hash), as a file to keep."""
        signed_in = await accounts.sessions.required(request)
        account = signed_in.account
        sessions = await asyncio.to_thread(accounts.store.sessions_of, account.id, accounts.sessions.clock())
        ratings = await asyncio.to_thread(accounts.store.store.ratings_of_account, account.id)
        data = {
            "name": account.name,
            "created": account.created,
            "password_changed": account.password_changed,
            "sessions": [
                {"created": s.created, "last_seen": s.last_seen, "expiry": s.expiry} for s in sessions
            ],
            **ratings,  # its rating at each game, and its history (not the other seats')
        }
        for part in accounts.parts:
            data |= await part.export(account)
        return Response(
            json.dumps(data, ensure_ascii=False, indent=2),
            media_type="application/json",
            headers={"Content-Disposition": 'attachment; filename="robotable-account.json"'},
        )


def _cleared(request: Request) -> Response:
    """The answer of a sign-out or a deletion: nothing, and the cookie cleared."""
    response = Response(status_code=204)
    clear_cookie(response, request)
    return response
