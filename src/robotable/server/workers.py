"""Costly work in worker processes, each job bounded: the server's event loop and its database
threads never wait behind a bot's long thought, a replayed 50,000-action record or a search.

A :class:`WorkerPool` is a few processes of its own (started when first needed, started again
when one is stopped) and a bounded queue:

- each job runs in one worker at a time, under a **processor-time limit** (the kernel's
  profiling timer, ``ITIMER_PROF``: the worker is told at the limit and answers "too long"; one
  that does not come back, stuck outside Python, is killed when three times that has passed on
  the clock); a worker that stopped a job for its time or memory is replaced, since what the job
  left half-made in it (a bot, a replay kept) cannot be trusted
  and a **memory limit** (``RLIMIT_AS``, counted from what the worker holds once its modules are
  loaded: a job past it answers "too large");
- a job with a ``key`` always goes to the same worker, so a worker may keep what that key's
  jobs share (a bot between its decisions, a record being stepped through);
- a worker takes its waiting jobs by ``priority`` (lowest first), then in order of arrival: a bot
  playing against people goes before the bots of tables nobody plays at;
- past ``queue`` jobs waiting or running, a new one is refused at once (:class:`Busy`);
- :meth:`WorkerPool.close` kills every worker: the jobs in progress end at once (a stopping
  server does not wait for a bot's thought).

The server's own process keeps its share of the cores by the number of workers (the bots' pool
has at most its share of them: ``--bot-cpu-share``), not by priority: a lower one was tried, and
on a machine busy with other programs it made the bots crawl (ten times slower in the tests)
for no gain in the people's latency. The standard library's process pools cannot stop
one job without breaking the pool, nor send a key's jobs to one worker: hence this module.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import os
import pickle
import resource
import signal
import zlib
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from robotable.core.errors import RobotableError

CLOCK_SLACK = 3.0
"""A job gets this many times its processor time on the clock, and two seconds more, before its
worker is killed: it may share a busy core with others, and one stuck outside Python
never reads its signal."""
MEGABYTE = 1 << 20


class Busy(RobotableError):
    """The pool's queue is full: the server says so at once (503, with when to retry)."""

    code = "server_busy"

    def __init__(self, what: str, what_fr: str, retry: int = 5) -> None:
        super().__init__(f"the server is busy{_spaced(what)}: try again in {retry} seconds")
        self.fr = f"le serveur est occupé{_spaced(what_fr)} : réessayez dans {retry} secondes"
        self.retry = retry
        self.params = {"retry": retry}


def _spaced(what: str) -> str:
    return f" {what}" if what else ""


class TooCostly(RobotableError):
    """A job went past its processor time or memory and was stopped (422: asking again will
    not help)."""

    code = "too_costly"

    def __init__(self, what: str, what_fr: str) -> None:
        super().__init__(f"the work needed {what}: it was stopped")
        self.fr = f"le travail demandait {what_fr} : il a été arrêté"


class WorkerLost(RobotableError):
    """A worker ended in the middle of a job (the server stopping, or a worker killed from
    outside): 503, asking again later may work."""

    code = "worker_lost"

    def __init__(self, stopping: bool) -> None:
        if stopping:
            super().__init__("the server is stopping: try again in a moment")
            self.fr = "le serveur s'arrête : réessayez dans un instant"
        else:
            super().__init__("the work stopped in the middle: try again")
            self.fr = "le travail s'est arrêté en chemin : réessayez"


@dataclass(frozen=True)
class Budget:
    """What one job of a pool may take."""

    cpu_seconds: float
    memory_mb: int


