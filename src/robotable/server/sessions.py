"""Sessions: the cookie that says who is signed in, and the guard against other sites' requests.

The cookie ``robotable_session`` holds a session's token (256 random bits, :mod:`.tokens`); the
database keeps only its SHA-256 (:mod:`.account_store`), looked up by that hash: a lookup by a
hash of 256 random bits tells a guesser nothing by its time. The cookie is ``HttpOnly`` (no
script reads it), ``SameSite=Lax`` (another site's page never sends it with a form post, a
fetch or a frame), ``Path=/``, and ``Secure`` when the request came over HTTPS (directly, or
through a trusted proxy that said so: :mod:`.proxies`). A session lasts :data:`LIFETIME` after
its last use (sliding: each use, at most once in :data:`RENEW_AFTER`, moves its end on).

Every route that changes something for the cookie's account (:func:`same_site`) refuses a
request whose ``Origin`` is not the site's own (or, without ``Origin``, whose ``Sec-Fetch-Site``
says another site), and takes its body as ``application/json`` only: another site's page can
only send JSON after a CORS preflight, which this server never grants. With ``SameSite=Lax``
too, no CSRF token is needed (docs/server.md, "Accounts").
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from robotable.server.account_store import Account, AccountStore, NewSession, Session
from robotable.server.passwords import AccountRefusal, signed_out
from robotable.server.tokens import hash_token, new_token

COOKIE = "robotable_session"
BOT_HEADER = "bot-token"
"""The header a bot's program sends its account's token in (issue 32): ``Bot-Token: TOKEN``. Not
a cookie, so a browser never sends it by itself, and not ``Authorization``, which holds seats'
tokens."""
DAY = 24 * 3600.0
LIFETIME = 30 * DAY
"""A session unused for 30 days ends (a month between two games of a turn-based table is long)."""
RENEW_AFTER = 3600.0
"""A session's last use is written at most once an hour: a page's every request is not a write."""
OTHER_SITES = ("cross-site", "same-site")
"""``Sec-Fetch-Site`` values of a request from another origin (``same-site``: a sibling domain)."""


@dataclass(frozen=True)
class SignedIn:
    """Who sent a request: the account, its session and the session token's hash."""

    account: Account
    session: Session
    token_hash: str


class Sessions:
    """The sessions of one server: made, found, renewed and ended (``clock``: seconds since the
    epoch, the server's)."""

    def __init__(self, store: AccountStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.bots_allowed = True
        """False on a server started with ``--no-bot-accounts``: a bot's token signs nothing in."""
        self.listeners: list[Callable[[int, str | None], None]] = []
        """Told when sessions end (:meth:`ended`): the tables close the sockets they opened."""

    def ended(self, account: int, session: str | None = None) -> None:
        """``account``'s session ``session`` ended (every one of its sessions, when None): a
        sign-out, a new password, a deletion."""
        for listener in self.listeners:
            listener(account, session)

    def new(self) -> tuple[str, NewSession]:
        """A new session's token (for the cookie) and its row (for the store)."""
        token, now = new_token(), self.clock()
        return token, NewSession(hash_token(token), now, now + LIFETIME)

    async def current(self, request: HTTPConnection, response: Response | None = None) -> SignedIn | None:
        """The account the request's cookie is signed in to, or None; a session last renewed
        over an hour ago is renewed, and its cookie with it (on ``response``)."""
        token = request.cookies.get(COOKIE)
        found = await self._found(token, bot=False) if token else None
        if found is None:
            return None
        signed_in, renewed = found
        if renewed and response is not None and token:
            set_cookie(response, request, token)  # the cookie lives on with its session
        return signed_in

    async def bot(self, request: HTTPConnection) -> SignedIn | None:
        """The bot account whose token the request sent in ``Bot-Token`` (:data:`BOT_HEADER`), or
        None. A bot's token is a session of its account that lasts while it is used; its owner
        ends it (``robotable.server.bot_accounts``)."""
        token = (request.headers.get(BOT_HEADER) or "").strip()
        found = await self._found(token, bot=True) if token and self.bots_allowed else None
        return None if found is None else found[0]

    async def _found(self, token: str, *, bot: bool) -> tuple[SignedIn, bool] | None:
        """The session of ``token`` if it is one of a person's (``bot`` False) or a bot's (True):
        a bot's token in a cookie, or a person's in the bot header, signs nobody in. A session
        last renewed over an hour ago is renewed (True with it)."""
        token_hash, now = hash_token(token), self.clock()
        found = await asyncio.to_thread(self.store.signed_in, token_hash, now)
        if found is None or found[0].is_bot != bot:
            return None
        account, session = found
        renewed = now - session.last_seen >= RENEW_AFTER
        if renewed:
            expiry = max(session.expiry, now + LIFETIME)
            await asyncio.to_thread(self.store.touch, token_hash, now, expiry)
            session = Session(session.created, now, expiry)
        return SignedIn(account, session, token_hash), renewed

    async def required(self, request: Request, response: Response | None = None) -> SignedIn:
        """:meth:`current`, or the refusal ``signed_out`` (401)."""
        signed_in = await self.current(request, response)
        if signed_in is None:
            raise signed_out()
        return signed_in


def sent_token_hash(request: HTTPConnection) -> str | None:
    """The hash of the session token the request came with (signed in or not)."""
    token = request.cookies.get(COOKIE)
    return hash_token(token) if token else None


def set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(LIFETIME),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


def same_site(request: HTTPConnection) -> None:
    """A request that changes something for the cookie's account comes from this site's own
    pages, or from no browser page at all (a script: no ``Origin``, no ``Sec-Fetch-Site``)."""
    if not sent_from_site(request):
        raise cross_site()


def sent_from_site(request: HTTPConnection) -> bool:
    """Whether a request (or a WebSocket's opening) comes from this site's own pages or from no
    page at all: its ``Origin`` is the site's, or, without one, ``Sec-Fetch-Site`` does not say
    another site. Browsers send ``Origin`` with every ``POST`` and every WebSocket."""
    origin = request.headers.get("origin")
    if origin is not None:
        return _own_origin(origin, request)
    return request.headers.get("sec-fetch-site", "").lower() not in OTHER_SITES


def _own_origin(origin: str, request: HTTPConnection) -> bool:
    """Whether ``origin`` is the site the request was sent to: its host (with its port) as
    the request's ``Host`` names it, over HTTPS when the request came over HTTPS (a WebSocket:
    over WSS)."""
    parts = urlsplit(origin.strip())
    host = request.headers.get("host", "")
    if parts.scheme not in ("http", "https") or not host:
        return False
    if request.url.scheme in ("https", "wss") and parts.scheme != "https":
        return False
    return parts.netloc.lower() == host.lower()


def cross_site() -> AccountRefusal:
    return AccountRefusal(
        "cross_site",
        "this request comes from another site: it is only accepted from this site's own pages",
        "cette requête vient d'un autre site : elle n'est acceptée que depuis les pages de ce site",
        status=403,
    )
