"""The server's storage on SQLite: schema by migration, actions appended once, tokens hashed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from robotable import games
from robotable.core.game import Outcome
from robotable.play.table import Table
from robotable.server import schema
from robotable.server.seats import SeatRow
from robotable.server.store import StaleTable, StoreError, new_header, open_store
from robotable.server.tokens import hash_token, new_token, token_matches

RICOCHET = games.get("ricochet")
OPTIONS = RICOCHET.validate_options({"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"})


def stored_table(store, table_id: str = "t1") -> None:  # type: ignore[no-untyped-def]
    header = new_header(table_id, "ricochet", RICOCHET.rules_version, OPTIONS, seed=5, created=100.0)
    store.create(header, [SeatRow(0, "human", "Ann", hash_token("ann-token")), SeatRow(1, "open", "", None)])


def test_the_migrations_build_exactly_the_schema_the_code_uses(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
    store.migrate()  # a second start finds the schema current and changes nothing
    store.close()


def test_a_table_and_its_actions_survive_a_restart_and_replay(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = open_store(url)
    stored_table(store)
    table = Table(RICOCHET, OPTIONS, seed=5, seats=["human", "human"], now=100.0)
    for number, (seat, text, at) in enumerate([(0, "bid 3", 101.0), (-1, "time-up", 161.0)], 1):
        accepted = table.submit(seat, text, at)
        store.append("t1", number, seat=seat, notation=accepted.notation, at=at)
    store.close()

    again = open_store(url).load("t1")
    assert again.actions == [(0, "bid 3"), (-1, "time-up")] and again.times == [101.0, 161.0]
    assert (again.version, again.status, again.seed, again.options) == (2, "open", 5, OPTIONS)
    assert [s.kind for s in again.seats] == ["human", "open"]
    rebuilt = Table.restore(RICOCHET, again.record(), again.times, created=again.created)
    assert rebuilt.state == table.state
    assert games.replay(again.record(), stop_after=2) == table.state


def test_an_action_is_written_once_even_when_two_writers_race() -> None:
    store = open_store("sqlite://")
    stored_table(store)
    store.append("t1", 1, seat=0, notation="bid 3", at=1.0)
    with pytest.raises(StaleTable, match="action 1 was already written"):
        store.append("t1", 1, seat=1, notation="bid 2", at=1.0)
    with pytest.raises(StaleTable):
        store.append("t1", 3, seat=1, notation="bid 2", at=1.0)  # a gap
    assert store.load("t1").actions == [(0, "bid 3")] and store.load("t1").version == 1


def test_the_outcome_and_status_are_written_with_the_last_action() -> None:
    store = open_store("sqlite://")
    stored_table(store)
    outcome = Outcome.from_scores([1, 0])
    store.append("t1", 1, seat=0, notation="bid 3", at=1.0)
    store.finish("t1", outcome)
    loaded = store.load("t1")
    assert (loaded.status, loaded.outcome) == ("over", outcome)
    assert store.table_ids("over") == ["t1"] and store.table_ids("open", "running") == []


def test_an_open_seat_is_taken_once() -> None:
    store = open_store("sqlite://")
    stored_table(store)
    first = SeatRow(1, "human", "Bob", hash_token("bob"))
    assert store.set_seat("t1", first, only_if_open=True)
    assert not store.set_seat("t1", SeatRow(1, "human", "Eve", hash_token("eve")), only_if_open=True)
    assert store.load("t1").seats[1] == first


def test_a_finished_tables_seats_and_status_never_change() -> None:
    """Whichever process marked it over: a stale copy elsewhere cannot rewrite its record's seats."""
    store = open_store("sqlite://")
    stored_table(store)
    store.finish("t1", Outcome.from_scores([1, 0]))
    before = store.load("t1")
    assert not store.set_seat("t1", SeatRow(1, "human", "Eve", hash_token("eve")), only_if_open=True)
    assert not store.set_seat("t1", SeatRow(0, "bot:easy", "easy", None))
    store.set_status("t1", "running")
    after = store.load("t1")
    assert (after.seats, after.status, after.outcome) == (before.seats, "over", before.outcome)


def test_tokens_are_random_and_stored_only_as_hashes() -> None:
    token = new_token()
    assert len(token) >= 43 and token != new_token()
    stored = hash_token(token)
    assert token not in stored and token_matches(token, stored)
    assert not token_matches(token + "x", stored) and not token_matches(token, None)


def test_a_missing_table_or_a_bad_url_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match="no table 'nope'"):
        open_store("sqlite://").load("nope")
    with pytest.raises(StoreError, match="cannot use the database"):
        open_store("nosuchdb://x")


def test_a_database_of_the_first_schema_is_upgraded_and_keeps_its_tables(tmp_path: Path) -> None:
    from importlib import resources

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, insert

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    config = Config()
    config.set_main_option("script_location", str(resources.files("robotable.server") / "migrations"))
    engine = create_engine(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        values = {"game": "ricochet", "rules_version": "r", "options": "{}", "seed": 1, "created": 0.0}
        connection.execute(
            insert(schema.game_tables).values(
                id="old", timers=True, version=0, status="open", outcome=None, **values
            )
        )
    engine.dispose()
    store = open_store(url)  # migrated to the newest on opening
    assert store.load("old").creator is None and store.load("old").game == "ricochet"


def test_an_in_memory_store_takes_transactions_from_many_threads_in_turn() -> None:
    """``sqlite://`` is one connection shared by every thread: interleaved transactions broke
    foreign keys under load; they now take turns."""
    from concurrent.futures import ThreadPoolExecutor

    store = open_store("sqlite://")

    def one_table(number: int) -> int:
        store.create(new_header(f"t{number}", "ricochet", "ricochet-1", {}, seed=1, created=0.0), [])
        for action in range(1, 20):
            store.append(f"t{number}", action, seat=0, notation="bid 5", at=1.0)
        return len(store.load(f"t{number}").actions)

    with ThreadPoolExecutor(8) as pool:
        assert set(pool.map(one_table, range(40))) == {19}


def test_a_database_a_newer_robotable_upgraded_is_refused_in_words(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.sqlite3'}"
    open_store(url).close()
    with sqlite3.connect(tmp_path / "newer.sqlite3") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    connection.close()
    with pytest.raises(StoreError, match="newer than this robotable knows"):
        open_store(url)
