"""A person who leaves gets a stand-in: when every connection of a person's seat closed and they
did not come back within the server's grace period, the table's stand-in bot plays their seat;
everyone is told (``notice``); the person takes the seat back by connecting with their token.
The stand-in is stored before anyone is told, so it outlives a restart."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server.app import create_app
from robotable.server.sockets import connections_of
from robotable.server.store import open_store

from .clients import socket_path
from .test_health import measured

pytestmark = pytest.mark.timeout(60)  # a message that never comes fails the test, not the run

GRACE = 0.3


@contextmanager
def serving(db: Path, grace: float = GRACE) -> Iterator[TestClient]:
    app = create_app(open_store(f"sqlite:///{db}"), think_limit=20.0, grace=grace)
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        yield client


def new_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "delivery", "seats": ["human", "human"], "seed": 5, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def seats(client: TestClient, table: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 200, answer.text
    return answer.json()["seats"]


def wait_until(check: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def receive_until(socket: Any, wanted: Any, limit: int = 500) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Messages until one that ``wanted`` accepts: that one, and every message before it."""
    before = []
    for _ in range(limit):
        message = socket.receive_json()
        if wanted(message):
            return message, before
        before.append(message)
    raise AssertionError(f"no wanted message in {limit}")


def leave(client: TestClient, table: str, token: str) -> None:
    """Connect as the seat and leave at once (the page closed)."""
    with client.websocket_connect(socket_path(table, token)) as socket:
        socket.receive_json()


@contextmanager
def present(client: TestClient, table: str, token: str) -> Iterator[Any]:
    """A person at the table (a stand-in is seated only while someone is there)."""
    with client.websocket_connect(socket_path(table, token)) as socket:
        socket.receive_json()
        yield socket


def is_notice(kind: str) -> Any:
    return lambda message: message["type"] == "notice" and message["notice"] == kind


def test_a_person_who_leaves_gets_the_medium_bot_and_takes_the_seat_back(tmp_path: Path) -> None:
    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with client.websocket_connect(socket_path(table, created["token"])) as ann:
            leave(client, table, bob)
            notice, _ = receive_until(ann, is_notice("stand-in"))
            assert notice == {"type": "notice", "notice": "stand-in", "seat": 1, "bot": "medium"}
            assert measured(client)[("robotable_stand_ins_total", (("game", "delivery"),))] == 1
            state, _ = receive_until(ann, lambda m: m["type"] == "state")
            assert state["state"]["seats"][1] == {
                "seat": 1,
                "kind": "human",
                "name": "seat 1",
                "stand_in": "medium",
            }
            live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
            assert live.bot_seats == 1  # the stand-in thinks like any bot: the bot quotas count it
            # the stand-in programs for seat 1: Ann sees seat 1 act (its cards are secret)
            update, _ = receive_until(ann, lambda m: m["type"] == "update" and m["news"]["seat"] == 1)
            assert update["news"]["action"] is None
            with client.websocket_connect(socket_path(table, bob, since=0)) as back:
                assert back.receive_json()["seat"] == 1
                notice, _ = receive_until(ann, is_notice("back"))
                assert notice == {"type": "notice", "notice": "back", "seat": 1}
                assert "stand_in" not in seats(client, table)[1]
                assert 1 not in live.agents and live.bot_seats == 0  # no bot plays the seat any more
                # Bob plays his own seat again
                message, _ = receive_until(back, lambda m: m["type"] == "state")
                if 1 in message["state"]["to_act"] and message["state"]["legal"]:
                    back.send_json({"type": "action", "action": message["state"]["legal"][0]})
                    answer, _ = receive_until(back, lambda m: m["type"] in ("accepted", "refused"))
                    assert answer["type"] == "accepted"