class WorkerPool:
    """``processes`` workers running one job at a time each (see the module's description).
    ``name`` is what the logs and refusals call the work ("replays", "bots")."""

    def __init__(self, name: str, processes: int, budget: Budget, *, queue: int, per_owner: int = 0) -> None:
        if processes < 1:
            raise ValueError(f"a pool needs at least one worker, not {processes}")
        self.name = name
        self.budget = budget
        self.queue = queue
        self.per_owner = per_owner or queue
        """Jobs one owner (an address) may have waiting or running: one client cannot fill the
        queue for everyone."""
        self.owners: Counter[Hashable] = Counter()
        self.workers = [_Worker(f"{name} {i}", budget.memory_mb) for i in range(processes)]
        self.pending = 0
        self.closed = False

    async def run(
        self,
        job: Callable[..., Any],
        *args: Any,
        key: Hashable = None,
        cpu_seconds: float | None = None,
        priority: int = 0,
        owner: Hashable = None,
        busy: tuple[str, str] = ("", ""),
    ) -> Any:
        """``job(*args)`` in a worker (the one of ``key``, else the least busy), its answer or
        its exception. ``cpu_seconds``: this job's limit, the pool's by default; ``priority``:
        lower goes first; ``owner``: who asks (an address), who may have at most
        :attr:`per_owner` jobs waiting or running. :class:`Busy` (saying ``busy``, English and
        French: what is busy) when the queue or the owner's share of it is full,
        :class:`TooCostly` past a limit."""
        if self.closed:
            raise WorkerLost(stopping=True)
        if self.pending >= self.queue or self.owners[owner] >= self.per_owner:
            raise Busy(*busy)
        worker = self._worker_for(key)
        self.pending += 1
        self.owners[owner] += 1
        worker.waiting += 1
        try:
            return await worker.run(job, args, cpu_seconds or self.budget.cpu_seconds, self, priority)
        finally:
            self.pending -= 1
            worker.waiting -= 1
            self.owners[owner] -= 1
            if not self.owners[owner]:
                del self.owners[owner]

    def _worker_for(self, key: Hashable) -> _Worker:
        if key is None:
            return min(self.workers, key=lambda w: w.waiting)
        return self.workers[zlib.crc32(repr(key).encode()) % len(self.workers)]

    def warm(self) -> None:
        """Start every worker now (each loads the games in a third of a second, on its own),
        so that the first job does not wait for it."""
        for worker in self.workers:
            worker.started()

    def close(self) -> None:
        """Kill every worker now; the jobs in progress fail (:class:`WorkerLost`)."""
        self.closed = True
        for worker in self.workers:
            worker.kill()
            worker.exchanges.shutdown(wait=False, cancel_futures=True)


class _Worker:
    """One worker process, its pipe, and the one thread that waits on that pipe."""

    def __init__(self, name: str, memory_mb: int) -> None:
        self.name = name
        self.memory_mb = memory_mb
        self.process: multiprocessing.process.BaseProcess | None = None
        self.pipe: Connection | None = None
        self.turns = _Turns()
        self.waiting = 0
        self.exchanges = ThreadPoolExecutor(1, thread_name_prefix=f"worker {name}")
        self.exchange: asyncio.Future[tuple[str, Any]] | None = None
        """The last job's exchange with the worker (its thread may still be reading)."""

    async def run(
        self,
        job: Callable[..., Any],
        args: Sequence[Any],
        cpu_seconds: float,
        pool: WorkerPool,
        priority: int,
    ) -> Any:
        await self.turns.take(priority)
        try:
            if pool.closed:  # closed while this job waited for its turn
                raise WorkerLost(stopping=True)
            status, answer = await self._exchanged((job, tuple(args), cpu_seconds), cpu_seconds, pool)
            if status in ("too_long", "too_large"):  # what it kept (caches, a bot) may be half-made
                self.kill()
        finally:
            self.turns.give_back()
        return _answered(status, answer, cpu_seconds, self.memory_mb)

    async def _exchanged(
        self, request: tuple[Any, ...], cpu_seconds: float, pool: WorkerPool
    ) -> tuple[str, Any]:
        """The worker's answer to ``request``, waited for at most the job's time on the clock."""
        pipe = self.started()
        exchange = asyncio.get_running_loop().run_in_executor(self.exchanges, _exchange, pipe, request)
        try:
            async with asyncio.timeout(CLOCK_SLACK * cpu_seconds + 2.0):
                return await asyncio.shield(exchange)
        except TimeoutError:
            self.kill()
            raise TooCostly(*_too_long(cpu_seconds)) from None
        except asyncio.CancelledError:
            self.kill()  # the caller gave up (the server stops, a table is closed): the job too
            if exchange.cancelled():  # the pool closed before the exchange began: not the caller's
                raise WorkerLost(stopping=pool.closed) from None
            raise

    def started(self) -> Connection:
        if self.process is None or not self.process.is_alive() or self.pipe is None:
            context = multiprocessing.get_context("spawn")  # not fork: the server runs threads
            ours, theirs = context.Pipe()
            self.process = context.Process(
                target=work, args=(theirs, self.memory_mb), name=self.name, daemon=True
            )
            self.process.start()
            theirs.close()
            self.pipe = ours
        return self.pipe

    def kill(self) -> None:
        """End the worker now. Its pipe is closed once no exchange reads it: closed under a
        reading thread, its number could go to the next worker's pipe while that thread reads."""
        if self.process is not None:
            self.process.kill()  # not os.kill: a worker already reaped has no pid to signal
            self.process.join(timeout=1.0)
        pipe, exchange = self.pipe, self.exchange
        if pipe is not None and exchange is not None and not exchange.done():
            exchange.add_done_callback(lambda _done: pipe.close())  # once its thread let go of it
        elif pipe is not None:
            pipe.close()
        self.process, self.pipe = None, None


