"""Group commit: one thread writes the accepted actions of every table, many per transaction.

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
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence

from robotable.server.store import Append, Store, StoreError, refused_before

log = logging.getLogger("robotable.server")

BATCH_LIMIT = 1024
"""Actions in one transaction at most (a bounded transaction, even under a flood)."""

_Waiter = tuple[Append, asyncio.Future[None]]


class GroupWriter:
    """The writer thread of one store, fed by the event loop's tables."""

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
        self._waiting: queue.SimpleQueue[_Waiter | None] = queue.SimpleQueue()
        self._refused: dict[str, int] = {}
        """Each table's last lineage with a refused action (only the writer's thread reads it)."""
        self._thread = threading.Thread(target=self._run, name="robotable-writer", daemon=True)
        self._thread.start()

    def write(self, item: Append) -> asyncio.Future[None]:
        """Queue one action: the future is done once it is committed; it raises ``StaleTable``
        when another process wrote that action number first (or an action before it of its table
        was refused), :class:`StoreError` when the database failed (in both cases nothing of this
        action was written). A table's actions are written in the order it queued them."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if not self._thread.is_alive():
            future.set_exception(StoreError("the server is stopping: the action was not stored"))
        else:
            self._waiting.put((item, future))
        return future

    def waiting(self) -> int:
        """Actions queued for the next transaction (about: the thread takes them meanwhile)."""
        return self._waiting.qsize()

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
        for item, answer in zip(items, answers, strict=True):
            if answer is not None:
                last = self._refused.get(item.table_id, item.lineage)
                self._refused[item.table_id] = max(item.lineage, last)
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], StoreError | None]]] = {}
        for (_, future), answer in zip(batch, answers, strict=True):
            by_loop.setdefault(future.get_loop(), []).append((future, answer))
        for loop, settled in by_loop.items():  # one wake-up of each loop for the whole batch
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
                loop.call_soon_threadsafe(_settle, settled)

    def _answers(self, items: list[Append]) -> list[StoreError | None]:
        """Write what may be written of ``items``: an answer each (None: committed)."""
        answers: list[StoreError | None] = [None] * len(items)
        kept = []
        for i, item in enumerate(items):
            if item.lineage <= self._refused.get(item.table_id, -1):
                answers[i] = refused_before(item)
            else:
                kept.append(i)
        if not kept:
            return answers
        written: Sequence[StoreError | None]
        started = time.perf_counter()
        try:
            written = self.store.append_many([items[i] for i in kept])
            self.committed(time.perf_counter() - started)
        except StoreError as exc:
            written = [exc] * len(kept)
        except Exception as exc:  # a bug here must not stop the writer: every waiter is answered
            log.exception("writing %d actions failed", len(kept))
            written = [StoreError(f"the action was not stored: {exc}")] * len(kept)
        for i, answer in zip(kept, written, strict=True):
            answers[i] = answer
        return answers


def _settle(settled: list[tuple[asyncio.Future[None], StoreError | None]]) -> None:
    for future, answer in settled:
        if future.done():  # its waiter was cancelled (a stopping table)
            continue
        if answer is None:
            future.set_result(None)
        else:  # a fresh exception for each waiter: one raised object carries one traceback
            future.set_exception(type(answer)(str(answer)))
