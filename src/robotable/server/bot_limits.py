"""What one bot account may ask and hold (issue 32, "Limits"), whatever address it runs from:
many bots may run behind one address (a university's), and one must not use up another's.

- **Requests.** Every API request carrying a bot's token (``Bot-Token``) takes a token from
  that bot's own bucket, :attr:`~.quotas.Quotas.bot_requests` a second (``robotable serve
  --bot-requests``, 10) with bursts of three times as many, and not
  from its address's (:func:`~.limits.limit_requests`); past it, 429 ``quota`` (``params.limit``
  ``bot_requests``) with ``Retry-After``, in English and French. A token this process has not
  seen a bot's yet (a first request, or a made-up one) counts toward its address like any
  request until the database says whose it is; then its bot's alone.
- **Connections.** A bot's WebSocket connections count toward its account, at most
  :attr:`~.quotas.Quotas.bot_sockets` at once (:class:`~.sockets.Counted`), and each opening
  takes one of its requests (a program reconnecting in a loop is slowed as a request loop is).
- **Tables.** A bot account sits at most :attr:`~.quotas.Quotas.bot_tables` unfinished tables
  at once (``robotable serve --bot-tables``): past it, taking a seat (a new table, an open seat,
  a seat offered to it by name, an invitation's link) is refused, 429 ``quota``
  (``params.limit`` ``bot_tables``), and a seat offered to it stays offered, to be taken once
  one of its games is over. Counted in the database, so across processes (two processes
  seating one bot at the same instant may both pass: one over the cap at most per process). A bot that took a
  seat is away until it connects (:meth:`~.live.LiveTable.away_until_connected`): one that never
  does gets the grace period, then the stand-in, as a person who left.

Requests and connections are counted by each server process (``--workers N``: N times as many
across the processes), as the other throttles are.
"""

from __future__ import annotations

import asyncio
import math
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy import func, select
from starlette.requests import HTTPConnection

from robotable.server import schema
from robotable.server.hall import Hall
from robotable.server.limits import REMEMBERED, Bucket
from robotable.server.quotas import WAIT_FOR_AN_END, OverQuota
from robotable.server.refusals import refusal_body
from robotable.server.seats import Holder
from robotable.server.sessions import BOT_HEADER
from robotable.server.tokens import hash_token

KNOWN_FOR = 60.0
"""Seconds a token found to be a bot's is counted as its bot's without asking the database
again (its owner's revoking it is told at once: :meth:`BotRequests.forget`)."""


class BotRequests:
    """The request buckets of the bots' tokens in one process: ``rate`` requests a second,
    bursts of ``burst`` (:attr:`~.quotas.Quotas.bot_requests`; ``clock``: seconds)."""

    def __init__(self, rate: int, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, Bucket] = {}
        self.known: dict[str, tuple[int, float]] = {}
        """A bot's token's hash -> its account and until when it is known without a look-up."""

    def known_bot(self, request: HTTPConnection) -> str | None:
        """The hash of the request's bot token if this process knows it is a bot's (its
        requests count toward its bot, not its address), else None."""
        token = (request.headers.get(BOT_HEADER) or "").strip()
        if not token:
            return None
        token_hash = hash_token(token)
        found = self.known.get(token_hash)
        if found is None or found[1] < self.clock():
            return None
        return token_hash

    def learn(self, token_hash: str, account: int) -> None:
        now = self.clock()
        if len(self.known) >= REMEMBERED:
            for old in [h for h, (_, until) in self.known.items() if until < now]:
                del self.known[old]
        self.known[token_hash] = (account, now + KNOWN_FOR)

    def forget(self, account: int) -> None:
        """``account``'s sessions ended (a bot's token renewed or revoked): its tokens are
        strangers again."""
        for token_hash in [h for h, (owner, _) in self.known.items() if owner == account]:
            del self.known[token_hash]

    def take(self, token_hash: str) -> OverQuota | None:
        """One request of the bot whose token has this hash: None, or the refusal (nothing taken)."""
        if token_hash not in self.buckets and len(self.buckets) >= REMEMBERED:
            for old in [h for h, bucket in self.buckets.items() if bucket.full()]:
                del self.buckets[old]
        bucket = self.buckets.setdefault(token_hash, Bucket(self.rate, self.burst, self.clock))
        if bucket.take():
            return None
        return OverQuota(
            "bot_requests",
            self.burst,
            f"too many requests from this bot (at most {self.rate} a second)",
            f"trop de requêtes de ce robot (au plus {self.rate} par seconde)",
            math.ceil(bucket.wait()),
        )


