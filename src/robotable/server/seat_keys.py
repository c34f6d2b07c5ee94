"""What a request or a socket holds a seat with: a seat's token (in a link, ``Authorization:
Bearer TOKEN`` or ``?token=``) or the signed-in account (its session's cookie) that holds a seat.

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
from robotable.server.sessions import COOKIE, same_site, sent_from_site, sent_token_hash


@dataclass(frozen=True)
class SeatKey:
    """A seat's token, and the signed-in person, either of which may be missing."""

    token: str | None
    holder: Holder | None

    @property
    def account(self) -> int | None:
        return None if self.holder is None else self.holder.account


async def holder_of(connection: HTTPConnection) -> Holder | None:
    """The signed-in person of a request or socket's cookie (None: a guest, or no accounts)."""
    accounts = getattr(connection.app.state, "accounts", None)
    if accounts is None or not connection.cookies.get(COOKIE):
        return None
    signed_in = await accounts.sessions.current(connection)
    return None if signed_in is None else Holder(signed_in.account.id, signed_in.account.name)


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
    holder = await holder_of(connection)
    session = sent_token_hash(connection)
    return None if holder is None or session is None else SignedSocket(holder, session)


Key = Annotated[SeatKey, Depends(seat_key)]
