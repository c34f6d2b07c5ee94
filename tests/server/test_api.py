"""The server's HTTP API and WebSocket protocol, through FastAPI's test client (no network)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.records import Record
from robotable.server import limits
from robotable.server.app import create_app
from robotable.server.limits import HTTP_BURST, MAX_BODY
from robotable.server.sockets import MAX_ERRORS
from robotable.server.store import open_store

from .clients import play, policy_for

PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 1.0}


@pytest.fixture
def client(tmp_path: Path, migrated_sqlite: Callable[[Path], str]) -> Iterator[TestClient]:
    app = create_app(open_store(migrated_sqlite(tmp_path / "server.sqlite3")), think_limit=10.0)
    with TestClient(app) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def updates_until_over(socket: Any, limit: int = 500) -> list[dict[str, Any]]:
    seen = []
    for _ in range(limit):
        message = socket.receive_json()
        seen.append(message)
        if message["type"] in ("update", "state") and message["state"]["outcome"] is not None:
            return seen
    raise AssertionError("the game did not end")


def test_the_games_and_their_options_are_listed(client: TestClient) -> None:
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(listed) == set(games.ids())
    assert "integer" in listed["ricochet"]["options"]["properties"]["chips_to_win"]["type"]
    assert listed["robotick"]["seats"] == [3, 3] and "heuristic" in listed["robotick"]["bots"]


def test_a_person_plays_ricochet_against_a_server_bot_to_the_end(client: TestClient) -> None:
    created = create(client, game="ricochet", seats=["human", "bot:perfect"], options=PUZZLE, seed=4)
    table, token = created["table"], created["token"]
    assert created["seat"] == 0 and created["invites"] == {}
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        assert socket.receive_json() == {"type": "hello", "protocol": 1, "table": table, "seat": 0}
        first = socket.receive_json()
        assert first["type"] == "state" and "bid 5" in first["state"]["legal"]
        socket.send_json({"type": "action", "action": "bid 99"})  # the bot's optimum beats it
        seen = updates_until_over(socket)
    kinds = [e["kind"] for m in seen if m["type"] == "update" for e in m["news"]["events"]]
    assert "chip-won" in kinds and seen[-1]["state"]["outcome"]["ranks"] == [2, 1]
    record = client.get(f"/api/tables/{table}/record").json()
    assert games.replay(Record.from_dict(record)).outcome().ranks == (2, 1)


def test_a_refused_action_gets_the_games_reason_and_changes_nothing(client: TestClient) -> None:
    created = create(client, game="ricochet", seats=["human", "human"], options=PUZZLE, seed=1)
    with client.websocket_connect(f"/ws/tables/{created['table']}?token={created['token']}") as socket:
        socket.receive_json(), socket.receive_json()
        for action in ("bid ²", "bid 0", "red Q"):
            socket.send_json({"type": "action", "action": action})
            reply = socket.receive_json()
            assert reply["type"] == "refused" and reply["action"] == action and reply["reason"]
    state = client.get(f"/api/tables/{created['table']}", headers=bearer(created["token"])).json()
    assert state["version"] == 0


def test_invites_open_seats_spectators_and_forged_tokens(client: TestClient) -> None:
    created = create(client, game="ricochet", seats=["human", "human", "open"], options=PUZZLE, name="Ann")
    table, invite = created["table"], created["invites"]["1"]
    listed = {t["table"]: t for t in client.get("/api/tables").json()}
    assert listed[table]["status"] == "open" and listed[table]["open_seats"] == [2]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Cy"}).json()
    assert joined["seat"] == 2
    assert client.post(f"/api/tables/{table}/join", json={}).status_code == 403  # no open seat left
    forged = client.post(f"/api/tables/{table}/actions", json={"action": "bid 3"}, headers=bearer("x" * 43))
    assert forged.status_code == 403
    spectator = client.get(f"/api/tables/{table}").json()
    assert spectator["seat"] is None and spectator["legal"] == []
    played = client.post(f"/api/tables/{table}/actions", json={"action": "bid 3"}, headers=bearer(invite))
    assert played.status_code == 200 and played.json()["news"]["seat"] == 1
    again = client.post(f"/api/tables/{table}/actions", json={"action": "bid 3"}, headers=bearer(invite))
    assert again.status_code == 409 and "already" in again.json()["error"]
    names = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Ann", "seat 1", "Cy"]


def test_a_spectator_cannot_play_and_sees_no_secret(client: TestClient) -> None:
    created = create(client, game="robotick", seats=["human", "human", "human"], seed=3)
    table, token = created["table"], created["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        assert spectator.receive_json()["seat"] is None
        spectator.receive_json()
        spectator.send_json({"type": "action", "action": "pass A1"})
        assert spectator.receive_json()["reason"] == "spectators cannot play"
        card = client.get(f"/api/tables/{table}", headers=bearer(token)).json()["legal"][0]
        client.post(f"/api/tables/{table}/actions", json={"action": card}, headers=bearer(token))
        update = spectator.receive_json()
        assert update["type"] == "update" and update["news"]["action"] is None
        assert f'"{card.split()[-1]}"' not in json.dumps(update)  # the passed card, named nowhere


def test_hostile_messages_get_errors_then_a_close(client: TestClient) -> None:
    created = create(client, game="ricochet", seats=["human", "human"], options=PUZZLE)
    with client.websocket_connect(f"/ws/tables/{created['table']}?token={created['token']}") as socket:
        socket.receive_json(), socket.receive_json()
        hostile = {  # each message and the word a page says it by (docs/protocol.md)
            "not json": "not_json",
            "[1, 2]": "malformed",
            '{"type": 5}': "malformed",
            '{"type": "launch"}': "unknown_type",
            '{"type": "action"}': "malformed",
            '{"type": "action", "action": "bid 5", "version": "latest"}': "malformed",
            '{"type": "action", "action": "bid 5", "version": 1.5}': "malformed",
            '{"type": "action", "action": "bid 5", "version": true}': "malformed",
            '{"type": "action", "action": "bid 5", "version": -1}': "malformed",
            "x" * 5000: "too_long",
        }
        for text, code in hostile.items():
            socket.send_text(text)
            error = socket.receive_json()
            assert (error["type"], error["code"]) == ("error", code), text[:40]
        for _ in range(MAX_ERRORS - len(hostile)):
            socket.send_text("junk")
            socket.receive_json()
        closing = socket.receive_json()
        assert (closing["type"], closing["code"]) == ("closing", "errors")
    # the table is untouched and still plays
    ok = client.post(
        f"/api/tables/{created['table']}/actions", json={"action": "bid 4"}, headers=bearer(created["token"])
    )
    assert ok.status_code == 200


def test_unknown_tables_and_bad_requests_are_clear_errors(client: TestClient) -> None:
    assert client.get("/api/tables/nope").json() == {"error": "no table 'nope' on this server"}
    assert client.post("/api/tables", json={"game": "chess", "seats": ["human"]}).status_code == 400
    bad_seat = client.post("/api/tables", json={"game": "ricochet", "seats": ["human", "alien"]})
    assert "unknown seat 'alien'" in bad_seat.json()["error"]
    bad_option = client.post(
        "/api/tables", json={"game": "ricochet", "seats": ["human"], "options": {"x": 1}}
    )
    assert "unknown option 'x'" in bad_option.json()["error"]
    assert client.get("/api/tables/nope/record").status_code == 404
    duel = client.post(
        "/api/tables", json={"game": "droids", "seats": ["human"] * 4, "options": {"scenario": 6}}
    )
    assert duel.status_code == 400 and duel.json() == {
        "error": "scenario 6 (Duel dans le labyrinthe) is for 2 player(s)",
        "error_fr": "le scénario 6 (Duel dans le labyrinthe) se joue à 2 joueur(s)",
    }
    with client.websocket_connect("/ws/tables/nope") as socket:
        assert socket.receive_json() == {
            "type": "error",
            "code": "not_found",
            "reason": "no table 'nope' on this server",
        }


def test_a_restarted_server_has_every_table_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    with TestClient(create_app(open_store(url))) as first:
        created = create(first, game="ricochet", seats=["human", "human"], options=PUZZLE, seed=2)
        table, token = created["table"], created["token"]
        first.post(f"/api/tables/{table}/actions", json={"action": "bid 7"}, headers=bearer(token))
        before = first.get(f"/api/tables/{table}", headers=bearer(token)).json()
    with TestClient(create_app(open_store(url))) as second:
        after = second.get(f"/api/tables/{table}", headers=bearer(token)).json()
        assert after["version"] == 1 and after["view"] == before["view"]
        assert after["timers"] == before["timers"]  # the sand timer resumes from its stored start
        with second.websocket_connect(f"/ws/tables/{table}?token={token}&since=0") as socket:
            socket.receive_json()
            missed = socket.receive_json()
            assert missed["type"] == "missed" and [n["action"] for n in missed["news"]] == ["bid 7"]


def test_a_client_cannot_make_the_server_read_a_file(client: TestClient) -> None:
    body = {"game": "dr2d", "seats": ["human", "bot"], "options": {"board_file": "/etc/passwd"}}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400 and "reads no file named by a client" in refused.json()["error"]


def test_the_creator_hands_a_departed_persons_seat_to_a_bot_which_plays_on(client: TestClient) -> None:
    body = {
        "game": "dr2d",
        "seats": ["human", "human"],
        "options": {"turn_limit": 2},
        "seed": 5,
        "timers": False,
    }
    created = create(client, **body)
    table, invite = created["table"], created["invites"]["1"]
    hand_over = f"/api/tables/{table}/seats/1/bot"
    assert client.post(hand_over, json={}, headers=bearer(invite)).status_code == 403  # not the creator
    assert client.post(hand_over, json={}).status_code == 403  # nobody's token
    with client.websocket_connect(f"/ws/tables/{table}?token={invite}") as leaving:
        leaving.receive_json(), leaving.receive_json()
        handed = client.post(hand_over, json={}, headers=bearer(created["token"]))
        # a bot goes by its level and number, worded by each face: no name of its own
        assert handed.json() == {"table": table, "seat": 1, "kind": "bot:heuristic", "name": ""}
        assert leaving.receive_json() == {
            "type": "closing",
            "code": "handed_to_bot",
            "reason": "seat 1 was handed to a bot",
        }
    assert client.get(f"/api/tables/{table}", headers=bearer(invite)).status_code == 403  # the token is void
    assert client.post(hand_over, json={}, headers=bearer(created["token"])).status_code == 403  # a bot's now
    talk = play(client, table, created["token"], policy=policy_for("dr2d"))
    record = Record.from_dict(client.get(f"/api/tables/{table}/record").json())
    assert record.seats == ["human", "bot:heuristic"] and talk.outcome() == record.outcome.to_dict()
    assert any(seat == 1 for seat, _ in record.actions)


def test_a_flood_of_requests_from_one_address_is_refused_and_other_addresses_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the bucket barely refills: on a loaded machine the flood's 80 requests may take seconds,
    # and at the real rate the refill would let the last ones (the creation) through
    monkeypatch.setattr(limits, "HTTP_RATE", 0.01)
    app = create_app(open_store(f"sqlite:///{tmp_path / 'server.sqlite3'}"))
    with (
        TestClient(app, client=("203.0.113.7", 4000)) as flooder,
        TestClient(app, client=("198.51.100.2", 4000)) as other,
        TestClient(app, client=("127.0.0.1", 4000)) as local,
    ):
        answers = [flooder.get("/api/tables").status_code for _ in range(HTTP_BURST + 20)]
        assert answers[:HTTP_BURST] == [200] * HTTP_BURST and 429 in answers[HTTP_BURST:]
        refused = flooder.post("/api/tables", json={"game": "ricochet", "seats": ["human"]})
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
        assert refused.json()["error"].startswith("too many requests")
        assert other.get("/api/tables").status_code == 200  # another address is not held back
        assert all(local.get("/api/games").status_code == 200 for _ in range(HTTP_BURST + 20))  # this machine
    assert app.state.hall.store.count() == 0  # the refused creation created nothing


def test_a_body_past_the_limit_is_refused_before_it_is_read_and_creates_nothing(client: TestClient) -> None:
    huge = json.dumps({"game": "ricochet", "seats": ["human"], "name": "x" * MAX_BODY})
    declared = client.post("/api/tables", content=huge, headers={"Content-Type": "application/json"})
    assert declared.status_code == 413
    reason = f"the request is too large: its body may hold at most {MAX_BODY:,} bytes"
    assert declared.json() == {"error": reason}
    chunks = (huge[i : i + 8192].encode() for i in range(0, len(huge), 8192))  # no declared length
    streamed = client.post("/api/tables", content=chunks, headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413 and streamed.json() == declared.json()
    assert client.get("/api/tables").json() == []
    small = {"game": "ricochet", "seats": ["human"], "name": "Ada"}
    assert client.post("/api/tables", json=small).status_code == 201  # the limit is far above a real one


def test_games_say_whether_seats_hold_secrets(client: TestClient) -> None:
    secrets = {g["id"]: g["hidden_information"] for g in client.get("/api/games").json()}
    assert secrets == {"ricochet": False, "dr2d": True, "droids": True, "delivery": True, "robotick": True}


def test_each_seat_gets_the_board_its_own_view_draws(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """board.svg is drawn once per seat and version (many pages ask after every action), yet
    never handed to another seat: a Robotick hand is drawn only for its holder."""
    created = create(client, game="robotick", seats=["human"] * 3, timers=False, seed=3)
    table, tokens = created["table"], [created["token"], *created["invites"].values()]
    path = f"/api/tables/{table}/board.svg"
    live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
    names = live.seat_names()  # the drawing names the seats as the table does
    expected = {
        seat: games.get("robotick").render_svg(live.table.state.view(seat), names=names)
        for seat in (0, 1, 2, None)
    }
    drawn = []
    draw = live.table.game.render_svg
    monkeypatch.setattr(live.table.game, "render_svg", lambda view, **o: drawn.append(1) or draw(view, **o))
    for _ in range(2):  # the second round comes from what was drawn for each seat
        for seat, token in [*enumerate(tokens), (None, None)]:
            answer = client.get(path, headers=bearer(token) if token else {})
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.text == expected[seat]
    assert len(set(expected.values())) == 4  # each seat's picture is its own
    assert len(drawn) == 4  # drawn once per seat for this version
    legal = client.get(f"/api/tables/{table}", headers=bearer(tokens[0])).json()["legal"]
    played = client.post(f"/api/tables/{table}/actions", json={"action": legal[0]}, headers=bearer(tokens[0]))
    assert played.status_code == 200, played.text
    after = client.get(path, headers=bearer(tokens[0])).text
    assert after == games.get("robotick").render_svg(live.table.state.view(0), names=names) != expected[0]


def test_a_database_that_fails_is_the_servers_failure_not_the_requests(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from robotable.server.store import StoreError

    def locked(*_args: Any, **_kwargs: Any) -> None:
        raise StoreError("the database failed: database is locked")

    monkeypatch.setattr(client.app.state.hall.store, "create", locked)  # type: ignore[attr-defined]
    answer = client.post("/api/tables", json={"game": "ricochet", "seats": ["human"]})
    assert answer.status_code == 503 and answer.json() == {"error": "the database failed: database is locked"}
