"""The HTTP API and the WebSocket protocol (version 1), on FastAPI.

HTTP (JSON; the OpenAPI description is at ``/docs``):

- ``GET /api/games``: the games, their seats, bots and options (JSON schema; each option's
  ``description`` in English and ``description_fr`` in French).
- ``POST /api/tables``: create a table; the creator's seat token and invitations come back.
- ``GET /api/tables``: open and running tables. ``GET /api/tables/{id}``: the table as the
  token's seat sees it (a spectator without token).
- ``POST /api/tables/{id}/join``: take an open seat; ``POST /api/tables/{id}/actions``: play.
- ``POST /api/tables/{id}/seats/{seat}/bot``: the creator hands a person's seat to a bot.
- ``GET /api/tables/{id}/help?lang=fr``: what the token's seat may type in its phase, in words.
- ``GET /api/tables/{id}/record``: the record of a finished game (``robotable replay`` verifies it).

Tokens travel in ``Authorization: Bearer TOKEN`` (HTTP) or ``?token=`` (WebSocket, which
browsers cannot give headers). The WebSocket protocol is in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from robotable import games
from robotable.agents.levels import bots_of
from robotable.core.errors import IllegalAction, InvalidOptions, RobotableError
from robotable.core.records import Record
from robotable.play.words import SEAT
from robotable.server.hall import GRACE, Hall, NeedsClock, TableNotFound, refuse_file_options
from robotable.server.live import Connection, Forbidden, LiveTable
from robotable.server.store import Store

log = logging.getLogger("robotable.server")

PROTOCOL = 1
MAX_MESSAGE = 4096
"""Bytes in one client message; an action's notation is a few dozen."""
RATE = 20.0
"""Messages a second one connection may send, on average (bursts of :data:`BURST`)."""
BURST = 40
MAX_ERRORS = 20
"""Refused messages (malformed, unknown, too fast) before the server closes the connection."""
HTTP_RATE = 10.0
"""API requests a second from one address, on average (bursts of :data:`HTTP_BURST`)."""
HTTP_BURST = 60
MAX_BODY = 64_000
"""Bytes of an API request's body (a table's creation takes a few hundred); the record
upload of the replay viewer has its own limit, :data:`MAX_RECORD_BYTES`."""
TRUSTED = frozenset({"127.0.0.1", "::1", "localhost"})
"""Addresses with no request limit: this machine (its owner's scripts, a local page). Behind
a reverse proxy on the same machine, uvicorn's proxy headers give the real client's address."""


Auth = Annotated[str | None, Header(description="Bearer TOKEN of a seat (none: a spectator)")]
Language = Annotated[Literal["en", "fr"], Query(description="the language of the events' sentences")]
# module level: FastAPI reads the (string) annotations of the routes in this module's globals


class CreateTable(BaseModel):
    game: str = Field(description="game id, see GET /api/games", max_length=32)
    seats: list[str] = Field(description="one per seat: human, bot, bot:NAME or open", max_length=16)
    options: dict[str, Any] = Field(default_factory=dict, description="game options (defaults for the rest)")
    seed: int | None = Field(default=None, description="random seed (default: drawn by the server)")
    timers: bool = Field(default=True, description="run the game's clocks (sand timer, time-outs)")
    name: str = Field(default="", max_length=40, description="the creator's name, shown to the others")
    stand_in: str | None = Field(
        default=None,
        max_length=32,
        description="the bot that plays for a person who left, until they come back: a bot's name, "
        "or 'none' (the seat waits); default: the game's medium level, none on a turn-based table",
    )


class Join(BaseModel):
    seat: int | None = Field(default=None, description="the open seat to take (default: the first)")
    name: str = Field(default="", max_length=40)


class HandOver(BaseModel):
    bot: str | None = Field(
        default=None, max_length=32, description="the bot's name (default: the game's first)"
    )


