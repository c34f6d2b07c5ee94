"""People playing Ricochet over HTTP for the server's process tests: each seat at its own
server process (or the same one), choosing what the perfect bot would."""

from __future__ import annotations

import threading
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


class HttpPerson:
    """Plays seat 0 of a Robotick table against two easy bots over HTTP, the first legal action each
    time, on its own thread (``thread``), until the game ends or ``stop``; every action the server
    answered is noted. ``table`` and ``token``: an existing table's seat, else a new table with
    ``hangars`` (4: a short game)."""

    def __init__(
        self,
        server: process.Server,
        seed: int,
        *,
        hangars: int = 4,
        table: str | None = None,
        token: str | None = None,
    ) -> None:
        if table is None:
            seats = ["human", "bot:easy", "bot:easy"]
            body = {
                "game": "robotick",
                "seats": seats,
                "seed": seed,
                "timers": False,
                "options": {"hangars": hangars},
            }
            created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
            table, token = created["table"], created["token"]
        self.server, self.table, self.token = server, table, token
        self.headers = {"Authorization": f"Bearer {token}"}
        self.acknowledged: list[str] = []
        self.failures: list[str] = []
        self.unanswered: list[str] = []
        """Actions whose connection a stopping worker closed before answering: stored or not."""
        self.outcome: Any = None
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._play, daemon=True)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(30)

    def _play(self) -> None:
        deadline = time.monotonic() + 120
        url = f"{self.server.url}/api/tables/{self.table}"
        while self.outcome is None and time.monotonic() < deadline and not self.stopping.is_set():
            try:
                state = httpx.get(url, headers=self.headers, timeout=30).json()
            except httpx.TransportError:  # caught by a stopping worker before it read it: again
                continue
            self.outcome = state["outcome"]
            if self.outcome is None and 0 in state["to_act"] and state["legal"]:
                self._act(url, state["legal"][0])
            time.sleep(0.02)

    def _act(self, url: str, action: str) -> None:
        try:
            played = httpx.post(f"{url}/actions", json={"action": action}, headers=self.headers, timeout=30)
        except httpx.TransportError:  # no answer (a page says so and its person plays again)
            self.unanswered.append(action)
            return
        if played.status_code == 200:  # answered, whichever worker took it
            self.acknowledged.append(action)
        else:
            self.failures.append(played.text)
