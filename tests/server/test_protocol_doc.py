"""docs/protocol.md is true: every JSON example in it has the shape of what the server really
sends (the same keys, level by level), and every client example is understood."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from robotable.server.quotas import PerAddress, Quotas
from robotable.server.sockets import MAX_ERRORS

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
EXAMPLE = re.compile(r"<!-- example: (?P<name>[^>]+?) -->\n```json\n(?P<body>.*?)\n```", re.DOTALL)
PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"}
SERVER_TYPES = {
    "hello",
    "state",
    "missed",
    "update",
    "accepted",
    "refused",
    "error",
    "closing",
    "pong",
    "notice",
    "chat",
    "chat_history",
    "chat_refused",
}
CLIENT_TYPES = {"action", "state", "ping", "say"}
OPAQUE = {"invites", "properties"}
"""Keys whose members differ from example to example (seat numbers, a cut option schema)."""


def examples() -> dict[str, Any]:
    text = DOC.read_text(encoding="utf-8")
    found = {m["name"]: json.loads(m["body"]) for m in EXAMPLE.finditer(text)}
    assert len(re.findall(r"^```json$", text, re.MULTILINE)) == len(found), (
        "every ```json block has its <!-- example: --> mark"
    )
    return found


def assert_same_shape(doc: Any, real: Any, where: str) -> None:
    """The same keys at every level of dictionaries, the same kinds of values (null aside)."""
    if doc is None or real is None:
        return
    if isinstance(real, dict):
        assert isinstance(doc, dict), f"{where}: the server sends an object"
        assert set(doc) == set(real), f"{where}: doc keys {sorted(doc)} but the server sends {sorted(real)}"
        for key in real:
            if key == "view":  # the game's own fields: the same names, their contents the game's
                assert set(doc[key]) == set(real[key]), f"{where}.view: not the fields the game sends"
            elif key == "words":  # a game's catalogues: the same languages, the doc's cut short
                assert set(doc[key]) == set(real[key]), f"{where}.words: not the languages sent"
                for lang, words in doc[key].items():
                    assert words.items() <= real[key][lang].items(), f"{where}.words.{lang}"
            elif key == "events":  # each game's events, each with its kind
                assert all("kind" in event for event in doc[key] + real[key]), f"{where}.events"
            elif key not in OPAQUE:
                assert_same_shape(doc[key], real[key], f"{where}.{key}")
    elif isinstance(real, list):
        assert isinstance(doc, list), f"{where}: the server sends a list"
        if doc and real:
            assert_same_shape(doc[0], real[0], f"{where}[0]")
    else:
        numbers = (int, float)
        same = isinstance(doc, numbers) if isinstance(real, numbers) else type(doc) is type(real)
        assert same, f"{where}: the doc has {doc!r}, the server sends {real!r}"


def captured(server: TestClient) -> dict[str, Any]:
    """One of each message and answer, from a real Ricochet table and a real Robotick one."""
    real: dict[str, Any] = {}
    body = {
        "game": "ricochet",
        "seats": ["human", "human", "open"],
        "options": PUZZLE,
        "seed": 42,
        "name": "A",
    }
    created = server.post("/api/tables", json=body).json()
    real["http POST /api/tables response"] = created
    table, token = created["table"], created["token"]
    real["http GET /api/tables item"] = server.get("/api/tables").json()[0]
    real["http POST /api/tables/{id}/join response"] = server.post(
        f"/api/tables/{table}/join", json={}
    ).json()
    real["http GET /api/games item"] = server.get("/api/games").json()[0]
    real["http GET /api/leaderboard/{game} response"] = server.get("/api/leaderboard/ricochet").json()
    with server.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        real["ws-server hello"], real["ws-server state"] = socket.receive_json(), socket.receive_json()
        socket.send_json({"type": "action", "action": "bid 5"})
        real["ws-server update"], real["ws-server accepted"] = socket.receive_json(), socket.receive_json()
        socket.send_json({"type": "action", "action": "bid 0"})
        real["ws-server refused"] = socket.receive_json()
        socket.send_json({"type": "action", "action": "bid 5", "version": 0})
        real["ws-server refused, behind"] = socket.receive_json()
        socket.send_json({"type": "ping"})
        real["ws-server pong"] = socket.receive_json()
        socket.send_text("not json")
        real["ws-server error"] = socket.receive_json()
        for _ in range(MAX_ERRORS - 1):
            socket.send_text("junk")
            socket.receive_json()
        real["ws-server closing"] = socket.receive_json()
    headers = {"Authorization": f"Bearer {token}"}
    played = server.post(f"/api/tables/{table}/actions", json={"action": "bid 4"}, headers=headers)
    real["http POST /api/tables/{id}/actions response"] = played.json()
    real["http error"] = server.post(
        f"/api/tables/{table}/actions", json={"action": "bid 7"}, headers=headers
    ).json()
    robotick = server.post(
        "/api/tables", json={"game": "robotick", "seats": ["human"] * 3, "timers": False}
    ).json()
    card = server.get(
        f"/api/tables/{robotick['table']}", headers={"Authorization": f"Bearer {robotick['token']}"}
    )
    server.post(
        f"/api/tables/{robotick['table']}/actions",
        json={"action": card.json()["legal"][0]},
        headers={"Authorization": f"Bearer {robotick['token']}"},
    )
    with server.websocket_connect(
        f"/ws/tables/{robotick['table']}?token={robotick['invites']['1']}&since=0"
    ) as s:
        s.receive_json()
        real["ws-server missed"] = s.receive_json()
    real["ws-server notice"] = stand_in_notice(server)
    real |= chat_messages(server, table, token)
    real["http error, quota"], real["ws-server closing, quota"] = quota_refusals(server, table)
    real["http error, option"] = server.post(
        "/api/tables", json={"game": "ricochet", "seats": ["human"], "options": {"chips_to_win": 99}}
    ).json()
    real["http error, needs_clock"] = server.post(
        "/api/tables", json={"game": "ricochet", "seats": ["human", "human"], "timers": False}
    ).json()
    return real | account_answers(server)


def chat_messages(server: TestClient, table: str, token: str) -> dict[str, Any]:
    """A message said, one too many, and the history a new connection is greeted with."""
    real = {}
    with server.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        socket.receive_json(), socket.receive_json()
        for _ in range(5):
            socket.send_json({"type": "say", "text": "good luck!"})
            real["ws-server chat"] = socket.receive_json()
        socket.send_json({"type": "say", "text": "good luck!"})
        real["ws-server chat_refused"] = socket.receive_json()
    with server.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.receive_json(), socket.receive_json()
        real["ws-server chat_history"] = socket.receive_json()
    return real


def account_answers(server: TestClient) -> dict[str, Any]:
    """An account's life, with the documented requests (each password the one before's new)."""
    documented, real = examples(), {}
    signup = documented["http POST /api/account/signup request"]
    real["http POST /api/account/signup response"] = server.post("/api/account/signup", json=signup).json()
    real["http GET /api/account response"] = server.get("/api/account").json()
    real["http POST /api/account/signin response"] = server.post("/api/account/signin", json=signup).json()
    wrong = {**signup, "password": "not the password"}
    real["http error, wrong_sign_in"] = server.post("/api/account/signin", json=wrong).json()
    real["http GET /api/account/export response"] = server.get("/api/account/export").json()
    real["http GET /api/players/{name} response"] = profile_answer(server, signup["name"])
    change = documented["http POST /api/account/password request"]
    real["http POST /api/account/password response"] = server.post(
        "/api/account/password", json=change
    ).json()
    deletion = documented["http POST /api/account/delete request"]
    assert server.post("/api/account/delete", json=deletion).status_code == 204
    real["http error, signed_out"] = server.get("/api/account").json()
    return real


def profile_answer(server: TestClient, name: str) -> Any:
    """The signed-in person's profile after a game they conceded to two bots, who finish it."""
    body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"]}
    table = server.post("/api/tables", json=body).json()["table"]
    assert server.post(f"/api/tables/{table}/actions", json={"action": "concede"}).status_code == 200
    for _ in range(600):
        profile = server.get(f"/api/players/{name}").json()
        if profile["last_games"]:
            return profile
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


