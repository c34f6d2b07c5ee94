"""Seats held by accounts (issue 29): a signed-in person's seat is their account's, found from
any browser they sign in on, without its token; a guest who signs up keeps their seats; a
deleted account's seats stay as "deleted player", the games replayable; another site's page
can neither play with the cookie nor read the seat's view through a socket."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.core.records import Record
from robotable.server.app import create_app
from robotable.server.seats import SeatRow
from robotable.server.sessions import COOKIE
from robotable.server.store import open_store
from robotable.server.tokens import hash_token, new_token
from tests import pg
from tests.server.test_accounts import OWN, account_id, cheap_hashes, client_of, sign_up  # noqa: F401

ELSEWHERE = {"Origin": "https://evil.example"}


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def create(client: TestClient, seats: list[str], game: str = "robotick", **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "name": "typed name", **extra}
    answer = client.post("/api/tables", json=body, headers=OWN)
    assert answer.status_code == 201, answer.text
    return answer.json()


def seats_of(client: TestClient, table: str) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{table}").json()["seats"]


def test_a_signed_in_creator_s_seat_is_their_account_s_under_its_name(server: TestClient) -> None:
    sign_up(server, "Ann")
    table = create(server, ["human", "bot:easy", "bot:easy"])["table"]
    assert seats_of(server, table)[0] == {"seat": 0, "kind": "human", "name": "Ann", "account": True}


def test_a_guest_s_seat_names_no_account(server: TestClient) -> None:
    guest = client_of(server)
    table = create(guest, ["human", "bot:easy", "bot:easy"])["table"]
    assert seats_of(guest, table)[0] == {"seat": 0, "kind": "human", "name": "typed name"}


def test_the_account_finds_its_seat_from_another_browser_without_the_token(server: TestClient) -> None:
    sign_up(server, "Ann")
    created = create(server, ["human", "human", "bot:easy"])
    table = created["table"]
    phone = client_of(server)
    assert phone.post("/api/account/signin", json={"name": "Ann", "password": "correct horse battery"},
                      headers=OWN).status_code == 200  # fmt: skip
    assert phone.get(f"/api/tables/{table}").json()["seat"] == 0
    stranger = client_of(server)
    assert stranger.get(f"/api/tables/{table}").json()["seat"] is None  # a spectator
    with phone.websocket_connect(f"/ws/tables/{table}", headers=OWN) as socket:
        assert socket.receive_json()["seat"] == 0


def test_another_site_cannot_play_with_the_cookie(server: TestClient) -> None:
    sign_up(server, "Ann")
    table = create(server, ["human", "human", "human"])["table"]  # no bot moves meanwhile
    state = server.get(f"/api/tables/{table}").json()
    version = state["version"]
    answer = server.post(f"/api/tables/{table}/actions", json={"action": "pass"}, headers=ELSEWHERE)
    assert answer.status_code == 403 and answer.json()["code"] == "cross_site"
    assert server.get(f"/api/tables/{table}").json()["version"] == version  # nothing played
    legal = state["legal"][0]  # from the site's own page, the cookie's seat plays
    played = server.post(f"/api/tables/{table}/actions", json={"action": legal}, headers=OWN)
    assert played.status_code == 200, played.text
    assert server.get(f"/api/tables/{table}").json()["version"] == version + 1


def test_another_site_s_socket_gets_a_spectator_s_view_not_the_seat(server: TestClient) -> None:
    sign_up(server, "Ann")
    table = create(server, ["human", "bot:easy", "bot:easy"])["table"]
    with server.websocket_connect(f"/ws/tables/{table}", headers=ELSEWHERE) as socket:
        hello = socket.receive_json()
        assert hello["type"] == "hello" and hello["seat"] is None
        assert socket.receive_json()["state"]["seat"] is None
    with server.websocket_connect(f"/ws/tables/{table}", headers=OWN) as socket:
        assert socket.receive_json()["seat"] == 0


def test_joining_and_invitations_give_the_seat_to_the_account_once_a_table(server: TestClient) -> None:
    host = client_of(server)
    created = create(host, ["human", "human", "open"])
    table, invite = created["table"], created["invites"]["1"]
    sign_up(server, "Bob")
    joined = server.post(
        f"/api/tables/{table}/join", json={"name": "x"}, headers={**OWN, "Authorization": f"Bearer {invite}"}
    )
    assert joined.status_code == 200, joined.text
    again = server.post(f"/api/tables/{table}/join", json={"name": "Bobby"}, headers=OWN)  # a second seat
    assert again.status_code == 200, again.text
    seats = seats_of(host, table)
    assert seats[1] == {"seat": 1, "kind": "human", "name": "Bob", "account": True}
    assert seats[2] == {"seat": 2, "kind": "human", "name": "Bobby"}  # one seat a table per account


def test_a_seat_seated_by_another_process_meanwhile_is_not_named_over(server: TestClient) -> None:
    """A person names their seat by its invitation while another process gave that seat to an
    account (an invitation by name taken there): the store's row wins, the name is refused."""
    host = client_of(server)
    created = create(host, ["human", "human", "bot:easy"])
    table, invite = created["table"], created["invites"]["1"]
    store = server.app.state.hall.store
    sign_up(server, "Bob")
    bob = account_id(server, "Bob")
    elsewhere = SeatRow(1, "human", "Bob", hash_token(new_token()), account=bob)
    assert store.set_seat(table, elsewhere)  # behind this process's back: it still has the old row
    guest = client_of(server)
    named = guest.post(
        f"/api/tables/{table}/join",
        json={"name": "Gus"},
        headers={**OWN, "Authorization": f"Bearer {invite}"},
    )
    assert named.status_code == 403, named.text
    assert store.seats(table)[1] == elsewhere
    assert seats_of(host, table)[1] == {"seat": 1, "kind": "human", "name": "Bob", "account": True}


