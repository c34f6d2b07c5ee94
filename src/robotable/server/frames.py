"""The messages waiting for one WebSocket connection, written to its socket at once.

A connection's writer (:func:`robotable.server.sockets._write`) often finds several messages
waiting when it wakes: the updates of the actions one commit stored, the ``accepted`` of its
seat's own action. Under ``benchmarks/server_load.py``'s 100 DR2D clients it finds 2.4 on
average, four for two thirds of the messages. Sent one ASGI message at a time, each is a write
of its own to the socket (a system call, and on loopback the kernel's delivery to the reader):
a quarter of the server's event loop (issue 31, the latency goal).

ASGI has no message for several frames. So, behind uvicorn's WebSocket protocol made on
websockets' sans-I/O implementation (uvicorn's default), :class:`Frames` has the connection's
own protocol object make each message's frame exactly as its ``send`` does, in order (compressed
the same when the connection asked for it), and writes them with one call. The bytes on the wire
are the same; only the writes are fewer. Under any other server or protocol (the tests'
``TestClient``, ``--ws wsproto``), or when the connection is anything but open, each message is
sent through ASGI as before, which also says what is wrong (a closed connection raises).

:class:`RawSend`, the outermost ASGI layer, keeps each WebSocket's server ``send`` in its scope
for that (the layers in between only ever change an ``accept`` or an HTTP answer).
"""

from __future__ import annotations

from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState
from websockets.exceptions import InvalidState

SEND = "robotable.server_send"
"""The scope's key of the server's own ``send`` (:class:`RawSend`)."""
PROTOCOL_PARTS = (
    "writable",
    "disconnected",
    "close_sent",
    "handshake_complete",
    "initial_response",
    "conn",
    "transport",
)
"""What :class:`Frames` reads of uvicorn's protocol object (a uvicorn without one: ASGI's way)."""


class RawSend:
    """The outermost ASGI layer: a WebSocket's scope keeps the server's ``send``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope[SEND] = send
        await self.app(scope, receive, send)


def _sans_io_protocol(socket: WebSocket) -> Any | None:
    """The connection's uvicorn protocol object when it is the sans-I/O one, else None."""
    send = socket.scope.get(SEND)
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:  # another uvicorn: one message a call
        return None
    protocol = getattr(send, "__self__", None)
    if not isinstance(protocol, WebSocketsSansIOProtocol):
        return None
    if getattr(send, "__func__", None) is not WebSocketsSansIOProtocol.send:
        return None
    return protocol if all(hasattr(protocol, name) for name in PROTOCOL_PARTS) else None


class Frames:
    """Sends a connection's waiting messages in one write when its server allows it."""

    joined = 0
    """Writes of several messages at once in this process (its tests check the way is taken)."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.protocol = _sans_io_protocol(socket)

    @property
    def joins(self) -> bool:
        """Whether several messages can go in one write (else :meth:`send` sends them one by one)."""
        return self.protocol is not None

    async def send(self, texts: list[str]) -> None:
        """Send ``texts`` in order: in one write, or one ASGI message each."""
        protocol = self.protocol
        if protocol is None or len(texts) == 1 or self.socket.application_state != WebSocketState.CONNECTED:
            await self._one_by_one(texts)
            return
        await protocol.writable.wait()  # the transport's buffer below its high mark, as for a send
        if protocol.disconnected or protocol.close_sent or not protocol.handshake_complete:
            await self._one_by_one(texts)  # which raises as the server's send does
            return
        if protocol.initial_response is not None:
            await self._one_by_one(texts)
            return
        try:
            for text in texts:  # no await from the checks to the write: nothing changes between
                protocol.conn.send_text(text.encode())
        except InvalidState:  # closing: as the server's send says it
            self.socket.application_state = WebSocketState.DISCONNECTED
            raise WebSocketDisconnect(code=1006) from None
        protocol.transport.write(b"".join(protocol.conn.data_to_send()))
        Frames.joined += 1

    async def _one_by_one(self, texts: list[str]) -> None:
        for text in texts:
            await self.socket.send_text(text)
