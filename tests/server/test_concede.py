"""Conceding through the server (issue 27): the ``action`` message or ``POST .../actions`` with
``concede``. At 2 seats the other seat wins at once; at 3 or more the seat goes to the table's
stand-in bot under the person's name, the person still sees it but acts no more, and the
conceder ranks last. The stored record holds the concession, replays exactly, the replay's steps
show it, and a server killed and started again keeps it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.records import Record
from robotable.server.app import create_app
from robotable.server.seats import SeatRow
from robotable.server.store import open_store

from . import process
from .clients import socket_path

pytestmark = pytest.mark.timeout(120)


@contextmanager
def serving(db: Path) -> Iterator[TestClient]:
    app = create_app(open_store(f"sqlite:///{db}"), think_limit=20.0)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


def create(client: TestClient, seats: list[str]) -> dict[str, Any]:
    body = {"game": "delivery", "seats": seats, "seed": 5, "name": "Ann"}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_for(read: Any, check: Any, seconds: float = 30.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check(found := read()):
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited in vain; last: {found}")


def replayed(record: dict[str, Any]) -> Record:
    """The record as ``robotable replay`` reads and checks it."""
    parsed = Record.from_dict(record)
    games.replay(parsed)  # RecordError unless its outcome replays exactly
    return parsed


def test_two_seats_over_the_socket_the_other_seat_wins(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy"])
    table = created["table"]
    with server.websocket_connect(socket_path(table, created["token"]) + "&sentences=true") as socket:
        socket.receive_json(), socket.receive_json()
        socket.send_json({"type": "action", "action": "concede"})
        while (update := socket.receive_json())["type"] != "update" or update["news"]["action"] != "concede":
            pass
        assert update["news"]["events"] == [
            {"kind": "conceded", "seat": 0, "ends": True, "text": "Ann concedes."}
        ]
        state = update["state"]
        assert state["outcome"] == {"scores": [0.0, 1.0], "ranks": [2, 1], "detail": "seat 0 conceded"}
        assert state["legal"] == [] and state["to_act"] == [] and state["seats"][0]["conceded"] is True
        assert socket.receive_json()["type"] == "accepted"
        socket.send_json({"type": "action", "action": "concede"})
        refused = socket.receive_json()
        assert refused["type"] == "refused" and refused["code"] == "over" and refused["reason_fr"]
    record = replayed(server.get(f"/api/tables/{table}/record").json())
    assert record.actions[-1] == (0, "concede") and record.outcome.ranks == (2, 1)
    step = server.get(f"/api/tables/{table}/replay/{len(record.actions)}", params={"lang": "fr"}).json()
    assert step["news"]["events"][0]["text"] == "Ann abandonne."
    assert step["outcome"] == state["outcome"] and step["seats"][0]["conceded"] is True


def test_three_seats_over_http_a_bot_plays_the_seat_and_the_conceder_ranks_last(server: TestClient) -> None:
    created = create(server, ["human", "human", "bot:easy"])
    table, ann, bob = created["table"], created["token"], created["invites"]["1"]
    conceded = server.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(ann))
    assert conceded.status_code == 200, conceded.text
    assert conceded.json()["news"]["events"] == [{"kind": "conceded", "seat": 0, "ends": False}]
    state = lambda: server.get(f"/api/tables/{table}", headers=bearer(ann)).json()  # noqa: E731
    seen = wait_for(state, lambda s: s["seats"][0]["kind"] == "bot:medium" and 0 not in s["to_act"])
    assert seen["seat"] == 0 and seen["legal"] == [] and seen["outcome"] is None  # Ann watches her seat
    assert seen["seats"][0] == {"seat": 0, "kind": "bot:medium", "name": "Ann", "conceded": True}
    again = server.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(ann))
    assert again.status_code == 409 and again.json()["code"] == "conceded", again.text
    bob_move = server.get(f"/api/tables/{table}", headers=bearer(bob)).json()["legal"][0]
    played = server.post(f"/api/tables/{table}/actions", json={"action": bob_move}, headers=bearer(ann))
    assert played.status_code == 409 and played.json()["code"] == "conceded", played.text
    assert "a bot plays this seat" in played.json()["error"] and played.json()["error_fr"]
    with server.websocket_connect(socket_path(table, bob)) as socket:
        socket.receive_json(), socket.receive_json()
        socket.send_json({"type": "action", "action": "concede"})
        while socket.receive_json()["type"] != "accepted":
            pass
    over = server.get(f"/api/tables/{table}", headers=bearer(ann)).json()["outcome"]
    # the last seat standing wins at once; Bob gave up after Ann, so he ranks above her
    assert over == {"scores": [0.0, 0.0, 1.0], "ranks": [3, 2, 1], "detail": "seats 0 and 1 conceded"}
    record = replayed(server.get(f"/api/tables/{table}/record").json())
    first = record.actions.index((0, "concede"))
    assert any(seat == 0 for seat, _ in record.actions[first + 1 :]), "the bot played the seat"
    assert record.seats == ["bot:medium", "human", "bot:easy"]


def test_a_seat_conceded_just_before_a_crash_goes_to_its_bot_after_the_restart(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    with serving(db) as client:
        created = create(client, ["human", "human", "bot:easy"])
        table, ann = created["table"], created["token"]
        client.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(ann))
    store = open_store(f"sqlite:///{db}")  # killed between storing the concession and the seat
    row = store.seats(table)[0]
    store.set_seat(table, SeatRow(0, "human", row.name, row.token_hash))
    store.close()
    with serving(db) as client:
        state = lambda: client.get(f"/api/tables/{table}", headers=bearer(ann)).json()  # noqa: E731
        seen = wait_for(state, lambda s: s["seats"][0]["kind"] == "bot:medium")
        assert seen["seats"][0]["conceded"] is True and seen["legal"] == []


def test_kill_9_after_a_concession_keeps_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    body = {"game": "delivery", "seats": ["human", "human", "bot:easy"], "seed": 5, "name": "Ann"}
    first = process.start(url, tmp_path)
    try:
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        table, ann, bob = created["table"], created["token"], created["invites"]["1"]
        actions = f"{first.url}/api/tables/{table}/actions"
        conceded = httpx.post(actions, json={"action": "concede"}, headers=bearer(ann), timeout=30)
        assert conceded.status_code == 200, conceded.text
    finally:
        process.kill(first)
    second = process.start(url, tmp_path)
    try:
        seen = httpx.get(f"{second.url}/api/tables/{table}", headers=bearer(ann), timeout=30).json()
        assert seen["seats"][0]["conceded"] is True and seen["seats"][0]["kind"] == "bot:medium"
        actions = f"{second.url}/api/tables/{table}/actions"
        ended = httpx.post(actions, json={"action": "concede"}, headers=bearer(bob), timeout=30).json()
        assert ended["state"]["outcome"]["ranks"] == [3, 2, 1]
        record = replayed(httpx.get(f"{second.url}/api/tables/{table}/record", timeout=30).json())
    finally:
        process.stop(second)
    assert [entry for entry in record.actions if entry[1] == "concede"] == [(0, "concede"), (1, "concede")]
