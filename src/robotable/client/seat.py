"""Playing one seat over the protocol's WebSocket (docs/protocol.md, "The WebSocket").

The client keeps the latest ``state`` and asks its bot only when that state lets the seat act,
once per state, and never while an action it sent is still unanswered: in a simultaneous phase
another seat's action brings a new state before ours is accepted, and deciding on it would
play twice. A lost connection is opened again with ``since`` (the last version seen), so nothing
is missed; a server that is stopping is waited for the same way.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import websockets
from websockets.asyncio.client import ClientConnection

from robotable.client.bot import Bot
from robotable.core.errors import RobotableError

log = logging.getLogger("robotable.client")

REFUSALS_PER_STATE = 3
"""Refused answers to one state before the bot is taken for broken (its choice never changes)."""
SEND_SPACING = 1 / 15
"""Seconds between two actions sent: under the server's 20 messages a second per connection
(docs/protocol.md, "Limits"), so a quick bot in a long programming phase is never refused."""
RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
"""Seconds before each new try of a lost connection; then the client gives up."""


class SeatError(RobotableError):
    """The seat cannot be played: an unknown table, a token that is not this table's, a seat
    handed to a bot, a bot whose answers are refused again and again, or a server gone.
    ``status``: the HTTP status of a refusal (None: no answer at all)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class SeatAddress:
    """Where a seat is: the server's address (``http://host:port``), the table and the seat's
    token; ``bot_token``: the bot account's, when the seat is held by one (docs/bots.md)."""

    server: str
    table: str
    token: str | None
    """None: a seat the bot account holds, found by ``bot_token`` alone."""
    bot_token: str | None = None

    def headers(self) -> dict[str, str]:
        return {} if self.bot_token is None else {"Bot-Token": self.bot_token}

    def socket_url(self, since: int | None) -> str:
        parts = urlsplit(self.server)
        scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
        query = ({} if self.token is None else {"token": self.token}) | (
            {} if since is None else {"since": since}
        )
        path = f"{parts.path.rstrip('/')}/ws/tables/{self.table}"
        return urlunsplit((scheme, parts.netloc, path, urlencode(query), ""))


@dataclass
class _Seat:
    """What the client knows of its seat between messages."""

    bot: Bot
    latest: dict[str, Any] | None = None
    pending: bool = False  # an action sent and not answered yet
    answered: int | None = None  # the version the bot last decided on
    refusals: dict[int, int] = field(default_factory=dict)
    wake_in: float | None = None  # the bot waits: ask it again after this many seconds
    last_sent: float = 0.0  # the event loop's time of the last action sent

    @property
    def version(self) -> int | None:
        return None if self.latest is None else self.latest["version"]

    def should_ask(self) -> bool:
        state = self.latest
        if state is None or self.pending or state["outcome"] is not None:
            return False
        return state["seat"] in state["to_act"] and bool(state["legal"]) and self.answered != state["version"]


async def play_seat(address: SeatAddress, bot: Bot) -> dict[str, Any]:
    """Play the seat with ``bot`` until the game ends; the outcome (``scores``, ``ranks``, ``detail``)."""
    seat = _Seat(bot)
    tries = 0
    while True:
        try:
            url, headers = address.socket_url(seat.version), address.headers()
            async with websockets.connect(url, additional_headers=headers, max_size=2**23) as socket:
                outcome = await _converse(socket, seat)
                tries = 0
        except (OSError, websockets.ConnectionClosedError, websockets.InvalidStatus, TimeoutError) as exc:
            if tries >= len(RETRY_DELAYS):
                raise SeatError(f"the server at {address.server} cannot be reached: {exc}") from exc
            log.info("connection lost (%s): trying again in %.1f s", exc, RETRY_DELAYS[tries])
            await asyncio.sleep(RETRY_DELAYS[tries])
            tries += 1
            continue
        if outcome is not None:
            bot.game_over(outcome)
            return outcome
        await asyncio.sleep(RETRY_DELAYS[0])  # the server closed it (stopping): open it again


async def _converse(socket: ClientConnection, seat: _Seat) -> dict[str, Any] | None:
    """Messages until the game's outcome (returned) or the connection's end (None)."""
    while True:
        try:
            async with asyncio.timeout(seat.wake_in):
                raw = await socket.recv()
        except TimeoutError:  # the bot asked to be asked again
            seat.wake_in, seat.answered = None, None
            await _ask(socket, seat)
            continue
        except websockets.ConnectionClosedOK:
            return None
        message = json.loads(raw)
        outcome = _read(message, seat)
        if outcome is not None:
            return outcome
        await _ask(socket, seat)


def _read(message: dict[str, Any], seat: _Seat) -> dict[str, Any] | None:
    """Take in one message; the outcome once the game is over."""
    kind = message.get("type")
    if kind == "hello" and message.get("seat") is None:
        raise SeatError("this token holds no seat at the table (a spectator cannot play)")
    if kind in ("state", "update"):
        seat.latest, seat.wake_in = message["state"], None
        return seat.latest["outcome"]
    if kind == "accepted":
        seat.pending = False
    elif kind == "refused":
        _refused(message, seat)
    elif kind == "error" and message.get("code") in ("not_found", "forbidden"):
        raise SeatError(f"the server refused the seat: {message.get('reason')}")
    elif kind == "error":  # our last message was not taken (too fast, too long): asked again later
        log.warning("the server answered an error: %s", message.get("reason"))
        seat.pending, seat.answered, seat.wake_in = False, None, 1.0
    elif kind == "closing" and message.get("code") != "stopping":
        raise SeatError(f"the server closed the seat's connection: {message.get('reason')}")
    return None


def _refused(message: dict[str, Any], seat: _Seat) -> None:
    seat.pending = False
    if "behind" in message:  # chosen on a state the table has left: the new one is asked
        return
    version = seat.version or 0
    seat.refusals[version] = seat.refusals.get(version, 0) + 1
    reason = message.get("reason") or message.get("code")
    if seat.refusals[version] >= REFUSALS_PER_STATE:
        raise SeatError(
            f"{seat.bot.name} played {message.get('action')!r}, refused {REFUSALS_PER_STATE} times: {reason}"
        )
    log.warning("%s played %r, refused: %s; asking again", seat.bot.name, message.get("action"), reason)
    seat.answered = None


async def _ask(socket: ClientConnection, seat: _Seat) -> None:
    """Ask the bot when the latest state lets the seat act; send its answer."""
    if not seat.should_ask():
        return
    state = seat.latest
    assert state is not None
    seat.answered = state["version"]
    choice = await asyncio.to_thread(seat.bot.act_on, state)  # the connection stays alive meanwhile
    if choice is None:
        seat.wake_in = seat.bot.wait_seconds()
        return
    seat.pending = True
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, seat.last_sent + SEND_SPACING - loop.time()))
    seat.last_sent = loop.time()
    await socket.send(json.dumps({"type": "action", "action": choice, "version": state["version"]}))


def play(address: SeatAddress, bot: Bot) -> dict[str, Any]:
    """:func:`play_seat` for a program that is not async."""
    return asyncio.run(play_seat(address, bot))
