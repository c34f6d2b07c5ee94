"""Server bots: a bot that thinks past the limit holds one thread at most and delays no other
table, and the fallback bot decides for it; a bot that crashes or cheats is replaced by the
fallback; a bots-only table plays to its end unattended."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.game import Action, Turn
from robotable.server.app import create_app
from robotable.server.store import open_store


class SlowBot:
    """Thinks until released; counts how many of its calls run at once."""

    name = "slow"
    release = threading.Event()

    def __init__(self, *, seed: int = 0) -> None:  # bot factories take a seed (unused here)
        del seed

    lock = threading.Lock()
    running = 0
    most = 0

    def act(self, turn: Turn) -> Action:
        with SlowBot.lock:
            SlowBot.running += 1
            SlowBot.most = max(SlowBot.most, SlowBot.running)
        SlowBot.release.wait(30)
        with SlowBot.lock:
            SlowBot.running -= 1
        return turn.legal[0]


@pytest.fixture
def slow_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    dr2d = games.get("dr2d")
    bots = dr2d.bots()
    monkeypatch.setattr(dr2d, "bots", lambda: {**bots, "slow": SlowBot})
    SlowBot.release.clear()
    app = create_app(
        open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), think_limit=0.2, bots_in_threads=True
    )
    with TestClient(app) as client:
        try:
            yield client
        finally:
            SlowBot.release.set()


def wait_for_outcome(client: TestClient, table: str, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = client.get(f"/api/tables/{table}").json()
        if shown["outcome"] is not None:
            return shown
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not finish in {seconds} s")


@pytest.mark.timeout(60)
def test_a_bot_past_its_think_limit_holds_one_thread_and_delays_no_other_table(
    slow_server: TestClient,
) -> None:
    body: dict[str, Any] = {"game": "dr2d", "options": {"turn_limit": 2}, "seed": 1, "timers": False}
    stuck = slow_server.post("/api/tables", json={**body, "seats": ["bot:slow", "human"]}).json()
    time.sleep(1.5)  # past the limit several times over: the driver asks again only once it is free
    bots_only = slow_server.post("/api/tables", json={**body, "seats": ["bot", "bot"]}).json()
    assert wait_for_outcome(slow_server, bots_only["table"], 30)["outcome"]["ranks"]
    assert SlowBot.most == 1
    # its one move was made by the fallback bot past the limit: the table without a clock went on
    assert slow_server.get(f"/api/tables/{stuck['table']}").json()["version"] == 1


@pytest.mark.timeout(60)
def test_a_finished_table_leaves_memory_and_is_rebuilt_from_the_store_for_its_visitors(
    tmp_path: Path,
) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), think_limit=5.0)
    body = {"game": "dr2d", "options": {"turn_limit": 2}, "seed": 3, "timers": False, "seats": ["bot", "bot"]}
    with TestClient(app) as client:
        table = client.post("/api/tables", json=body).json()["table"]
        with client.websocket_connect(f"/ws/tables/{table}") as spectator:
            final = wait_for_outcome(client, table, 30)
            assert table in app.state.hall.tables  # a spectator is still looking at it
            spectator.close()
        deadline = time.monotonic() + 5
        while table in app.state.hall.tables and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table not in app.state.hall.tables
        again = client.get(f"/api/tables/{table}").json()  # rebuilt by replaying its record
        assert (again["version"], again["outcome"], again["view"]) == (
            final["version"],
            final["outcome"],
            final["view"],
        )
        assert table not in app.state.hall.tables  # and not kept: a finished game changes no more
        assert client.get(f"/api/tables/{table}/record").json()["actions"]


class LateBot:
    """Answers its first question after the sand timer has run out, then at once."""

    name = "late"
    calls = 0

    def __init__(self, *, seed: int = 0) -> None:
        del seed

    def act(self, turn: Turn) -> Action:
        LateBot.calls += 1
        if LateBot.calls == 1:
            time.sleep(1.5)  # the bidding window is 1 s
        return turn.legal[0]


@pytest.mark.timeout(60)
def test_a_bot_answering_after_its_timer_ran_out_is_asked_again_not_banned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ricochet = games.get("ricochet")
    bots = ricochet.bots()
    monkeypatch.setattr(ricochet, "bots", lambda: {**bots, "late": LateBot})
    LateBot.calls = 0
    app = create_app(
        open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), think_limit=10.0, bots_in_threads=True
    )
    options = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 1.0}
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        created = client.post(
            "/api/tables",
            json={"game": "ricochet", "seats": ["human", "bot:late"], "options": options, "seed": 2},
        ).json()
        table = created["table"]
        played = client.post(
            f"/api/tables/{table}/actions",
            json={"action": "bid 20"},
            headers={"Authorization": f"Bearer {created['token']}"},
        )
        assert played.status_code == 200, played.text  # the sand runs: the bot is asked, thinks 1.5 s
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table}").json()["view"]["phase"] != "demonstration":
            assert time.monotonic() < deadline, "the sand timer did not close the bidding"
            time.sleep(0.1)
        time.sleep(0.6)  # the bot's late answer has come back by now
        live = app.state.hall.tables[table]
        assert LateBot.calls == 1 and live.bot_wake[1] != float("inf")  # not taken for a buggy bot
        assert "bot at seat 1 played" not in caplog.text


class CrashingBot:
    name = "crashing"

    def __init__(self, *, seed: int = 0) -> None:
        del seed

    def act(self, turn: Turn) -> Action:
        raise ZeroDivisionError("a bug in a bot")


class CheatingBot(CrashingBot):
    name = "cheating"

    def act(self, turn: Turn) -> Action:
        return games.get("dr2d").parse_action("lock")  # before its program is made: refused


@pytest.mark.timeout(60)
@pytest.mark.parametrize("bad", [CrashingBot, CheatingBot])
def test_a_bot_that_crashes_or_cheats_is_replaced_by_the_fallback_and_its_game_ends(
    bad: type[CrashingBot], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    dr2d = games.get("dr2d")
    bots = dr2d.bots()
    monkeypatch.setattr(dr2d, "bots", lambda: {**bots, bad.name: bad})
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), think_limit=5, bots_in_threads=True)
    body = {"game": "dr2d", "options": {"turn_limit": 2}, "seed": 1, "timers": False}
    with TestClient(app) as client:
        created = client.post("/api/tables", json={**body, "seats": [f"bot:{bad.name}", "bot"]})
        table = created.json()["table"]
        assert wait_for_outcome(client, table, 30)["outcome"]["ranks"]
        fallbacks = client.get("/metrics").text
    assert 'robotable_bot_fallbacks_total{game="dr2d"} 1.0' in fallbacks  # replaced once, for good
    assert "bot at seat 0" in caplog.text
