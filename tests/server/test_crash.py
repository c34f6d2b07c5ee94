"""Issue 13, no game ever lost: ``robotable serve`` killed with ``kill -9`` mid-game, with the
sand timer running, then started again on the same database (an SQLite file, or PostgreSQL):
every accepted action is there, the timer resumes from its stored deadline, and the game plays
on to its end."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from robotable import games
from robotable.core.records import Record

from . import process
from .people import RicochetPeople

OPTIONS = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 2.0, "demo_timeout_s": 30.0}


@pytest.mark.timeout(120)
def test_kill_9_mid_game_loses_no_accepted_action(url: str, tmp_path: Path) -> None:
    body = {"game": "ricochet", "seats": ["human", "human"], "options": OPTIONS, "seed": 8}
    first = process.start(url, tmp_path)
    try:
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        people = RicochetPeople([first, first], created["table"], [created["token"], created["invites"]["1"]])
        before = people.play_until(lambda s: s["version"] >= 2)  # both bid: the sand is running
        assert before["timers"] and before["view"]["phase"] == "countdown"
    finally:
        process.kill(first)
    assert first.process.returncode == -9

    second = process.start(url, tmp_path)
    try:
        people.servers = [second, second]
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