class _Turns:
    """Whose job a worker runs next: the lowest priority first, then the first come."""

    def __init__(self) -> None:
        self.busy = False
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self.arrivals = itertools.count()

    async def take(self, priority: int) -> None:
        """Wait for the worker; it is the caller's until :meth:`give_back`."""
        if not self.busy and not self.waiting:
            self.busy = True
            return
        turn = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (priority, next(self.arrivals), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given the worker, then cancelled: pass it on
                self.give_back()
            raise

    def give_back(self) -> None:
        """Hand the worker to the next job waiting (one cancelled meanwhile is passed over)."""
        while self.waiting:
            _priority, _arrival, turn = heapq.heappop(self.waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self.busy = False


def _exchange(pipe: Connection, request: tuple[Any, ...]) -> tuple[str, Any]:
    """Send a job, wait for its answer (in the worker's own thread); a worker that ended
    answers "lost"."""
    try:
        pipe.send(request)
        status, answer = pipe.recv()
    except (EOFError, OSError):
        return "lost", None
    return str(status), answer


def _too_long(cpu_seconds: float) -> tuple[str, str]:
    return f"more than {cpu_seconds:g} s of processor time", f"plus de {cpu_seconds:g} s de calcul"


def _answered(status: str, answer: Any, cpu_seconds: float, memory_mb: int) -> Any:
    """A worker's answer, or the refusal it stands for."""
    if status == "done":
        return answer
    if status == "failed":
        raise answer
    if status == "too_long":
        raise TooCostly(*_too_long(cpu_seconds))
    if status == "too_large":
        raise TooCostly(f"more than {memory_mb:,} MB of memory", f"plus de {memory_mb} Mo de mémoire")
    raise WorkerLost(stopping=False)


# ---------------------------------------------------------------------- inside a worker


class _OverTime(BaseException):
    """Raised in a worker by its processor-time signal (a BaseException: no job catches it)."""


def work(pipe: Connection, memory_mb: int) -> None:
    """A worker's life: take a job, run it within its limits, answer; until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us
    signal.signal(signal.SIGPROF, _over_time)
    _preload()
    if memory_mb:
        ceiling = _address_space() + memory_mb * MEGABYTE
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, resource.RLIM_INFINITY))
    while True:
        try:
            job, args, cpu_seconds = pipe.recv()
        except (EOFError, OSError):
            return
        answer = _run(job, args, cpu_seconds)
        try:
            pipe.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            pipe.send(("failed", RobotableError(f"the answer could not be sent: {exc}")))
        except (BrokenPipeError, OSError):
            return


def _run(job: Callable[..., Any], args: Sequence[Any], cpu_seconds: float) -> tuple[str, Any]:
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)  # the process's processor time, to the µs
    try:
        try:
            return "done", job(*args)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _OverTime:
        return "too_long", None
    except MemoryError:
        return "too_large", None
    except Exception as exc:  # the job's own refusal or bug: the caller raises it
        return "failed", _portable(exc)


def _over_time(_signal: int, _frame: object) -> None:
    raise _OverTime


def _portable(exc: Exception) -> Exception:
    """``exc`` if it crosses the pipe intact, else a :class:`RobotableError` with its words."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        plain = RobotableError(str(exc), fr=getattr(exc, "fr", None))
        plain.code = getattr(exc, "code", "")
        return plain
    return exc


def _preload() -> None:
    """Load the games before the memory limit is set: a job's limit counts what it adds."""
    from robotable import games

    for game_id in games.ids():
        games.get(game_id)


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
