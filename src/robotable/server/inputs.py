"""What a route reads of a request beside its body (the seat's token and the language of the
words it answers with), and how a body of the wrong shape or type is refused.

The annotated types are read by FastAPI from the (string) annotations of each route, in the
globals of the route's module: a module with routes imports the ones it uses by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from fastapi import Header, HTTPException, Query, Request

from robotable.core.errors import RobotableError

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


class InvalidRequest(RobotableError):
    """A request's body of the wrong shape (422), worded by :func:`problems`."""


def problems(errors: Sequence[Mapping[str, Any]]) -> str:
    """What is wrong with a request's body, from pydantic's errors: at most three, each where
    it is and what is wrong (never the value itself, which may be huge)."""
    said = [
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg', '')}"
        for e in list(errors)[:3]
    ]
    return "invalid request: " + "; ".join(said)


class NotJson(RobotableError):
    """A body that is not ``application/json`` (415)."""

    code = "not_json"
    status = 415


def refuse_unless_json(request: Request, what: str = "the request", what_fr: str = "la requête") -> None:
    """A body comes as ``application/json``: a ``text/plain`` (or form) body is what another
    site's page may post without asking first (no CORS preflight), so it is refused (415)."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise NotJson(
            f"send {what} as JSON, with 'Content-Type: application/json'",
            fr=f"envoyez {what_fr} en JSON, avec « Content-Type: application/json »",
        )
