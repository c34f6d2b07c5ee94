"""Friends (issue 29): an account asks another, by name, to be friends; the other accepts or
refuses; either ends the friendship; the asker may withdraw a request nobody answered. JSON
only, from this site's pages (:func:`~.accounts.same_site_json`), every refusal in the server's
one shape (docs/protocol.md, "Friends"):

- ``GET /api/account/friends``: {friends, received, sent}, each a list of {name, since}.
- ``POST /api/account/friends/request`` {name}: 200 {name, state}: ``pending``, or ``friends``
  when they had asked already. A name nobody has is said so (404 ``no_player``).
- ``POST /api/account/friends/accept`` | ``refuse`` | ``withdraw`` | ``remove`` {name}: 200 {name}.

A refused request cannot be sent again for a day; an account has at most 200 friends and 50
requests unanswered; requests (and invitations by name, :mod:`.invitations`) are throttled per
account (:class:`Asking`). Storage: :mod:`.friend_store`.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from typing import Any

from fastapi import Depends, FastAPI, Request
from pydantic import BaseModel, Field

from robotable.server.account_store import Account
from robotable.server.accounts import LONGEST, ExportOnly, same_site_json
from robotable.server.friend_store import FriendStore
from robotable.server.friend_words import no_player, not_yourself
from robotable.server.limits import REMEMBERED, Bucket
from robotable.server.passwords import name_key, tidy_name
from robotable.server.quotas import OverQuota
from robotable.server.throttle import Rule

ASKING = Rule(burst=20, every=30.0)
"""Friend requests and invitations by name an account sends: twenty at once, then two a minute."""


class Named(BaseModel):
    name: str = Field(max_length=LONGEST, description="another account's name (capitals do not count)")


class Asking:
    """How often each account may ask others (a request, an invitation): one bucket each."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.buckets: dict[int, Bucket] = {}

    def take(self, account: int, count: int = 1) -> None:
        """``count`` tokens of ``account``'s bucket, or :class:`OverQuota` (429 with the wait)
        and none taken: asking for several at once is all or nothing."""
        if account not in self.buckets and len(self.buckets) >= REMEMBERED:
            for old in [key for key, bucket in self.buckets.items() if bucket.full()]:
                del self.buckets[old]
        bucket = self.buckets.setdefault(account, Bucket(1 / ASKING.every, ASKING.burst, self.clock))
        taken = 0
        while taken < count and bucket.take():
            taken += 1
        if taken < count:
            for _ in range(taken):
                bucket.give_back()
            raise OverQuota(
                "asking",
                ASKING.burst,
                "too many requests and invitations at once",
                "trop de demandes et d'invitations d'un coup",
                math.ceil(bucket.wait()),
            )


async def account_named(request: Request, name: str) -> Account:
    """The account called ``name`` (capitals do not count), or 404 ``no_player``."""
    accounts = request.app.state.accounts
    found = await asyncio.to_thread(accounts.store.by_name, name_key(tidy_name(name)))
    if found is None:
        raise no_player(tidy_name(name))
    return found


def add_friends(app: FastAPI, clock: Callable[[], float] = time.time) -> None:
    """The routes of the module's description (after :func:`~.accounts.add_accounts`)."""
    store = FriendStore(app.state.accounts.store.store)
    asking = Asking()
    app.state.friends = store
    app.state.asking = asking
    guarded = [Depends(same_site_json)]

    async def exported(account: int) -> dict[str, Any]:
        return {"friendships": await asyncio.to_thread(store.exported, account)}

    app.state.accounts.parts.append(ExportOnly(exported))

    async def me_and(request: Request, name: str) -> tuple[int, Account]:
        me = (await request.app.state.accounts.sessions.required(request)).account
        other = await account_named(request, name)
        if other.id == me.id:
            raise not_yourself()
        return me.id, other

    @app.get("/api/account/friends")
    async def friends(request: Request) -> dict[str, Any]:
        """The account's friends, the requests it received and those it sent."""
        me = (await request.app.state.accounts.sessions.required(request)).account
        lists = await asyncio.to_thread(store.lists, me.id)

        def shown(people: list[Any]) -> list[dict[str, Any]]:
            return [{"name": person.name, "since": person.at} for person in people]

        return {"friends": shown(lists.friends), "received": shown(lists.received), "sent": shown(lists.sent)}

    @app.post("/api/account/friends/request", dependencies=guarded)
    async def ask(body: Named, request: Request) -> dict[str, Any]:
        me, other = await me_and(request, body.name)
        asking.take(me)
        state = await asyncio.to_thread(store.ask, me, other, clock())
        return {"name": other.name, "state": state}

    @app.post("/api/account/friends/accept", dependencies=guarded)
    async def accept(body: Named, request: Request) -> dict[str, Any]:
        me, other = await me_and(request, body.name)
        await asyncio.to_thread(lambda: store.answer(me, other, clock(), accept=True))
        return {"name": other.name}

    @app.post("/api/account/friends/refuse", dependencies=guarded)
    async def refuse(body: Named, request: Request) -> dict[str, Any]:
        me, other = await me_and(request, body.name)
        await asyncio.to_thread(lambda: store.answer(me, other, clock(), accept=False))
        return {"name": other.name}

    @app.post("/api/account/friends/withdraw", dependencies=guarded)
    async def withdraw(body: Named, request: Request) -> dict[str, Any]:
        me, other = await me_and(request, body.name)
        await asyncio.to_thread(lambda: store.end(me, other, state="pending"))
        return {"name": other.name}

    @app.post("/api/account/friends/remove", dependencies=guarded)
    async def remove(body: Named, request: Request) -> dict[str, Any]:
        me, other = await me_and(request, body.name)
        await asyncio.to_thread(lambda: store.end(me, other, state="friends"))
        return {"name": other.name}
