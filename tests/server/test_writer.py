"""Group commit: many tables' actions in one transaction, each answered on its own."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from robotable import games
from robotable.server.seats import SeatRow
from robotable.server.store import Append, StaleTable, Store, StoreError, new_header, open_store
from robotable.server.writer import GroupWriter

RICOCHET = games.get("ricochet")


def store_with_tables(count: int, url: str = "sqlite://") -> Store:
    store = open_store(url)
    for n in range(count):
        header = new_header(f"t{n}", "ricochet", RICOCHET.rules_version, {}, seed=n, created=0.0)
        store.create(header, [SeatRow(0, "human", "Ann", None)])
    return store


def test_a_stale_action_is_refused_alone_and_the_others_of_its_transaction_are_written() -> None:
    store = store_with_tables(2)
    store.append("t1", 1, seat=0, notation="bid 4", at=1.0)
    answers = store.append_many(
        [
            Append("t0", 1, 0, "bid 3", 2.0),
            Append("t1", 1, 0, "bid 9", 2.0),  # action 1 of t1 is written already
            Append("t0", 2, 0, "bid 2", 3.0),  # the next action of t0, in the same transaction
        ]
    )
    assert answers[0] is None and answers[2] is None
    assert isinstance(answers[1], StaleTable) and "t1: action 1" in str(answers[1])
    assert store.load("t0").actions == [(0, "bid 3"), (0, "bid 2")] and store.load("t0").version == 2
    assert store.load("t1").actions == [(0, "bid 4")] and store.load("t1").version == 1


class CountingStore:
    """A store whose batches are counted, and held back until released (to let a queue form)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.batches: list[int] = []
        self.gate = threading.Event()

    def append_many(self, appends: list[Append]) -> Any:
        self.gate.wait(10)
        self.batches.append(len(appends))
        return self.store.append_many(appends)


def test_actions_waiting_together_are_written_in_one_transaction_and_each_told_its_answer() -> None:
    store = store_with_tables(20)
    counting = CountingStore(store)
    writer = GroupWriter(counting)  # type: ignore[arg-type]

    async def scenario() -> list[Any]:
        first = asyncio.ensure_future(writer.write(Append("t0", 1, 0, "bid 1", 1.0)))
        await asyncio.sleep(0.05)  # the writer holds that one at the gate: the others queue up
        rest = [
            asyncio.ensure_future(writer.write(Append(f"t{n}", 1, 0, "bid 5", 2.0))) for n in range(1, 20)
        ]
        stale = asyncio.ensure_future(writer.write(Append("t0", 1, 0, "bid 7", 2.0)))
        await asyncio.sleep(0.05)
        counting.gate.set()
        return await asyncio.gather(first, *rest, stale, return_exceptions=True)

    answers = asyncio.run(scenario())
    writer.close()
    assert answers[:-1] == [None] * 20
    assert isinstance(answers[-1], StaleTable)
    assert counting.batches == [1, 20]  # the 19 tables and the stale one: one transaction
    assert all(store.load(f"t{n}").version == 1 for n in range(20))
    assert store.load("t0").actions == [(0, "bid 1")]


def test_closing_writes_what_is_waiting_and_a_closed_writer_refuses_clearly() -> None:
    store = store_with_tables(3)
    writer = GroupWriter(store)

    async def scenario() -> None:
        await asyncio.gather(*(writer.write(Append(f"t{n}", 1, 0, "bid 2", 1.0)) for n in range(3)))
        await asyncio.to_thread(writer.close)
        with pytest.raises(Exception, match="stopping"):
            await writer.write(Append("t0", 2, 0, "bid 3", 2.0))

    asyncio.run(scenario())
    assert [store.load(f"t{n}").version for n in range(3)] == [1, 1, 1]


