"""Invitations by name (issue 29): a table's creator offers a person's seat to an account by its
name; the account finds it in "My tables" and takes it signed in, nobody else can (the seat's
invitation link still seats a guest); the creator cancels it; the refusals change nothing; and a
game played again is in each account's "My tables" at once, their seats theirs."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable.server import friends, schema
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, count, person, sign_up  # noqa: F401

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def create(client: TestClient, seats: list[str], game: str = "robotick", **extra: Any) -> Any:
    return client.post("/api/tables", json={"game": game, "seats": seats, **extra}, headers=OWN)


def invite(client: TestClient, table: str, seat: int, name: str) -> Any:
    return client.post(f"/api/tables/{table}/invitations", json={"seat": seat, "name": name}, headers=OWN)


def join(client: TestClient, table: str, seat: int, **headers: str) -> Any:
    return client.post(f"/api/tables/{table}/join", json={"seat": seat}, headers={**OWN, **headers})


def invitations_of(client: TestClient) -> list[dict[str, Any]]:
    return [entry for entry in client.get("/api/account/tables").json()["tables"] if entry.get("invited")]


def seats_of(client: TestClient, table: str) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{table}").json()["seats"]


@pytest.fixture
def table(server: TestClient) -> tuple[TestClient, TestClient, dict[str, Any]]:
    """Ann's table of three people, nobody at seats 1 and 2 yet; Bob has an account."""
    ann, bob = person(server, "Ann"), person(server, "Bob")
    created = create(ann, ["human", "human", "human"])
    assert created.status_code == 201, created.text
    return ann, bob, created.json()


def test_the_invited_account_finds_the_seat_in_my_tables_and_takes_it(table: Any) -> None:
    ann, bob, created = table
    table_id = created["table"]
    answer = invite(ann, table_id, 1, "bob")
    assert answer.status_code == 201 and answer.json() == {"seat": 1, "name": "Bob"}
    (entry,) = invitations_of(bob)
    assert entry["table"] == table_id and entry["seat"] == 1 and entry["by"] == "Ann"
    assert entry["game"] == "robotick" and entry["your_turn"] is False
    assert ann.get(f"/api/tables/{table_id}/invitations").json() == {
        "invitations": [{"seat": 1, "name": "Bob"}]
    }
    taken = join(bob, table_id, 1)
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 1 and taken.json()["token"]
    assert seats_of(ann, table_id)[1] == {"seat": 1, "kind": "human", "name": "Bob", "account": True}
    assert bob.get(f"/api/tables/{table_id}").json()["seat"] == 1  # by the cookie, from now on
    assert invitations_of(bob) == []
    assert count(bob, schema.seat_invitations) == 0
    old_link = {"Authorization": f"Bearer {created['invites']['1']}"}  # the creator's copy
    assert ann.get(f"/api/tables/{table_id}", headers=old_link).status_code == 403


def test_nobody_else_takes_a_seat_offered_by_name(server: TestClient, table: Any) -> None:
    ann, bob, created = table
    table_id = created["table"]
    invite(ann, table_id, 1, "Bob")
    cyd = person(server, "Cyd")
    refused = join(cyd, table_id, 1)
    assert refused.status_code == 403 and refused.json()["code"] == "not_invited"
    guest = client_of(server)
    assert join(guest, table_id, 1).status_code == 403  # not an open seat
    assert seats_of(ann, table_id)[1]["name"] == "seat 1"
    assert len(invitations_of(bob)) == 1


def test_a_guest_with_the_invitation_link_still_sits_and_the_invitation_lapses(
    server: TestClient, table: Any
) -> None:
    ann, bob, created = table
    table_id = created["table"]
    invite(ann, table_id, 1, "Bob")
    guest = client_of(server)
    link = {"Authorization": f"Bearer {created['invites']['1']}"}
    sat = guest.post(f"/api/tables/{table_id}/join", json={"name": "Gus"}, headers=link)
    assert sat.status_code == 200, sat.text
    assert seats_of(ann, table_id)[1]["name"] == "Gus"
    assert invitations_of(bob) == []
    late = join(bob, table_id, 1)
    assert late.status_code == 409 and late.json()["code"] == "seat_taken"
    assert seats_of(ann, table_id)[1]["name"] == "Gus"


def test_the_creator_cancels_an_invitation(table: Any) -> None:
    ann, bob, created = table
    table_id = created["table"]
    invite(ann, table_id, 2, "Bob")
    assert (
        bob.post(f"/api/tables/{table_id}/invitations/cancel", json={"seat": 2}, headers=OWN).status_code
        == 403
    )
    assert len(invitations_of(bob)) == 1
    assert (
        ann.post(f"/api/tables/{table_id}/invitations/cancel", json={"seat": 2}, headers=OWN).status_code
        == 200
    )
    assert invitations_of(bob) == []
    assert join(bob, table_id, 2).status_code == 403


