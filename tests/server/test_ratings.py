"""Rated tables and ratings (issue 29): who may create, sit at and play a rated table; what it
refuses; a rated game played to its end rates every seat once, in the transaction of its
result; the leaderboard; a deleted account; two processes rating at once (PostgreSQL too)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select, update

from robotable.core.game import Outcome
from robotable.play.rated import START, bot_seeds, shown
from robotable.server import schema
from robotable.server.app import create_app
from robotable.server.rating_store import seat_player
from robotable.server.seats import SeatRow
from robotable.server.store import Store, StoreError, new_header, open_store
from tests.server.test_accounts import OWN, PASSWORD, cheap_hashes, client_of, sign_in, sign_up  # noqa: F401


@pytest.fixture
def server(on_each_database: TestClient) -> TestClient:
    return on_each_database


def create(client: TestClient, seats: list[str], game: str = "dr2d", **extra: Any) -> Any:
    body = {"game": game, "seats": seats, "rated": True, **extra}
    return client.post("/api/tables", json=body, headers=OWN)


def signed_up(server: TestClient, name: str) -> TestClient:
    client = client_of(server)
    sign_up(client, name)
    return client


def concede(client: TestClient, table: str, token: str | None = None) -> None:
    headers = {**OWN, "Authorization": f"Bearer {token}"} if token else OWN
    answer = client.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=headers)
    assert answer.status_code == 200, answer.text


def seats_of(client: TestClient, table: str) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{table}").json()["seats"]


def history(store: Store, table: str) -> list[Any]:
    with store.engine.connect() as connection:
        query = select(schema.rating_history).where(schema.rating_history.c.table_id == table)
        return connection.execute(query.order_by(schema.rating_history.c.seat)).all()


def rating_rows(store: Store, game: str = "dr2d") -> dict[Any, Any]:
    with store.engine.connect() as connection:
        rows = connection.execute(select(schema.ratings).where(schema.ratings.c.game == game)).all()
    return {row.account_id if row.account_id is not None else row.bot: row for row in rows}


def over(client: TestClient, table: str) -> dict[str, Any]:
    for _ in range(400):
        answer = client.get(f"/api/tables/{table}/record")
        if answer.status_code == 200:
            return answer.json()
        time.sleep(0.05)
    raise AssertionError("the game did not end")


def account_id(client: TestClient) -> int:
    return client.app.state.accounts.store.by_name(client.get("/api/account").json()["name"].casefold()).id  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- refusals


def test_a_rated_table_needs_a_signed_in_creator_rated_bots_and_two_seats(server: TestClient) -> None:
    guest = client_of(server)
    refused = create(guest, ["human", "bot:easy"])
    assert refused.status_code == 403 and refused.json()["code"] == "rated_needs_account"
    assert "connectez-vous" in refused.json()["error_fr"]
    ann = signed_up(server, "Ann")
    heuristic = create(ann, ["human", "bot:heuristic"])
    assert heuristic.status_code == 400 and heuristic.json()["code"] == "rated_bots"
    alone = create(ann, ["human"], game="ricochet")
    assert alone.status_code == 400 and alone.json()["code"] == "rated_seats"
    assert server.get("/api/tables").json() == []  # nothing made
    made = create(ann, ["human", "open", "bot:expert"], timers=False)  # turn-based too
    assert made.status_code == 201, made.text
    listed = server.get("/api/tables").json()
    assert [entry["rated"] for entry in listed] == [True]


def test_a_guest_cannot_take_or_play_a_rated_table_s_seat(server: TestClient) -> None:
    ann = signed_up(server, "Ann")
    created = create(ann, ["human", "human", "open"]).json()
    table, invite = created["table"], created["invites"]["1"]
    before = seats_of(ann, table)
    guest = client_of(server)
    joined = guest.post(f"/api/tables/{table}/join", json={"name": "Guest"}, headers=OWN)
    assert joined.status_code == 403 and joined.json()["code"] == "rated_needs_account"
    by_link = {**OWN, "Authorization": f"Bearer {invite}"}
    invited = guest.post(f"/api/tables/{table}/join", json={"name": "Guest"}, headers=by_link)
    assert invited.status_code == 403 and invited.json()["code"] == "rated_needs_account"
    played = guest.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=by_link)
    assert played.status_code == 403 and played.json()["code"] == "rated_needs_account"
    assert seats_of(ann, table) == before  # nothing changed
    twice = ann.post(f"/api/tables/{table}/join", json={}, headers=OWN)  # a second seat for Ann
    assert twice.status_code == 403 and twice.json()["code"] == "rated_one_seat"
    bob = signed_up(server, "Bob")
    assert bob.post(f"/api/tables/{table}/join", json={}, headers=by_link).status_code == 200
    cleo = signed_up(server, "Cleo")
    assert cleo.post(f"/api/tables/{table}/join", json={}, headers=OWN).status_code == 200
    assert [(seat["name"], seat.get("account")) for seat in seats_of(ann, table)] == [
        ("Ann", True), ("Bob", True), ("Cleo", True),
    ]  # fmt: skip


def test_a_rated_table_suggests_nothing_and_hands_no_seat_to_a_bot(server: TestClient) -> None:
    ann = signed_up(server, "Ann")
    table = create(ann, ["human", "human", "bot:easy"]).json()["table"]
    assert ann.get(f"/api/tables/{table}").json()["rated"] is True  # the page offers no suggestion
    suggested = ann.post(f"/api/tables/{table}/suggest", headers=OWN)
    assert suggested.status_code == 403 and suggested.json()["code"] == "rated_no_suggestions"
    handed = ann.post(f"/api/tables/{table}/seats/1/bot", json={"bot": "easy"}, headers=OWN)
    assert handed.status_code == 403 and handed.json()["code"] == "rated_no_hand_over"
    assert "robot" in handed.json()["error_fr"]
    assert seats_of(ann, table)[1]["kind"] == "human"


# --------------------------------------------------------------------------- a rated game


def play_a_rated_game(server: TestClient) -> tuple[TestClient, TestClient, str]:
    """Ann and Bob (accounts) and the expert bot; Ann concedes first, then Bob: the bot wins,
    Bob is second and Ann third."""
    ann = signed_up(server, "Ann")
    created = create(ann, ["human", "human", "bot:expert"]).json()
    table = created["table"]
    bob = signed_up(server, "Bob")
    by_link = {**OWN, "Authorization": f"Bearer {created['invites']['1']}"}
    assert bob.post(f"/api/tables/{table}/join", json={}, headers=by_link).status_code == 200
    seats = seats_of(ann, table)
    expert = shown(bot_seeds("dr2d")["expert"].mu)
    assert [(seat.get("rating"), seat.get("provisional")) for seat in seats] == [
        (1500, True), (1500, True), (expert, None),
    ]  # fmt: skip
    concede(ann, table)
    concede(bob, table)
    assert over(ann, table)["outcome"]["ranks"] == [3, 2, 1]
    return ann, bob, table


def test_a_rated_game_rates_every_seat_once_with_its_history(server: TestClient, store: Store) -> None:
    ann, bob, table = play_a_rated_game(server)
    ann_id, bob_id = account_id(ann), account_id(bob)
    rows = history(store, table)
    assert [(r.seat, r.account_id, r.bot, r.rank) for r in rows] == [
        (0, ann_id, None, 3), (1, bob_id, None, 2), (2, None, "expert", 1),
    ]  # fmt: skip
    assert rows[0].mu_after < rows[0].mu_before == START[0] == rows[1].mu_before < rows[1].mu_after + 1
    assert rows[1].mu_after > rows[0].mu_after  # second does better than third
    assert rows[2].mu_after == rows[2].mu_before == bot_seeds("dr2d")["expert"].mu  # an anchor
    ratings = rating_rows(store)
    assert (ratings[ann_id].games, ratings[ann_id].wins, ratings[ann_id].mu) == (1, 0, rows[0].mu_after)
    assert (ratings[bob_id].games, ratings[bob_id].mu) == (1, rows[1].mu_after)
    assert (ratings["expert"].games, ratings["expert"].wins) == (1, 1)
    shown_seats = seats_of(ann, table)  # the seats show the new ratings
    assert shown_seats[0]["rating"] == shown(rows[0].mu_after)

    board = server.get("/api/leaderboard/dr2d").json()
    players = board["players"]
    assert [line["rating"] for line in players] == sorted((line["rating"] for line in players), reverse=True)
    named = {line["name"]: line for line in players if "bot" not in line}
    assert named["Bob"]["rank"] < named["Ann"]["rank"]
    assert named["Ann"] | {} == {
        "rank": named["Ann"]["rank"], "name": "Ann", "rating": shown(rows[0].mu_after),
        "provisional": True, "games": 1, "wins": 0,
    }  # fmt: skip
    bots = {line["bot"]: line for line in players if "bot" in line}
    assert set(bots) == {"easy", "medium", "hard", "expert"} and bots["expert"]["games"] == 1
    assert bots["expert"]["name"] == "" and bots["medium"]["games"] == 0
    assert server.get("/api/leaderboard/nosuchgame").status_code >= 400

    mine = ann.get("/api/account/tables").json()["tables"]
    assert mine[0]["rated"] is True
    change = mine[0]["rating"]
    assert change == {
        "before": 1500, "after": shown(rows[0].mu_after), "change": shown(rows[0].mu_after) - 1500,
    }  # fmt: skip
    assert change["change"] < 0

    exported = ann.get("/api/account/export").json()  # hers, and nothing of the other seats
    assert [(r["game"], r["games"], r["shown"]) for r in exported["ratings"]] == [
        ("dr2d", 1, change["after"])
    ]
    assert [(r["table"], r["seat"], r["rank"]) for r in exported["rating_history"]] == [(table, 0, 3)]


def test_playing_a_rated_game_again_makes_a_rated_table_of_the_same_accounts(server: TestClient) -> None:
    ann, bob, table = play_a_rated_game(server)
    again = ann.post(f"/api/tables/{table}/again", headers=OWN)
    assert again.status_code == 200, again.text
    new = again.json()["table"]
    state = bob.get(f"/api/tables/{new}").json()
    assert state["rated"] is True and state["seat"] == 1  # Bob's account holds his seat there too
    assert [seat.get("rating") is not None for seat in state["seats"]] == [True, True, True]


def test_finishing_again_after_a_restart_rates_nothing_twice(url: str, store: Store) -> None:
    with TestClient(create_app(store, bots_in_threads=True), client=("127.0.0.1", 50000)) as server:
        _ann, _bob, table = play_a_rated_game(server)
    before = rating_rows(store)
    stored = store.load(table)
    store.finish(table, stored.outcome)  # as a restart or another process catching up would
    again = open_store(url)
    try:
        with TestClient(create_app(again, bots_in_threads=True)) as restarted:
            assert restarted.get(f"/api/tables/{table}").status_code == 200
        assert len(history(again, table)) == 3
        after = rating_rows(again)
        assert {key: (row.games, row.mu) for key, row in after.items()} == {
            key: (row.games, row.mu) for key, row in before.items()
        }
    finally:
        again.close()


def test_a_hidden_profile_is_not_listed_on_the_leaderboard(server: TestClient) -> None:
    ann, _bob, _table = play_a_rated_game(server)
    names = lambda: [line["name"] for line in server.get("/api/leaderboard/dr2d").json()["players"]]  # noqa: E731
    assert {"Ann", "Bob"} <= set(names())
    assert ann.post("/api/account/profile", json={"hidden": True}, headers=OWN).status_code == 200
    assert "Ann" not in names() and "Bob" in names()
    assert ann.post("/api/account/profile", json={"hidden": False}, headers=OWN).status_code == 200
    assert "Ann" in names()


def test_deleting_an_account_keeps_the_others_history(server: TestClient, store: Store) -> None:
    ann, bob, table = play_a_rated_game(server)
    bob_id = account_id(bob)
    deleted = ann.post("/api/account/delete", json={"password": PASSWORD}, headers=OWN)
    assert deleted.status_code == 204
    rows = history(store, table)
    assert [(r.seat, r.account_id, r.bot) for r in rows] == [(1, bob_id, None), (2, None, "expert")]
    names = [line["name"] for line in server.get("/api/leaderboard/dr2d").json()["players"]]
    assert "Bob" in names and "Ann" not in names
    assert bob.get("/api/account/tables").json()["tables"][0]["rating"]["before"] == 1500


def test_an_end_refused_once_by_the_database_is_written_again(
    server: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL may abort a rating transaction (two tables locking the same players)."""
    finish, tries = store.finish, []

    def refused_once(*args: Any, **kwargs: Any) -> None:
        tries.append(args)
        if len(tries) == 1:
            raise StoreError("the database failed: deadlock detected")
        finish(*args, **kwargs)

    monkeypatch.setattr(store, "finish", refused_once)
    ann = signed_up(server, "Ann")
    table = create(ann, ["human", "bot:easy"]).json()["table"]
    concede(ann, table)
    over(ann, table)
    assert len(tries) == 2 and store.load(table).status == "over"
    assert [r.seat for r in history(store, table)] == [0, 1]