class ReplayStep(BaseModel):
    record: dict[str, Any] = Field(description="a game record, as GET /api/tables/{id}/record gives it")
    number: int = Field(ge=0, description="how many of its actions to replay")
    seat: int | None = Field(default=None, description="whose view (default: a spectator's)")
    lang: Literal["en", "fr"] = Field(default="en", description="the language of the events' sentences")


MAX_RECORD_BYTES = 4_000_000
MAX_RECORD_ACTIONS = 50_000
"""An uploaded record's limits: longer than any real game (Delivery's longest run to a few
thousand actions), short enough that one step's replay stays a fraction of a second."""


class Play(BaseModel):
    action: str = Field(max_length=200, description="the action in the game's notation, e.g. 'bid 5'")


def create_app(
    store: Store,
    *,
    clock: Any = time.time,
    think_limit: float = 30.0,
    own_process: bool = False,
    grace: float = GRACE,
) -> FastAPI:
    """The server's application over ``store``; unfinished tables are restored at start-up.
    ``own_process``: the application is the process's only work (``robotable serve``), so
    it keeps the garbage collector's pauses short (:func:`_short_collections`). ``grace``:
    seconds a person who left has to come back before a bot stands in for them."""
    hall = Hall(store, clock=clock, think_limit=think_limit, grace=grace)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hall.start()
        collections = asyncio.create_task(_short_collections()) if own_process else None
        yield
        if collections is not None:
            collections.cancel()
        await hall.close()

    app = FastAPI(title="robotable", version=str(PROTOCOL), lifespan=lifespan)
    app.state.hall = hall
    _errors(app)
    _limit_requests(app)
    app.add_middleware(BodyLimit, default=MAX_BODY, limits={"/api/replays/step": MAX_RECORD_BYTES})
    _routes(app, hall)
    _pages(app, hall)
    return app


FREEZE_EVERY = 1.0
"""Seconds between two freezes of what survived (see :func:`_short_collections`)."""
SWEEP_EVERY = 600.0
"""Seconds between two full collections of everything, frozen objects included."""


async def _short_collections() -> None:
    """A full collection scans every object the collector tracks, and a busy server holds
    hundreds of thousands (every table's state and history): each paused every table for
    100-200 ms, the p99 of its latency. What has survived is frozen every second, so a
    collection scans only the newest objects; every ten minutes everything is unfrozen and
    collected once, so reference cycles left by closed connections and finished tables are
    still freed (steady play makes none: measured with the collector's callbacks)."""
    gc.collect()
    gc.freeze()
    swept = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        if time.monotonic() - swept > SWEEP_EVERY:
            gc.unfreeze()
            gc.collect()
            swept = time.monotonic()
        gc.freeze()


def _refusal_body(exc: RobotableError) -> dict[str, str]:
    """``error`` (English), ``error_fr`` when the game gave French, and for refused options the
    option at fault and why (``option``, ``reason``) or ``code`` ``needs_clock``: a page words
    those itself, in its language, without reading the English sentence."""
    body = {"error": str(exc)}
    if exc.fr is not None:
        body["error_fr"] = exc.fr
    if isinstance(exc, NeedsClock):
        body["code"] = "needs_clock"
    if isinstance(exc, InvalidOptions):
        body |= {key: value for key in ("option", "reason") if (value := getattr(exc, key))}
    return body


def _errors(app: FastAPI) -> None:
    statuses = {TableNotFound: 404, Forbidden: 403, IllegalAction: 409}

    @app.exception_handler(RobotableError)
    async def refused(_request: Any, exc: RobotableError) -> JSONResponse:
        status = next((code for kind, code in statuses.items() if isinstance(exc, kind)), 400)
        return JSONResponse(_refusal_body(exc), status_code=status)

    # every refusal has the same shape, {"error": "one sentence"} (and its French when the game
    # gave one, "error_fr"), whoever raised it
    @app.exception_handler(StarletteHTTPException)
    async def http_refused(_request: Any, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Any, exc: RequestValidationError) -> JSONResponse:
        problems = [
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg', '')}"
            for e in exc.errors()[:3]
        ]
        return JSONResponse({"error": "invalid request: " + "; ".join(problems)}, status_code=422)


