"""Friends (issue 29): requests by name, accepted, refused (no asking again for a day), withdrawn,
friendships removed; the limits; a deleted account leaves no friendship; on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from robotable.server import friend_store, friends, schema
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, count, person, sign_up  # noqa: F401

ELSEWHERE = {"Origin": "https://evil.example"}


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def post(client: TestClient, what: str, name: str, headers: dict[str, str] = OWN) -> Any:
    return client.post(f"/api/account/friends/{what}", json={"name": name}, headers=headers)


def lists(client: TestClient) -> dict[str, list[str]]:
    answer = client.get("/api/account/friends")
    assert answer.status_code == 200, answer.text
    return {key: [entry["name"] for entry in entries] for key, entries in answer.json().items()}


NOBODY = {"friends": [], "received": [], "sent": []}


def test_a_request_by_name_whatever_its_capitals_is_accepted_and_both_are_friends(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    asked = post(ann, "request", "  bOB ")
    assert asked.status_code == 200 and asked.json() == {"name": "Bob", "state": "pending"}
    assert lists(ann) == {"friends": [], "received": [], "sent": ["Bob"]}
    assert lists(bob) == {"friends": [], "received": ["Ann"], "sent": []}
    assert post(bob, "accept", "ann").status_code == 200
    assert lists(ann) == {"friends": ["Bob"], "received": [], "sent": []}
    assert lists(bob) == {"friends": ["Ann"], "received": [], "sent": []}
    again = post(bob, "request", "Ann")
    assert again.status_code == 409 and again.json()["code"] == "already_friends"
    assert "error_fr" in again.json()


def test_asking_someone_who_asked_you_makes_you_friends(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    post(ann, "request", "Bob")
    assert post(bob, "request", "Ann").json() == {"name": "Ann", "state": "friends"}
    assert lists(ann)["friends"] == ["Bob"]


def test_a_name_nobody_has_is_said_so_and_nothing_is_stored(server: TestClient) -> None:
    ann = person(server, "Ann")
    answer = post(ann, "request", "Nobody here")
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "no player named Nobody here",
        "error_fr": "aucun joueur ne s'appelle Nobody here",
        "code": "no_player",
        "params": {},
    }
    assert post(ann, "request", "ann").json()["code"] == "yourself"
    assert count(server, schema.friendships) == 0


def test_a_refused_request_cannot_be_sent_again_for_a_day(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    post(ann, "request", "Bob")
    assert post(bob, "refuse", "Ann").status_code == 200
    assert lists(ann) == NOBODY and lists(bob) == NOBODY  # Ann is not told; Bob sees it no more
    again = post(ann, "request", "Bob")
    assert again.status_code == 409 and again.json()["code"] == "refused_lately"
    assert "again a day after" in again.json()["error"]
    with server.app.state.accounts.store.store.engine.begin() as connection:  # a day and more later
        connection.execute(update(schema.friendships).values(changed=0.0))
    assert post(ann, "request", "Bob").json()["state"] == "pending"
    assert lists(bob)["received"] == ["Ann"]


def test_who_refused_may_change_their_mind_and_ask_at_once(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    post(ann, "request", "Bob")
    post(bob, "refuse", "Ann")
    assert post(bob, "request", "Ann").json()["state"] == "pending"
    assert post(ann, "accept", "Bob").status_code == 200
    assert lists(bob)["friends"] == ["Ann"]


def test_a_request_is_withdrawn_and_a_friendship_removed_by_either(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    post(ann, "request", "Bob")
    assert post(bob, "withdraw", "Ann").json()["code"] == "no_request"  # Bob sent nothing
    assert post(ann, "withdraw", "Bob").status_code == 200
    assert lists(bob) == NOBODY
    assert post(bob, "accept", "Ann").status_code == 404  # nothing to accept now
    post(ann, "request", "Bob")
    post(bob, "accept", "Ann")
    assert post(bob, "remove", "Ann").status_code == 200
    assert lists(ann) == NOBODY
    assert post(ann, "remove", "Bob").json()["code"] == "not_friends"


def test_only_the_asked_one_answers(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    post(ann, "request", "Bob")
    assert post(ann, "accept", "Bob").status_code == 404
    assert lists(bob)["received"] == ["Ann"]


def test_friends_need_an_account_this_site_and_json(server: TestClient) -> None:
    guest = client_of(server)
    person(server, "Bob")
    assert guest.get("/api/account/friends").json()["code"] == "signed_out"
    assert post(guest, "request", "Bob").status_code == 401
    ann = person(server, "Ann")
    assert post(ann, "request", "Bob", ELSEWHERE).json()["code"] == "cross_site"
    form = ann.post("/api/account/friends/request", data={"name": "Bob"}, headers=OWN)
    assert form.status_code in (415, 422)
    assert count(server, schema.friendships) == 0


def test_a_deleted_account_leaves_no_friendship_nor_request(server: TestClient) -> None:
    ann, bob, cy = person(server, "Ann"), person(server, "Bob"), person(server, "Cyd")
    post(ann, "request", "Bob")
    post(bob, "accept", "Ann")
    post(cy, "request", "Bob")
    assert count(server, schema.friendships) == 2
    assert bob.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN).status_code == 204
    assert count(server, schema.friendships) == 0
    assert lists(ann) == NOBODY and lists(cy) == NOBODY


def test_requests_unanswered_and_friends_are_limited(
    server: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(friend_store, "MOST_ASKED", 2)
    monkeypatch.setattr(friend_store, "MOST_FRIENDS", 1)
    ann, bob, cy, dee = (person(server, name) for name in ("Ann", "Bob", "Cyd", "Dee"))
    post(ann, "request", "Bob")
    post(ann, "request", "Cyd")
    over = post(ann, "request", "Dee")
    assert over.status_code == 409 and over.json()["code"] == "too_many_asked"
    post(bob, "accept", "Ann")
    full = post(cy, "accept", "Ann")  # Ann has her one friend: Cy cannot be another
    assert full.status_code == 409 and full.json()["code"] == "too_many_friends"
    assert "Ann" in full.json()["error"]
    assert lists(ann)["friends"] == ["Bob"]
    assert post(dee, "request", "Bob").status_code == 200  # asking is free; accepting is limited


def test_requests_are_throttled_per_account(server: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(friends, "ASKING", friends.Rule(burst=2, every=3600.0))
    server.app.state.asking.buckets.clear()
    ann = person(server, "Ann")
    for name in ("Bob", "Cyd", "Dee"):
        person(server, name)
    assert post(ann, "request", "Bob").status_code == 200
    assert post(ann, "request", "Cyd").status_code == 200
    third = post(ann, "request", "Dee")
    assert third.status_code == 429 and int(third.headers["Retry-After"]) > 0
    assert third.json()["code"] == "quota" and third.json()["error_fr"]
    assert lists(ann)["sent"] == ["Bob", "Cyd"]


def test_the_export_holds_the_account_s_friendships_and_invitations(server: TestClient) -> None:
    ann, bob, cyd = person(server, "Ann"), person(server, "Bob"), person(server, "Cyd")
    post(ann, "request", "Bob")
    post(bob, "accept", "Ann")
    post(cyd, "request", "Ann")
    post(ann, "refuse", "Cyd")
    table = ann.post(
        "/api/tables", json={"game": "robotick", "seats": ["human", "invite:Bob", "human"]}, headers=OWN
    )
    data = ann.get("/api/account/export").json()
    assert [(f["name"], f["state"], f["asked_by"]) for f in data["friendships"]] == [
        ("Bob", "friends", "you"),
        ("Cyd", "refused", "them"),
    ]
    assert data["seat_invitations"] == [{"table": table.json()["table"], "seat": 1, "invited": "Bob"}]
    assert bob.get("/api/account/export").json()["seat_invitations"][0]["by"] == "Ann"
    assert "Cyd" not in bob.get("/api/account/export").text  # nothing about others' friends


def test_asking_for_several_at_once_takes_all_or_nothing() -> None:
    """A table made with more invitations than the account may still send takes none of them."""
    asking = friends.Asking(clock=lambda: 0.0)
    with pytest.raises(Exception, match="too many requests and invitations"):
        asking.take(7, friends.ASKING.burst + 1)
    asking.take(7, friends.ASKING.burst)  # all of them were still there
    with pytest.raises(Exception, match="too many"):
        asking.take(7)