# --------------------------------------------------------------------------- the store


def make_accounts(store: Store, *names: str) -> list[int]:
    with store.engine.begin() as connection:
        return [
            connection.execute(
                insert(schema.accounts).values(
                    name=name, name_key=name.lower(), password_hash="x", created=0.0, password_changed=0.0
                )
            ).inserted_primary_key[0]
            for name in names
        ]


def stored_rated_table(store: Store, table: str, seats: list[SeatRow], game: str = "dr2d") -> None:
    header = new_header(table, game, f"{game}-1", {}, seed=1, created=0.0, rated=True)
    store.create(header, seats)


def test_a_seat_whose_account_was_deleted_is_not_rated_the_others_are(store: Store) -> None:
    ann, bob = make_accounts(store, "Ann", "Bob")
    seats = [
        SeatRow(0, "human", "Ann", "h0", account=ann),
        SeatRow(1, "human", "", "h1", account_gone=True),  # Bob's, deleted before the end
        SeatRow(2, "bot:easy", "", None),
    ]
    stored_rated_table(store, "t1", seats)
    store.finish("t1", Outcome((1.0, 0.0, 0.0), (1, 2, 3)))
    assert [(r.seat, r.rank) for r in history(store, "t1")] == [(0, 1), (2, 3)]
    stored_rated_table(store, "t2", [SeatRow(0, "human", "Bob", "h", account=bob), seats[1]])
    store.finish("t2", Outcome((1.0, 0.0), (1, 2)))  # one rated player left: not rated
    assert history(store, "t2") == [] and store.load("t2").status == "over"
    unrated = new_header("t3", "dr2d", "dr2d-1", {}, seed=1, created=0.0)
    store.create(unrated, [SeatRow(0, "human", "Ann", "h", account=ann), SeatRow(1, "bot:easy", "", None)])
    store.finish("t3", Outcome((1.0, 0.0), (1, 2)))
    assert history(store, "t3") == []