def test_a_guest_who_signs_up_keeps_their_seats(server: TestClient) -> None:
    guest = client_of(server)
    first = create(guest, ["human", "bot:easy", "bot:easy"])
    second = create(guest, ["human", "human", "bot:easy"])
    sign_up(guest, "Cleo")
    kept = guest.post(
        "/api/account/seats",
        json={"seats": [
            {"table": first["table"], "token": first["token"]},
            {"table": second["table"], "token": second["token"]},
            {"table": second["table"], "token": second["invites"]["1"]},  # a second seat there: not kept
            {"table": "nosuchtable", "token": "x"},
            {"table": first["table"], "token": "wrong"},
        ]},
        headers=OWN,
    )  # fmt: skip
    assert kept.status_code == 200 and kept.json() == {"kept": 2}
    assert seats_of(guest, first["table"])[0]["name"] == "Cleo"
    listed = guest.get("/api/account/tables").json()
    assert {entry["table"] for entry in listed["tables"]} == {first["table"], second["table"]}
    other = client_of(server)
    sign_up(other, "Dan")
    body = {"seats": [{"table": first["table"], "token": first["token"]}]}
    taken = other.post("/api/account/seats", json=body, headers=OWN)
    assert taken.json() == {"kept": 0}  # Cleo's account holds it
    assert seats_of(guest, first["table"])[0]["name"] == "Cleo"


def test_keeping_seats_needs_an_account_and_this_site(server: TestClient) -> None:
    guest = client_of(server)
    first = create(guest, ["human", "bot:easy", "bot:easy"])
    body = {"seats": [{"table": first["table"], "token": first["token"]}]}
    assert guest.post("/api/account/seats", json=body, headers=OWN).json()["code"] == "signed_out"
    sign_up(guest, "Cleo")
    assert guest.post("/api/account/seats", json=body, headers=ELSEWHERE).json()["code"] == "cross_site"
    assert seats_of(guest, first["table"])[0]["name"] == "typed name"