class FailingOnce:
    """A store whose first transaction fails, as a database that went away for a moment."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.failed = False

    def append_many(self, appends: list[Append]) -> Any:
        if not self.failed:
            self.failed = True
            raise StoreError("the database failed: disk I/O error")
        return self.store.append_many(appends)


def test_a_database_failure_answers_every_waiter_of_the_batch_and_the_writer_goes_on() -> None:
    store = store_with_tables(2)
    writer = GroupWriter(FailingOnce(store))  # type: ignore[arg-type]

    async def scenario() -> Any:
        failed = await asyncio.gather(writer.write(Append("t0", 1, 0, "bid 2", 1.0)), return_exceptions=True)
        await writer.write(Append("t1", 1, 0, "bid 2", 1.0))  # the next batch is written as usual
        return failed[0]

    failed = asyncio.run(scenario())
    writer.close()
    assert isinstance(failed, StoreError) and "disk I/O error" in str(failed)
    assert store.load("t0").version == 0 and store.load("t1").version == 1


def test_an_action_after_a_refused_one_of_its_table_is_refused_unwritten_in_the_same_transaction() -> None:
    store = store_with_tables(2)
    store.append("t0", 1, seat=0, notation="bid 4", at=1.0)  # another process wrote action 1 first
    answers = store.append_many(
        [
            Append("t0", 1, 0, "bid 9", 2.0),  # refused: action 1 is written already
            Append("t1", 1, 0, "bid 3", 2.0),
            Append("t0", 2, 0, "bid 8", 2.0),  # made after the refused one: its table's version fits,
        ]  # but it was made on a state that was never stored
    )
    assert isinstance(answers[0], StaleTable) and isinstance(answers[2], StaleTable)
    assert "before 2 was refused" in str(answers[2]) and answers[1] is None
    assert store.load("t0").actions == [(0, "bid 4")] and store.load("t1").version == 1


def test_a_tables_later_writes_are_refused_after_a_refusal_until_it_tries_again_with_a_new_lineage() -> None:
    store = store_with_tables(2)
    store.append("t0", 1, seat=0, notation="bid 4", at=1.0)  # another process wrote action 1 first
    counting = CountingStore(store)
    writer = GroupWriter(counting)  # type: ignore[arg-type]

    async def scenario() -> list[Any]:
        refused = asyncio.ensure_future(writer.write(Append("t0", 1, 0, "bid 9", 2.0, lineage=1)))
        await asyncio.sleep(0.05)  # held at the gate: the next one waits for the next transaction
        after = writer.write(Append("t0", 2, 0, "bid 8", 2.0, lineage=1))
        other = writer.write(Append("t1", 1, 0, "bid 3", 2.0, lineage=1))
        counting.gate.set()
        answers = await asyncio.gather(refused, after, other, return_exceptions=True)
        again = await asyncio.gather(writer.write(Append("t0", 2, 0, "bid 7", 3.0, lineage=2)))
        return [*answers, *again]

    answers = asyncio.run(scenario())
    writer.close()
    assert isinstance(answers[0], StaleTable) and "already written" in str(answers[0])
    assert isinstance(answers[1], StaleTable) and "before 2 was refused" in str(answers[1])
    assert answers[2] is None and answers[3] is None
    assert counting.batches == [1, 1, 1]  # the refused table's second write was never sent
    assert store.load("t0").actions == [(0, "bid 4"), (0, "bid 7")]


def test_a_batch_is_written_in_the_same_few_calls_whatever_its_size() -> None:
    store = store_with_tables(3)
    raw = store.engine.raw_connection()  # the in-memory database's one connection
    statements: list[str] = []
    raw.driver_connection.set_trace_callback(statements.append)
    batch = [Append(f"t{t}", n, 0, f"bid {n + 1}", 1.0) for n in range(1, 5) for t in range(3)]
    assert store.append_many(batch) == [None] * 12
    raw.driver_connection.set_trace_callback(None)
    assert [" ".join(s.split()[:2]) for s in statements] == [
        "BEGIN IMMEDIATE",
        "SELECT id,",
        "UPDATE game_tables",
        "INSERT INTO",
        "COMMIT",
    ]
    for t in range(3):
        assert store.load(f"t{t}").version == 4
        assert [a for _, a in store.load(f"t{t}").actions] == ["bid 2", "bid 3", "bid 4", "bid 5"]