def test_refusals_change_nothing(server: TestClient, table: Any) -> None:
    ann, bob, created = table
    table_id = created["table"]
    unknown = invite(ann, table_id, 1, "Nobody")
    assert unknown.status_code == 404 and unknown.json()["error"] == "no player named Nobody"
    assert unknown.json()["error_fr"] == "aucun joueur ne s'appelle Nobody"
    assert invite(ann, table_id, 1, "ANN").json()["code"] == "already_seated"  # Ann sits at seat 0
    assert invite(ann, table_id, 0, "Bob").json()["code"] == "seat_taken"  # the creator's own seat
    assert invite(ann, table_id, 7, "Bob").json()["code"] == "seat_taken"
    assert invite(bob, table_id, 1, "Bob").json()["code"] == "not_creator"
    guest_table = create(client_of(server), ["human", "human", "human"]).json()
    guest_link = {"Authorization": f"Bearer {guest_table['token']}", **OWN}
    by_guest = client_of(server).post(
        f"/api/tables/{guest_table['table']}/invitations", json={"seat": 1, "name": "Bob"}, headers=guest_link
    )
    assert by_guest.status_code == 403 and by_guest.json()["code"] == "not_creator"
    elsewhere = ann.post(
        f"/api/tables/{table_id}/invitations",
        json={"seat": 1, "name": "Bob"},
        headers={"Origin": "https://evil.example"},
    )
    assert elsewhere.json()["code"] == "cross_site"
    assert count(server, schema.seat_invitations) == 0
    bots = create(ann, ["human", "bot:easy", "human"]).json()
    assert invite(ann, bots["table"], 1, "Bob").json()["code"] == "seat_taken"  # a bot's seat


def test_an_account_is_invited_at_creation_by_a_seat_spec(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    created = create(ann, ["human", "invite:bob", "bot:easy"])
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]
    (entry,) = invitations_of(bob)
    assert entry["table"] == table_id and entry["seat"] == 1 and entry["by"] == "Ann"
    assert join(bob, table_id, 1).status_code == 200
    assert [row["name"] for row in seats_of(ann, table_id)[:2]] == ["Ann", "Bob"]


def test_creation_with_a_wrong_invitation_makes_no_table(server: TestClient) -> None:
    ann = person(server, "Ann")
    stored = server.app.state.hall.store.count()
    assert create(ann, ["human", "invite:Nobody", "human"]).json()["code"] == "no_player"
    # the first person's seat is the creator's own; a guest invites nobody by name
    assert create(ann, ["invite:Ann", "human", "human"]).json()["code"] == "not_creator"
    assert create(client_of(server), ["human", "invite:Ann", "human"]).json()["code"] == "not_creator"
    assert server.app.state.hall.store.count() == stored


def test_a_game_played_again_is_in_each_account_s_my_tables_at_once(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    options = {"turn_limit": 2}
    created = create(ann, ["human", "bot:easy", "invite:Bob"], game="delivery", timers=False, options=options)
    table_id = created.json()["table"]
    assert join(bob, table_id, 2).status_code == 200
    for client in (ann, bob):
        played = client.post(f"/api/tables/{table_id}/actions", json={"action": "concede"}, headers=OWN)
        assert played.status_code == 200, played.text
    again = ann.post(f"/api/tables/{table_id}/again", headers=OWN)
    assert again.status_code == 200, again.text
    new_id = again.json()["table"]
    for client, seat in ((ann, 0), (bob, 2)):
        listed = {entry["table"]: entry for entry in client.get("/api/account/tables").json()["tables"]}
        assert listed[new_id]["seat"] == seat and listed[new_id]["status"] != "over"
        assert client.get(f"/api/tables/{new_id}").json()["seat"] == seat
    assert [row.get("account") for row in seats_of(ann, new_id)] == [True, None, True]


def test_a_deleted_account_leaves_no_invitation(table: Any) -> None:
    ann, bob, created = table
    invite(ann, created["table"], 1, "Bob")
    assert bob.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN).status_code == 204
    assert count(ann, schema.seat_invitations) == 0


def test_a_new_invitation_replaces_the_seat_s_and_the_account_s_other_one(
    server: TestClient, table: Any
) -> None:
    ann, bob, created = table
    table_id = created["table"]
    person(server, "Cyd")
    invite(ann, table_id, 1, "Bob")
    invite(ann, table_id, 1, "Cyd")  # seat 1 is Cyd's to take now
    assert invitations_of(bob) == []
    invite(ann, table_id, 2, "Cyd")  # Cyd is offered seat 2 instead
    assert ann.get(f"/api/tables/{table_id}/invitations").json() == {
        "invitations": [{"seat": 2, "name": "Cyd"}]
    }


def test_invitations_past_the_limit_make_no_table(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(friends, "ASKING", friends.Rule(burst=1, every=3600.0))
    ann = person(server, "Ann")
    person(server, "Bob")
    person(server, "Cyd")
    stored = server.app.state.hall.store.count()
    refused = create(ann, ["human", "invite:Bob", "invite:Cyd"])
    assert refused.status_code == 429 and refused.json()["code"] == "quota"
    assert server.app.state.hall.store.count() == stored
    assert count(server, schema.seat_invitations) == 0