def test_my_tables_lists_those_waiting_for_me_first_and_finished_ones_last(server: TestClient) -> None:
    sign_up(server, "Ann")
    finished = create(server, ["human", "bot:easy", "bot:easy"])["table"]
    conceded = server.post(f"/api/tables/{finished}/actions", json={"action": "concede"}, headers=OWN)
    assert conceded.status_code == 200, conceded.text
    _record_when_over(server, finished)
    waiting = create(server, ["human", "bot:easy", "bot:easy"])["table"]  # Robotick: everyone passes cards
    listed = server.get("/api/account/tables").json()
    assert [entry["table"] for entry in listed["tables"]] == [waiting, finished]
    first, last = listed["tables"]
    assert first["your_turn"] is True and first["status"] == "running" and first["seat"] == 0
    assert last["your_turn"] is False and last["status"] == "over" and len(last["ranks"]) == 3
    assert listed["your_turn"] == 1
    assert server.get("/api/account/turns").json() == {
        "your_turn": 1,
        "tables": [{"table": waiting, "game": "robotick"}],
    }
    assert client_of(server).get("/api/account/tables").json()["code"] == "signed_out"


def test_a_deleted_account_s_seats_show_deleted_player_and_the_game_replays(server: TestClient) -> None:
    sign_up(server, "Ann")
    table = create(server, ["human", "bot:easy", "bot:easy"])["table"]
    # concede so that the bots play the game to its end, then the account goes
    answer = server.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=OWN)
    assert answer.status_code == 200, answer.text
    deleted = server.post("/api/account/delete", json={"password": "correct horse battery"}, headers=OWN)
    assert deleted.status_code == 204
    seat = seats_of(client_of(server), table)[0]
    assert seat["name"] == "" and seat.get("gone") is True and "account" not in seat
    live = server.portal.call(server.app.state.hall.find, table)  # type: ignore[union-attr]
    assert live.seat_names("fr")[0] == "joueur supprimé"  # what the sentences and drawings call it
    record = _record_when_over(server, table)
    assert Record.from_dict(record).outcome is not None


def _record_when_over(client: TestClient, table: str) -> dict[str, Any]:
    import time

    for _ in range(600):
        answer = client.get(f"/api/tables/{table}/record")
        if answer.status_code == 200:
            return answer.json()
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


def test_signing_out_closes_the_sockets_of_the_account_s_seat(server: TestClient) -> None:
    sign_up(server, "Ann")
    created = create(server, ["human", "human", "human"])
    table = created["table"]
    with (
        server.websocket_connect(f"/ws/tables/{table}", headers=OWN) as by_cookie,
        server.websocket_connect(f"/ws/tables/{table}?token={created['token']}", headers=OWN) as by_token,
    ):
        assert by_cookie.receive_json()["seat"] == 0 and by_token.receive_json()["seat"] == 0
        by_cookie.receive_json(), by_token.receive_json()  # their states
        assert server.post("/api/account/signout", headers=OWN).status_code == 204
        closing = by_cookie.receive_json()
        assert closing == {"type": "closing", "code": "signed_out",
                           "reason": "you signed out: this page no longer shows your seat"}  # fmt: skip
        assert by_token.receive_json()["code"] == "signed_out"  # the account's seat, by its token too


