"""Scripted WebSocket clients for the server's tests: a seat that plays a simple fixed policy
and a spectator, each keeping every message it received, in order.

A player has at most one action in flight: it sends one, then waits for ``accepted`` or
``refused`` before it sends another (the ``update`` of its own action comes first: both go
through the connection's one queue). It acts only when its seat is in ``to_act`` and
``legal`` is not empty, on the newest state it has seen.

A :data:`Policy` chooses from the legal actions alone; a :data:`Chooser` (one per connection:
it may remember) sees the whole state, for games no fixed policy finishes (Ricochet: someone
must bid and demonstrate a real solution).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from robotable import games
from robotable.core.game import Turn, Wait

Message = dict[str, Any]
Policy = Callable[[list[str]], str]
Chooser = Callable[[dict[str, Any]], str | None]
"""An action for a whole ``state`` message's state, or None: nothing yet."""


def first_legal(legal: list[str]) -> str:
    return legal[0]


def finishing_first(legal: list[str]) -> str:
    """The first legal action, but one that ends the phase (``submit``) when offered, and
    never one that only undoes (``take``: Delivery's first action would otherwise loop
    placing and taking back the same card forever)."""
    if "submit" in legal:
        return "submit"
    return next((a for a in legal if not a.startswith("take ")), legal[0])


POLICIES: dict[str, Policy] = {"delivery": finishing_first}


def policy_for(game: str) -> Policy:
    return POLICIES.get(game, first_legal)


def bot_chooser(game_id: str, bot: str) -> Chooser:
    """The game's own bot ``bot`` choosing for a person's seat, from what the seat was sent."""
    game = games.get(game_id)
    agent = game.bots()[bot]()

    def choose(state: dict[str, Any]) -> str | None:
        legal = [game.parse_action(a) for a in state["legal"]]
        answer = agent.act(Turn(state["seat"], state["view"], legal, game, state["now"]))
        return None if isinstance(answer, Wait) else str(answer)

    return choose


CHOOSERS: dict[str, Callable[[], Chooser]] = {"ricochet": lambda: bot_chooser("ricochet", "perfect")}
"""Games a fixed policy cannot finish with two people: each connection gets a fresh chooser."""


def chooser_for(game: str) -> Chooser | None:
    make = CHOOSERS.get(game)
    return None if make is None else make()


@dataclass
class Client:
    """One connection's whole conversation."""

    seat: int | None
    received: list[Message] = field(default_factory=list)
    sent: list[Message] = field(default_factory=list)
    error: BaseException | None = None

    def states(self) -> Iterator[dict[str, Any]]:
        for message in self.received:
            if message["type"] in ("state", "update"):
                yield message["state"]

    def outcome(self) -> Any:
        last = None
        for state in self.states():
            last = state
        return None if last is None else last["outcome"]


def socket_path(table: str, token: str | None = None, since: int | None = None) -> str:
    query = [f"token={token}"] if token else []
    if since is not None:
        query.append(f"since={since}")
    return f"/ws/tables/{table}" + ("?" + "&".join(query) if query else "")


def play(
    client: TestClient,
    table: str,
    token: str | None,
    *,
    policy: Policy = first_legal,
    chooser: Chooser | None = None,
    max_messages: int = 5000,
    headers: dict[str, str] | None = None,
) -> Client:
    """Connect (a spectator without token, or the seat of the client's signed-in account),
    play ``policy`` (or ``chooser`` when given) until the outcome, return the conversation."""
    with client.websocket_connect(socket_path(table, token), headers=headers or {}) as socket:
        hello = socket.receive_json()
        talk = Client(hello.get("seat"), [hello])
        choose = chooser or (lambda state: policy(state["legal"]))
        _converse(socket, talk, choose, max_messages)
    return talk


def _converse(socket: Any, talk: Client, choose: Chooser, max_messages: int) -> None:
    latest: dict[str, Any] | None = None
    pending = False  # an action sent, its answer not yet here
    tried_on = -1  # the version of the state a refused action was chosen on
    for _ in range(max_messages):
        message = socket.receive_json()
        talk.received.append(message)
        kind = message["type"]
        if kind in ("state", "update"):
            latest = message["state"]
        elif kind in ("accepted", "refused"):
            pending = False
            if kind == "refused":
                tried_on = latest["version"] if latest else -1
        elif kind == "error" and "too many messages" in message["reason"]:
            pending = False
            time.sleep(0.2)
        elif kind == "closing":
            raise AssertionError(f"the server closed the connection: {message['reason']}")
        if latest is not None and latest["outcome"] is not None and not pending:
            return  # over, and the answer to the last action is in
        if pending or latest is None or talk.seat is None:
            continue
        if talk.seat in latest["to_act"] and latest["legal"] and latest["version"] != tried_on:
            choice = choose(latest)
            if choice is None:
                continue  # nothing yet: asked again on the next message
            action = {"type": "action", "action": choice}
            socket.send_json(action)
            talk.sent.append(action)
            pending = True
    raise AssertionError(f"no outcome after {max_messages} messages")


def play_together(
    client: TestClient,
    table: str,
    tokens: list[str | None],
    policy: Policy,
    *,
    choosers: Callable[[], Chooser | None] | None = None,
    clients: list[TestClient] | None = None,
    headers: dict[str, str] | None = None,
) -> list[Client]:
    """One thread per connection (``None``: a spectator); each plays until the outcome, with
    its own chooser from ``choosers()`` when given, else ``policy``. ``clients``: one per
    connection (each with its own cookies: people signed in), else ``client`` for all."""
    talks: list[Client | None] = [None] * len(tokens)
    failures: list[BaseException] = []

    def run(index: int, token: str | None) -> None:
        try:
            chooser = choosers() if choosers is not None else None
            talking = clients[index] if clients is not None else client
            talks[index] = play(talking, table, token, policy=policy, chooser=chooser, headers=headers)
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i, t), daemon=True) for i, t in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    if failures:
        raise failures[0]
    assert all(t is not None for t in talks), "a client did not finish"
    return [t for t in talks if t is not None]


@dataclass(frozen=True)
class ShortGame:
    """A game with options that end it in a few dozen actions, and the timers it needs."""

    game: str
    options: dict[str, Any]
    timers: bool
    seats: int


SHORT_GAMES = {
    # the sand timer (bid_window_s) must run out for bidding to close: Ricochet needs its clock
    "ricochet": ShortGame(
        "ricochet",
        {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 1.0, "demo_timeout_s": 1.0},
        True,
        2,
    ),
    "dr2d": ShortGame("dr2d", {"turn_limit": 2}, False, 2),
    "delivery": ShortGame("delivery", {"turn_limit": 2}, False, 2),
    "droids": ShortGame("droids", {"scenario": 1, "turn_limit": 3}, False, 2),
    "robotick": ShortGame("robotick", {"hangars": 4}, False, 3),  # its Quick preset's hangars
}
