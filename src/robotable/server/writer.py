"""Group commit: one writer writes the accepted actions of every table, many per transaction.

Every accepted action must be on disk before anyone is told of it. Written one transaction
each, every action pays a flush to disk and, on SQLite, a turn at its single write lock
(threads that miss it sleep in SQLite's busy handler for milliseconds). Under load the actions
of many tables arrive together, so this one thread takes every action waiting when it wakes,
writes them in one transaction (:meth:`~robotable.server.store.Store.append_many`), and each
waiting table learns its own answer once that transaction has committed. An idle server writes
an action as soon as it comes: nothing waits for a batch to fill.

A table may queue its next actions before the first is committed (people programming at once
share a commit). Once one of its actions is refused, the actions it queued after it (same
:attr:`~robotable.server.store.Append.lineage`) are refused unwritten: they were made on a state
that was not stored. The table catches up, then tries again under a new lineage.

SQLite's writer is a thread (:class:`GroupWriter`): sqlite3 blocks, and its flush to disk must
not stop the event loop. PostgreSQL's is a task of the event loop on psycopg's asynchronous
connection (:class:`LoopWriter`): a thread waits for its turn at the GIL, which a busy loop
holds, after every round trip to the database, and that made a loaded server's commits
several times as long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from robotable.server.store import (
    Append,
    Store,
    StoreError,
    append_postgresql_async,
    connect_postgresql_async,
    refused_before,
)

log = logging.getLogger("robotable.server")

BATCH_LIMIT = 1024
"""Actions in one transaction at most (a bounded transaction, even under a flood)."""
STOPPING = "the server is stopping: the action was not stored"

_Waiter = tuple[Append, asyncio.Future[None]]
_Answer = StoreError | None


class Writer(Protocol):
    """What the tables need of a writer."""

    def write(self, item: Append) -> asyncio.Future[None]:
        """Queue one action: the future is done once it is committed; it raises ``StaleTable``
        when another process wrote that action number first (or an action before it of its table
        was refused), :class:`StoreError` when the database failed (in both cases nothing of this
        action was written). A table's actions are written in the order it queued them."""
        ...

    def waiting(self) -> int:
        """Actions queued for the next transaction (the metrics)."""
        ...

    async def stop(self) -> None:
        """Write what is waiting, then stop."""
        ...


def writer_for(store: Store, committed: Callable[[float], None]) -> Writer:
    """The store's writer: :class:`LoopWriter` on PostgreSQL, :class:`GroupWriter` on SQLite."""
    return (
        LoopWriter(store, committed=committed)
        if store.postgresql
        else GroupWriter(store, committed=committed)
    )


class Lineages:
    """Each table's last lineage with a refused action: its actions of that lineage or an older
    one are refused unwritten (they were made on a state that was not stored)."""

    def __init__(self) -> None:
        self._refused: dict[str, int] = {}

    def sort(self, items: list[Append]) -> tuple[list[_Answer], list[int]]:
        """The answers of the actions refused already, and the indexes of the others."""
        answers: list[_Answer] = [None] * len(items)
        kept = []
        for i, item in enumerate(items):
            if item.lineage <= self._refused.get(item.table_id, -1):
                answers[i] = refused_before(item)
            else:
                kept.append(i)
        return answers, kept

    def note(self, items: list[Append], answers: list[_Answer]) -> None:
        for item, answer in zip(items, answers, strict=True):
            if answer is not None:
                last = self._refused.get(item.table_id, item.lineage)
                self._refused[item.table_id] = max(item.lineage, last)


def _failure(exc: Exception, count: int) -> list[_Answer]:
    """Every written action's answer when the write raised ``exc``."""
    if isinstance(exc, StoreError):
        return [exc] * count
    # a bug here must not stop the writer: every waiter is answered
    log.error("writing %d actions failed", count, exc_info=exc)
    return [StoreError(f"the action was not stored: {exc}")] * count


class _Batches:
    """What both writers share: the store, a batch's bound, the metrics, the lineages."""

    def __init__(
        self,
        store: Store,
        *,
        batch_limit: int = BATCH_LIMIT,
        committed: Callable[[float], None] = lambda _seconds: None,
    ) -> None:
        self.store = store
        self.batch_limit = batch_limit
        self.committed = committed
        """Told each transaction's seconds (the metrics)."""
        self._lineages = Lineages()  # only the writer (its thread, or its task) reads it

    def _answered(
        self,
        items: list[Append],
        answers: list[_Answer],
        kept: list[int],
        written: Sequence[_Answer] | Exception,
        started: float,
    ) -> list[_Answer]:
        """Every answer of a batch: ``answers`` of the actions refused already, completed with
        what the write of the ``kept`` ones gave (its answers, or what it raised)."""
        if isinstance(written, Exception):
            written = _failure(written, len(kept))
        elif kept:
            self.committed(time.perf_counter() - started)
        for i, answer in zip(kept, written, strict=True):
            answers[i] = answer
        self._lineages.note(items, answers)
        return answers


