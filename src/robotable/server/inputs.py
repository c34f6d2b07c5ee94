"""What a route reads of a request beside its body: the seat's token and the language of the
words it answers with.

The annotated types are read by FastAPI from the (string) annotations of each route, in the
globals of the route's module: a module with routes imports the ones it uses by name.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Header, HTTPException, Query

Auth = Annotated[str | None, Header(description="Bearer TOKEN of a seat (none: a spectator)")]
Language = Annotated[Literal["en", "fr"], Query(description="the language of the events' sentences")]


def bearer_token(authorization: str | None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (None without the header: a spectator)."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(401, "send the seat token as 'Authorization: Bearer TOKEN'")
    return token.strip()
