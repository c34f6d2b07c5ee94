"""Bot accounts (issue 32): a person's account makes bots, each with a secret token shown once
and stored hashed; with it a program takes and plays seats held by the bot's account, marked as
a bot's; a new token or a revoked one ends the old and closes its sockets; the token opens no
person's route; a deleted owner takes their bots along."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from robotable.server import schema
from robotable.server.app import create_app
from robotable.server.bot_store import MAX_BOTS, BotStore
from robotable.server.passwords import name_key
from robotable.server.sessions import COOKIE
from robotable.server.store import open_store
from robotable.server.tokens import hash_token
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, sign_up  # noqa: F401


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def make_bot(client: TestClient, name: str = "Marvin") -> str:
    answer = client.post("/api/account/bots", json={"name": name}, headers=OWN)
    assert answer.status_code == 201, answer.text
    assert answer.json()["name"] == name
    return answer.json()["token"]


def as_bot(server: TestClient, token: str) -> TestClient:
    """A program with the bot's token (no cookie, no browser's Origin)."""
    return client_of(server, headers={"Bot-Token": token})


def test_a_bot_is_made_by_a_person_and_its_token_is_kept_hashed(server: TestClient) -> None:
    assert server.post("/api/account/bots", json={"name": "Marvin"}, headers=OWN).status_code == 401
    sign_up(server, "Ann")
    token = make_bot(server)
    listed = server.get("/api/account/bots").json()
    assert [bot["name"] for bot in listed["bots"]] == ["Marvin"] and listed["most"] == MAX_BOTS
    assert listed["limits"] == {"tables": 8, "per_second": 10, "burst": 30}
    assert token not in str(listed) and listed["bots"][0]["token_created"] is not None
    store = server.app.state.accounts.store.store  # type: ignore[attr-defined]
    with store._reading() as connection:
        kept = [row.token_hash for row in connection.execute(select(schema.sessions.c.token_hash))]
    assert hash_token(token) in kept and token not in kept
    assert as_bot(server, token).get("/api/bot").json() == {"name": "Marvin", "owner": "Ann"}
    exported = server.get("/api/account/export").json()["bots"]
    assert [bot["name"] for bot in exported] == ["Marvin"] and token not in str(exported)


def test_a_bot_s_name_is_checked_as_anyone_s_and_an_owner_has_a_few(server: TestClient) -> None:
    sign_up(server, "Ann")
    taken = server.post("/api/account/bots", json={"name": "ann"}, headers=OWN)
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken" and taken.json()["error_fr"]
    bad = server.post("/api/account/bots", json={"name": "<script>"}, headers=OWN)
    assert bad.status_code in (400, 422) and "error" in bad.json()
    for number in range(MAX_BOTS):
        make_bot(server, f"Bot {number}")
    many = server.post("/api/account/bots", json={"name": "One more"}, headers=OWN)
    assert many.status_code == 409 and many.json()["code"] == "too_many_bots"
    other = client_of(server)
    sign_up(other, "Bob")
    assert other.post("/api/account/bots/Bot 0/revoke", headers=OWN).json()["code"] == "no_such_bot"


def test_a_bot_s_token_opens_no_person_s_route_and_a_person_s_opens_no_bot(server: TestClient) -> None:
    person = sign_up(server, "Ann")
    token = make_bot(server)
    bot = as_bot(server, token)
    assert bot.get("/api/account").status_code == 401
    changed = bot.post("/api/account/password", json={"current": "x", "new": "y" * 12})
    assert changed.status_code == 401
    in_a_cookie = client_of(server, cookies={COOKIE: token})
    assert in_a_cookie.get("/api/account").status_code == 401
    person_token = person.cookies[COOKIE]
    assert as_bot(server, person_token).get("/api/bot").status_code == 401
    assert as_bot(server, "made-up").get("/api/bot").status_code == 401


def create(client: TestClient, seats: list[str]) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "robotick", "seats": seats, "timers": False})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_bot_s_seat_is_its_account_s_marked_as_a_bot_s_and_found_by_its_token(server: TestClient) -> None:
    sign_up(server, "Ann")
    bot = as_bot(server, make_bot(server))
    table = create(bot, ["human", "open", "bot:easy"])["table"]
    seat = bot.get(f"/api/tables/{table}").json()["seats"][0]
    assert seat == {"seat": 0, "kind": "human", "name": "Marvin", "account": True, "bot_account": True}
    with bot.websocket_connect(f"/ws/tables/{table}") as socket:  # no seat token: the bot's header
        assert socket.receive_json()["seat"] == 0
    joined = as_bot(server, make_bot(server, "Robbie")).post(f"/api/tables/{table}/join", json={"name": "x"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert bot.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "Robbie"


def closing_of(socket: Any) -> dict[str, Any]:
    """The next ``closing`` message (fresh states and notices may come first)."""
    for _ in range(20):
        message = socket.receive_json()
        if message["type"] == "closing":
            return message
    raise AssertionError("no closing message")


def test_a_new_or_revoked_token_ends_the_old_and_closes_its_sockets(server: TestClient) -> None:
    sign_up(server, "Ann")
    old = make_bot(server)
    bot = as_bot(server, old)
    table = create(bot, ["human", "human", "bot:easy"])["table"]
    with bot.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.receive_json(), socket.receive_json()  # hello, state
        renewed = server.post("/api/account/bots/Marvin/token", headers=OWN)
        assert renewed.status_code == 200
        assert closing_of(socket)["code"] == "signed_out"
    assert bot.get("/api/bot").status_code == 401
    new = as_bot(server, renewed.json()["token"])
    assert new.get("/api/bot").status_code == 200
    assert new.get(f"/api/tables/{table}").json()["seat"] == 0, "the seat is the account's, whatever token"
    assert server.post("/api/account/bots/Marvin/revoke", headers=OWN).status_code == 204
    assert new.get("/api/bot").status_code == 401
    assert server.get("/api/account/bots").json()["bots"][0]["token_created"] is None


def test_a_deleted_owner_takes_their_bots_along(server: TestClient) -> None:
    sign_up(server, "Ann")
    bot = as_bot(server, make_bot(server))
    table = create(bot, ["human", "bot:easy", "bot:easy"])["table"]
    deleted = server.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN)
    assert deleted.status_code == 204
    assert bot.get("/api/bot").status_code == 401
    seat = client_of(server).get(f"/api/tables/{table}").json()["seats"][0]
    assert seat.get("gone") is True and seat["name"] == ""
    newcomer = client_of(server)
    sign_up(newcomer, "Marvin")  # the name is free again


def test_a_bot_account_s_rated_game_lists_it_on_the_leaderboard_as_a_bot(server: TestClient) -> None:
    sign_up(server, "Ann")
    bot = as_bot(server, make_bot(server))
    body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "timers": False, "rated": True}
    created = bot.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    assert bot.post(f"/api/tables/{table}/actions", json={"action": "concede"}).status_code == 200
    for _ in range(600):  # the bots play the conceded seat to the end; the ratings follow
        lines = server.get("/api/leaderboard/robotick").json()["players"]
        marvin = [line for line in lines if line["name"] == "Marvin"]
        if marvin:
            break
        time.sleep(0.05)
    assert marvin and marvin[0]["bot_account"] is True and "bot" not in marvin[0]
    assert all("bot_account" not in line for line in lines if line["name"] != "Marvin")


def seen_at_seat_0(client: TestClient, **headers: str) -> list[str]:
    """What a seat-0 socket of a new three-person Robotick table (seed 5) is sent on connecting
    and after its first action, as text, the table's id, its seat's name and the clock put aside."""
    body = {"game": "robotick", "seats": ["human", "human", "human"], "timers": False, "seed": 5}
    created = client.post("/api/tables", json=body, headers=headers)
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    with client.websocket_connect(f"/ws/tables/{table}", headers=headers) as socket:
        sent = [socket.receive_text(), socket.receive_text()]  # hello, state
        socket.send_json({"type": "action", "action": json.loads(sent[1])["state"]["legal"][0]})
        sent += [socket.receive_text(), socket.receive_text()]  # the update, then "accepted"
    name = json.loads(sent[1])["state"]["seats"][0]["name"]
    neutral = [text.replace(table, "TABLE").replace(f'"{name}"', '"NAME"') for text in sent]
    marked = ',"bot_account":true'  # the one difference: everyone sees the seat is a bot's
    return [re.sub(r'"now":[0-9.]+', '"now":0', text).replace(marked, "") for text in neutral]


def test_a_bot_is_sent_exactly_what_a_person_s_page_at_its_seat_is_sent(server: TestClient) -> None:
    sign_up(server, "Ann")
    bot = as_bot(server, make_bot(server))
    by_bot = seen_at_seat_0(bot)
    by_person = seen_at_seat_0(server, **OWN)  # Ann's page, signed in: her account's seat
    assert by_bot == by_person


def test_a_server_without_bot_accounts_makes_none_and_opens_nothing_to_a_token(tmp_path: Path) -> None:
    app = create_app(open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_accounts=False)
    with TestClient(app, client=("127.0.0.1", 50000)) as server:
        sign_up(server, "Ann")
        refused = server.post("/api/account/bots", json={"name": "Marvin"}, headers=OWN)
        assert refused.status_code == 403 and refused.json()["code"] == "bots_off"
        assert "robots" in refused.json()["error_fr"]
        assert server.get("/api/account/bots").json()["allowed"] is False
        # a bot made before its host switched bots off: listed for its owner, its token opens nothing
        accounts = server.app.state.accounts  # type: ignore[attr-defined]
        token, session = accounts.sessions.new()
        owner = accounts.store.by_name(name_key("Ann")).id
        BotStore(accounts.store.store).create(owner, "Marvin", name_key("Marvin"), session)
        assert as_bot(server, token).get("/api/bot").status_code == 401
        assert server.get("/api/account/bots").json()["bots"][0]["name"] == "Marvin"
