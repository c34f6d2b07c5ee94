"""Finished is final (issue 28): once a game is over, nothing changes its table or its record.
Handing a seat to a bot, joining, playing and conceding, over HTTP or the socket, are each
refused (409, or ``refused`` with code ``over``) with a reason a person understands, and the
stored table, its seats and its record stay byte for byte as they were."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server.store import Store

from .clients import socket_path

pytestmark = pytest.mark.timeout(120)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def store_of(server: TestClient) -> Store:
    return server.app.state.hall.store  # type: ignore[attr-defined,no-any-return]


def stored(server: TestClient, table: str) -> tuple[str, Any, Any]:
    """Everything stored of a table: its record (as served), its row, its seats' rows."""
    store = store_of(server)
    loaded = store.load(table)
    row = (loaded.status, loaded.outcome, loaded.version, loaded.seed, loaded.creator)
    return server.get(f"/api/tables/{table}/record").text, row, store.seats(table)


def wait_for(check: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def finished_with_an_open_seat(server: TestClient) -> dict[str, Any]:
    """A Delivery table of three seats whose two people conceded: over, its third seat still open."""
    body = {"game": "delivery", "seats": ["human", "human", "open"], "seed": 5, "name": "Ann"}
    created = server.post("/api/tables", json=body).json()
    table = created["table"]
    for token in (created["token"], created["invites"]["1"]):
        conceded = {"action": "concede"}
        answer = server.post(f"/api/tables/{table}/actions", json=conceded, headers=bearer(token))
        assert answer.status_code == 200, answer.text
    assert server.get(f"/api/tables/{table}/record").status_code == 200  # over
    return created


def assert_over_refusal(answer: Any, words: str) -> None:
    assert answer.status_code == 409, answer.text
    body = answer.json()
    assert body["code"] == "over" and body["error"].startswith("the game is over: ")
    assert words in body["error"]
    assert body["error_fr"].startswith("la partie est finie : ")


def test_a_finished_tables_seat_is_not_handed_to_a_bot(server: TestClient) -> None:
    created = finished_with_an_open_seat(server)
    table, before = created["table"], stored(server, created["table"])
    for seat in (0, 1, 2):
        answer = server.post(
            f"/api/tables/{table}/seats/{seat}/bot", json={"bot": "easy"}, headers=bearer(created["token"])
        )
        assert_over_refusal(answer, "handed to a bot")
    assert stored(server, table) == before


def test_a_finished_tables_open_seat_cannot_be_joined(server: TestClient) -> None:
    created = finished_with_an_open_seat(server)
    table, before = created["table"], stored(server, created["table"])
    for body in ({"name": "Eve"}, {"seat": 2, "name": "Eve"}):
        assert_over_refusal(server.post(f"/api/tables/{table}/join", json=body), "can no longer be taken")
    assert stored(server, table) == before


@pytest.mark.parametrize("action", ["concede", "submit", "slot 1 FWD", "not an action at all"])
def test_nothing_is_played_at_a_finished_table_over_http(server: TestClient, action: str) -> None:
    created = finished_with_an_open_seat(server)
    table, before = created["table"], stored(server, created["table"])
    for token in (created["token"], created["invites"]["1"]):
        answer = server.post(f"/api/tables/{table}/actions", json={"action": action}, headers=bearer(token))
        assert_over_refusal(answer, "nothing can be played")
    assert stored(server, table) == before


def test_nothing_is_played_at_a_finished_table_over_the_socket_and_coming_back_changes_no_seat(
    server: TestClient,
) -> None:
    """A person who left before the end (stored as away) comes back after it: their seat's row
    stays as the game left it, and every action they send is refused with ``over``."""
    body = {"game": "delivery", "seats": ["human", "human"], "seed": 5, "name": "Ann"}
    created = server.post("/api/tables", json=body).json()
    table, bob = created["table"], created["invites"]["1"]
    with server.websocket_connect(socket_path(table, bob)) as socket:
        socket.receive_json(), socket.receive_json()
    wait_for(lambda: store_of(server).seats(table)[1].away_since is not None)
    conceded = server.post(
        f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(created["token"])
    )
    assert conceded.status_code == 200 and conceded.json()["state"]["outcome"] is not None
    before = stored(server, table)
    with server.websocket_connect(socket_path(table, bob)) as socket:
        assert socket.receive_json()["type"] == "hello" and socket.receive_json()["type"] == "state"
        for action in ("concede", "submit", "bid 5"):
            socket.send_json({"type": "action", "action": action})
            refused = socket.receive_json()
            assert refused["type"] == "refused" and refused["code"] == "over", refused
            assert refused["reason"].startswith("the game is over") and refused["reason_fr"]
    assert stored(server, table) == before
