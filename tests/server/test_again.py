"""Playing a finished game again (issue 27): ``POST /api/tables/{id}/again`` with a seat's token
makes the new table (same game, options, clock, bots at the same seats, the people's seats
theirs again under the same tokens) the first time, and finds the same one every other time;
it is refused, changing nothing, before the game is over, without a token and with a token
that is not this table's. Everyone at the old table is told."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .clients import socket_path

pytestmark = pytest.mark.timeout(120)

OPTIONS = {"turn_limit": 2}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "delivery", "seats": seats, "seed": 5, "name": "Ann", "options": OPTIONS, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def concede(client: TestClient, table: str, token: str) -> None:
    answer = client.post(f"/api/tables/{table}/actions", json={"action": "concede"}, headers=bearer(token))
    assert answer.status_code == 200, answer.text


def again(client: TestClient, table: str, token: str | None) -> Any:
    headers = bearer(token) if token is not None else {}
    return client.post(f"/api/tables/{table}/again", headers=headers)


def stored_tables(client: TestClient) -> int:
    return client.app.state.hall.store.count()  # type: ignore[attr-defined]


def test_again_makes_one_new_table_with_the_same_game_options_and_bots(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy", "human"], timers=False, stand_in="medium")
    table, ann, bob = created["table"], created["token"], created["invites"]["2"]
    server.post(f"/api/tables/{table}/join", json={})  # nothing open: refused, changes nothing
    concede(server, table, ann)
    concede(server, table, bob)  # one seat left standing: the game is over
    assert server.get(f"/api/tables/{table}").json()["outcome"] is not None
    tables = stored_tables(server)

    first = again(server, table, bob)
    assert first.status_code == 200, first.text
    new = first.json()
    assert new["seat"] == 2 and new["token"] == bob and new["table"] != table
    assert stored_tables(server) == tables + 1

    second = again(server, table, ann)  # the other person finds the same table
    assert second.json() == {"table": new["table"], "seat": 0, "token": ann}
    assert again(server, table, bob).json() == new  # and so does a second click
    assert stored_tables(server) == tables + 1

    hall = server.app.state.hall  # type: ignore[attr-defined]
    old_stored, new_stored = hall.store.load(table), hall.store.load(new["table"])
    assert new_stored.game == "delivery" and new_stored.options == old_stored.options
    assert new_stored.options["turn_limit"] == 2
    assert (new_stored.timers, new_stored.stand_in, new_stored.creator) == (False, "bot:medium", 0)
    assert new_stored.outcome is None and all(seat == 1 for seat, _ in new_stored.actions)  # the bot plays
    seats = [(r.kind, r.name) for r in new_stored.seats]
    # a bot stores no name: each face words it ("Easy bot 1") in its reader's language
    assert seats == [("human", "Ann"), ("bot:easy", ""), ("human", "seat 2")]
    # each person's own token grants their own seat at the new table, and nothing else does
    assert server.get(f"/api/tables/{new['table']}", headers=bearer(ann)).json()["seat"] == 0
    assert server.get(f"/api/tables/{new['table']}", headers=bearer(bob)).json()["seat"] == 2
    assert server.post(f"/api/tables/{new['table']}/join", json={}).status_code == 403


def test_everyone_at_the_old_table_is_told_of_the_new_one(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy"])
    table, ann = created["table"], created["token"]
    concede(server, table, ann)
    with server.websocket_connect(socket_path(table, None)) as watcher:
        assert [watcher.receive_json()["type"] for _ in range(2)] == ["hello", "state"]
        new = again(server, table, ann).json()
        told = {"type": "notice", "notice": "again", "seat": 0, "table": new["table"]}
        assert watcher.receive_json() == told


@pytest.mark.parametrize(
    ("token", "status", "words"),
    [
        (None, 403, "needs a seat's token"),
        ("not-a-token-of-this-table", 403, "grants no seat"),
    ],
)
def test_again_without_a_seat_of_the_table_is_refused(
    server: TestClient, token: str | None, status: int, words: str
) -> None:
    created = create(server, ["human", "bot:easy"])
    concede(server, created["table"], created["token"])
    tables = stored_tables(server)
    answer = again(server, created["table"], token)
    assert answer.status_code == status and words in answer.json()["error"]
    assert stored_tables(server) == tables


def test_another_tables_token_is_refused(server: TestClient) -> None:
    one, other = create(server, ["human", "bot:easy"]), create(server, ["human", "bot:easy"])
    concede(server, one["table"], one["token"])
    tables = stored_tables(server)
    answer = again(server, one["table"], other["token"])
    assert answer.status_code == 403 and stored_tables(server) == tables


def test_again_before_the_game_is_over_is_refused(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy"])
    tables = stored_tables(server)
    answer = again(server, created["table"], created["token"])
    assert answer.status_code == 409 and "not over" in answer.json()["error"]
    assert stored_tables(server) == tables


def test_again_of_an_unknown_table_is_a_404(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy"])
    answer = again(server, "no-such-table", created["token"])
    assert answer.status_code == 404 and stored_tables(server) == 1


def test_a_malformed_authorization_is_a_401(server: TestClient) -> None:
    created = create(server, ["human", "bot:easy"])
    concede(server, created["table"], created["token"])
    answer = server.post(f"/api/tables/{created['table']}/again", headers={"Authorization": "Basic x"})
    assert answer.status_code == 401 and stored_tables(server) == 1
