"""Whatever a page reacts to comes as a code with its parameters, never only as an English
sentence (docs/protocol.md): refusals, closings, timers; and a game's words come with the games'
list, so a page words all of them in its own language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.errors import IllegalAction
from robotable.core.words import LANGUAGES
from robotable.play.table import Table
from robotable.server.app import create_app
from robotable.server.sockets import MAX_ERRORS, QUEUE_LIMIT, connections_of, encode
from robotable.server.store import open_store

from .clients import socket_path

PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 60.0}


class Clock:
    """The server's clock, moved by hand: a deadline passes when the test says so."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(1_000_000.0)


@pytest.fixture
def client(tmp_path: Path, clock: Clock, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), clock=clock)
    with TestClient(app) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ricochet_pair(client: TestClient) -> dict[str, Any]:
    body = {"game": "ricochet", "seats": ["human", "human"], "options": PUZZLE, "seed": 1}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    return created.json()


def greeted(socket: Any) -> dict[str, Any]:
    """The ``state`` of a connection's greeting (after its ``hello``)."""
    assert socket.receive_json()["type"] == "hello"
    state = socket.receive_json()
    assert state["type"] == "state"
    return state["state"]


def answer(socket: Any) -> dict[str, Any]:
    """The answer to the last message sent (past any ``update`` or ``state`` pushed meanwhile)."""
    while (message := socket.receive_json())["type"] in ("update", "state", "notice"):
        pass
    return message


# --------------------------------------------------------------------------- refusals


def test_a_late_action_is_refused_as_too_late_with_the_timer_that_ran_out(
    client: TestClient, clock: Clock
) -> None:
    created = ricochet_pair(client)
    table, bob = created["table"], created["invites"]["1"]
    played = client.post(
        f"/api/tables/{table}/actions", json={"action": "bid 6"}, headers=bearer(created["token"])
    )
    assert played.status_code == 200
    with client.websocket_connect(socket_path(table, bob)) as socket:
        (timer,) = greeted(socket)["timers"]
        assert (timer["code"], timer["params"], timer["label"]) == ("bidding_closes", {}, "bidding closes")
        # the sand ran out: the referee's action is due before any bid (the driver, asleep until
        # the deadline in real seconds, has not fired it: nothing wakes it in this test)
        clock.now += 61.0
        socket.send_json({"type": "action", "action": "bid 5", "version": 1})
        refused = answer(socket)
        over_http = client.post(f"/api/tables/{table}/actions", json={"action": "bid 5"}, headers=bearer(bob))
    assert refused["code"] == "too_late" and refused["params"] == {"timer": "bidding_closes"}
    assert refused["reason"].startswith("too late") and "behind" not in refused  # chosen on version 1
    assert over_http.status_code == 409
    assert over_http.json()["code"] == "too_late"
    assert over_http.json()["params"] == {"timer": "bidding_closes"}


def test_the_games_refusal_is_illegal_with_its_french_when_the_game_gave_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = ricochet_pair(client)
    with client.websocket_connect(socket_path(created["table"], created["token"])) as socket:
        greeted(socket)
        socket.send_json({"type": "action", "action": "bid 0"})
        english_only = answer(socket)
        assert (english_only["code"], english_only["params"]) == ("illegal", {})
        assert english_only["reason"] and "reason_fr" not in english_only

        def refuse_in_both(self: Table, seat: int, action: Any, now: float) -> None:
            refusal = IllegalAction("not now", seat=seat)
            refusal.fr = "pas maintenant"
            raise refusal

        monkeypatch.setattr(Table, "check", refuse_in_both)
        socket.send_json({"type": "action", "action": "bid 5"})
        both = answer(socket)
    assert both == {
        "type": "refused",
        "action": "bid 5",
        "code": "illegal",
        "params": {},
        "reason": "not now",
        "reason_fr": "pas maintenant",
    }


def test_a_refusal_says_the_table_moved_on_only_when_the_clients_version_is_behind(
    client: TestClient,
) -> None:
    created = ricochet_pair(client)
    with client.websocket_connect(socket_path(created["table"], created["token"])) as socket:
        greeted(socket)
        socket.send_json({"type": "action", "action": "bid 5", "version": 0})
        assert answer(socket)["type"] == "accepted"
        refusals = {}
        for version in (0, 1, None):
            message = {"type": "action", "action": "bid 5"} | (
                {} if version is None else {"version": version}
            )
            socket.send_json(message)
            refusals[version] = answer(socket)
    assert refusals[0]["behind"] == {"seen": 0, "version": 1}
    assert refusals[0]["reason"] == refusals[1]["reason"] == refusals[None]["reason"]  # English alone
    assert "behind" not in refusals[1] and "behind" not in refusals[None]


def test_a_spectator_is_refused_with_the_code_spectator(client: TestClient) -> None:
    created = ricochet_pair(client)
    with client.websocket_connect(socket_path(created["table"], None)) as socket:
        greeted(socket)
        socket.send_json({"type": "action", "action": "bid 5"})
        refused = answer(socket)
    assert (refused["code"], refused["params"], refused["reason"]) == (
        "spectator",
        {},
        "spectators cannot play",
    )
    over_http = client.post(f"/api/tables/{created['table']}/actions", json={"action": "bid 5"})
    assert over_http.status_code == 403
    assert over_http.json() == {"error": "playing needs a seat token", "code": "spectator", "params": {}}