def quota_refusals(server: TestClient, table: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A creation past this machine's unfinished tables, a connection past its connections."""
    tally = server.app.state.hall.quotas  # type: ignore[attr-defined]
    held = sum(claim.address == "127.0.0.1" for claim in tally.claims.values())
    tally.quotas = Quotas(loopback=PerAddress(running_tables=held, sockets=1))
    try:
        body = {"game": "robotick", "seats": ["human"] * 3, "timers": False}
        refused = server.post("/api/tables", json=body)
        assert refused.status_code == 429, refused.text
        with (
            server.websocket_connect(f"/ws/tables/{table}"),
            server.websocket_connect(f"/ws/tables/{table}") as s,
        ):
            closing = s.receive_json()
    finally:
        tally.quotas = Quotas()
    return refused.json(), closing


def stand_in_notice(server: TestClient) -> dict[str, Any]:
    """Seat 1's person leaves a Delivery table: seat 0 is told of the bot standing in."""
    server.app.state.hall.grace = 0.1  # type: ignore[attr-defined]
    body = {"game": "delivery", "seats": ["human", "human"]}
    created = server.post("/api/tables", json=body).json()
    with server.websocket_connect(f"/ws/tables/{created['table']}?token={created['token']}") as socket:
        with server.websocket_connect(f"/ws/tables/{created['table']}?token={created['invites']['1']}"):
            pass
        while (message := socket.receive_json())["type"] != "notice":
            pass
    return message


def test_every_server_message_type_has_one_true_example_in_the_doc(server: TestClient) -> None:
    documented = examples()
    server_examples = {
        n.removeprefix("ws-server "): e for n, e in documented.items() if n.startswith("ws-server")
    }
    assert {name.split(",")[0] for name in server_examples} == SERVER_TYPES
    for name, example in server_examples.items():
        assert example["type"] == name.split(",")[0]
    real = captured(server)
    for name, example in documented.items():
        if name.startswith("ws-client") or name.endswith("request"):
            continue
        assert name in real, f"no captured message for the example {name!r}"
        assert_same_shape(example, real[name], name)


def test_every_client_example_is_understood(server: TestClient) -> None:
    documented = {n.removeprefix("ws-client "): e for n, e in examples().items() if n.startswith("ws-client")}
    assert {name.split()[0] for name in documented} == CLIENT_TYPES
    request = examples()["http POST /api/tables request"]
    created = server.post("/api/tables", json=request)
    assert created.status_code == 201, created.text
    table, token = created.json()["table"], created.json()["token"]
    answers = {"action": "accepted", "state": "state", "ping": "pong", "say": "chat"}
    with server.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        socket.receive_json(), socket.receive_json()
        for name, example in documented.items():
            socket.send_json(example)
            reply = socket.receive_json()
            if reply["type"] == "update":  # the update of our own action comes before the answer
                reply = socket.receive_json()
            if name == "action with version":  # the same bid again, chosen on the state before it
                assert reply["type"] == "refused", reply
                assert reply["behind"] == {"seen": 0, "version": 1}, reply
                continue
            assert reply["type"] == answers[name], reply
