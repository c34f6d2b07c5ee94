"""'Suggest a move' (issue 27): ``POST /api/tables/{id}/suggest`` with a seat's token answers
what the medium bot would play for that seat now (one of its legal actions), why (a code of the
game's catalogue) and what it is about on the board; nothing is played. Refused when it is not
the seat's turn, once the game is over, without a seat, one question at a time per seat, and at
a table that gives no suggestions."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.server.app import create_app
from robotable.server.store import open_store

from . import process
from .clients import SHORT_GAMES

pytestmark = pytest.mark.timeout(180)

SLOW_RICOCHET = {**SHORT_GAMES["ricochet"].options, "bid_window_s": 60.0}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    short = SHORT_GAMES[game]
    body = {"game": game, "seats": seats, "seed": 11, "options": options or short.options}
    body["timers"] = short.timers
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def state_when_my_turn(client: TestClient, table: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = client.get(f"/api/tables/{table}", headers=bearer(token)).json()
        if state["legal"]:
            return state
        time.sleep(0.05)
    raise AssertionError("the seat never had a move to make")


def suggest(client: TestClient, table: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{table}/suggest", headers=bearer(token) if token else {})


@pytest.mark.parametrize("game", ["ricochet", "dr2d", "droids", "delivery", "robotick"])
def test_a_suggestion_is_a_legal_move_with_its_reason_and_nothing_is_played(
    server: TestClient, game: str
) -> None:
    bots = ["bot:easy"] * (SHORT_GAMES[game].seats - 1)
    options = SLOW_RICOCHET if game == "ricochet" else {}
    created = create(server, game, ["human", *bots], **options)
    table, token = created["table"], created["token"]
    before = state_when_my_turn(server, table, token)
    answer = suggest(server, table, token)
    assert answer.status_code == 200, answer.text
    told = answer.json()
    assert told["seat"] == 0 and told["version"] >= before["version"] and told["action"] is not None
    now = server.get(f"/api/tables/{table}", headers=bearer(token)).json()
    assert told["action"] in now["legal"] or told["version"] != now["version"]
    assert told["action"] in before["legal"] or told["version"] != before["version"]
    why = told["why"]
    catalogue = games.get(game).words("en")
    assert f"why.{why['code']}" in catalogue  # worded by the game's own words
    assert set(told["marks"]) <= {"cells", "pieces"}
    hall = server.app.state.hall  # type: ignore[attr-defined]
    assert all(seat != 0 for seat, _ in hall.store.load(table).actions)  # the person's seat played nothing


def test_a_seat_whose_turn_it_is_not_is_refused(server: TestClient) -> None:
    created = create(server, "dr2d", ["human", "human"])  # DR2D's seats place their robots in turn
    table, first, second = created["table"], created["token"], created["invites"]["1"]
    assert server.get(f"/api/tables/{table}", headers=bearer(first)).json()["to_act"] == [0]
    answer = suggest(server, table, second)
    assert answer.status_code == 409 and answer.json()["code"] == "not_your_turn"
    assert "not your turn" in answer.json()["error"] and answer.json()["error_fr"]


def test_no_suggestion_once_the_game_is_over(server: TestClient) -> None:
    created = create(server, "delivery", ["human", "bot:easy"])
    table, token = created["table"], created["token"]
    server.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(token))
    answer = suggest(server, table, token)
    assert answer.status_code == 409 and answer.json()["code"] == "over"


@pytest.mark.parametrize(("token", "status"), [(None, 403), ("not-a-token-here", 403)])
def test_a_suggestion_needs_a_seat_of_the_table(server: TestClient, token: str | None, status: int) -> None:
    created = create(server, "robotick", ["human", "bot:easy", "bot:easy"])
    answer = suggest(server, created["table"], token)
    assert answer.status_code == status


def test_one_question_at_a_time_per_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from robotable.play import suggestions

    release = threading.Event()
    thinking = suggestions.think

    def slow(turn: Any, *, seed: int) -> Any:
        release.wait(30)
        return thinking(turn, seed=seed)

    monkeypatch.setattr("robotable.server.thinking.think", slow)  # in this process: bots in threads
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bots_in_threads=True)
    with TestClient(app) as server:
        created = create(server, "robotick", ["human", "bot:easy", "bot:easy"])
        table, token = created["table"], created["token"]
        state_when_my_turn(server, table, token)
        answers: list[Any] = []
        first = threading.Thread(target=lambda: answers.append(suggest(server, table, token)))
        first.start()
        time.sleep(0.5)  # the first question is being thought over
        second = suggest(server, table, token)
        assert second.status_code == 409 and second.json()["code"] == "busy"
        release.set()
        first.join(30)
        assert answers[0].status_code == 200


def test_a_server_without_suggestions_refuses_them(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), suggestions=False)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        created = create(client, "robotick", ["human", "bot:easy", "bot:easy"])
        answer = suggest(client, created["table"], created["token"])
        assert answer.status_code == 403 and answer.json()["code"] == "no_suggestions"


def test_robotable_serve_no_suggestions_refuses_them(tmp_path: Path) -> None:
    running = process.start(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, extra=["--no-suggestions"])
    try:
        body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "seed": 3}
        created = httpx.post(f"{running.url}/api/tables", json=body, timeout=30).json()
        asked = f"{running.url}/api/tables/{created['table']}/suggest"
        answer = httpx.post(asked, headers=bearer(created["token"]), timeout=30)
        assert answer.status_code == 403 and answer.json()["code"] == "no_suggestions"
    finally:
        process.stop(running)
