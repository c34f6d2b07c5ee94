"""Tables with and without a clock, on the server's clock (here a hand-moved one)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.store import open_store

PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 60.0}


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def bid(client: TestClient, table: str, token: str, moves: int) -> int:
    response = client.post(
        f"/api/tables/{table}/actions",
        json={"action": f"bid {moves}"},
        headers={"Authorization": f"Bearer {token}"},
    )
    return response.status_code


def play_first_legal(client: TestClient, table: str, token: str) -> int:
    headers = {"Authorization": f"Bearer {token}"}
    legal = client.get(f"/api/tables/{table}", headers=headers).json()["legal"]
    return client.post(f"/api/tables/{table}/actions", json={"action": legal[0]}, headers=headers).status_code


def test_a_turn_based_table_takes_an_action_hours_late_and_comes_back_after_a_restart(tmp_path: Path) -> None:
    """``timers: false``: no deadline fires, and none refuses a late action; the restarted
    server replays the stored actions without judging their times either."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    clock = Clock(1_000_000.0)
    options = {"program_timeout_s": 60.0}  # DR2D's programming time-out: not on this table
    body = {"game": "dr2d", "seats": ["human", "human"], "options": options, "seed": 1, "timers": False}
    with TestClient(create_app(open_store(url), clock=clock)) as client:
        created = client.post("/api/tables", json=body).json()
        table = created["table"]
        assert play_first_legal(client, table, created["token"]) == 200
        clock.now += 3 * 3600  # programming closed hours ago on a clock: here nobody is late
        assert play_first_legal(client, table, created["invites"]["1"]) == 200
        shown = client.get(f"/api/tables/{table}").json()
        assert shown["version"] == 2 and shown["timers"] == []
        seen = client.get(
            f"/api/tables/{table}", headers={"Authorization": f"Bearer {created['token']}"}
        ).json()
    with TestClient(create_app(open_store(url), clock=clock)) as again:
        shown = again.get(
            f"/api/tables/{table}", headers={"Authorization": f"Bearer {created['token']}"}
        ).json()
        assert shown["version"] == 2 and shown["view"] == seen["view"]


def test_rr18_ricochet_refuses_a_table_without_its_sand_timer_but_not_the_solo_puzzle(tmp_path: Path) -> None:
    with TestClient(create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"))) as client:
        body = {"game": "ricochet", "seats": ["human", "human"], "options": PUZZLE, "timers": False}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400
        assert refused.json()["error"] == (
            "Ricochet Robots needs its clock on (timers: true): "
            "the bidding closes only when the sand timer runs out"
        )
        assert client.get("/api/tables").json() == []  # nothing was made
        solo = client.post("/api/tables", json={**body, "seats": ["human"]})
        assert solo.status_code == 201


def test_a_table_with_a_clock_refuses_a_bid_after_the_sand_ran_out(tmp_path: Path) -> None:
    clock = Clock(1_000_000.0)
    body = {"game": "ricochet", "seats": ["human", "human"], "options": PUZZLE, "seed": 1}
    with TestClient(create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), clock=clock)) as client:
        created = client.post("/api/tables", json=body).json()
        table = created["table"]
        assert bid(client, table, created["token"], 6) == 200
        (timer,) = client.get(f"/api/tables/{table}").json()["timers"]
        assert timer["deadline"] == clock.now + 60.0
        clock.now += 61.0
        assert bid(client, table, created["invites"]["1"], 5) == 409  # too late: the referee acts first
