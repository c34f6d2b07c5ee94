"""The WebSocket protocol (version 1, ``docs/protocol.md``): one connection's life, and the
table's audience made of connections.

A connection is greeted (``hello``, what it missed, its state), then served by two tasks: a
reader that answers each client message in turn (rate-limited; hostile input answered with an
``error`` and a stable code, never a crash) and a writer that sends what is queued for it.
What the table tells its seats reaches the connections through :class:`Connections`, the
table's :class:`~robotable.server.live.Audience`: each message is made once per seat, encoded
once per seat and wording, its events worded for the connections that asked for sentences,
and queued; a connection that falls too far behind is closed with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson
from fastapi import FastAPI, Query, WebSocket, WebSocketDisconnect

from robotable.core.errors import RobotableError
from robotable.core.game import Seat
from robotable.play.words import seat_namer, with_sentences
from robotable.server.chat import ChatRefused, refusal_message
from robotable.server.hall import Hall, TableNotFound
from robotable.server.limits import Bucket
from robotable.server.live import Forbidden, LiveTable, Message, SpectatorCannotPlay
from robotable.server.quotas import OverQuota
from robotable.server.seat_keys import SignedSocket, socket_holder

log = logging.getLogger("robotable.server")

PROTOCOL = 1
MAX_MESSAGE = 4096
"""Bytes in one client message; an action's notation is a few dozen."""
RATE = 20.0
"""Messages a second one connection may send, on average (bursts of :data:`BURST`)."""
BURST = 40
MAX_ERRORS = 20
"""Refused messages (malformed, unknown, too fast) before the server closes the connection."""
QUEUE_LIMIT = 256
"""Messages waiting for one connection; a client that falls this far behind is dropped."""
MAX_ACTION_ECHO = 200
"""Characters of a client's action said back in a ``refused`` (or logged)."""


# --------------------------------------------------------------------------- connections


