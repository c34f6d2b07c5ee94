"""A page per player (issue 29, "Profiles"): games played and won per game from the finished
tables an account sits at (shared first places are wins), its last games the last ended first,
"deleted player" for a deleted account's seat, a hidden profile answering 404 to everyone but
its person, names whatever their capitals, bad names refused, and nothing of a running table's
view; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from robotable import games
from robotable.core.game import Outcome
from robotable.server.profiles import LAST_GAMES
from robotable.server.seats import SeatRow
from robotable.server.store import Store, new_header
from tests.server.test_accounts import OWN, PASSWORD, account_id, cheap_hashes, client_of, sign_up  # noqa: F401

NONE = "no player by that name, or their profile is hidden"


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def finished_table(
    store: Store,
    table: str,
    game: str,
    seats: list[tuple[str, str, int | None]],
    ranks: list[int],
    *,
    ended: float,
) -> None:
    """A finished table written straight to the store: seats (kind, name, account), its ranks,
    its last action at ``ended``."""
    rows = [SeatRow(i, kind, name, None, account=account) for i, (kind, name, account) in enumerate(seats)]
    rules = games.get(game).rules_version
    store.create(new_header(table, game, rules, {}, seed=1, created=ended - 100), rows)
    store.append(table, 1, seat=0, notation="concede", at=ended)
    store.finish(table, Outcome(tuple(float(-r) for r in ranks), tuple(ranks)))


def profile_of(client: TestClient, name: str) -> Any:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_games_and_wins_per_game_count_shared_first_places(server: TestClient, store: Store) -> None:
    sign_up(server, "Ann")
    ann = account_id(server, "Ann")
    human = ("human", "Ann", ann)
    bot = ("bot:easy", "", None)
    finished_table(store, "t1", "robotick", [human, bot, bot], [1, 2, 3], ended=1000.0)
    finished_table(store, "t2", "robotick", [bot, human, bot], [1, 1, 3], ended=2000.0)  # shared first
    finished_table(store, "t3", "robotick", [bot, bot, human], [1, 2, 3], ended=3000.0)
    finished_table(store, "t4", "ricochet", [human, bot], [2, 1], ended=4000.0)
    finished_table(store, "t5", "delivery", [bot, bot], [1, 2], ended=5000.0)  # not Ann's
    seen = profile_of(client_of(server), "Ann")
    assert seen["games"] == [
        {"game": "robotick", "played": 3, "wins": 2, "rating": None},
        {"game": "ricochet", "played": 1, "wins": 0, "rating": None},
    ]
    assert seen["name"] == "Ann" and seen["own"] is False and seen["hidden"] is False
    assert [entry["table"] for entry in seen["last_games"]] == ["t4", "t3", "t2", "t1"]  # last ended first
    shared = seen["last_games"][2]
    assert shared["seat"] == 1 and shared["ranks"] == [1, 1, 3] and shared["replay"] == "/tables/t2/replay"
    assert shared["ended"] == 2000.0 and shared["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "name": "Ann",
        "account": True,
        "profile": "Ann",
    }
    assert shared["seats"][0] == {"seat": 0, "kind": "bot:easy", "name": "", "number": 1}  # named by level
    assert seen["under_way"] == 0


def test_the_last_games_are_the_last_twenty_ended_not_the_last_created(
    server: TestClient, store: Store
) -> None:
    sign_up(server, "Ann")
    ann = account_id(server, "Ann")
    # people, not bots: on PostgreSQL the server takes over a running table with bots and no
    # process, and its bots could act (a later last action) before the helper marks it over
    seats = [("human", "Ann", ann), ("human", "Bob", None), ("human", "Cy", None)]
    for n in range(LAST_GAMES + 3):
        finished_table(store, f"t{n:02}", "robotick", seats, [1, 2, 3], ended=10_000.0 - n)  # t00 ends last
    seen = profile_of(server, "Ann")
    assert [entry["table"] for entry in seen["last_games"]] == [f"t{n:02}" for n in range(LAST_GAMES)]
    assert seen["games"][0]["played"] == LAST_GAMES + 3  # the counts count every game


def test_a_real_game_conceded_to_the_bots_shows_on_the_profile(server: TestClient) -> None:
    sign_up(server, "Ann")
    body = {"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "name": "x"}
    table = server.post("/api/tables", json=body, headers=OWN).json()["table"]
    assert (
        server.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=OWN).status_code
        == 200
    )
    for _ in range(600):  # the bots finish the game in the server's threads
        seen = profile_of(server, "ann")
        if seen["last_games"]:
            break
        time.sleep(0.05)
    assert [entry["table"] for entry in seen["last_games"]] == [table]
    assert seen["games"] == [{"game": "robotick", "played": 1, "wins": 0, "rating": None}]
    assert client_of(server).get(seen["last_games"][0]["replay"]).status_code == 200


def test_a_deleted_account_s_seat_shows_as_deleted_player(server: TestClient, store: Store) -> None:
    sign_up(server, "Ann")
    bob = client_of(server)
    sign_up(bob, "Bob")
    ann, bob_id = account_id(server, "Ann"), account_id(server, "Bob")
    finished_table(
        store, "t1", "robotick", [("human", "Ann", ann), ("human", "Bob", bob_id)], [2, 1], ended=9.0
    )
    before = profile_of(server, "Ann")["last_games"][0]["seats"][1]
    assert before == {"seat": 1, "kind": "human", "name": "Bob", "account": True, "profile": "Bob"}
    assert bob.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN).status_code == 204
    after = profile_of(server, "Ann")["last_games"][0]["seats"][1]
    assert after == {"seat": 1, "kind": "human", "name": "", "gone": True}
    assert server.get("/api/players/Bob").status_code == 404


def test_a_seat_kept_after_the_game_names_its_account_s_profile(server: TestClient, store: Store) -> None:
    """A guest who signs up after a game keeps its seat under the name typed at the table (the
    record's); the seat's ``profile`` is the account's name, where its link goes."""
    sign_up(server, "Ann")
    bob = client_of(server)
    sign_up(bob, "Bob")
    seats = [("human", "Ann", account_id(server, "Ann")), ("human", "Robert", account_id(server, "Bob"))]
    finished_table(store, "t1", "robotick", seats, [1, 2], ended=9.0)
    shown = profile_of(server, "Ann")["last_games"][0]["seats"][1]
    assert shown == {"seat": 1, "kind": "human", "name": "Robert", "account": True, "profile": "Bob"}
    assert [entry["table"] for entry in profile_of(server, "Bob")["last_games"]] == ["t1"]


def test_a_hidden_profile_is_its_person_s_alone(server: TestClient, store: Store) -> None:
    sign_up(server, "Ann")
    finished_table(store, "t1", "robotick", [("human", "Ann", account_id(server, "Ann"))], [1], ended=5.0)
    assert server.get("/api/account").json()["profile_hidden"] is False
    hidden = server.post("/api/account/profile", json={"hidden": True}, headers=OWN)
    assert hidden.status_code == 200 and hidden.json() == {"profile_hidden": True}
    assert server.get("/api/account").json()["profile_hidden"] is True
    export = json.loads(server.get("/api/account/export").text)
    assert export["profile_hidden"] is True
    other = client_of(server)
    unknown = other.get("/api/players/Nobody").json()
    for asked in ("Ann", "ANN"):
        answer = other.get(f"/api/players/{asked}")
        assert answer.status_code == 404 and answer.json() == unknown  # exactly an unknown name's answer
    assert unknown["code"] == "no_player" and unknown["error"] == NONE
    assert unknown["error_fr"] == "aucun joueur de ce nom, ou son profil est caché"
    mine = profile_of(server, "ann")
    assert mine["own"] is True and mine["hidden"] is True and mine["games"][0]["played"] == 1
    shown = server.post("/api/account/profile", json={"hidden": False}, headers=OWN)
    assert shown.json() == {"profile_hidden": False}
    assert profile_of(other, "Ann")["own"] is False


def test_hiding_needs_a_sign_in_this_site_and_a_true_or_false(server: TestClient) -> None:
    guest = client_of(server)
    assert (
        guest.post("/api/account/profile", json={"hidden": True}, headers=OWN).json()["code"] == "signed_out"
    )
    sign_up(server, "Ann")
    elsewhere = server.post(
        "/api/account/profile", json={"hidden": True}, headers={"Origin": "https://evil.example"}
    )
    assert elsewhere.status_code == 403
    assert server.post("/api/account/profile", json={"hidden": "perhaps"}, headers=OWN).status_code == 422
    assert server.get("/api/account").json()["profile_hidden"] is False


def test_names_are_compared_without_capitals_and_bad_names_are_no_player(server: TestClient) -> None:
    sign_up(server, "Zoë Ann")
    assert profile_of(server, "zoë ann")["name"] == "Zoë Ann"
    assert profile_of(server, "ZOË%20%20ANN")["name"] == "Zoë Ann"  # spaces tidied as at sign-in
    for bad in ("x" * 25, "ab", "a" * 100, "<script>", "%00%00%00"):
        answer = server.get(f"/api/players/{bad}")
        assert answer.status_code == 404 and answer.json()["code"] == "no_player", bad
    too_long = server.get(f"/api/players/{'a' * 10_000}")
    assert too_long.status_code == 404 and too_long.json()["code"] == "no_player"
    odd_game = server.get(f"/api/players/Zoë Ann/rating/{'<g>' * 50}.svg")
    assert odd_game.status_code == 404 and odd_game.json()["code"] == "no_rating"
    assert server.get("/api/players/Zoë Ann/rating/robotick.svg").json()["code"] == "no_rating"
    assert server.get("/api/players/Nobody/rating/robotick.svg").json()["code"] == "no_player"


def test_a_profile_holds_nothing_of_a_running_table(server: TestClient) -> None:
    sign_up(server, "Ann")
    for game in ("droids", "dr2d"):
        body = {"game": game, "seats": ["human", "bot:easy"], "name": "x", "timers": False}
        created = server.post("/api/tables", json=body, headers=OWN)
        assert created.status_code == 201, created.text
    tables = server.get("/api/account/tables").json()["tables"]
    assert len(tables) == 2 and all(entry["status"] != "over" for entry in tables)
    seen = profile_of(client_of(server), "Ann")
    assert seen == {
        "name": "Ann",
        "since": seen["since"],
        "own": False,
        "hidden": False,
        "games": [],
        "last_games": [],
        "under_way": 2,
    }
    text = json.dumps(seen)
    for entry in tables:
        assert entry["table"] not in text and entry["game"] not in text
        view = server.get(f"/api/tables/{entry['table']}").json()["view"]
        for value in _leaves(view):
            assert not (isinstance(value, str) and len(value) > 3 and value in text), value


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def test_ratings_once_plugged_in_show_with_their_drawing(server: TestClient, store: Store) -> None:
    """What the profile does with :func:`~robotable.server.profiles.player_ratings`' answer
    (a made-up one: ratings are not built yet)."""
    sign_up(server, "Ann")
    ann = account_id(server, "Ann")
    finished_table(
        store, "t1", "robotick", [("human", "Ann", ann), ("bot:easy", "", None)], [1, 2], ended=9.0
    )
    history = [(1_796_000_000.0 + n * 3600, 1500.0 + 20 * n) for n in range(6)]
    server.app.state.player_ratings = lambda _store, account: {"robotick": history} if account == ann else {}  # type: ignore[attr-defined]
    games = profile_of(server, "Ann")["games"]
    assert games == [
        {
            "game": "robotick",
            "played": 1,
            "wins": 1,
            "rating": {
                "now": 1600,
                "first": 1500,
                "points": 6,
                "summary": {
                    "en": "Rating went from 1,500 to 1,600 over 6 games",
                    "fr": "Le classement est passé de 1\u202f500 à 1\u202f600 en 6 parties",
                },
            },
        }
    ]
    drawn = client_of(server).get("/api/players/ann/rating/robotick.svg?lang=fr")
    assert drawn.status_code == 200 and drawn.headers["content-type"].startswith("image/svg+xml")
    assert drawn.text.count("<use") >= len(history) and "Classement" in drawn.text
    assert server.get("/api/players/Ann/rating/ricochet.svg").json()["code"] == "no_rating"
    server.post("/api/account/profile", json={"hidden": True}, headers=OWN)
    hidden = client_of(server).get("/api/players/Ann/rating/robotick.svg")
    assert hidden.status_code == 404 and hidden.json()["code"] == "no_player"
    assert server.get("/api/players/Ann/rating/robotick.svg").status_code == 200  # its person still sees it