def _limit_requests(app: FastAPI) -> None:
    """At most :data:`HTTP_RATE` API requests a second from one address: a flood of table
    creations or polls is refused (429) before it costs a query, and other clients go on."""
    buckets: dict[str, _Bucket] = {}

    @app.middleware("http")
    async def limit(request: Request, call_next: Any) -> Any:
        host = request.client.host if request.client else ""
        if host in TRUSTED or not request.url.path.startswith("/api/"):
            return await call_next(request)
        if len(buckets) > 10_000:  # forget the addresses whose buckets have filled up again
            for old in [h for h, b in buckets.items() if b.full()]:
                del buckets[old]
        bucket = buckets.setdefault(host, _Bucket(HTTP_RATE, HTTP_BURST))
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


def _token(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(401, "send the seat token as 'Authorization: Bearer TOKEN'")
    return token.strip()


def _routes(app: FastAPI, hall: Hall) -> None:
    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [
            {
                "id": game.id,
                "title": game.title,
                "seats": [game.min_seats, game.max_seats],
                "bots": list(bots_of(game)),
                "hidden_information": game.hidden_information,
                "options": game.options_schema(),
                "rules": game.rules_languages(),
            }
            for game in games.all_games()
        ]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        created = await hall.create(
            body.game,
            body.options,
            body.seats,
            seed=body.seed,
            timers=body.timers,
            name=body.name,
            stand_in=body.stand_in,
        )
        return {
            "table": created.table_id,
            "seat": created.seat,
            "token": created.token,
            "invites": {str(seat): token for seat, token in created.invites.items()},
        }

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        """The newest open and running tables, as stored (whichever process serves them)."""
        listed = []
        for stored in await asyncio.to_thread(hall.store.listing):
            open_seats = [r.seat for r in stored.seats if r.kind == "open"]
            listed.append(
                {
                    "table": stored.id,
                    "game": stored.game,
                    "status": "open" if open_seats else "running",
                    "open_seats": open_seats,
                    "seats": [{"seat": r.seat, "kind": r.kind, "name": r.name} for r in stored.seats],
                    "version": stored.version,
                }
            )
        return listed

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, authorization: Auth = None) -> dict[str, Any]:
        live = await hall.find(table_id)
        return live.snapshot(await live.authorize(_token(authorization)))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: Join) -> dict[str, Any]:
        seat, token = await hall.join(table_id, body.seat, body.name)
        return {"table": table_id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/actions")
    async def play(table_id: str, body: Play, authorization: Auth = None) -> dict[str, Any]:
        live = await hall.find(table_id)
        seat = await live.authorize(_token(authorization))
        if seat is None:
            raise Forbidden("playing needs a seat token")
        await live.arrive(seat)  # a person playing is here: their stand-in, if any, stops
        accepted = await live.submit(seat, body.action)
        return {"news": live.table.news(accepted, seat), "state": live.snapshot(seat)}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(
        table_id: str, seat: int, body: HandOver, authorization: Auth = None
    ) -> dict[str, Any]:
        live = await hall.find(table_id)
        row = await live.hand_to_bot(await live.authorize(_token(authorization)), seat, body.bot)
        return {"table": table_id, "seat": row.seat, "kind": row.kind, "name": row.name}

    @app.get("/api/tables/{table_id}/board.svg", response_class=Response)
    async def board(table_id: str, authorization: Auth = None) -> Response:
        """The board as the token's seat sees it (a spectator without token), drawn by the
        game's SVG renderer from that seat's view alone."""
        live = await hall.find(table_id)
        seat = await live.authorize(_token(authorization))
        return Response(
            live.board_svg(seat), media_type="image/svg+xml", headers={"Cache-Control": "no-store"}
        )

    @app.get("/api/tables/{table_id}/help")
    async def phase_help(table_id: str, lang: Language = "en", authorization: Auth = None) -> dict[str, Any]:
        """What the token's seat may type in the phase it is in, in words (the game's
        ``phase_help`` of that seat's view, in ``lang``); ``help`` is null when the legal
        actions say enough, and for a spectator, who types nothing."""
        live = await hall.find(table_id)
        seat = await live.authorize(_token(authorization))
        table = live.table
        text = None if seat is None else table.game.phase_help(table.state.view(seat), lang)
        return {"version": table.version, "lang": lang, "help": text}

    @app.get("/api/games/{game_id}/picture.svg", response_class=Response)
    async def picture(game_id: str) -> Response:
        """A picture of the game (its board at the start, as a spectator sees it)."""
        svg = await asyncio.to_thread(_picture, games.get(game_id).id)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str, lang: str = Query("en", max_length=8)) -> dict[str, Any]:
        """A game's rules summary as HTML (``lang``: en or fr)."""
        game = games.get(game_id)
        return {"game": game.id, "lang": lang, "html": _markdown(game.rules_summary(lang))}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        stored = await hall.stored_over(table_id)
        if stored.outcome is None:
            raise HTTPException(409, "the game is not over: its record is shown once it ends")
        return stored.record().to_dict()

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(
        socket: WebSocket,
        table_id: str,
        token: str | None = Query(None),
        since: int | None = Query(None),
        sentences: bool = Query(False),
        lang: str = Query("en", max_length=8),
    ) -> None:
        # a language the games do not speak gets English: a socket is not refused for a word
        await _serve_socket(hall, socket, table_id, token, since, sentences, "fr" if lang == "fr" else "en")