def test_two_processes_finishing_tables_that_share_a_player_lose_no_update(url: str, store: Store) -> None:
    (ann,) = make_accounts(store, "Ann")
    tables = [f"t{n}" for n in range(16)]
    for n, table in enumerate(tables):
        seats = [
            SeatRow(0, "human", "Ann", "h", account=ann),
            SeatRow(1, f"bot:{'easy' if n % 2 else 'hard'}", "", None),
        ]
        stored_rated_table(store, table, seats)
    other = open_store(url, migrate=False)  # a second process's connections
    outcome = Outcome((1.0, 0.0), (1, 2))
    failures: list[BaseException] = []

    def finish_all(process: Store, mine: list[str]) -> None:
        try:
            for table in mine:
                process.finish(table, outcome)
        except BaseException as exc:  # reported below
            failures.append(exc)

    workers = [
        threading.Thread(target=finish_all, args=(store, tables[0::2])),
        threading.Thread(target=finish_all, args=(other, tables[1::2])),
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    other.close()
    assert failures == []
    row = rating_rows(store)[ann]
    assert (row.games, row.wins) == (16, 16)
    with store.engine.connect() as connection:
        steps = connection.execute(
            select(schema.rating_history.c.mu_before, schema.rating_history.c.mu_after).where(
                schema.rating_history.c.account_id == ann
            )
        ).all()
    # each game started from the rating the one before left: the steps make one chain
    befores, afters = {s.mu_before for s in steps}, {s.mu_after for s in steps}
    assert len(befores) == 16 and befores - afters == {START[0]} and afters - befores == {row.mu}


def test_a_table_over_already_is_not_rated_again(store: Store) -> None:
    (ann,) = make_accounts(store, "Ann")
    stored_rated_table(
        store, "t1", [SeatRow(0, "human", "Ann", "h", account=ann), SeatRow(1, "bot:easy", "", None)]
    )
    store.finish("t1", Outcome((1.0, 0.0), (1, 2)))
    store.finish("t1", Outcome((1.0, 0.0), (1, 2)))
    with store.engine.begin() as connection:  # even a table marked open again is refused by the key
        connection.execute(update(schema.game_tables).values(status="running"))
    with pytest.raises(Exception, match="duplicate"):
        store.finish("t1", Outcome((1.0, 0.0), (1, 2)))
    assert rating_rows(store)[ann].games == 1


def test_a_rated_game_shows_on_both_profiles_with_the_new_ratings_drawn(server: TestClient) -> None:
    _ann, _bob, table = play_a_rated_game(server)
    board = {line["name"]: line["rating"] for line in server.get("/api/leaderboard/dr2d").json()["players"]}
    for name in ("Ann", "Bob"):
        profile = server.get(f"/api/players/{name}").json()
        (dr2d,) = [entry for entry in profile["games"] if entry["game"] == "dr2d"]
        assert dr2d["played"] == 1 and dr2d["rating"]["now"] == board[name] and dr2d["rating"]["points"] == 1
        assert profile["last_games"][0]["table"] == table
        drawing = server.get(f"/api/players/{name}/rating/dr2d.svg?lang=fr")
        assert drawing.status_code == 200 and drawing.text.lstrip().startswith(("<?xml", "<svg"))
    assert server.get("/api/players/Ann/rating/robotick.svg").json()["code"] == "no_rating"


def test_only_a_bot_seated_from_the_start_is_rated_not_a_seat_handed_to_one_for_time() -> None:
    assert seat_player(SeatRow(2, "bot:medium", "", None)) == ("bot", "medium")
    assert seat_player(SeatRow(2, "bot:medium", "seat 2", None)) is None  # an open seat out of time
    assert seat_player(SeatRow(1, "bot:medium", "Ann", "hash")) is None  # a person who conceded
