"""The same storage on PostgreSQL: a throwaway cluster on loopback (see tests/pg.py)."""

from __future__ import annotations

import itertools

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from robotable import games
from robotable.server import schema
from robotable.server.app import create_app
from robotable.server.seats import SeatRow
from robotable.server.store import StaleTable, new_header, open_store
from robotable.server.tokens import hash_token

from .. import pg

RICOCHET = games.get("ricochet")
OPTIONS = RICOCHET.validate_options({"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"})
NUMBERS = itertools.count()


@pytest.fixture
def url(cluster: str) -> str:
    return pg.new_database(cluster, f"test_{next(NUMBERS)}")


def test_the_migrations_build_the_schema_on_postgresql(url: str) -> None:
    store = open_store(url)
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
    store.migrate()
    store.close()


def test_actions_are_appended_once_and_survive_a_new_connection(url: str) -> None:
    store = open_store(url.replace("postgresql+psycopg://", "postgresql://"))  # the plain form works too
    header = new_header("t1", "ricochet", RICOCHET.rules_version, OPTIONS, seed=2**62, created=1.0)
    store.create(header, [SeatRow(0, "human", "Ann", hash_token("a")), SeatRow(1, "open", "", None)])
    store.append("t1", 1, seat=0, notation="bid 3", at=2.0)
    with pytest.raises(StaleTable):
        store.append("t1", 1, seat=1, notation="bid 2", at=2.5)
    assert store.set_seat("t1", SeatRow(1, "human", "Bob", hash_token("b")), only_if_open=True)
    assert not store.set_seat("t1", SeatRow(1, "human", "Eve", hash_token("e")), only_if_open=True)
    store.close()
    again = open_store(url).load("t1")
    assert again.actions == [(0, "bid 3")] and again.seed == 2**62 and again.seats[1].name == "Bob"


def test_the_server_plays_and_restarts_on_postgresql(url: str) -> None:
    body = {"game": "ricochet", "seats": ["human", "human"], "options": OPTIONS, "seed": 3}
    with TestClient(create_app(open_store(url))) as client:
        created = client.post("/api/tables", json=body).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        assert client.post(
            f"/api/tables/{created['table']}/actions", json={"action": "bid 6"}, headers=headers
        )
    with TestClient(create_app(open_store(url))) as client:
        state = client.get(f"/api/tables/{created['table']}", headers=headers).json()
        assert state["version"] == 1 and state["view"]["bids"]


def test_a_batch_of_actions_is_one_transaction_with_one_notice_a_line_per_written_table(url: str) -> None:
    import psycopg

    from robotable.server.store import CHANNEL, Append

    store = open_store(url)
    for name in ("b", "a"):
        header = new_header(name, "ricochet", RICOCHET.rules_version, OPTIONS, seed=1, created=1.0)
        store.create(header, [SeatRow(0, "human", "Ann", None)])
    with psycopg.connect(store.libpq_url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        answers = store.append_many(
            [
                Append("b", 1, 0, "bid 3", 2.0),
                Append("a", 2, 0, "bid 4", 2.0),
                Append("a", 1, 0, "bid 5", 2.0),
            ]
        )
        notices = [n.payload for n in listener.notifies(timeout=1.0)]
    assert answers[0] is None and isinstance(answers[1], StaleTable) and answers[2] is None
    assert len(notices) == 1 and sorted(notices[0].split("\n")) == ["a 1", "b 1"]
    assert store.load("a").actions == [(0, "bid 5")] and store.load("b").actions == [(0, "bid 3")]
    store.close()


def test_a_write_that_fails_stores_nothing_and_the_next_one_is_written(url: str) -> None:
    import psycopg

    from robotable.server.store import Append, StoreError

    store = open_store(url)
    for name in ("a", "b"):
        header = new_header(name, "ricochet", RICOCHET.rules_version, OPTIONS, seed=1, created=1.0)
        store.create(header, [SeatRow(0, "human", "Ann", None)])
    broken = [Append("a", 1, 0, "bid 3", 2.0), Append("b", 1, 0, None, 2.0)]  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="the database failed"):
        store.append_many(broken)
    assert store.load("a").version == 0 and store.load("a").actions == []
    with psycopg.connect(store.libpq_url, autocommit=True) as admin:  # the server drops every connection
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
            " AND datname = current_database()"
        )
    answers, failures = [], 0
    for _ in range(3):  # a dropped connection fails the write that finds it, in words, and is let go
        try:
            answers = store.append_many([Append("a", 1, 0, "bid 3", 2.0), Append("b", 1, 0, "bid 4", 2.0)])
            break
        except StoreError as exc:
            assert "the database failed" in str(exc)
            failures += 1
    assert failures == 1 and answers == [None, None]
    assert store.load("a").actions == [(0, "bid 3")] and store.load("b").actions == [(0, "bid 4")]
    store.close()


def test_lines_past_a_notice_s_size_go_in_another_notice() -> None:
    from robotable.server.store import NOTICE_BYTES, notices

    lines = [f"table{n:07d} {n}" for n in range(1000)]
    payloads = notices(lines)
    assert len(payloads) > 1 and all(len(p.encode()) <= NOTICE_BYTES for p in payloads)
    assert [line for p in payloads for line in p.split("\n")] == lines
