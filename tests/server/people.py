"""People playing Ricochet over HTTP for the server's process tests: each seat at its own
server process (or the same one), choosing what the perfect bot would."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from robotable import games
from robotable.core.game import Turn, Wait

from . import process

RICOCHET = games.get("ricochet")
State = dict[str, Any]


class RicochetPeople:
    """Two people, each at their own server process, choosing what the perfect bot would."""

    def __init__(self, servers: list[process.Server], table: str, tokens: list[str]) -> None:
        self.servers, self.table, self.tokens = servers, table, tokens
        self.minds = [RICOCHET.bots()["perfect"]() for _ in tokens]
        self.accepted: list[tuple[int, str]] = []

    def state(self, seat: int) -> State:
        return self._call("GET", f"/api/tables/{self.table}", seat).json()

    def play_until(self, done: Callable[[State], bool], deadline_s: float = 60.0) -> State:
        deadline = time.monotonic() + deadline_s
        while time.monotonic() < deadline:
            for seat in range(len(self.tokens)):
                state = self.state(seat)
                if done(state):
                    return state
                if seat in state["to_act"] and state["legal"]:
                    self._act(seat, state)
            time.sleep(0.05)
        raise AssertionError("the game did not get there in time")

    def _act(self, seat: int, state: State) -> None:
        legal = [RICOCHET.parse_action(a) for a in state["legal"]]
        choice = self.minds[seat].act(Turn(seat, state["view"], legal, RICOCHET, state["now"]))
        if isinstance(choice, Wait):
            return
        answer = self._call("POST", f"/api/tables/{self.table}/actions", seat, json={"action": str(choice)})
        if answer.status_code == 200:
            self.accepted.append((seat, str(choice)))

    def _call(self, method: str, path: str, seat: int, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        return httpx.request(method, self.servers[seat].url + path, headers=headers, timeout=30, **kwargs)