PAGE_HEADERS = {
    # the pages' own scripts only: a name or reason shown as text can never become code, and
    # the boards' SVG (drawn by the server) carries no script that would run
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def _pages(app: FastAPI, hall: Hall) -> None:
    """The browser pages (:mod:`robotable.web`): the lobby at ``/``, a table at ``/tables/ID``,
    a finished game's replay at ``/tables/ID/replay``."""
    from starlette.staticfiles import StaticFiles

    static = resources.files("robotable.web") / "static"
    app.mount("/static", StaticFiles(packages=[("robotable.web", "static")]), name="static")
    # read once: the pages are the package's own files, the same for every visitor
    page = {name: static.joinpath(f"{name}.html").read_text("utf-8") for name in ("lobby", "table", "replay")}

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return HTMLResponse(page["lobby"], headers=PAGE_HEADERS)

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return HTMLResponse(page["table"], headers=PAGE_HEADERS)

    @app.get("/replay", include_in_schema=False)
    @app.get("/tables/{table_id}/replay", include_in_schema=False)
    async def replay_page(table_id: str = "") -> Response:
        return HTMLResponse(page["replay"], headers=PAGE_HEADERS)

    @app.get("/api/tables/{table_id}/replay/{number}")
    async def replay_step(
        table_id: str, number: int, seat: int | None = Query(None), lang: Language = "en"
    ) -> dict[str, Any]:
        """A finished game after its first ``number`` actions as ``seat`` saw it (a spectator
        without): its view, its drawing and the news of action ``number`` with the events'
        sentences. Given once the game is over, like its record."""
        stored = await hall.stored_over(table_id)
        if stored.outcome is None:
            raise HTTPException(409, "the game is not over: its replay is shown once it ends")
        names = [row.name for row in stored.seats]
        return await asyncio.to_thread(_replay_step, stored.record(), names, number, seat, lang)

    body_schema = {"content": {"application/json": {"schema": ReplayStep.model_json_schema()}}}

    @app.post("/api/replays/step", openapi_extra={"requestBody": body_schema})
    async def replay_uploaded(request: Request) -> dict[str, Any]:
        """A step of a record sent by the page (a file the person chose): nothing is stored; the
        record is checked as ``robotable replay`` checks it, action by action up to ``number``."""
        try:  # read here, not by FastAPI: a record is validated once, from its bytes
            body = ReplayStep.model_validate_json(await request.body())
        except ValidationError as exc:
            raise RequestValidationError(exc.errors()) from None
        record = Record.from_dict(body.record, source="the record")
        if len(record.actions) > MAX_RECORD_ACTIONS:
            raise HTTPException(413, f"a record of at most {MAX_RECORD_ACTIONS} actions")
        refuse_file_options(record.options)  # before the options are read: they might name a file
        await asyncio.to_thread(games.replay, record, stop_after=0)  # game, rules version, options
        names = [SEAT[body.lang].format(seat=seat) for seat in range(len(record.seats))]
        return await asyncio.to_thread(_replay_step, record, names, body.number, body.seat, body.lang)


def _replay_step(
    record: Record, names: list[str], number: int, seat: int | None, lang: str = "en"
) -> dict[str, Any]:
    """Replays a record to action ``number`` (every step from the start: a game has at most a
    few thousand actions, replayed in milliseconds)."""
    from robotable.play.table import Table
    from robotable.play.words import seat_namer, with_sentences

    if not 0 <= number <= len(record.actions):
        raise HTTPException(400, f"action {number} is not in this game: it has {len(record.actions)}")
    if seat is not None and not 0 <= seat < len(record.seats):
        raise HTTPException(400, f"seat {seat} is not at this table: it has {len(record.seats)}")
    game = games.get(record.game)
    table = Table(game, record.options, seed=record.seed, seats=record.seats)
    for acting, text in record.actions[:number]:
        table.submit(acting, text, 0.0)  # the clock's own actions are in the record

    news = None
    if number:
        told = table.news(table.history[number - 1], seat)
        news = with_sentences(game, told, seat_namer(names, lang), lang)
    view = table.state.view(seat)
    outcome = table.outcome()
    return {
        "number": number,
        "actions": len(record.actions),
        "seat": seat,
        "seats": [{"seat": i, "kind": kind, "name": names[i]} for i, kind in enumerate(record.seats)],
        "view": view,
        "news": news,
        "board": game.render_svg(view),
        "outcome": outcome.to_dict() if outcome is not None else None,
    }


@functools.cache
def _picture(game_id: str) -> str:
    """A game's board as anyone sees it at the start of a game with the default options."""
    game = games.get(game_id)
    from robotable.play.table import Table

    table = Table(game, game.validate_options({}), seed=1, seats=["human"] * max(game.min_seats, 2))
    return game.render_svg(table.state.view(None))


def _markdown(text: str) -> str:
    """Markdown to HTML, raw HTML in it escaped (markdown-it-py comes with Rich)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)


# --------------------------------------------------------------------------- the WebSocket protocol


async def _serve_socket(
    hall: Hall,
    socket: WebSocket,
    table_id: str,
    token: str | None,
    since: int | None,
    sentences: bool,
    lang: str = "en",
) -> None:
    await socket.accept()
    try:
        live = await hall.find(table_id)
        seat = await live.authorize(token)
    except (TableNotFound, Forbidden) as exc:
        code = "not_found" if isinstance(exc, TableNotFound) else "forbidden"
        await socket.send_json(_error(code, str(exc)))
        await socket.close(code=1008, reason=str(exc)[:120])
        return
    connection = None
    try:  # from here on, however the client goes (even mid-greeting), its leaving is counted
        await live.arrive(seat)  # a person back takes their seat from its stand-in
        connection = live.connect(seat, sentences=sentences, lang=lang)
        greeting = _greeting(live, connection, since)
        try:
            for message in greeting:
                await socket.send_json(message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # closed during the greeting: nothing more to send
        writer = asyncio.create_task(_write(socket, connection.queue))
        try:
            await _read(socket, live, connection.seat, connection)
        finally:
            await _finish_writing(writer, connection)
    finally:
        if connection is not None:
            live.connections.discard(connection)
        live.left(seat)
        hall.forget_if_over(live)


def _greeting(live: LiveTable, connection: Connection, since: int | None) -> list[dict[str, Any]]:
    """``hello``, what was missed since ``since``, and the state. Made in the same step as the
    connection (no await in between), so every update queued after it is newer than its state:
    a client never gets an action twice."""
    seat, lang = connection.seat, connection.lang
    greeting: list[dict[str, Any]] = [{"type": "hello", "protocol": PROTOCOL, "table": live.id, "seat": seat}]
    if since is not None:
        news = live.missed(seat, since, sentences=connection.sentences, lang=lang)
        greeting.append({"type": "missed", "news": news})
    greeting.append({"type": "state", "state": live.snapshot(seat)})
    return greeting


async def _finish_writing(writer: asyncio.Task[None], connection: Connection) -> None:
    """Let the writer send what is queued (a ``closing``, say), then stop it."""
    with contextlib.suppress(asyncio.QueueFull):
        connection.queue.put_nowait(None)
    try:
        await asyncio.wait_for(writer, 2.0)
    except (TimeoutError, asyncio.CancelledError, Exception):  # a gone client: nothing to finish
        writer.cancel()


async def _write(socket: WebSocket, queue: asyncio.Queue[str | None]) -> None:
    while (message := await queue.get()) is not None:
        await socket.send_text(message)
    with contextlib.suppress(Exception):
        await socket.close(code=1008, reason="closed by the server")


async def _read(socket: WebSocket, live: LiveTable, seat: int | None, connection: Any) -> None:
    bucket = _Bucket(RATE, BURST)
    errors = 0
    while True:
        try:
            text = await socket.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return  # closed, or a binary frame (not this protocol)
        if connection not in live.connections:
            return  # dropped by the server (its seat handed to a bot, too slow): not one more action
        reply = await _handle(text, live, seat, bucket)
        if reply.get("type") == "error":
            errors += 1
        if not connection.send(reply):
            return
        if errors >= MAX_ERRORS:
            live.drop(connection, "errors", f"{MAX_ERRORS} refused messages")
            return


async def _handle(text: str, live: LiveTable, seat: int | None, bucket: _Bucket) -> dict[str, Any]:
    """One client message: its answer (the accepted action's update goes to everyone)."""
    if not bucket.take():
        return _error("rate", f"too many messages (at most {RATE:g} a second)")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return _error("too_long", f"message too long (at most {MAX_MESSAGE} bytes)")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: [[[[... nested past Python's limit
        return _error("not_json", "not JSON")
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return _error("malformed", 'a message is a JSON object with a "type"')
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong", "now": live.hall.clock()}
    if kind == "state":
        return {"type": "state", "state": live.snapshot(seat)}
    if kind != "action":
        return _error("unknown_type", f"unknown message type {kind[:40]!r} (action, state, ping)")
    action = message.get("action")
    if not isinstance(action, str):
        return _error("malformed", 'an action message has "action": the notation as text')
    seen = message.get("version")
    if seen is not None and (type(seen) is not int or not 0 <= seen <= 2**31):
        return _error("malformed", '"version" is the whole number of a state the client was sent')
    if seat is None:
        return {"type": "refused", "action": action[:200], "reason": "spectators cannot play"}
    try:
        accepted = await live.submit(seat, action)
    except RobotableError as exc:  # the game's reason, or the store's: nothing was changed
        return {"type": "refused", "action": action[:200], "reason": _refusal(exc, seen, live.table.version)}
    except Exception:  # a bug in a game must not end the connection, nor the table
        log.exception("table %s: seat %s sent %r", live.id, seat, action[:200])
        return _error("server_failed", "the server failed on this action (a bug, logged); nothing changed")
    return {"type": "accepted", "number": accepted.number}


def _error(code: str, reason: str) -> dict[str, Any]:
    """An ``error`` answer: ``code`` is a stable word a page can say in its own language
    (docs/protocol.md lists them), ``reason`` the sentence in English."""
    return {"type": "error", "code": code, "reason": reason}


def _refusal(exc: RobotableError, seen: int | None, version: int) -> str:
    """The game's reason, and whether the table moved on since the state the client saw."""
    if seen is None or seen == version:
        return str(exc)
    return f"{exc} (the table has moved on since version {seen}: it is at version {version})"


class _Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
