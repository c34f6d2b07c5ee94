"""Issue 13, no game ever lost, mid-simultaneous-phase: ``robotable serve`` killed with
``kill -9`` while two people are programming in secret (DR2D's registers, Robot Delivery's
face-down cards), one halfway through its program, the other not started, and the
programming timer running; then started again on the same SQLite file.

After the restart every seat (and a spectator) is shown exactly what it was shown before (the
half-made program, the same deadline), the other seat can still program and submit, the game
plays to its end, and the record replays, holding every accepted action of the people in
order and nothing else of theirs."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from robotable import games
from robotable.core.game import REFEREE
from robotable.core.records import Record

from . import process
from .clients import Policy, finishing_first, first_legal

State = dict[str, Any]
PROGRAMMING_S = 900.0
"""The programming timer: running through the whole test, never running out during it."""


@dataclass
class People:
    """Two people at one table over HTTP, each with its token; what the server accepted."""

    server: process.Server
    table: str = ""
    tokens: list[str] = field(default_factory=list)
    accepted: list[tuple[int, str]] = field(default_factory=list)

    def sit_down(self, game: str, options: dict[str, Any], seed: int) -> None:
        """Create the table, two people's seats."""
        body = {"game": game, "seats": ["human", "human"], "options": options, "seed": seed, "timers": True}
        answer = httpx.post(f"{self.server.url}/api/tables", json=body, timeout=30)
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.table, self.tokens = created["table"], [created["token"], created["invites"]["1"]]

    def state(self, seat: int | None) -> State:
        headers = {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}
        answer = httpx.get(f"{self.server.url}/api/tables/{self.table}", headers=headers, timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, seat: int, action: str) -> State:
        """Play one action, which must be accepted; the seat's new state."""
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        url = f"{self.server.url}/api/tables/{self.table}/actions"
        answer = httpx.post(url, headers=headers, json={"action": action}, timeout=30)
        assert answer.status_code == 200, f"seat {seat} {action!r}: {answer.text}"
        self.accepted.append((seat, action))
        return answer.json()["state"]

    def play_until(self, done: Callable[[State], bool], policy: Policy, seats: list[int]) -> State:
        """``seats`` act by ``policy`` whenever they may, until ``done`` (of any seat's state:
        it is asked before each action); that state."""
        deadline = time.monotonic() + 60.0
        while time.monotonic() < deadline:
            acted = False
            for seat in seats:
                state = self.state(seat)
                if done(state):
                    return state
                if seat in state["to_act"] and state["legal"]:
                    self.act(seat, policy(state["legal"]))
                    acted = True
            if not acted:
                time.sleep(0.05)  # waiting for the server (a bot, a timer): poll, gently
        raise AssertionError("the game did not get there in time")


def shown(state: State) -> State:
    """A state without the server's clock reading (``now``): everything that must survive."""
    return {key: value for key, value in state.items() if key != "now"}


def views_after_kill_and_restart(people: People, url: str, folder: Path) -> dict[int | None, State]:
    """``kill -9`` the server, start another on the same database: each seat's state and the
    spectator's from the new one, before anyone acts. The new server is the caller's to stop."""
    process.kill(people.server)
    assert people.server.process.returncode == -9
    people.server = process.start(url, folder)
    return {seat: people.state(seat) for seat in (0, 1, None)}


def finish_and_check_record(people: People, policy: Policy, before_kill: int) -> None:
    """Both people play to the end; the record replays and holds every accepted action."""
    over = people.play_until(lambda s: s["outcome"] is not None, policy, [0, 1])
    answer = httpx.get(f"{people.server.url}/api/tables/{people.table}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    record = Record.from_dict(answer.json())
    played = [(seat, text) for seat, text in record.actions if seat != REFEREE]
    assert played == people.accepted, "every accepted action, in order, and nothing else from the people"
    assert record.actions[:before_kill] == people.accepted[:before_kill], "the actions before the kill"
    assert games.replay(record).outcome().to_dict() == over["outcome"] == record.outcome.to_dict()


def programming_timer(state: State) -> dict[str, Any]:
    [timer] = state["timers"]
    assert timer["deadline"] > state["now"], "the programming timer is running"
    return timer


@pytest.mark.timeout(180)
def test_dr2d_killed_while_one_seat_has_entered_part_of_its_program(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    options = {"turn_limit": 2, "program_timeout_s": PROGRAMMING_S}
    people = People(process.start(url, tmp_path))
    try:
        people.sit_down("dr2d", options, seed=31)
        people.play_until(lambda s: s["view"]["phase"] == "programming", first_legal, [0, 1])
        for register in ("E", "STAY", "N"):  # seat 0 halfway (secret), seat 1 not started
            people.act(0, register)
        before = {seat: people.state(seat) for seat in (0, 1, None)}
        assert before[0]["view"]["program"] == ["E", "STAY", "N"] and before[1]["view"]["program"] == []
        assert before[None]["to_act"] == [0, 1]
        assert programming_timer(before[0])["key"] == "program-1"
        version = before[0]["version"]

        after = views_after_kill_and_restart(people, url, tmp_path)
        for seat in (0, 1, None):
            assert shown(after[seat]) == shown(before[seat]), f"seat {seat}: not what it was shown before"

        # the other seat programs and locks; the first goes on from its third register
        for register in ("N", "N", "E", "W", "STAY", "lock"):
            people.act(1, register)
        assert 1 not in people.state(0)["to_act"]
        for action in ("W", "N", "lock"):
            people.act(0, action)
        assert people.state(None)["view"]["last_programs"] == [
            ["E", "STAY", "N", "W", "N"],
            ["N", "N", "E", "W", "STAY"],
        ]
        finish_and_check_record(people, first_legal, version)
    finally:
        process.stop(people.server)


@pytest.mark.timeout(180)
def test_delivery_killed_while_one_seat_has_placed_some_cards(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    options = {"turn_limit": 2, "program_timeout_s": PROGRAMMING_S}
    people = People(process.start(url, tmp_path))
    try:
        people.sit_down("delivery", options, seed=32)
        start = people.state(0)
        assert start["view"]["phase"] == "programming" and start["to_act"] == [0, 1]
        for slot in (1, 2):  # two cards face down in seat 0's slots 1 and 2; seat 1 nothing yet
            legal = people.state(0)["legal"]
            people.act(0, next(a for a in legal if a.startswith(f"slot {slot} ")))
        before = {seat: people.state(seat) for seat in (0, 1, None)}
        placed = [cards for cards in before[0]["view"]["players"][0]["program"] if cards]
        assert len(placed) == 2, "seat 0 sees its two cards"
        assert [p["program_counts"] for p in before[1]["view"]["players"]] == [[1, 1, 0, 0], [0, 0, 0, 0]]
        programming_timer(before[0])
        version = before[0]["version"]

        after = views_after_kill_and_restart(people, url, tmp_path)
        for seat in (0, 1, None):
            assert shown(after[seat]) == shown(before[seat]), f"seat {seat}: not what it was shown before"

        # the other seat fills its program and submits; then seat 0 finishes its own
        people.play_until(lambda s: s["view"]["players"][1]["submitted"], finishing_first, [1])
        assert people.state(1)["view"]["players"][0]["program_counts"][:2] == [1, 1]
        finish_and_check_record(people, finishing_first, version)
    finally:
        process.stop(people.server)