@dataclass(eq=False)  # each connection is itself, kept in a set
class Connection:
    """One client of a table: its seat (``None``: a spectator) and its outgoing messages, as
    JSON text (an update is encoded once for every connection of its seat and wording)."""

    seat: Seat | None
    sentences: bool = False
    """Whether its news carry each event's sentence (asked for by the browser page)."""
    lang: str = "en"
    """The language of those sentences (``en`` or ``fr``)."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    closed: bool = False
    """Closed by the server (its seat handed to a bot, too slow, too many errors): its reader
    takes no more messages."""
    account: int | None = None
    """The account whose cookie found its seat (None: a token's seat, or a spectator)."""
    session: str | None = None
    """That cookie's session (its token's hash): its sign-out closes the connection."""

    def send(self, message: Message) -> bool:
        """Queue a message; False when the client is too slow and must be dropped."""
        return self.send_text(encode(message))

    def send_text(self, text: str) -> bool:
        """Queue a message already encoded; False as for :meth:`send`."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True


def encode(message: Message) -> str:
    """A message as sent: compact JSON (orjson: about six times faster than the standard
    library on a view, and every update is one per seat)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Connections:
    """The connections of one table: the server's :class:`~robotable.server.live.Audience`."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self.open: set[Connection] = set()

    def add(
        self,
        seat: Seat | None,
        *,
        sentences: bool = False,
        lang: str = "en",
        signed: SignedSocket | None = None,
    ) -> Connection:
        connection = Connection(seat, sentences=sentences, lang=lang)
        person = self.live.person_at(seat)
        if signed is not None and person is not None and person.account == signed.holder.account:
            # the account's seat: its session's end closes the connection
            connection.account, connection.session = signed.holder.account, signed.session
        self.open.add(connection)
        return connection

    def close_signed_out(self, account: int, session: str | None = None) -> None:
        """End the connections whose seat the account's cookie found (only ``session``'s, when
        given): that session, or all of them, ended."""
        for connection in [c for c in self.open if c.account == account]:
            if session is None or connection.session == session:
                self.close(connection, "signed_out", "you signed out: this page no longer shows your seat")

    def remove(self, connection: Connection) -> None:
        """A connection that ended (its client left, or the server closed it)."""
        self.open.discard(connection)

    # ------------------------------------------------------------------ the audience

    def here(self) -> set[Seat | None]:
        return {connection.seat for connection in self.open}

    def send_to_all(self, message_for: Callable[[Seat | None], Message]) -> None:
        made: dict[Seat | None, Message] = {}
        texts: dict[tuple[Seat | None, str | None], str] = {}  # by seat and wording
        for connection in list(self.open):
            seat = connection.seat
            key = (seat, connection.lang if connection.sentences else None)
            if key not in texts:
                if seat not in made:
                    made[seat] = message_for(seat)
                texts[key] = encode(self.worded(made[seat], connection))
            if not connection.send_text(texts[key]):
                self.close(connection, "too_slow", "too slow: messages were piling up")

    def close_seat(self, seat: Seat, code: str, reason: str) -> None:
        for connection in [c for c in self.open if c.seat == seat]:
            self.close(connection, code, reason)

    def close_all(self, code: str, reason: str) -> None:
        for connection in list(self.open):
            self.close(connection, code, reason)

    # ------------------------------------------------------------------ one connection

    def close(self, connection: Connection, code: str, reason: str) -> None:
        """Close a connection, saying why: ``code`` a stable word, ``reason`` in English."""
        self.open.discard(connection)
        connection.closed = True
        if connection.queue.maxsize - connection.queue.qsize() < 2:
            # a client this far behind would never reach its closing: what waits is dropped (it
            # reconnects with ``since`` and is told it again), the closing and the end are queued
            while not connection.queue.empty():
                connection.queue.get_nowait()
        with contextlib.suppress(asyncio.QueueFull):
            connection.queue.put_nowait(encode({"type": "closing", "code": code, "reason": reason}))
        with contextlib.suppress(asyncio.QueueFull):
            connection.queue.put_nowait(None)

    def worded(self, message: Message, connection: Connection) -> Message:
        """``message`` as ``connection`` asked for it: the events of its news with their
        sentences (``text``) in its language when it asked for sentences. A sentence is worded
        from the event as this seat sees it and the seats' public names alone: it tells no
        more than its event."""
        if not connection.sentences or message.get("type") not in ("update", "missed"):
            return message
        game, lang = self.live.game, connection.lang
        names = seat_namer(self.live.seat_names(lang), lang)
        news = message["news"]
        if isinstance(news, list):  # missed: every action's news
            told = [with_sentences(game, one, names, lang) for one in news]  # type: ignore[arg-type]
            return {**message, "news": told}  # type: ignore[dict-item]
        return {**message, "news": with_sentences(game, news, names, lang)}  # type: ignore[arg-type]


def connections_of(live: LiveTable) -> Connections:
    """The table's audience as connections: the halls this module serves make them so."""
    audience = live.audience
    if not isinstance(audience, Connections):
        raise TypeError(f"table {live.id} is not heard through WebSockets")
    return audience


# --------------------------------------------------------------------------- a connection's life


def add_socket(app: FastAPI, hall: Hall) -> None:
    """The WebSocket route of the tables."""

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
        await serve(hall, socket, table_id, token, since, sentences, "fr" if lang == "fr" else "en")


class Counted:
    """What a connection counts toward (:mod:`.quotas`): its address from its opening, before
    anything is looked up; a bot account's instead once its token says whose it is (issue 32:
    many bots may run behind one address, and each has its own connections)."""

    def __init__(self, hall: Hall, address: str) -> None:
        self.hall, self.address = hall, address
        self.bot: int | None = None
        hall.quotas.open_socket(address)  # OverQuota: nothing counted

    def as_bot(self, account: int) -> None:
        """Count toward the bot ``account`` from now on, or :class:`OverQuota` (still the address's)."""
        self.hall.quotas.open_bot_socket(account)
        self.hall.quotas.close_socket(self.address)
        self.bot = account

    def release(self) -> None:
        if self.bot is not None:
            self.hall.quotas.close_bot_socket(self.bot)
        else:
            self.hall.quotas.close_socket(self.address)


async def serve(
    hall: Hall,
    socket: WebSocket,
    table_id: str,
    token: str | None,
    since: int | None,
    sentences: bool,
    lang: str = "en",
) -> None:
    """One connection, from its greeting until it ends; counted toward its address's
    connections (:mod:`.quotas`) from before anything is looked up, and refused past them (a
    bot account's connection, once found, toward its bot's instead: :class:`Counted`)."""
    await socket.accept()
    address = socket.client.host if socket.client else ""
    try:
        counted = Counted(hall, address)
    except OverQuota as exc:
        await _refuse(socket, exc)
        return
    try:
        await _serve_counted(hall, socket, table_id, token, since, sentences, lang, counted)
    finally:
        counted.release()


