"""PostgreSQL's writer, a task of the event loop: the same group commit as the writer thread's."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator

import pytest

from robotable import games
from robotable.server.seats import SeatRow
from robotable.server.store import Append, StaleTable, Store, StoreError, new_header, open_store
from robotable.server.writer import LoopWriter, writer_for

from .. import pg

RICOCHET = games.get("ricochet")
NUMBERS = itertools.count()


@pytest.fixture
def store(cluster: str) -> Iterator[Store]:
    store = open_store(pg.new_database(cluster, f"loop_writer_{next(NUMBERS)}"))
    for n in range(8):
        header = new_header(f"t{n}", "ricochet", RICOCHET.rules_version, {}, seed=n, created=0.0)
        store.create(header, [SeatRow(0, "human", "Ann", None)])
    yield store
    store.close()


def test_postgresql_is_written_by_the_loop_and_actions_waiting_together_share_one_commit(
    store: Store,
) -> None:
    commits: list[float] = []
    writer = writer_for(store, committed=commits.append)
    assert isinstance(writer, LoopWriter)

    async def scenario() -> list[BaseException | None]:
        written = [writer.write(Append(f"t{n % 8}", 1 + n // 8, 0, f"bid {n + 2}", 1.0)) for n in range(24)]
        assert writer.waiting() == 24  # nothing is written before the loop runs the writer
        answers = await asyncio.gather(*written, return_exceptions=True)
        await writer.stop()
        return answers

    assert asyncio.run(scenario()) == [None] * 24
    assert len(commits) == 1
    assert all(store.load(f"t{n}").version == 3 for n in range(8))
    assert [a for _, a in store.load("t0").actions] == ["bid 2", "bid 10", "bid 18"]


def test_a_stale_action_refuses_its_tables_later_ones_until_a_new_lineage(store: Store) -> None:
    store.append("t1", 1, seat=0, notation="bid 9", at=1.0)  # another process wrote action 1 first
    writer = writer_for(store, committed=lambda _s: None)

    async def scenario() -> tuple[list[BaseException | None], BaseException | None]:
        first = [
            writer.write(Append("t0", 1, 0, "bid 3", 2.0)),
            writer.write(Append("t1", 1, 0, "bid 4", 2.0)),
            writer.write(Append("t1", 2, 0, "bid 5", 2.0)),
        ]
        answers = await asyncio.gather(*first, return_exceptions=True)
        late = writer.write(Append("t1", 3, 0, "bid 6", 2.0))  # queued after, on the refused lineage
        retried = writer.write(Append("t1", 2, 0, "bid 7", 3.0, lineage=1))  # caught up, tried again
        late_answer = (await asyncio.gather(late, return_exceptions=True))[0]
        await retried
        await writer.stop()
        return answers, late_answer

    answers, late = asyncio.run(scenario())
    assert answers[0] is None
    assert isinstance(answers[1], StaleTable) and "t1: action 1 was already written" in str(answers[1])
    assert isinstance(answers[2], StaleTable) and isinstance(late, StaleTable)
    assert store.load("t1").actions == [(0, "bid 9"), (0, "bid 7")]


def test_a_batch_whose_table_s_actions_do_not_follow_each_other_is_answered_as_the_store_does(
    store: Store,
) -> None:
    writer = writer_for(store, committed=lambda _s: None)

    async def scenario() -> list[BaseException | None]:
        out_of_order = [
            writer.write(Append("t0", 2, 0, "bid 4", 1.0)),
            writer.write(Append("t0", 1, 0, "bid 3", 1.0)),
        ]
        answers = await asyncio.gather(*out_of_order, return_exceptions=True)
        await writer.stop()
        return answers

    stale, written = asyncio.run(scenario())
    assert isinstance(stale, StaleTable) and written is None
    assert store.load("t0").actions == [(0, "bid 3")]


def test_a_dropped_connection_fails_its_batch_in_words_and_the_next_write_reconnects(store: Store) -> None:
    import psycopg

    writer = writer_for(store, committed=lambda _s: None)

    async def scenario() -> BaseException | None:
        await writer.write(Append("t0", 1, 0, "bid 3", 1.0))
        with psycopg.connect(store.libpq_url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE pid <> pg_backend_pid() AND datname = current_database()"
            )
        failed = (
            await asyncio.gather(writer.write(Append("t0", 2, 0, "bid 4", 2.0)), return_exceptions=True)
        )[0]
        await writer.write(Append("t0", 2, 0, "bid 5", 3.0, lineage=1))  # the table tries again
        await writer.stop()
        return failed

    failed = asyncio.run(scenario())
    assert isinstance(failed, StoreError) and "the database failed" in str(failed)
    store.engine.dispose()  # the reading pool's connections were dropped too
    assert store.load("t0").actions == [(0, "bid 3"), (0, "bid 5")]


def test_a_writer_used_again_in_another_event_loop_writes_there(store: Store) -> None:
    writer = writer_for(store, committed=lambda _s: None)

    async def write(number: int) -> None:
        await writer.write(Append("t0", number, 0, f"bid {number + 2}", 1.0))

    async def stop() -> None:
        await writer.stop()

    asyncio.run(write(1))  # the loop ends with the writer's task in it
    asyncio.run(write(2))
    asyncio.run(stop())  # in a third loop, where it has no task: nothing to wait for
    assert store.load("t0").actions == [(0, "bid 3"), (0, "bid 4")]


def test_stopping_writes_what_is_waiting_then_refuses_in_words(store: Store) -> None:
    writer = writer_for(store, committed=lambda _s: None)

    async def scenario() -> BaseException | None:
        waiting = writer.write(Append("t0", 1, 0, "bid 3", 1.0))
        await writer.stop()
        assert waiting.done() and waiting.exception() is None
        return (await asyncio.gather(writer.write(Append("t0", 2, 0, "bid 4", 2.0)), return_exceptions=True))[
            0
        ]

    refused = asyncio.run(scenario())
    assert isinstance(refused, StoreError) and "the server is stopping" in str(refused)
    assert store.load("t0").actions == [(0, "bid 3")]


class Away:
    """A store whose database nobody listens for."""

    libpq_url = "postgresql://robotable@127.0.0.1:1/none"


def test_a_database_out_of_reach_is_said_in_words() -> None:
    writer = LoopWriter(Away())  # type: ignore[arg-type]

    async def scenario() -> BaseException | None:
        answer = (
            await asyncio.gather(writer.write(Append("t0", 1, 0, "bid 3", 1.0)), return_exceptions=True)
        )[0]
        await writer.stop()
        return answer

    answer = asyncio.run(scenario())
    assert isinstance(answer, StoreError) and "cannot reach the database" in str(answer)