@pytest.mark.parametrize("ending", ["signout", "signout-everywhere"])
def test_a_sign_out_in_one_process_closes_the_account_s_sockets_in_another(cluster: str, ending: str) -> None:
    """Two server processes on one PostgreSQL database (two applications here): Ann signs out
    on the first, and the socket her cookie opened on the second closes (the store's notice)."""
    url = pg.new_database(cluster, f"sign_out_{ending.replace('-', '_')}")
    stores = [open_store(url), open_store(url)]
    try:
        with (
            TestClient(create_app(stores[0], bots_in_threads=True), client=("127.0.0.1", 50000)) as first,
            TestClient(create_app(stores[1], bots_in_threads=True), client=("127.0.0.1", 50000)) as second,
        ):
            sign_up(first, "Ann")
            table = create(first, ["human", "human", "human"])["table"]
            elsewhere = client_of(second, cookies={COOKIE: first.cookies[COOKIE]})  # the same session
            with elsewhere.websocket_connect(f"/ws/tables/{table}", headers=OWN) as socket:
                assert socket.receive_json()["seat"] == 0
                socket.receive_json()  # its state
                assert first.post(f"/api/account/{ending}", headers=OWN).status_code == 204
                assert socket.receive_json()["code"] == "signed_out"
    finally:
        for store in stores:
            store.close()


def test_the_export_holds_the_account_s_seats_and_its_own_words_only(server: TestClient) -> None:
    sign_up(server, "Ann")
    created = create(server, ["human", "human", "human"])  # no bot: the sockets hear only the chat
    table = created["table"]
    guest = client_of(server)
    with (
        server.websocket_connect(f"/ws/tables/{table}", headers=OWN) as ann,
        guest.websocket_connect(f"/ws/tables/{table}?token={created['invites']['1']}") as other,
    ):
        for socket in (ann, other):  # both greeted first: a message said before a greeting is
            while socket.receive_json()["type"] != "state":  # in its history, not a ``chat``
                pass
        ann.send_json({"type": "say", "text": "good luck"})
        other.send_json({"type": "say", "text": "a guest's secret words"})
        for socket in (ann, other):  # each hears both messages (after its greeting)
            heard = []
            while len(heard) < 2:
                message = socket.receive_json()
                if message["type"] == "chat":
                    heard.append(message["text"])
    export = server.get("/api/account/export").json()
    assert [(s["table"], s["seat"], s["name"], s["game"]) for s in export["seats"]] == [
        (table, 0, "Ann", "robotick")
    ]
    assert [line["text"] for line in export["chat"]] == ["good luck"]
    assert "a guest's secret words" not in json.dumps(export)


def test_an_account_s_seat_is_played_by_that_account_only_not_by_its_invitation_s_token(
    server: TestClient,
) -> None:
    host = client_of(server)
    sign_up(host, "Ann")
    created = create(host, ["human", "human", "human"])
    table, invite = created["table"], created["invites"]["1"]
    sign_up(server, "Bob")
    by_link = {**OWN, "Authorization": f"Bearer {invite}"}
    assert server.post(f"/api/tables/{table}/join", json={}, headers=by_link).status_code == 200
    assert server.get(f"/api/tables/{table}", headers=by_link).json()["seat"] == 1  # Bob, with it
    # the creator kept the invitation's token: it grants Bob's seat to nobody else any more
    refused = host.get(f"/api/tables/{table}", headers=by_link)
    assert refused.status_code == 403 and "sign in" in refused.json()["error"]
    assert client_of(server).get(f"/api/tables/{table}", headers=by_link).status_code == 403
    with host.websocket_connect(f"/ws/tables/{table}?token={invite}", headers=OWN) as socket:
        assert socket.receive_json()["type"] == "error"


def test_the_store_seats_an_account_once_a_table_whichever_process_asks(server: TestClient) -> None:
    """Two joins of one account at once (two processes): the store's condition decides."""
    sign_up(server, "Ann")
    table = create(client_of(server), ["human", "open", "open"])["table"]
    store = server.app.state.hall.store  # type: ignore[attr-defined]
    ann = 1  # the only account
    assert store.set_seat(table, SeatRow(1, "human", "Ann", "h1", account=ann), only_if_open=True)
    assert not store.set_seat(table, SeatRow(2, "human", "Ann", "h2", account=ann), only_if_open=True)
    assert [row.account for row in store.seats(table)] == [None, ann, None]
