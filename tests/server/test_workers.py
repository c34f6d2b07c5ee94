"""The worker pools (issue 28): costly work runs in worker processes, each job within a
processor-time and a memory limit, a bounded queue, by priority, a key's jobs in one worker,
and a closed pool ends its jobs at once."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from robotable.core.errors import RobotableError
from robotable.server.workers import Budget, Busy, TooCostly, WorkerLost, WorkerPool

from . import worker_jobs as jobs

pytestmark = pytest.mark.timeout(120)


BUDGET = Budget(2.0, 256)


def run(test: Any, processes: int = 1, budget: Budget = BUDGET, queue: int = 8) -> Any:
    async def with_pool() -> Any:
        pool = WorkerPool("tests", processes, budget, queue=queue)
        try:
            return await test(pool)
        finally:
            pool.close()

    return asyncio.run(with_pool())


def test_a_job_answers_and_its_refusal_comes_back_with_its_words() -> None:
    async def test(pool: WorkerPool) -> None:
        assert await pool.run(jobs.add, 2, 3) == 5
        with pytest.raises(ValueError, match="the job's own words"):
            await pool.run(jobs.fail)
        with pytest.raises(RobotableError, match="one and two"):  # not picklable: its words kept
            await pool.run(jobs.fail_oddly)
        assert await pool.run(jobs.add, 1, 1) == 2  # the worker goes on

    run(test)


def test_a_job_past_its_processor_time_is_stopped_and_a_fresh_worker_takes_the_next() -> None:
    async def test(pool: WorkerPool) -> tuple[float, int, int]:
        first = await pool.run(jobs.pid)
        began = time.monotonic()
        with pytest.raises(TooCostly, match="more than 1 s of processor time"):
            await pool.run(jobs.spin, 30.0, cpu_seconds=1.0)
        took = time.monotonic() - began
        return took, first, await pool.run(jobs.pid)

    took, before, after = run(test)
    assert took < 5.0
    assert before != after  # what the stopped job left half-made in its worker goes with it


def test_a_job_that_never_returns_is_killed_after_three_times_its_time() -> None:
    async def test(pool: WorkerPool) -> float:
        began = time.monotonic()
        with pytest.raises(TooCostly, match="processor time: it was stopped"):
            await pool.run(jobs.sleep, 60.0, cpu_seconds=0.5)
        took = time.monotonic() - began
        assert await pool.run(jobs.add, 1, 2) == 3  # a new worker
        return took

    assert 3.0 < run(test) < 10.0


def test_a_job_past_its_memory_is_stopped() -> None:
    async def test(pool: WorkerPool) -> None:
        with pytest.raises(TooCostly, match="more than 256 MB"):
            await pool.run(jobs.hold, 600)
        assert await pool.run(jobs.hold, 64) == 64 << 20

    run(test)


def test_past_its_queue_a_pool_refuses_at_once_saying_when_to_retry() -> None:
    async def test(pool: WorkerPool) -> list[Any]:
        busy = ("replaying games", "à rejouer des parties")
        return await asyncio.gather(
            *[pool.run(jobs.spin, 0.2, busy=busy) for _ in range(4)], return_exceptions=True
        )

    answers = run(test, queue=2)
    assert answers[:2] == ["spun", "spun"]
    refused = answers[2]
    assert isinstance(refused, Busy) and refused.retry > 0
    assert str(refused) == f"the server is busy replaying games: try again in {refused.retry} seconds"
    retry = refused.retry
    assert refused.fr == f"le serveur est occupé à rejouer des parties : réessayez dans {retry} secondes"


def test_waiting_jobs_go_by_priority_then_in_order_of_arrival() -> None:
    async def test(pool: WorkerPool) -> list[float]:
        await pool.run(jobs.add, 0, 0)  # the worker started
        first = asyncio.ensure_future(pool.run(jobs.spin, 0.3))
        await asyncio.sleep(0.05)
        later = [asyncio.ensure_future(pool.run(jobs.started, priority=1)) for _ in range(2)]
        await asyncio.sleep(0.01)
        urgent = asyncio.ensure_future(pool.run(jobs.started, priority=0))
        await first
        return [await urgent, *[await job for job in later]]

    urgent, *later = run(test)
    assert urgent < later[0] < later[1]


def test_a_keys_jobs_go_to_one_worker() -> None:
    async def test(pool: WorkerPool) -> tuple[set[int], set[int]]:
        same = {await pool.run(jobs.pid, key="table 1/seat 0") for _ in range(6)}
        spread = {await pool.run(jobs.pid, key=f"table {n}") for n in range(12)}
        return same, spread

    same, spread = run(test, processes=2)
    assert len(same) == 1 and len(spread) == 2


def test_a_closed_pool_ends_the_job_in_progress_at_once_and_takes_no_more() -> None:
    async def test(pool: WorkerPool) -> float:
        await pool.run(jobs.add, 0, 0)
        running = asyncio.ensure_future(pool.run(jobs.spin, 60.0, cpu_seconds=60.0))
        waiting = asyncio.ensure_future(pool.run(jobs.add, 1, 1))
        await asyncio.sleep(0.3)
        began = time.monotonic()
        pool.close()
        for job in (running, waiting):
            with pytest.raises(WorkerLost):
                await job
        took = time.monotonic() - began
        with pytest.raises(WorkerLost, match="stopping"):
            await pool.run(jobs.add, 1, 1)
        return took

    assert run(test, budget=Budget(60.0, 256)) < 2.0


def test_one_owner_cannot_fill_the_queue_for_everyone() -> None:
    async def test(pool: WorkerPool) -> tuple[list[Any], Any]:
        mine = [pool.run(jobs.spin, 0.2, owner="203.0.113.5") for _ in range(3)]
        theirs = pool.run(jobs.add, 1, 1, owner="198.51.100.7")
        *answers, other = await asyncio.gather(*mine, theirs, return_exceptions=True)
        return answers, other

    answers, other = run(lambda pool: test(_with_owners(pool, 2)), queue=8)  # 8 places, 2 an owner's
    assert answers[:2] == ["spun", "spun"] and isinstance(answers[2], Busy)
    assert other == 2


def _with_owners(pool: WorkerPool, per_owner: int) -> WorkerPool:
    pool.per_owner = per_owner
    return pool
