"""How much a client may ask: a token bucket (the WebSocket's messages and the HTTP API's
requests), the per-address limit of API requests, and the size of a request's body.

Each refusal comes in the server's one error shape, ``{"error": "one sentence"}``, before the
request costs anything: a flood of table creations or polls is refused (429) before it costs a
query, and a huge body (413) before it is read past its route's limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

HTTP_RATE = 10.0
"""API requests a second from one address, on average (bursts of :data:`HTTP_BURST`)."""
HTTP_BURST = 60
MAX_BODY = 64_000
"""Bytes of an API request's body (a table's creation takes a few hundred); a route may have
its own limit (the replay viewer's record upload: :data:`robotable.server.replays.MAX_RECORD_BYTES`)."""
TRUSTED = frozenset({"127.0.0.1", "::1", "localhost"})
"""Addresses with no request limit: this machine (its owner's scripts, a local page). Behind
a reverse proxy named by ``--trusted-proxy``, the address is the client's (:mod:`.proxies`)."""
REMEMBERED = 10_000
"""Addresses whose buckets are kept before the full ones (idle addresses) are forgotten."""


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once (``clock``:
    seconds, the monotonic clock unless a test gives its own)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst = rate, burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst

    def wait(self) -> float:
        """Seconds until the bucket has a token to take (0: it has one now)."""
        self._refill()
        return max(0.0, (1 - self.tokens) / self.rate)

    def give_back(self) -> None:
        """A token taken for nothing (a sign-in that succeeded) goes back."""
        self.tokens = min(self.burst, self.tokens + 1)

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now


def limit_requests(app: FastAPI) -> None:
    """At most :data:`HTTP_RATE` API requests a second from one address: a flood of table
    creations or polls is refused (429) before it costs a query, and other clients go on. A
    request with a token this process knows as a bot's counts toward that bot instead
    (:mod:`.bot_limits`: many bots may run behind one address)."""
    buckets: dict[str, Bucket] = {}

    @app.middleware("http")
    async def limit(request: Request, call_next: Any) -> Any:
        host = request.client.host if request.client else ""
        if host in TRUSTED or not request.url.path.startswith("/api/"):
            return await call_next(request)
        bots = getattr(request.app.state, "bot_requests", None)
        if bots is not None and bots.known_bot(request) is not None:
            return await call_next(request)  # a bot's: counted toward its own token (:mod:`.bot_limits`)
        if len(buckets) > REMEMBERED:  # forget the addresses whose buckets have filled up again
            for old in [h for h, b in buckets.items() if b.full()]:
                del buckets[old]
        bucket = buckets.setdefault(host, Bucket(HTTP_RATE, HTTP_BURST))
        if not bucket.take():
            return JSONResponse(
                {"error": f"too many requests (at most {HTTP_RATE:g} a second): try again in a moment"},
                status_code=429,
                headers={"Retry-After": "1"},
            )
        return await call_next(request)


class BodyLimit:
    """A request body is read here, up to its route's limit, before any route sees it; past
    the limit (or past a declared length) the request is refused (413) in the server's one
    error shape. FastAPI alone reads a whole body, however large, before any check runs, and
    its own ``max_body_size`` answers in plain text or JSON depending on how the body came."""

    def __init__(self, app: Any, *, default: int, limits: dict[str, int]) -> None:
        self.app = app
        self.default = default
        self.limits = limits

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.get(scope["path"], self.default)
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        body, more = bytearray(), True
        too_large = not declared.isdigit() or int(declared) > limit
        while more and not too_large:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left: nobody to answer
            body += message.get("body", b"")
            more = message.get("more_body", False)
            too_large = len(body) > limit
        if too_large:
            refusal = {"error": f"the request is too large: its body may hold at most {limit:,} bytes"}
            await JSONResponse(refusal, status_code=413)(scope, receive, send)
            return
        await self.app(scope, _replaying(bytes(body), receive), send)


def _replaying(body: bytes, receive: Any) -> Any:
    """A ``receive`` that gives the body already read, then the client's own messages."""
    given = False

    async def receive_again() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return receive_again