def test_an_http_refusal_without_a_code_has_no_code(client: TestClient) -> None:
    created = ricochet_pair(client)
    refused = client.post(
        f"/api/tables/{created['table']}/actions", json={"action": "bid 0"}, headers=bearer(created["token"])
    )
    assert refused.status_code == 409 and set(refused.json()) == {"error"}


# --------------------------------------------------------------------------- closings


def closing(socket: Any) -> dict[str, Any]:
    """The ``closing`` that ends a connection (past whatever was queued before it)."""
    while (message := socket.receive_json())["type"] != "closing":
        pass
    return message


def live_table(client: TestClient, table: str) -> Any:
    return client.app.state.hall.tables[table]  # type: ignore[attr-defined]


def test_a_connection_with_too_many_errors_is_closed_with_the_code_errors(client: TestClient) -> None:
    created = ricochet_pair(client)
    with client.websocket_connect(socket_path(created["table"], created["token"])) as socket:
        greeted(socket)
        for _ in range(MAX_ERRORS):
            socket.send_text("junk")
        assert closing(socket) == {
            "type": "closing",
            "code": "errors",
            "reason": f"{MAX_ERRORS} refused messages",
        }


def test_a_seat_handed_to_a_bot_is_closed_with_the_code_handed_to_bot(client: TestClient) -> None:
    created = ricochet_pair(client)
    table = created["table"]
    with client.websocket_connect(socket_path(table, created["invites"]["1"])) as socket:
        greeted(socket)
        handed = client.post(f"/api/tables/{table}/seats/1/bot", json={}, headers=bearer(created["token"]))
        assert handed.status_code == 200
        assert closing(socket)["code"] == "handed_to_bot"


def test_a_stopping_table_closes_its_connections_with_the_code_stopping(client: TestClient) -> None:
    created = ricochet_pair(client)
    with client.websocket_connect(socket_path(created["table"], created["token"])) as socket:
        greeted(socket)
        client.portal.call(live_table(client, created["table"]).close)  # type: ignore[union-attr]
        assert closing(socket) == {"type": "closing", "code": "stopping", "reason": "the server is stopping"}


def test_a_client_too_slow_to_read_is_closed_with_the_code_too_slow_and_told_so(client: TestClient) -> None:
    created = ricochet_pair(client)
    table = created["table"]
    live = live_table(client, table)

    def fall_behind() -> None:  # in the server's loop: nothing is sent while the queue fills
        connections = connections_of(live)
        (slow,) = connections.open
        while slow.queue.qsize() < QUEUE_LIMIT:
            slow.send_text(encode({"type": "pong", "now": 0.0}))
        connections.send_to_all(lambda seat: {"type": "state", "state": live.snapshot(seat)})
        assert slow.closed and not connections.open

    with client.websocket_connect(socket_path(table, created["token"])) as socket:
        greeted(socket)
        client.portal.call(fall_behind)  # type: ignore[union-attr]
        told = closing(socket)
    assert (told["code"], told["reason"]) == ("too_slow", "too slow: messages were piling up")


# --------------------------------------------------------------------------- the games' words


def test_the_games_list_has_every_games_words_in_every_language(client: TestClient) -> None:
    listed = {entry["id"]: entry for entry in client.get("/api/games").json()}
    for game_id, entry in listed.items():
        game = games.get(game_id)
        assert set(entry["words"]) == set(LANGUAGES)
        for lang in LANGUAGES:
            assert entry["words"][lang] == game.words(lang)
            assert {"title", "summary"} <= set(entry["words"][lang])
    assert listed["droids"]["words"]["fr"]["robot.Yellow"] == "Jaune"


# --------------------------------------------------------------------------- sentences


def test_only_the_connections_that_ask_get_sentences_in_their_language(client: TestClient) -> None:
    created = ricochet_pair(client)
    table, token = created["table"], created["token"]
    client.post(f"/api/tables/{table}/actions", json={"action": "bid 6"}, headers=bearer(token))
    with (
        client.websocket_connect(socket_path(table, token) + "&since=0&sentences=true&lang=fr") as french,
        client.websocket_connect(socket_path(table, token) + "&since=0") as plain,
    ):
        french.receive_json(), plain.receive_json()
        missed_fr, missed = french.receive_json(), plain.receive_json()
        assert all("text" in event for news in missed_fr["news"] for event in news["events"])
        assert not any("text" in event for news in missed["news"] for event in news["events"])
        french.receive_json(), plain.receive_json()
        client.post(f"/api/tables/{table}/actions", json={"action": "bid 5"}, headers=bearer(token))
        update_fr, update = french.receive_json(), plain.receive_json()
    assert update_fr["type"] == update["type"] == "update"
    worded = update_fr["news"]["events"]
    assert worded and all(event["text"] for event in worded)
    assert [{k: v for k, v in event.items() if k != "text"} for event in worded] == update["news"]["events"]
    assert update_fr["state"] == update["state"]  # only the news are worded