def limit_bot_requests(app: FastAPI, hall: Hall) -> None:
    """Each bot token's requests counted toward its own bucket (the module's description). Added
    before :func:`~.limits.limit_requests`, so that it runs after it: a token known as a bot's
    is passed over there, and any other request has been counted toward its address by then."""
    quotas = hall.quotas.quotas
    requests = BotRequests(quotas.bot_requests, quotas.bot_burst)
    app.state.bot_requests = requests  # read by :func:`~.limits.limit_requests`
    hall.sign_out_listeners.append(lambda account, _session: requests.forget(account))

    @app.middleware("http")
    async def limit(request: Request, call_next: Any) -> Any:
        if not request.url.path.startswith("/api/") or not request.headers.get(BOT_HEADER):
            return await call_next(request)
        token_hash = requests.known_bot(request)
        if token_hash is None:
            accounts = getattr(request.app.state, "accounts", None)
            signed_in = None if accounts is None else await accounts.sessions.bot(request)
            if signed_in is None:  # not a bot's token (or bots off): the route says so
                return await call_next(request)
            token_hash = signed_in.token_hash
            requests.learn(token_hash, signed_in.account.id)
        refused = requests.take(token_hash)
        if refused is None:
            return await call_next(request)
        request.app.state.metrics.refused(refused.code)
        headers = {"Retry-After": str(refused.retry)}
        return JSONResponse(refusal_body(refused), status_code=429, headers=headers)


# --------------------------------------------------------------------------- tables


def unfinished_tables(hall: Hall, account: int, but: str | None = None) -> int:
    """How many unfinished tables ``account`` sits at (not counting the table ``but``)."""
    seats, tables = schema.seats.c, schema.game_tables.c
    query = (
        select(func.count(func.distinct(seats.table_id)))
        .select_from(schema.seats.join(schema.game_tables, tables.id == seats.table_id))
        .where(seats.account_id == account, tables.status != "over")
    )
    if but is not None:
        query = query.where(seats.table_id != but)
    with hall.store._reading() as connection:
        return int(connection.execute(query).scalar_one())


def too_many_tables(most: int) -> OverQuota:
    return OverQuota(
        "bot_tables",
        most,
        f"this bot already plays {most} unfinished tables, as many as a bot may at once on this "
        "server: the seat stays free until one of its games is over",
        f"ce robot joue déjà {most} tables en cours, autant qu'un robot peut en jouer à la fois sur "
        "ce serveur : la place reste libre jusqu'à ce qu'une de ses parties soit finie",
        WAIT_FOR_AN_END,
    )


class BotTables:
    """The cap on each bot account's unfinished tables (the module's description)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        """One seat taken at a time per bot account in this process: two requests of one bot
        at once do not both pass the count."""

    @asynccontextmanager
    async def seating(self, holder: Holder | None, table_id: str | None = None) -> AsyncIterator[None]:
        """Around taking a seat for ``holder`` (at ``table_id``, when it exists already): a bot
        account at its cap is refused (:class:`OverQuota`) before anything changes; anyone
        else passes."""
        if holder is None or not holder.bot:
            yield
            return
        lock = self.locks.get(holder.account)
        if lock is None:
            lock = self.locks[holder.account] = asyncio.Lock()
        async with lock:
            most = self.hall.quotas.quotas.bot_tables
            held = await asyncio.to_thread(unfinished_tables, self.hall, holder.account, table_id)
            if held >= most:
                raise too_many_tables(most)
            yield