def _bot_opening(socket: WebSocket, signed: SignedSocket) -> None:
    """A bot's connection opening takes one of its token's requests (:mod:`.bot_limits`): a
    program reconnecting in a loop is slowed as one sending requests in a loop; or :class:`OverQuota`."""
    requests = getattr(socket.app.state, "bot_requests", None)
    if requests is None:
        return
    requests.learn(signed.session, signed.holder.account)
    refused = requests.take(signed.session)
    if refused is not None:
        raise refused


async def _refuse(socket: WebSocket, exc: OverQuota) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.send_json({"type": "closing", "code": exc.code, "reason": str(exc), "reason_fr": exc.fr})
        await socket.close(code=1008, reason=str(exc)[:120])


async def _serve_counted(
    hall: Hall,
    socket: WebSocket,
    table_id: str,
    token: str | None,
    since: int | None,
    sentences: bool,
    lang: str,
    counted: Counted,
) -> None:
    try:
        live = await hall.find(table_id)
        signed = await socket_holder(socket)  # with a token too: an account's seat is its own
        if signed is not None and signed.holder.bot:
            _bot_opening(socket, signed)  # an opening is one of its bot's requests
            counted.as_bot(signed.holder.account)  # its bot's connections, not its address's
        seat = await live.authorize(token, None if signed is None else signed.holder.account)
    except OverQuota as exc:
        await _refuse(socket, exc)
        return
    except (TableNotFound, Forbidden) as exc:
        code = "not_found" if isinstance(exc, TableNotFound) else "forbidden"
        await socket.send_json(error(code, str(exc)))
        await socket.close(code=1008, reason=str(exc)[:120])
        return
    live = hall.watched(live)
    connections = connections_of(live)
    connection = None
    try:  # from here on, however the client goes (even mid-greeting), its leaving is counted
        await live.arrive(seat)  # a person back takes their seat from its stand-in
        await live.chat_ready()  # the last messages in memory, for the greeting to read at once
        connection = connections.add(seat, sentences=sentences, lang=lang, signed=signed)
        live.connected(seat)
        messages = greeting(live, connections, connection, since)
        try:
            for message in messages:
                await socket.send_json(message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # closed during the greeting: nothing more to send
        writer = asyncio.create_task(_write(socket, connection.queue))
        try:
            await _read(socket, live, connections, connection, hall.clock)
        finally:
            await _finish_writing(writer, connection)
    finally:
        if connection is not None:
            connections.remove(connection)
        live.left(seat)
        hall.forget_if_over(live)


def greeting(
    live: LiveTable, connections: Connections, connection: Connection, since: int | None
) -> list[Message]:
    """``hello``, what was missed since ``since``, the state, and the chat's last messages
    (``chat_history``, when there are any). Made in the same step as the connection joined (no
    await in between), so every update or chat message queued after it is newer than what it
    holds: a client never gets an action or a message twice."""
    seat = connection.seat
    messages: list[Message] = [{"type": "hello", "protocol": PROTOCOL, "table": live.id, "seat": seat}]
    if since is not None:
        missed: Message = {"type": "missed", "news": live.missed(seat, since)}  # type: ignore[dict-item]
        messages.append(connections.worded(missed, connection))
    messages.append({"type": "state", "state": live.snapshot(seat)})
    if recent := live.chat_history():
        messages.append({"type": "chat_history", "messages": recent})  # type: ignore[dict-item]
    return messages


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


async def _read(
    socket: WebSocket,
    live: LiveTable,
    connections: Connections,
    connection: Connection,
    clock: Callable[[], float],
) -> None:
    bucket = Bucket(RATE, BURST)
    errors = 0
    while True:
        try:
            text = await socket.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return  # closed, or a binary frame (not this protocol)
        if connection.closed:
            return  # closed by the server (its seat handed to a bot, too slow): not one more action
        reply = await _handle(text, live, connection.seat, bucket, clock)
        if reply is None:  # said: the sender hears its message as everyone does
            continue
        if reply.get("type") in ("error", "refused"):
            socket.app.state.metrics.refused(str(reply["code"]))  # the server's /metrics
        if reply.get("type") == "error":
            errors += 1
        if not connection.send(reply):
            return
        if errors >= MAX_ERRORS:
            connections.close(connection, "errors", f"{MAX_ERRORS} refused messages")
            return


async def _handle(
    text: str, live: LiveTable, seat: Seat | None, bucket: Bucket, clock: Callable[[], float]
) -> Message | None:
    """One client message: its answer (the accepted action's update goes to everyone; a message
    said has none but the ``chat`` everyone hears)."""
    if not bucket.take():
        return error("rate", f"too many messages (at most {RATE:g} a second)")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return error("too_long", f"message too long (at most {MAX_MESSAGE} bytes)")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: [[[[... nested past Python's limit
        return error("not_json", "not JSON")
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return error("malformed", 'a message is a JSON object with a "type"')
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong", "now": clock()}
    if kind == "state":
        return {"type": "state", "state": live.snapshot(seat)}
    if kind == "say":
        return await _say(message, live, seat)
    if kind != "action":
        return error("unknown_type", f"unknown message type {kind[:40]!r} (action, say, state, ping)")
    return await _act(message, live, seat)


async def _say(message: dict[str, object], live: LiveTable, seat: Seat | None) -> Message | None:
    """A ``say`` message: nothing (everyone, the sender included, hears the ``chat``), or
    ``chat_refused`` with why (nothing stored or told)."""
    text = message.get("text")
    if not isinstance(text, str):
        return error("malformed", 'a say message has "text": what to say, as text')
    try:
        await live.say(seat, text)
    except ChatRefused as exc:
        return refusal_message(exc)
    except RobotableError as exc:  # the store failed: nothing was said
        log.warning("table %s: a chat message was not stored: %s", live.id, exc)
        return error("server_failed", "the server could not keep this message; nothing was said")
    return None


async def _act(message: dict[str, object], live: LiveTable, seat: Seat | None) -> Message:
    """An ``action`` message: ``accepted``, or ``refused`` with why."""
    action = message.get("action")
    if not isinstance(action, str):
        return error("malformed", 'an action message has "action": the notation as text')
    seen = message.get("version")
    if seen is not None and (type(seen) is not int or not 0 <= seen <= 2**31):
        return error("malformed", '"version" is the whole number of a state the client was sent')
    if seat is None:
        return refused(action, SpectatorCannotPlay("spectators cannot play"))
    try:
        accepted = await live.submit(seat, action)
    except RobotableError as exc:  # the game's reason, or the store's: nothing was changed
        return refused(action, exc, seen=seen, version=live.version)
    except Exception:  # a bug in a game must not end the connection, nor the table
        log.exception("table %s: seat %s sent %r", live.id, seat, action[:MAX_ACTION_ECHO])
        return error("server_failed", "the server failed on this action (a bug, logged); nothing changed")
    return {"type": "accepted", "number": accepted.number}


def error(code: str, reason: str) -> Message:
    """An ``error`` answer: ``code`` is a stable word a page can say in its own language
    (docs/protocol.md lists them), ``reason`` the sentence in English."""
    return {"type": "error", "code": code, "reason": reason}


def refused(action: str, exc: RobotableError, *, seen: int | None = None, version: int = 0) -> Message:
    """A ``refused`` answer. ``code`` and ``params`` say why in a form a page words in its own
    language (``too_late`` with the timer that ran out, ``spectator``; ``illegal``: the game's
    reason, which is only a sentence); ``reason`` is the English sentence and ``reason_fr`` its
    French when the game gave one. ``behind``: the table had moved on since the state the client
    chose on (``seen``), so a page can tell a race from a misclick."""
    answer: Message = {
        "type": "refused",
        "action": action[:MAX_ACTION_ECHO],
        "code": exc.code or "illegal",
        "params": dict(exc.params),  # type: ignore[dict-item]
        "reason": str(exc),
    }
    if exc.fr is not None:
        answer["reason_fr"] = exc.fr
    if seen is not None and seen < version:
        answer["behind"] = {"seen": seen, "version": version}
    return answer


def close_signed_out(hall: Hall, account: int, session: str | None = None) -> None:
    """A session of ``account`` ended (every one of them, without ``session``): the sockets
    whose seat its cookie found are closed, in every table this process holds (a sign-out
    leaves no page showing the seat's hidden view)."""
    for live in [*hall.tables.values(), *hall.finished.kept.values()]:
        audience = live.audience
        if isinstance(audience, Connections):
            audience.close_signed_out(account, session)
