"""How the HTTP API says no: one body shape for every refusal, whoever raised it.

``{"error": "one sentence"}`` in English, and beside it what a page needs to say it in its own
language without reading the English: ``error_fr`` when the game gave French, ``code`` and
``params`` when the refusal has a code (``too_late``, ``needs_clock``, ``spectator``, ``quota``:
a 429 with ``Retry-After``), and for a refused option the option at fault and why (``option``,
``reason``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.game import JSON
from robotable.server.hall import TableNotFound
from robotable.server.inputs import InvalidRequest, problems
from robotable.server.live import Forbidden
from robotable.server.quotas import OverQuota
from robotable.server.replay_steps import RecordTooLong
from robotable.server.store import StoreError, UnknownTable
from robotable.server.workers import Busy, TooCostly, WorkerLost

STATUSES: dict[type[RobotableError], int] = {
    TableNotFound: 404,
    Forbidden: 403,
    IllegalAction: 409,
    RecordTooLong: 413,
    InvalidRequest: 422,
    TooCostly: 422,
    Busy: 503,
    WorkerLost: 503,
    UnknownTable: 404,
    StoreError: 503,  # the server's own failure (a database locked or unreachable), not the request's
    OverQuota: 429,
}
"""The status of each kind of refusal; any other is a bad request (400)."""


def refusal_body(exc: RobotableError) -> dict[str, JSON]:
    """The body of a refusal (see the module's description)."""
    body: dict[str, JSON] = {"error": str(exc)}
    if exc.fr is not None:
        body["error_fr"] = exc.fr
    if exc.code:
        body["code"] = exc.code
        body["params"] = dict(exc.params)  # type: ignore[assignment]
    if isinstance(exc, InvalidOptions):
        body |= {key: value for key in ("option", "reason") if (value := getattr(exc, key))}
    return body


def add_refusals(app: FastAPI) -> None:
    """Every refusal in the one shape: the server's own, FastAPI's, a body of the wrong shape."""

    @app.exception_handler(RobotableError)
    async def refused(request: Any, exc: RobotableError) -> JSONResponse:
        # a refusal may carry its own status (the accounts' ones, :mod:`.passwords`)
        status = getattr(exc, "status", None) or next(
            (code for kind, code in STATUSES.items() if isinstance(exc, kind)), 400
        )
        retry = {"Retry-After": str(exc.retry)} if isinstance(exc, (Busy, OverQuota)) else None
        body = refusal_body(exc)
        request.app.state.metrics.refused(str(body.get("code") or f"http_{status}"))  # /metrics
        return JSONResponse(body, status_code=status, headers=retry)

    @app.exception_handler(StarletteHTTPException)
    async def http_refused(_request: Any, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Any, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": problems(exc.errors())}, status_code=422)
