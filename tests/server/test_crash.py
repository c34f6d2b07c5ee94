"""Issue 13, no game ever lost: ``robotable serve`` killed with ``kill -9`` mid-game, with the
sand timer running, then started again on the same SQLite file: every accepted action is
there, the timer resumes from its stored deadline, and the game plays on to its end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.game import Turn, Wait
from robotable.core.records import Record

from . import process

RICOCHET = games.get("ricochet")
OPTIONS = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 2.0, "demo_timeout_s": 30.0}


class People:
    """Two people at one table, each with a token, choosing what the perfect bot would."""

    def __init__(self, server: process.Server, table: str, tokens: list[str]) -> None:
        self.server, self.table, self.tokens = server, table, tokens
        self.minds = [RICOCHET.bots()["perfect"]() for _ in tokens]
        self.accepted: list[tuple[int, str]] = []

    def state(self, seat: int) -> dict[str, Any]:
        return self._call("GET", f"/api/tables/{self.table}", seat).json()

    def play_until(self, done: Any, deadline_s: float = 45.0) -> dict[str, Any]:
        """Act for whichever seat may, until ``done(state)``; the last state."""
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

    def _act(self, seat: int, state: dict[str, Any]) -> None:
        legal = [RICOCHET.parse_action(a) for a in state["legal"]]
        choice = self.minds[seat].act(Turn(seat, state["view"], legal, RICOCHET, state["now"]))
        if isinstance(choice, Wait):
            return
        answer = self._call("POST", f"/api/tables/{self.table}/actions", seat, json={"action": str(choice)})
        if answer.status_code == 200:
            self.accepted.append((seat, str(choice)))

    def _call(self, method: str, path: str, seat: int, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        return httpx.request(method, self.server.url + path, headers=headers, timeout=30, **kwargs)


@pytest.mark.timeout(120)
def test_kill_9_mid_game_loses_no_accepted_action(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    body = {"game": "ricochet", "seats": ["human", "human"], "options": OPTIONS, "seed": 8}
    first = process.start(url, tmp_path)
    try:
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        people = People(first, created["table"], [created["token"], created["invites"]["1"]])
        before = people.play_until(lambda s: s["version"] >= 2)  # both bid: the sand is running
        assert before["timers"] and before["view"]["phase"] == "countdown"
    finally:
        process.kill(first)
    assert first.process.returncode == -9

    second = process.start(url, tmp_path)
    try:
        people.server = second
        after = people.state(0)
        assert after["version"] >= before["version"] == 2  # nothing lost
        if after["version"] == before["version"]:  # else the sand ran out while it was down
            assert after["timers"] == before["timers"]  # the same deadline, from the stored times
        over = people.play_until(lambda s: s["outcome"] is not None)
        record = Record.from_dict(
            httpx.get(f"{second.url}/api/tables/{people.table}/record", timeout=30).json()
        )
    finally:
        process.stop(second)
    played = [action for action in record.actions if action[0] != -1]
    assert played == people.accepted, "every accepted action, in order, and nothing else from the people"
    assert record.actions[:2] == people.accepted[:2]
    assert games.replay(record).outcome().to_dict() == over["outcome"] == record.outcome.to_dict()
