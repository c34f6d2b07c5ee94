"""The server's logs: plain text (uvicorn's) or JSON lines, at a chosen level, with the request
and the table each line is about.

- :class:`RequestIds`, a pure ASGI layer (a ``BaseHTTPMiddleware`` would run the application in
  another task, and breaks WebSockets and streamed answers): every HTTP request and WebSocket
  gets an id, the client's ``X-Request-ID`` when it is sane (short, printable) or a new one,
  echoed in the answer's ``X-Request-ID``;
- :func:`about_the_table`, an application-wide dependency: a request or a socket whose path
  names a table (``{table_id}``) is about it; :func:`about_table` for a table known only once
  made (a creation);
- :class:`LogContext` copies both onto every log record; :class:`HideTokens` hides seat tokens
  (they travel in WebSocket URLs, which uvicorn logs); :class:`JsonLines` writes a record as one
  JSON object;
- :func:`log_config`: the whole configuration, a dictionary rather than calls, as uvicorn sets
  it up again in each worker process of ``serve --workers N``.

The request's id and its table are held in one :class:`Served` per request, in the context
variable :data:`SERVED`. The table is set on that object rather than in a variable of its own:
the request-rate layer
(:mod:`.limits`) is a ``BaseHTTPMiddleware``, which runs the routes in a task of their own, whose
context changes never come back to the task that logs the access line; the object is shared.
Each request runs in its own task (uvicorn's), so one request's object never reaches another's
lines; a task started while serving a request (a table's driver) keeps that request's object.
"""

from __future__ import annotations

import copy
import json
import logging
import re
import secrets
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection


@dataclass
class Served:
    """What the request or WebSocket connection being served is: its id, and its table."""

    request: str | None = None
    table: str | None = None


SERVED: ContextVar[Served | None] = ContextVar("robotable_served", default=None)

LogFormat = Literal["text", "json"]
LogLevel = Literal["debug", "info", "warning", "error"]
HEADER = "X-Request-ID"
SANE_ID = re.compile(r"[\x21-\x7e]{1,64}")
"""A client's request id is kept when it is 1 to 64 visible ASCII characters (no space, no
control character that could forge a log line); anything else gets a new id."""


def about_table(table_id: str) -> None:
    """The request or socket being served is about this table (an id the server made, or one
    from a client's path: kept only when sane, like a request id)."""
    if not SANE_ID.fullmatch(table_id):
        return
    served = SERVED.get()
    if served is None:
        SERVED.set(Served(table=table_id))
    else:
        served.table = table_id


async def about_the_table(connection: HTTPConnection) -> None:
    """An application-wide dependency (HTTP and WebSocket routes alike): the table a path names."""
    table_id = connection.path_params.get("table_id")
    if isinstance(table_id, str):
        about_table(table_id)


class RequestIds:
    """The outermost ASGI layer: a request id for every HTTP request and WebSocket connection,
    in :data:`SERVED` while it is served and in its answer's ``X-Request-ID`` header."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        # not reset afterwards: uvicorn logs a request's failure after the application returns,
        # and each request is its own task, so the value ends with it
        SERVED.set(Served(request_id))
        starts = "http.response.start" if scope["type"] == "http" else "websocket.accept"

        async def send_with_id(message: dict[str, Any]) -> None:
            if message["type"] == starts:
                message = {**message, "headers": list(message.get("headers", ()))}
                MutableHeaders(raw=message["headers"]).append(HEADER, request_id)
            await send(message)

        await self.app(scope, receive, send_with_id)


def _request_id(scope: dict[str, Any]) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"x-request-id":
            given = value.decode("latin-1")
            if SANE_ID.fullmatch(given):
                return given
            break
    return secrets.token_hex(8)


class LogContext(logging.Filter):
    """Copies the request and the table being served onto each record (``request``, ``table``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        served = SERVED.get() or Served()
        if not hasattr(record, "request"):
            record.request = served.request
        if not hasattr(record, "table"):
            record.table = served.table
        return True


class HideTokens(logging.Filter):
    """Seat tokens travel in WebSocket URLs (``?token=``), which uvicorn logs: hide them."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.hidden(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = self.hidden(record.msg)
        return True

    @classmethod
    def hidden(cls, text: str) -> str:
        return cls.PATTERN.sub(r"\1***", text)


ACCESS_FIELDS = ("client", "method", "path", "http", "status")
"""uvicorn's access lines carry these as their arguments, in this order."""


class JsonLines(logging.Formatter):
    """A record as one line of JSON: time (ISO 8601, UTC), level, logger, message, and when
    known the table, the request and the exception."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for field in ("table", "request"):
            if (value := getattr(record, field, None)) is not None:
                line[field] = value
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            line.update(zip(ACCESS_FIELDS, record.args, strict=True))
        if record.exc_info:
            # an exception's text may quote a URL: its tokens are hidden too
            line["exception"] = HideTokens.hidden(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def log_config(format: str = "text", level: str = "info") -> dict[str, Any]:
    """uvicorn's logging, with tokens hidden, each record's request and table, and the server's
    own messages shown, at ``level``; in ``json`` format every line, uvicorn's and the other
    libraries' too, is one JSON object."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"hide_tokens": {"()": HideTokens}, "context": {"()": LogContext}}
    for handler in config["handlers"].values():
        handler["filters"] = ["hide_tokens", "context"]
    shown = level.upper()
    for logger in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        config["loggers"][logger]["level"] = shown
    config["loggers"]["robotable"] = {"handlers": ["default"], "level": shown, "propagate": False}
    if format == "json":
        config["formatters"] = {"json": {"()": JsonLines}}
        for handler in config["handlers"].values():
            handler["formatter"] = "json"
        config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