class GroupWriter(_Batches):
    """The writer thread of one store, fed by the event loop's tables."""

    def __init__(self, store: Store, **options: Any) -> None:
        super().__init__(store, **options)
        self._waiting: queue.SimpleQueue[_Waiter | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="robotable-writer", daemon=True)
        self._thread.start()

    def write(self, item: Append) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if not self._thread.is_alive():
            future.set_exception(StoreError(STOPPING))
        else:
            self._waiting.put((item, future))
        return future

    def waiting(self) -> int:
        return self._waiting.qsize()  # about: the thread takes them meanwhile

    async def stop(self) -> None:
        await asyncio.to_thread(self.close)

    def close(self, timeout: float = 10.0) -> None:
        """Write what is waiting, then stop the thread."""
        self._waiting.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (batch := self._next_batch()) is not None:
            self._write(batch)

    def _next_batch(self) -> list[_Waiter] | None:
        """Everything waiting now (at least one action, blocking until one comes); None to stop.
        The stop sign comes after the actions queued before it, so they are written first."""
        first = self._waiting.get()
        if first is None:
            return None
        batch = [first]
        while len(batch) < self.batch_limit:
            try:
                waiter = self._waiting.get_nowait()
            except queue.Empty:
                break
            if waiter is None:
                self._waiting.put(None)  # stop after writing this batch
                break
            batch.append(waiter)
        return batch

    def _write(self, batch: list[_Waiter]) -> None:
        items = [item for item, _ in batch]
        answers = self._answers(items)
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], _Answer]]] = {}
        for (_, future), answer in zip(batch, answers, strict=True):
            by_loop.setdefault(future.get_loop(), []).append((future, answer))
        for loop, settled in by_loop.items():  # one wake-up of each loop for the whole batch
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
                loop.call_soon_threadsafe(_settle, settled)

    def _answers(self, items: list[Append]) -> list[_Answer]:
        """Write what may be written of ``items``: an answer each (None: committed)."""
        answers, kept = self._lineages.sort(items)
        started = time.perf_counter()
        written: Sequence[_Answer] | Exception
        try:
            written = self.store.append_many([items[i] for i in kept]) if kept else []
        except Exception as exc:
            written = exc
        return self._answered(items, answers, kept, written, started)


class LoopWriter(_Batches):
    """PostgreSQL's writer: a task of the event loop, on its own asynchronous psycopg connection
    (opened at the first write, opened again after the database dropped it)."""

    def __init__(self, store: Store, **options: Any) -> None:
        super().__init__(store, **options)
        self._waiting: deque[_Waiter] = deque()
        self._wake: asyncio.Event | None = None  # made in the loop that writes
        self._task: asyncio.Task[None] | None = None
        self._connection: Any = None
        self._stopping = False

    def write(self, item: Append) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self._stopping:
            future.set_exception(StoreError(STOPPING))
            return future
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            # the first write, or the first in this loop (the last one's ended with its task)
            if self._task is not None and self._task.get_loop() is not loop:
                self._connection = None  # a connection serves the loop that opened it
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run(), name="robotable-writer")
        self._waiting.append((item, future))
        assert self._wake is not None
        self._wake.set()
        return future

    def waiting(self) -> int:
        return len(self._waiting)

    async def stop(self, timeout: float = 10.0) -> None:
        self._stopping = True
        task = self._task
        if task is not None and not task.done() and task.get_loop() is asyncio.get_running_loop():
            assert self._wake is not None
            self._wake.set()
            finished, _ = await asyncio.wait({task}, timeout=timeout)
            if not finished:
                task.cancel()
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                count = min(len(self._waiting), self.batch_limit)
                batch = [self._waiting.popleft() for _ in range(count)]
                answers = await self._answers([item for item, _ in batch])
                _settle([(future, answer) for (_, future), answer in zip(batch, answers, strict=True)])
            if self._stopping:
                return

    async def _answers(self, items: list[Append]) -> list[_Answer]:
        answers, kept = self._lineages.sort(items)
        started = time.perf_counter()
        written: Sequence[_Answer] | Exception
        try:
            written = (
                await append_postgresql_async(await self._connect(), [items[i] for i in kept]) if kept else []
            )
        except Exception as exc:
            written = exc
        return self._answered(items, answers, kept, written, started)

    async def _connect(self) -> Any:
        if self._connection is None or self._connection.closed or self._connection.broken:
            self._connection = await connect_postgresql_async(self.store.libpq_url)
        return self._connection


def _settle(settled: list[tuple[asyncio.Future[None], _Answer]]) -> None:
    for future, answer in settled:
        if future.done():  # its waiter was cancelled (a stopping table)
            continue
        if answer is None:
            future.set_result(None)
        else:  # a fresh exception for each waiter: one raised object carries one traceback
            future.set_exception(type(answer)(str(answer)))
