"""What a request or a socket holds a seat with: a seat's token (in a link, ``Authorization:
Bearer TOKEN`` or ``?token=``) or the signed-in account (its session's cookie, or a bot's token
in ``Bot-Token``: issue 32) that holds a seat.

A token always wins: it names its seat exactly, as before accounts. Without one, an account's
seat at the table is its own (a person finds their tables on "My tables", from any browser
they signed in on). Anything that changes a table for the cookie's sake must come from this
site's own pages (:func:`~.sessions.same_site`): another site's page would otherwise play in the
person's name with their cookie (cross-site request forgery), and another site's WebSocket
would read their seat's hidden view (cross-site WebSocket hijacking); such a socket is served
as a spectator's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from robotable.server.inputs import Auth, bearer_token
from robotable.server.seats import Holder
from robotable.server.sessions import BOT_HEADER, COOKIE, SignedIn, same_site, sent_from_site


@dataclass(frozen=True)
class SeatKey:
    """A seat's token, and the signed-in person, either of which may be missing."""

    token: str | None
    holder: Holder | None

    @property
    def account(self) -> int | None:
        return None if self.holder is None else self.holder.account


async def signed_in_of(connection: HTTPConnection) -> SignedIn | None:
    """The account of a request or socket: a bot's by its ``Bot-Token``, else a person's by
    their cookie (None: a guest, or a server without accounts)."""
    accounts = getattr(connection.app.state, "accounts", None)
    if accounts is None:
        return None
    if connection.headers.get(BOT_HEADER):
        return await accounts.sessions.bot(connection)
    if not connection.cookies.get(COOKIE):
        return None
    return await accounts.sessions.current(connection)


async def holder_of(connection: HTTPConnection) -> Holder | None:
    """Who takes and holds seats for a request or socket (None: its token alone, if any)."""
    signed_in = await signed_in_of(connection)
    if signed_in is None:
        return None
    return Holder(signed_in.account.id, signed_in.account.name, bot=signed_in.account.is_bot)


async def seat_key(request: Request, authorization: Auth = None) -> SeatKey:
    """The request's token and signed-in person; a request that changes something, sent with
    the cookie, comes from this site's own pages (else 403 ``cross_site``)."""
    token = bearer_token(authorization)
    holder = await holder_of(request)
    if holder is not None and request.method not in ("GET", "HEAD"):
        same_site(request)
    return SeatKey(token, holder)


@dataclass(frozen=True)
class SignedSocket:
    """A socket's signed-in person and their session (its token's hash): the session's end
    closes the socket (:func:`robotable.server.sockets.close_signed_out`)."""

    holder: Holder
    session: str


async def socket_holder(connection: HTTPConnection) -> SignedSocket | None:
    """A socket's signed-in person, if it comes from this site's own pages (else None: another
    site's page gets what a spectator gets, never the person's seat)."""
    if not sent_from_site(connection):
        return None
    signed_in = await signed_in_of(connection)
    if signed_in is None:
        return None
    account = signed_in.account
    return SignedSocket(Holder(account.id, account.name, bot=account.is_bot), signed_in.token_hash)


Key = Annotated[SeatKey, Depends(seat_key)]
