"""Challenges of bot accounts (issue 32): the owner says which games and tables their bot takes
(bad settings refused in both languages, changing nothing); an invitation of a bot to a table it
does not take is refused at once with the reason, and nothing is stored; the lobby lists the bots
that take a game, with their owner and rating; the bot's program reads its owner's choice."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select

from robotable import games
from robotable.server import schema
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, person  # noqa: F401

pytestmark = pytest.mark.timeout(120)
TAKES = {"games": ["robotick", "droids"], "turn_based": False, "clocked": True, "seats": [2, 3]}


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def make_bot(owner: TestClient, name: str = "Marvin") -> str:
    made = owner.post("/api/account/bots", json={"name": name}, headers=OWN)
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def settle(owner: TestClient, name: str, body: Any) -> Any:
    return owner.post(f"/api/account/bots/{name}/challenges", json=body, headers=OWN)


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> Any:
    return client.post("/api/tables", json={"game": game, "seats": seats, **extra}, headers=OWN)


def test_an_owner_chooses_what_their_bot_takes_and_bad_settings_change_nothing(server: TestClient) -> None:
    ann = person(server, "Ann")
    token = make_bot(ann)
    never = ann.get("/api/account/bots/marvin/challenges").json()
    assert never["set"] is False and never["games"] == games.ids()  # its program decides, as before
    saved = settle(ann, "Marvin", TAKES)
    assert saved.status_code == 200, saved.text
    expected = {**TAKES, "games": ["droids", "robotick"], "set": True}
    assert saved.json() == expected and ann.get("/api/account/bots/Marvin/challenges").json() == expected
    program = client_of(server, headers={"Bot-Token": token})
    assert program.get("/api/bot/challenges").json() == expected
    for bad in (
        [],
        "robotick",
        {"games": ["chess"]},
        {"games": "robotick"},
        {"turn_based": "yes"},
        {"seats": [3, 2]},
        {"seats": [1, 4]},
        {"seats": [2, 3.5]},
        {"games": ["robotick"], "colour": "red"},
        {"games": ["robotick"] * 400},
    ):
        refused = settle(ann, "Marvin", bad)
        assert refused.status_code == 400 and refused.json()["code"] == "bad_challenges", (bad, refused.text)
        assert refused.json()["error"] and refused.json()["error_fr"]
    assert ann.get("/api/account/bots/Marvin/challenges").json() == expected
    bob = person(server, "Bob")
    assert settle(bob, "Marvin", TAKES).json()["code"] == "no_such_bot"
    assert bob.get("/api/account/bots/Marvin/challenges").status_code == 404
    assert client_of(server).get("/api/account/bots/Marvin/challenges").status_code == 401
    elsewhere = {"Origin": "http://elsewhere.example"}
    assert ann.post("/api/account/bots/Marvin/challenges", json=TAKES, headers=elsewhere).status_code == 403
    assert client_of(server).get("/api/bot/challenges").status_code == 401
    assert settle(ann, "Marvin", {"games": []}).json()["games"] == []  # no challenge at all
    exported = ann.get("/api/account/export").json()["bot_challenges"]
    assert exported == {"Marvin": {"games": [], "turn_based": True, "clocked": True, "seats": [2, 16]}}
    assert ann.post("/api/account/bots/Marvin/delete", headers=OWN).status_code == 204
    with server.app.state.hall.store._reading() as connection:  # type: ignore[attr-defined]
        assert connection.execute(select(schema.bot_settings)).all() == []  # gone with the bot


def test_a_challenge_the_bot_does_not_take_is_refused_at_once_and_nothing_is_stored(
    server: TestClient,
) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    token = make_bot(ann)
    before = create(bob, "dr2d", ["human", "invite:marvin"])  # never set: any table
    assert before.status_code == 201, before.text
    settle(ann, "Marvin", TAKES)
    stored = server.app.state.hall.store.count()  # type: ignore[attr-defined]
    refused = create(bob, "dr2d", ["human", "invite:Marvin"], timers=False)
    assert refused.status_code == 409 and refused.json()["code"] == "challenge_refused"
    assert refused.json()["error"] == "Marvin takes challenges in Droids and Robotick only"
    assert refused.json()["error_fr"] == "Marvin n'accepte de défis qu'à Droids et Robotick"
    bank = {"bank": 86400, "per_move": 0}
    why = {
        "turn-based": create(bob, "robotick", ["human", "invite:Marvin", "bot:easy"], turn_based=bank),
        "seats": create(bob, "droids", ["human", "invite:Marvin", "bot:easy", "bot:easy"], timers=False),
    }
    assert (
        "turn-based" in why["turn-based"].json()["error"]
        and "tour par tour" in why["turn-based"].json()["error_fr"]
    )
    assert why["seats"].json()["error"] == "Marvin plays only at tables of 2 to 3 seats"
    assert server.app.state.hall.store.count() == stored  # type: ignore[attr-defined]
    # an existing table: the invitation is refused and none is kept
    table = create(bob, "dr2d", ["human", "human"], timers=False).json()
    invited = bob.post(
        f"/api/tables/{table['table']}/invitations", json={"seat": 1, "name": "Marvin"}, headers=OWN
    )
    assert invited.status_code == 409 and invited.json()["code"] == "challenge_refused"
    assert bob.get(f"/api/tables/{table['table']}/invitations").json()["invitations"] == []
    taken = create(bob, "robotick", ["human", "invite:Marvin", "bot:easy"], timers=False)
    assert taken.status_code == 201, taken.text
    program = client_of(server, headers={"Bot-Token": token})
    offered = program.get("/api/bot/tables").json()["offered"]
    # the offer made before the settings stays (the program says no to it: ``Offers``)
    assert {entry["table"] for entry in offered} == {before.json()["table"], taken.json()["table"]}
    settle(ann, "Marvin", {**TAKES, "clocked": False})
    clocked = create(bob, "robotick", ["human", "invite:Marvin", "bot:easy"])
    assert clocked.json()["error"] == "Marvin takes no tables with clocks: switch the clocks off"
    settle(ann, "Marvin", {"games": []})
    assert (
        create(bob, "robotick", ["human", "invite:Marvin", "bot:easy"]).json()["error"]
        == "Marvin takes no challenges"
    )
    assert create(bob, "robotick", ["human", "invite:Ann", "bot:easy"]).status_code == 201  # people take any


def test_the_lobby_lists_the_bots_that_take_a_game_best_rated_first(server: TestClient) -> None:
    ann, bob = person(server, "Ann"), person(server, "Bob")
    make_bot(ann, "Marvin")
    make_bot(bob, "Robbie")
    make_bot(bob, "Unset")  # its owner never chose: not listed
    settle(ann, "Marvin", TAKES)
    settle(bob, "Robbie", {"games": ["robotick"]})
    store = server.app.state.hall.store  # type: ignore[attr-defined]
    with store._writing() as connection:
        robbie = connection.execute(
            select(schema.accounts.c.id).where(schema.accounts.c.name == "Robbie")
        ).scalar()
        row = {"game": "robotick", "account_id": robbie, "mu": 30.0, "sigma": 2.0, "games": 12, "wins": 7}
        connection.execute(insert(schema.ratings).values(**row, updated=1.0))
    guest = client_of(server)
    listed = guest.get("/api/bots", params={"game": "robotick"}).json()
    assert listed["allowed"] is True and listed["more"] is False
    assert [(bot["name"], bot["owner"]) for bot in listed["bots"]] == [("Robbie", "Bob"), ("Marvin", "Ann")]
    assert listed["bots"][0]["rating"] == 1650 and "provisional" not in listed["bots"][0]
    assert "rating" not in listed["bots"][1] and listed["bots"][1]["seats"] == [2, 3]
    assert listed["bots"][1]["turn_based"] is False and listed["bots"][1]["clocked"] is True
    assert [bot["name"] for bot in guest.get("/api/bots", params={"game": "droids"}).json()["bots"]] == [
        "Marvin"
    ]
    assert guest.get("/api/bots", params={"game": "dr2d"}).json()["bots"] == []
    page = guest.get("/api/bots", params={"game": "robotick", "limit": 1}).json()
    assert [bot["name"] for bot in page["bots"]] == ["Robbie"] and page["more"] is True
    assert (
        guest.get("/api/bots", params={"game": "robotick", "limit": 1, "offset": 1}).json()["bots"][0]["name"]
        == "Marvin"
    )
    assert guest.get("/api/bots", params={"game": "chess"}).status_code in (400, 404)
    assert guest.get("/api/bots", params={"game": "robotick", "limit": 500}).status_code == 422
    assert bob.post("/api/account/profile", json={"hidden": True}, headers=OWN).status_code == 200
    hidden = guest.get("/api/bots", params={"game": "robotick"}).json()["bots"]
    assert [(bot["name"], bot["owner"]) for bot in hidden] == [("Robbie", None), ("Marvin", "Ann")]
    ann.post("/api/account/bots/Marvin/revoke", headers=OWN)  # no token: it answers nobody
    assert [bot["name"] for bot in guest.get("/api/bots", params={"game": "robotick"}).json()["bots"]] == [
        "Robbie"
    ]