def test_a_person_gone_during_the_greeting_has_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page closed while the server greets it (the send fails) is a person leaving, not a
    person at the table forever: the stand-in comes after the grace period."""
    from starlette.websockets import WebSocket
    from uvicorn.protocols.utils import ClientDisconnected

    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with present(client, table, created["token"]) as ann:
            greet = WebSocket.send_json

            async def vanish_at_hello(socket: WebSocket, data: Any, mode: str = "text") -> None:
                if data.get("type") == "hello" and data.get("seat") == 1:
                    raise ClientDisconnected
                await greet(socket, data, mode)

            monkeypatch.setattr(WebSocket, "send_json", vanish_at_hello)
            with client.websocket_connect(socket_path(table, bob)):
                pass
            monkeypatch.undo()
            notice, _ = receive_until(ann, is_notice("stand-in"))
            assert notice["seat"] == 1
            live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
            assert [c.seat for c in connections_of(live).open] == [0]


def test_coming_back_within_the_grace_period_changes_nothing(tmp_path: Path) -> None:
    with serving(tmp_path / "db.sqlite3", grace=1.5) as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        leave(client, table, bob)
        with client.websocket_connect(socket_path(table, bob)):  # a reload: back at once
            time.sleep(2.0)
            assert "stand_in" not in seats(client, table)[1]
            live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
            assert live.seats[1].away_since is None
            assert live.grace_ends() == {}


def test_the_stand_in_outlives_a_restart_and_the_person_still_comes_back(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with serving(db) as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with present(client, table, created["token"]):
            leave(client, table, bob)
            wait_until(lambda: seats(client, table)[1].get("stand_in") == "medium")
    with serving(db) as client:
        assert seats(client, table)[1]["stand_in"] == "medium"
        live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
        assert 1 in live.agents  # the bot plays on after the restart
        with client.websocket_connect(socket_path(table, created["token"])) as ann:
            with client.websocket_connect(socket_path(table, bob)):
                receive_until(ann, is_notice("back"))
            assert "stand_in" not in seats(client, table)[1]


def test_a_person_connected_when_the_server_stops_is_away_after_the_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with serving(db) as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with client.websocket_connect(socket_path(table, bob)) as socket:
            socket.receive_json()
            live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
            # what the hall does first when the server stops, with Bob connected: his
            # presence is stored as gone from then on
            client.portal.call(live.mark_all_away)  # type: ignore[union-attr]
            assert live.seats[1].away_since is None  # stored only: the table is closing
    assert open_store(f"sqlite:///{db}").seats(table)[1].away_since is not None
    with serving(db) as client, present(client, table, created["token"]):
        wait_until(lambda: seats(client, table)[1].get("stand_in") == "medium")


def test_after_a_killed_server_the_people_not_back_are_away(tmp_path: Path) -> None:
    """``kill -9``: nobody was marked away when the process died. The restarted server (the only
    one on its database) counts everyone away from its start: Bob, connected when it died and
    not back, gets the stand-in after the grace period; Ann, back, plays on."""
    db = tmp_path / "db.sqlite3"
    with serving(db) as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with present(client, table, created["token"]), present(client, table, bob):
            pass
    store = open_store(f"sqlite:///{db}")
    for row in store.seats(table):  # the marks a clean stop stores, undone: as after kill -9
        store.set_seat(table, replace(row, away_since=None))
    assert [row.away_since for row in store.seats(table)] == [None, None]
    with serving(db) as client, present(client, table, created["token"]):
        wait_until(lambda: seats(client, table)[1].get("stand_in") == "medium")
        assert "stand_in" not in seats(client, table)[0]


def test_a_table_everybody_left_waits_until_someone_comes_back(tmp_path: Path) -> None:
    """No bot plays for nobody: the first person back finds the stand-ins of those gone longer."""
    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client)
        table = created["table"]
        leave(client, table, created["invites"]["1"])
        leave(client, table, created["token"])
        time.sleep(GRACE * 3)
        assert [row.get("stand_in") for row in seats(client, table)] == [None, None]
        with present(client, table, created["token"]) as ann:
            notice, _ = receive_until(ann, is_notice("stand-in"))
            assert notice["seat"] == 1
            assert [row.get("stand_in") for row in seats(client, table)] == [None, "medium"]


def test_a_table_may_choose_its_stand_in_or_none(tmp_path: Path) -> None:
    with serving(tmp_path / "db.sqlite3") as client:
        easy = new_table(client, stand_in="easy")
        with present(client, easy["table"], easy["token"]):
            leave(client, easy["table"], easy["invites"]["1"])
            wait_until(lambda: seats(client, easy["table"])[1].get("stand_in") == "easy")

        waiting = new_table(client, stand_in="none")
        with present(client, waiting["table"], waiting["token"]):
            leave(client, waiting["table"], waiting["invites"]["1"])
            time.sleep(GRACE * 3)
            assert "stand_in" not in seats(client, waiting["table"])[1]

        refused = client.post(
            "/api/tables", json={"game": "delivery", "seats": ["human", "human"], "stand_in": "x"}
        )
        assert refused.status_code == 400
        assert "unknown bot 'x'" in refused.json()["error"]


def test_a_turn_based_table_waits_for_its_people(tmp_path: Path) -> None:
    """Without a clock people come back hours later on purpose: no stand-in by default."""
    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client, timers=False)
        with present(client, created["table"], created["token"]):
            leave(client, created["table"], created["invites"]["1"])
            time.sleep(GRACE * 3)
            assert "stand_in" not in seats(client, created["table"])[1]
        live = client.app.state.hall.tables[created["table"]]  # type: ignore[attr-defined]
        assert live.stand_in is None


def test_a_person_playing_over_http_takes_the_seat_back(tmp_path: Path) -> None:
    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client)
        table, bob = created["table"], created["invites"]["1"]
        with present(client, table, created["token"]):
            leave(client, table, bob)
            wait_until(lambda: seats(client, table)[1].get("stand_in") == "medium")
            bobs = {"authorization": f"Bearer {bob}"}
            legal = client.get(f"/api/tables/{table}", headers=bobs).json()["legal"]
            # the bot may act for Bob meanwhile (this one may come too late): sending it is enough
            client.post(
                f"/api/tables/{table}/actions", json={"action": (legal or ["submit"])[0]}, headers=bobs
            )
            assert "stand_in" not in seats(client, table)[1]
            assert 1 not in client.app.state.hall.tables[table].agents  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["medium", None])
def test_the_default_stand_in_is_the_medium_level(tmp_path: Path, spec: str | None) -> None:
    with serving(tmp_path / "db.sqlite3") as client:
        created = new_table(client, **({"stand_in": spec} if spec else {}))
        live = client.app.state.hall.tables[created["table"]]  # type: ignore[attr-defined]
        assert live.stand_in == "bot:medium"
