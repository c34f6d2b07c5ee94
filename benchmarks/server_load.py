"""Load on the game server: many tables of scripted people (and bots) over loopback WebSockets.

    python benchmarks/server_load.py [--clients 100 --clients 1000] [--seconds 30] [--warmup 4]
        [--game dr2d] [--seats 4] [--spectators 1] [--bot-tables 0] [--deflate] [--rate R]
        [--processes P] [--servers S] [--db URL] [--profile DIR] [--json FILE]

Starts ``robotable serve`` as a subprocess on a free port (a fresh SQLite file per run, or
``--db URL``, e.g. PostgreSQL) and stops it by its process id at the end, whatever happens.
The clients run in this process (asyncio, uvloop when installed), or in ``--processes P``
forked processes sharing the tables and starting together: for each client count,
tables of ``--seats`` people plus ``--spectators`` spectators, every one on its own
WebSocket; each person plays the first legal action when it is their turn (Delivery: ``submit``
first, never ``take``), one action in flight, within the server's per-connection rate limit
(or at ``--rate`` actions a second at most, for latencies under a set load, not saturation).
Play starts once every connection is open (a loaded server would slow the handshakes); a
finished game is followed by a new table. ``--bot-tables`` adds bot-only tables, each watched
by one spectator, running alongside. ``--servers S`` (PostgreSQL only) starts S server processes
on the one database and splits the tables across them: load-generator process ``i`` plays its
tables on server ``i mod S`` (so ``--processes`` is a multiple of S), and the CPU figures add up
every server's and the database's.

Measured over a steady window (``--seconds``, after ``--warmup``; then no new action, and
the ones in flight are let arrive everywhere), a fresh server per count:

- accepted actions per second (people's, and bots' apart);
- the server's CPU seconds (user + system of its process, from /proc) in that window, hence
  actions per CPU-second, the "per core" figure, and server CPU per update delivered;
- latency of a person's action: from sending it to the moment the *last* connection of its
  table (every seat and spectator) has received the update with that version: p50, p99, max;
- this process' own CPU use: on a small machine the clients compete with the server for
  cores, and a saturated client adds its own queueing to the latencies;
- the server's own view, from its ``/metrics`` at both ends of the window: an action's time
  inside the server (arrival to announcement, p50 and p99 interpolated within the histogram's
  buckets, as Prometheus's ``histogram_quantile``), free of the load generator's own lag, and
  the actions per commit of the group writer (actions made at once share one).

Nothing is asserted: the figures are printed (and saved with ``--json``). The goal of issue 13
is >= 2,000 actions/s per core and p99 < 50 ms at 1,000 clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import multiprocessing
import os
import platform
import pstats
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from robotable.server.sockets import BURST, RATE

GAMES = ("dr2d", "delivery", "droids", "robotick")
"""Games that need no clock (the tables run with ``timers: false``); Ricochet does."""
START_DEADLINE = 60.0
"""Seconds for the server to answer after its start."""
STOP_DEADLINE = 20.0
"""Seconds for the server to stop after SIGTERM (a profiled one writes its statistics)."""
HANDSHAKES = 64
"""WebSocket handshakes at once (a thousand at once would only queue at the listener)."""
CLIENT_RATE = 0.9 * RATE
"""Actions a second per connection: under the server's limit, so no message is refused for it."""
CLIENT_BURST = BURST // 2
BOT_SEEDS = 10**9
"""Bot tables' seeds start here, apart from the people's."""
PHASE_SEED = 13
LAG_TICK = 0.01
"""Seconds between two looks at this process' own event loop lag."""
DRAIN_DEADLINE = 5.0
"""Seconds after the window for the actions in flight to arrive everywhere."""
GOAL_ACTIONS_PER_CORE = 2000.0
GOAL_P99_MS = 50.0
Message = dict[str, Any]


class LoadError(RuntimeError):
    """The server failed to start, died, or answered what a client cannot go on from."""


# --------------------------------------------------------------------------- what is run


@dataclass(frozen=True)
class Scenario:
    """The tables: one game, its people and spectators, bot-only tables alongside."""

    game: str = "dr2d"
    seats: int = 4
    spectators: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    bot_tables: int = 0
    compression: bool = False
    """permessage-deflate on both ends (the server's ``--deflate``; off by default there)."""
    rate: float | None = None
    """Actions a second per person at most (None: as fast as the server's limit allows)."""

    def bucket(self, phase: float) -> Bucket:
        """A person's pace: the server's limit (with bursts), or ``rate`` evenly, starting at
        ``phase`` (0 to 1) of a period: people all acting at the same instant would be bursts."""
        return Bucket() if self.rate is None else Bucket(self.rate, 1, phase)

    @property
    def per_table(self) -> int:
        return self.seats + self.spectators

    def tables_for(self, clients: int) -> int:
        return max(1, clients // self.per_table)


@dataclass(frozen=True)
class Run:
    clients: int
    seconds: float = 30.0
    warmup: float = 4.0
    scenario: Scenario = field(default_factory=Scenario)
    processes: int = 1
    """Load-generator processes sharing the tables: one Python process cannot keep a thousand
    connections' latencies honest (its own event loop lags), several can."""
    servers: int = 1
    """Server processes on the one database; generator ``i`` plays on server ``i % servers``."""


@dataclass(frozen=True)
class Share:
    """The tables one load-generator process drives: every ``count``-th from ``index``."""

    index: int = 0
    count: int = 1

    def mine(self, total: int) -> range:
        return range(self.index, total, self.count)


@dataclass
class Result:
    clients: int
    """Connections asked for (rounded down to whole tables)."""
    tables: int
    bot_tables: int
    processes: int
    """Load-generator processes."""
    servers: int
    """Server processes the tables were split across."""
    connected_mean: float
    connected_min: int
    window_s: float
    actions: int
    """People's accepted actions in the window."""
    bot_actions: int
    actions_per_s: float
    bot_actions_per_s: float
    server_cpu_s: float
    server_cores: float
    actions_per_cpu_s: float
    """All accepted actions (people's and bots') per second of server CPU: per core."""
    updates: int
    server_us_per_update: float
    client_cores: float
    client_lag_p99_ms: float
    client_lag_max_ms: float
    latencies: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    database_cpu_s: float
    """PostgreSQL's processes' CPU in the window (0 for SQLite: its work is the server's)."""
    cpu_per_action_us: float
    """Server and database CPU together, per accepted action."""
    server_p50_ms: float
    server_p99_ms: float
    """An action's time inside the server (its ``/metrics``), bucket-interpolated."""
    actions_per_commit: float
    commit_ms: float
    """A commit's mean time, from the group writer's call to its return (the metrics' sum)."""
    incomplete: int
    """Actions sent in the window whose update did not reach every connection of the table."""
    refused: int
    errors: int
    throttled: float
    """The share of the people's time in the window spent waiting for the rate limit."""
    games: int
    first_problem: str | None

    def goal_met(self) -> bool:
        return self.actions_per_cpu_s >= GOAL_ACTIONS_PER_CORE and self.p99_ms < GOAL_P99_MS


def policy_for(game: str) -> Callable[[list[str]], str]:
    """The first legal action; Delivery's would place and take back one card for ever, so its
    people ``submit`` when they may and never ``take``."""
    if game != "delivery":
        return lambda legal: legal[0]

    def finishing_first(legal: list[str]) -> str:
        if "submit" in legal:
            return "submit"
        return next((a for a in legal if not a.startswith("take ")), legal[0])

    return finishing_first


# --------------------------------------------------------------------------- the server process


@dataclass
class Server:
    process: subprocess.Popen[bytes] | None
    """None in a generator process: it knows the server by its ``pid`` only."""
    url: str
    log: Path
    pid: int = 0
    db: str = ""
    """Its database's URL (PostgreSQL's processes' CPU is counted apart)."""

    def __post_init__(self) -> None:
        if self.process is not None:
            self.pid = self.process.pid

    def seen_from_another_process(self) -> Server:
        return Server(None, self.url, self.log, self.pid, self.db)

    def tail(self, lines: int = 40) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def cpu_seconds(self) -> float:
        """User + system CPU of the server process (all its threads) and its waited-for children."""
        return _process_cpu(self.pid, waited=True)

    def database_cpu_seconds(self) -> float:
        """User + system CPU of the PostgreSQL cluster (its postmaster and every process it
        started: backends, WAL writer, checkpointer...), when it runs on this machine; 0 for
        SQLite, whose work is the server's. A backend that has exited counts too (its parent
        waited for it): reading the living backends only missed every pooled connection closed
        within the window, most of the work with one server process."""
        if not self.db.startswith("postgres"):
            return 0.0
        import psycopg

        plain = self.db.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(plain) as connection:  # its backend's parent is the postmaster
            (backend,) = connection.execute("SELECT pg_backend_pid()").fetchone() or (0,)
            postmaster = _parent_of(backend)  # read while the backend lives
        if postmaster <= 1:
            raise LoadError(f"PostgreSQL's backend {backend} has no postmaster on this machine")
        return _process_cpu(postmaster, waited=True) + sum(
            _process_cpu(child, waited=True) for child in _children_of(postmaster)
        )

    def check_alive(self) -> None:
        if self.process is None:
            if not Path(f"/proc/{self.pid}").exists():
                raise LoadError(f"the server exited:\n{self.tail()}")
        elif self.process.poll() is not None:
            raise LoadError(f"the server exited with status {self.process.returncode}:\n{self.tail()}")


def raise_file_limit() -> int:
    """Open files up to the hard limit: a thousand sockets here, as many in the server (which
    inherits the limit when started after this). The new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PROFILED = """
import cProfile, os, signal, sys
profile, path = cProfile.Profile(), sys.argv[1]

def stopped(*_):  # uvicorn raises the SIGTERM again once it has shut down: then write
    profile.disable()
    profile.dump_stats(path)
    os._exit(0)

signal.signal(signal.SIGTERM, stopped)
sys.argv = ["robotable", *sys.argv[2:]]
from robotable.cli.main import app
profile.enable()
app()
"""
"""``robotable serve`` under cProfile (its event loop's thread), the statistics written on
SIGTERM: ``python -m cProfile`` writes nothing, since uvicorn ends by the signal."""


def start_server(db_url: str, folder: Path, profile: Path | None = None, *, deflate: bool = False) -> Server:
    """``robotable serve`` on a free port (under cProfile with ``profile``), waited for."""
    port = free_port()
    python = (
        [sys.executable, "-c", PROFILED, str(profile)]
        if profile
        else [sys.executable, "-m", "robotable.cli.main"]
    )
    command = [
        *python,
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--deflate" if deflate else "--no-deflate",
    ]
    log = folder / f"serve-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = Server(process, f"http://127.0.0.1:{port}", log, db=db_url)
    try:
        _wait_until_up(server)
    except BaseException:
        stop_server(server)
        raise
    return server


def _wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        server.check_alive()
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.url}/api/games", timeout=2.0).status_code == 200:
                return
        time.sleep(0.1)
    raise LoadError(f"the server did not answer within {START_DEADLINE:.0f} s:\n{server.tail()}")


def stop_server(server: Server) -> None:
    """SIGTERM by process id (uvicorn stops cleanly, cProfile writes); SIGKILL if it lingers."""
    assert server.process is not None, "only the process that started the server stops it"
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(STOP_DEADLINE)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(10)


# --------------------------------------------------------------------------- what is counted


ADDED_UP = ("actions", "bot_actions", "updates", "incomplete", "refused", "errors", "throttled", "games")
"""The counts of :class:`Stats` that add up across generator processes."""


class Stats:
    """Counts and latencies, kept only for what happens inside the steady window."""

    def __init__(self) -> None:
        self.start = float("inf")
        self.end = float("inf")
        self.connected = 0
        self.actions = 0
        self.bot_actions = 0
        self.updates = 0
        self.latencies: list[float] = []
        self.incomplete = 0
        self.refused = 0
        self.errors = 0
        self.throttled = 0.0
        self.games = 0
        self.first_problem: str | None = None
        self.live_actions = 0
        """Every accepted action since the start, window or not (for the progress bar)."""
        self.in_flight = 0
        """Actions sent whose update has not reached every connection of the table yet."""
        self.lags: list[float] = []
        """How late this process' event loop woke up, tick after tick, in the window."""

    def counts(self, moment: float) -> bool:
        return self.start <= moment < self.end

    def add(self, other: Stats) -> None:
        """Another generator process' counts and latencies, added to these."""
        for name in ADDED_UP:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.latencies += other.latencies
        self.lags += other.lags
        self.first_problem = self.first_problem or other.first_problem

    def problem(self, text: str) -> None:
        self.first_problem = self.first_problem or text[:200]


class Fanout:
    """One table's actions in flight: when each was sent, and when its update reached the last
    of the table's connections."""

    def __init__(self, connections: int, stats: Stats) -> None:
        self.connections = connections
        self.stats = stats
        self.sent_at: dict[int, float] = {}  # seat -> its action in flight (numbered once accepted)
        self.started: dict[int, float] = {}  # version -> when the action that made it was sent
        self.arrivals: dict[int, list[float]] = {}  # version -> [connections reached, last arrival]

    def sent(self, seat: int) -> None:
        self.sent_at[seat] = time.perf_counter()
        self.stats.in_flight += 1

    def accepted(self, seat: int, number: int) -> None:
        now = time.perf_counter()
        self.stats.live_actions += 1
        if self.stats.counts(now):
            self.stats.actions += 1
        self.started[number] = self.sent_at.pop(seat)
        self._finish(number)

    def refused(self, seat: int) -> None:
        if self.sent_at.pop(seat, None) is not None:
            self.stats.in_flight -= 1

    def arrived(self, version: int) -> None:
        now = time.perf_counter()
        if self.stats.counts(now):
            self.stats.updates += 1
        entry = self.arrivals.setdefault(version, [0, now])
        entry[0] += 1
        entry[1] = now
        self._finish(version)

    def _finish(self, version: int) -> None:
        entry, sent = self.arrivals.get(version), self.started.get(version)
        if entry is None or sent is None or entry[0] < self.connections:
            return  # the update is not everywhere yet, or its sender has not been answered
        del self.arrivals[version], self.started[version]
        self.stats.in_flight -= 1
        if self.stats.counts(sent):
            self.stats.latencies.append(entry[1] - sent)

    def close(self) -> None:
        """The table is left: what never reached everyone is counted as incomplete."""
        waiting = [*self.started.values(), *self.sent_at.values()]
        self.stats.incomplete += sum(1 for sent in waiting if self.stats.counts(sent))
        self.stats.in_flight -= len(waiting)
        self.started.clear()
        self.sent_at.clear()


class Bucket:
    """The client's side of the server's rate limit: send later rather than be refused.

    A bucket in debt: each send takes a token at once and is told how long to wait for it, so
    the connection goes on reading (and timing) its messages meanwhile."""

    def __init__(self, rate: float = CLIENT_RATE, burst: int = CLIENT_BURST, phase: float = 0.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst - phase
        self.last = time.monotonic()

    def reserve(self) -> float:
        """Take one token; the seconds until it is really there (0: send now)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - 1
        self.last = now
        return max(0.0, -self.tokens / self.rate)

    def back_off(self, seconds: float) -> None:
        """The server said "too many": nothing more for ``seconds``."""
        self.tokens = min(self.tokens, 0.0) - seconds * self.rate


# --------------------------------------------------------------------------- the clients


@dataclass
class Context:
    """What every table's runner shares."""

    server: Server
    http: httpx.AsyncClient
    scenario: Scenario
    stats: Stats
    stop: asyncio.Event
    """Every table closes its connections and ends."""
    draining: asyncio.Event
    """No new action: the ones in flight reach every connection."""
    go: asyncio.Event
    """Every first table is connected: play (a loaded server would slow the handshakes)."""
    handshakes: asyncio.Semaphore
    policy: Callable[[list[str]], str]
    phases: random.Random = field(default_factory=lambda: random.Random(PHASE_SEED))
    """Where in its period each paced person starts (seeded: runs repeat)."""


async def _connect(ctx: Context, table: str, token: str | None) -> tuple[ClientConnection, Message]:
    """A connection to ``table`` whose greeting has been read: the server has registered it
    (``state`` comes after that), so it will get every later update. Its first state."""
    url = ctx.server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
    if token:
        url += f"?token={token}"
    async with ctx.handshakes:
        link = await connect(
            url,
            compression="deflate" if ctx.scenario.compression else None,
            open_timeout=60,
            close_timeout=2,
            ping_interval=None,
            max_size=2**20,
        )
        try:
            while (message := json.loads(await link.recv()))["type"] != "state":
                if message["type"] not in ("hello", "missed"):
                    raise LoadError(f"table {table}: greeted with {message}")
        except BaseException:
            await link.close()
            raise
    ctx.stats.connected += 1
    return link, message["state"]


async def _create(ctx: Context, seats: list[str], seed: int) -> Message:
    body = {"game": ctx.scenario.game, "seats": seats, "options": ctx.scenario.options, "seed": seed}
    answer = await ctx.http.post("/api/tables", json={**body, "timers": False})
    if answer.status_code != 201:
        raise LoadError(f"POST /api/tables answered {answer.status_code}: {answer.text[:300]}")
    return answer.json()


async def _until_over_or_stopped(ctx: Context, clients: Sequence[Coroutine[Any, Any, None]]) -> bool:
    """Run one game's clients until they all saw its outcome (True), or the benchmark stops
    (False); a client's failure is raised."""
    game = asyncio.gather(*clients)
    stopper = asyncio.ensure_future(ctx.stop.wait())
    try:
        await asyncio.wait({game, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if game.done():
            game.result()
            return True
        return False
    finally:
        stopper.cancel()
        game.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await game


async def _close_all(ctx: Context, sockets: list[ClientConnection]) -> None:
    await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
    ctx.stats.connected -= len(sockets)


async def human_table(ctx: Context, index: int) -> None:
    """Game after game of people (and spectators) at one table, until the benchmark stops."""
    scenario = ctx.scenario
    number = 0
    while not ctx.stop.is_set():
        created = await _create(ctx, ["human"] * scenario.seats, seed=index * 10_000 + number)
        tokens = {created["seat"]: created["token"]} | {int(s): t for s, t in created["invites"].items()}
        fanout = Fanout(scenario.per_table, ctx.stats)
        sockets: list[ClientConnection] = []
        try:
            states = []
            for token in [tokens[seat] for seat in range(scenario.seats)] + [None] * scenario.spectators:
                link, state = await _connect(ctx, created["table"], token)
                sockets.append(link)
                states.append(state)
            people = [
                _person(ctx, sockets[seat], seat, states[seat], fanout) for seat in range(scenario.seats)
            ]
            watchers = [
                _spectator(ctx, link, state, fanout.arrived)
                for link, state in zip(sockets[scenario.seats :], states[scenario.seats :], strict=True)
            ]
            over = await _until_over_or_stopped(ctx, people + watchers)
        finally:
            fanout.close()
            await _close_all(ctx, sockets)
        ctx.stats.games += over
        number += 1


async def _person(ctx: Context, link: ClientConnection, seat: int, state: Message, fanout: Fanout) -> None:
    """Play the policy on the newest state whenever it is this seat's turn; one action in
    flight; return once the outcome is known and the last action answered."""
    bucket, pending, tried_on = ctx.scenario.bucket(ctx.phases.random()), False, -1
    delayed: set[asyncio.Task[None]] = set()

    async def send(action: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        fanout.sent(seat)
        await link.send(json.dumps({"type": "action", "action": action}))

    await ctx.go.wait()
    try:
        while state["outcome"] is None or pending:
            if (
                not pending
                and not ctx.draining.is_set()
                and seat in state["to_act"]
                and state["legal"]
                and state["version"] != tried_on
            ):
                pending, delay = True, bucket.reserve()
                if delay:  # sent later by a task: this loop keeps reading meanwhile
                    if ctx.stats.counts(time.perf_counter()):
                        ctx.stats.throttled += delay
                    delayed.add(task := asyncio.create_task(send(ctx.policy(state["legal"]), delay)))
                    task.add_done_callback(_forget(delayed))
                else:
                    await send(ctx.policy(state["legal"]), 0.0)
            message = json.loads(await link.recv())
            kind = message["type"]
            if kind in ("update", "state"):
                state = message["state"]
                if kind == "update":
                    fanout.arrived(state["version"])
            elif kind == "accepted":
                pending = False
                fanout.accepted(seat, message["number"])
            elif kind in ("refused", "error"):
                pending, tried_on = False, state["version"]
                fanout.refused(seat)
                _count_refusal(ctx.stats, message)
                if "too many" in message.get("reason", ""):
                    bucket.back_off(0.5)
            elif kind == "closing":
                raise LoadError(f"the server closed a seat's connection: {message.get('reason')}")
    finally:
        for task in delayed:
            task.cancel()


def _forget(tasks: set[asyncio.Task[None]]) -> Callable[[asyncio.Task[None]], None]:
    """A done task leaves ``tasks``; its failure (a closed connection) shows in the reading loop."""

    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            task.exception()

    return done


def _count_refusal(stats: Stats, message: Message) -> None:
    if message["type"] == "refused":
        stats.refused += 1
    else:
        stats.errors += 1
    stats.problem(f"{message['type']}: {message.get('reason')}")


async def _spectator(
    ctx: Context, link: ClientConnection, state: Message, arrived: Callable[[int], None]
) -> None:
    """Receive every update until the outcome."""
    while state["outcome"] is None:
        message = json.loads(await link.recv())
        if message["type"] in ("update", "state"):
            state = message["state"]
            if message["type"] == "update":
                arrived(state["version"])
        elif message["type"] == "closing":
            raise LoadError(f"the server closed a spectator's connection: {message.get('reason')}")


async def bot_table(ctx: Context, index: int) -> None:
    """Game after game of server bots, one spectator counting their actions."""
    number = 0
    stats = ctx.stats

    def arrived(_version: int) -> None:
        stats.live_actions += 1
        if stats.counts(time.perf_counter()):
            stats.bot_actions += 1
            stats.updates += 1

    while not ctx.stop.is_set():
        created = await _create(ctx, ["bot"] * ctx.scenario.seats, seed=BOT_SEEDS + index * 10_000 + number)
        link, state = await _connect(ctx, created["table"], None)
        try:
            over = await _until_over_or_stopped(ctx, [_spectator(ctx, link, state, arrived)])
        finally:
            await _close_all(ctx, [link])
        stats.games += over
        number += 1


# --------------------------------------------------------------------------- one measured run


class Ticker:
    """The progress bar of one run (or nothing)."""

    def __init__(self, progress: Progress | None, run: Run) -> None:
        self.progress = progress
        self.task = (
            progress.add_task(f"{run.clients} clients", total=run.warmup + run.seconds) if progress else None
        )

    def show(self, phase: str, done: float, stats: Stats, rate: float) -> None:
        if self.progress is not None and self.task is not None:
            text = f"{phase}: {stats.connected} connected, {rate:,.0f} actions/s"
            self.progress.update(self.task, completed=done, description=text)


async def _watch(
    ctx: Context, runners: list[asyncio.Task[None]], seconds: float, tick: Callable[[float, float], None]
) -> list[int]:
    """Wait ``seconds``, checking the server and the runners, telling the ticker the elapsed
    time and the live action rate; the number of connections every quarter second."""
    started = last_time = time.perf_counter()
    last_count = ctx.stats.live_actions
    samples = []
    while (now := time.perf_counter()) < started + seconds:
        await asyncio.sleep(min(0.25, started + seconds - now))
        ctx.server.check_alive()
        for runner in runners:
            if runner.done() and not runner.cancelled() and runner.exception() is not None:
                raise runner.exception()  # type: ignore[misc]
        now = time.perf_counter()
        rate = (ctx.stats.live_actions - last_count) / max(now - last_time, 1e-9)
        last_time, last_count = now, ctx.stats.live_actions
        samples.append(ctx.stats.connected)
        tick(now - started, rate)
    return samples


async def _all_connected(
    ctx: Context, runners: list[asyncio.Task[None]], wanted: int, ticker: Ticker
) -> None:
    deadline = time.perf_counter() + 120.0
    while ctx.stats.connected < wanted:
        if time.perf_counter() > deadline:
            raise LoadError(f"only {ctx.stats.connected} of {wanted} connections after 120 s")
        await _watch(ctx, runners, 0.25, lambda _t, rate: ticker.show("connecting", 0, ctx.stats, rate))


@dataclass
class Part:
    """What one load-generator process measured in its steady window."""

    stats: Stats
    window: float
    server_cpu: float
    """Its server's CPU seconds in the window (every generator of a server reads it: the first
    one's counts)."""
    own_cpu: float
    samples: list[int]
    """Connections open, every quarter second."""
    inside: Inside
    """Its server's own figures of the window (every generator of a server reads them: the first
    one's count)."""


async def drive(server: Server, run: Run, progress: Progress | None = None) -> Result:
    """Every table in this process: connect, warm up, measure the steady window, stop."""
    return _result(run, [await drive_part(server, run, progress)])


async def drive_part(
    server: Server,
    run: Run,
    progress: Progress | None = None,
    *,
    share: Share = Share(),
    start_together: Callable[[], object] | None = None,
) -> Part:
    """This process' share of the tables: connect them, wait for the other processes
    (``start_together`` blocks until all are connected), warm up, measure, stop them."""
    scenario = run.scenario
    tables = share.mine(scenario.tables_for(run.clients))
    bot_tables = share.mine(scenario.bot_tables)
    wanted = len(tables) * scenario.per_table + len(bot_tables)
    stats, ticker = Stats(), Ticker(progress, run)
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=server.url, timeout=60.0, limits=limits) as http:
        ctx = Context(
            server,
            http,
            scenario,
            stats,
            asyncio.Event(),
            asyncio.Event(),
            asyncio.Event(),
            asyncio.Semaphore(HANDSHAKES),
            policy_for(scenario.game),
            random.Random(PHASE_SEED + share.index),
        )
        runners = [asyncio.create_task(human_table(ctx, i)) for i in tables]
        runners += [asyncio.create_task(bot_table(ctx, i)) for i in bot_tables]
        try:
            await _all_connected(ctx, runners, wanted, ticker)
            if start_together is not None:
                await asyncio.to_thread(start_together)
            gc.collect()
            gc.freeze()  # a thousand connections' objects: no more full collections pausing the clients
            ctx.go.set()
            await _watch(ctx, runners, run.warmup, lambda t, r: ticker.show("warm-up", t, stats, r))
            measured = await _measure(ctx, runners, run, ticker)
            await _drain(ctx)
        finally:
            ctx.stop.set()
            await _stop_runners(runners)
            gc.unfreeze()
    return Part(stats, *measured)


@dataclass
class Inside:
    """What the server's ``/metrics`` count: its actions by time inside it, and its commits."""

    buckets: dict[float, float] = field(default_factory=dict)
    """Actions that took at most each bucket's bound (cumulative, every game together)."""
    commits: float = 0.0
    commit_seconds: float = 0.0
    """The commits' time together (hence a commit's mean time)."""
    database_cpu: float = 0.0
    """PostgreSQL's CPU seconds in the window (0 for SQLite: counted in the server's)."""

    @classmethod
    def read(cls, url: str) -> Inside:
        from prometheus_client.parser import text_string_to_metric_families

        inside = cls()
        text = httpx.get(f"{url}/metrics", timeout=10).text
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name == "robotable_action_seconds_bucket":
                    bound = float(sample.labels["le"])
                    inside.buckets[bound] = inside.buckets.get(bound, 0.0) + sample.value
                elif sample.name == "robotable_commit_seconds_count":
                    inside.commits += sample.value
                elif sample.name == "robotable_commit_seconds_sum":
                    inside.commit_seconds += sample.value
        return inside

    def since(self, before: Inside) -> Inside:
        buckets = {bound: count - before.buckets.get(bound, 0.0) for bound, count in self.buckets.items()}
        return Inside(buckets, self.commits - before.commits, self.commit_seconds - before.commit_seconds)

    def plus(self, other: Inside) -> Inside:
        """Two servers' figures together (the database's CPU is one cluster's: counted once)."""
        bounds = self.buckets.keys() | other.buckets.keys()
        buckets = {b: self.buckets.get(b, 0.0) + other.buckets.get(b, 0.0) for b in bounds}
        return Inside(
            buckets,
            self.commits + other.commits,
            self.commit_seconds + other.commit_seconds,
            max(self.database_cpu, other.database_cpu),
        )

    @property
    def actions(self) -> float:
        return self.buckets.get(float("inf"), 0.0)

    def quantile(self, fraction: float) -> float:
        """Seconds, interpolated linearly within the bucket holding the ``fraction`` (0: none)."""
        rank, lower, below = fraction * self.actions, 0.0, 0.0
        for bound, count in sorted(self.buckets.items()):
            if count >= rank and count > below:
                if bound == float("inf"):
                    return lower  # past the last bound: the most the histogram can say
                return lower + (bound - lower) * (rank - below) / (count - below)
            lower, below = bound, count
        return 0.0


async def _measure(
    ctx: Context, runners: list[asyncio.Task[None]], run: Run, ticker: Ticker
) -> tuple[float, float, float, list[int], Inside]:
    """The steady window: its length, the server's and this process' CPU seconds in it, the
    connection counts sampled, and the server's own figures."""
    stats = ctx.stats
    inside_before = await asyncio.to_thread(Inside.read, ctx.server.url)
    database_before = await asyncio.to_thread(ctx.server.database_cpu_seconds)
    cpu_before, mine_before = ctx.server.cpu_seconds(), _own_cpu()
    stats.start = time.perf_counter()
    lag = asyncio.create_task(_time_own_lag(stats))
    try:
        samples = await _watch(
            ctx, runners, run.seconds, lambda t, r: ticker.show("measuring", run.warmup + t, stats, r)
        )
    finally:
        lag.cancel()
    stats.end = time.perf_counter()
    window, server_cpu, own_cpu = (
        stats.end - stats.start,
        ctx.server.cpu_seconds() - cpu_before,
        _own_cpu() - mine_before,
    )
    inside = (await asyncio.to_thread(Inside.read, ctx.server.url)).since(inside_before)
    inside.database_cpu = await asyncio.to_thread(ctx.server.database_cpu_seconds) - database_before
    return window, server_cpu, own_cpu, samples, inside


async def _time_own_lag(stats: Stats) -> None:
    """This process' event loop lag: a late tick delays every arrival it times, so a large one
    means the latencies are partly the load generator's own."""
    while True:
        asleep = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        stats.lags.append(time.perf_counter() - asleep - LAG_TICK)


async def _drain(ctx: Context) -> None:
    """Send nothing more and let the actions in flight arrive everywhere (a cut-off would drop
    the slowest ones from the latencies)."""
    ctx.draining.set()
    deadline = time.perf_counter() + DRAIN_DEADLINE
    while ctx.stats.in_flight > 0 and time.perf_counter() < deadline:
        await asyncio.sleep(0.02)


async def _stop_runners(runners: list[asyncio.Task[None]]) -> None:
    """Each runner closes its sockets when it sees the stop; a stuck one is cancelled."""
    _done, stuck = await asyncio.wait(runners, timeout=30.0)
    for runner in stuck:
        runner.cancel()
    await asyncio.gather(*runners, return_exceptions=True)


def _stat_fields(pid: int) -> list[str]:
    """``/proc/PID/stat`` after "pid (name) ": field 3 (the state) is index 0; [] once it has gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return stat[stat.rindex(")") + 2 :].split()


def _process_cpu(pid: int, *, waited: bool = False) -> float:
    """User + system CPU seconds of a process of this machine (0 once it has gone); ``waited``:
    with its exited children's it waited for."""
    fields = _stat_fields(pid)
    if not fields:
        return 0.0
    ticks = sum(int(value) for value in fields[11 : 15 if waited else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def _parent_of(pid: int) -> int:
    fields = _stat_fields(pid)
    return int(fields[1]) if fields else 0


def _children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, read from every ``/proc/N/stat`` (the kernel's
    ``children`` file may miss running children: the sums went backwards with it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat_fields(int(entry.name))) and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of ``values`` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def _result(run: Run, parts: Sequence[Part]) -> Result:
    """The figures of one run, from every generator process' part."""
    scenario = run.scenario
    tables = scenario.tables_for(run.clients)
    stats = Stats()
    for part in parts:
        stats.add(part.stats)
    window = max(part.window for part in parts)
    firsts = parts[: run.servers]  # generator i plays on server i % servers: one reading each
    server_cpu = sum(part.server_cpu for part in firsts)
    own_cpu = sum(part.own_cpu for part in parts)
    samples = [sum(counts) for counts in zip(*(part.samples for part in parts), strict=False)]
    all_actions = stats.actions + stats.bot_actions
    inside = functools.reduce(Inside.plus, (part.inside for part in firsts))
    return Result(
        clients=tables * scenario.per_table,
        tables=tables,
        bot_tables=scenario.bot_tables,
        processes=len(parts),
        servers=run.servers,
        connected_mean=sum(samples) / len(samples) if samples else 0.0,
        connected_min=min(samples, default=0),
        window_s=window,
        actions=stats.actions,
        bot_actions=stats.bot_actions,
        actions_per_s=stats.actions / window,
        bot_actions_per_s=stats.bot_actions / window,
        server_cpu_s=server_cpu,
        server_cores=server_cpu / window,
        actions_per_cpu_s=all_actions / server_cpu if server_cpu else 0.0,
        updates=stats.updates,
        server_us_per_update=1e6 * server_cpu / stats.updates if stats.updates else 0.0,
        client_cores=own_cpu / window,
        client_lag_p99_ms=1000 * percentile(stats.lags, 0.99),
        client_lag_max_ms=1000 * max(stats.lags, default=0.0),
        latencies=len(stats.latencies),
        p50_ms=1000 * percentile(stats.latencies, 0.50),
        p99_ms=1000 * percentile(stats.latencies, 0.99),
        max_ms=1000 * max(stats.latencies, default=0.0),
        database_cpu_s=inside.database_cpu,
        cpu_per_action_us=1e6 * (server_cpu + inside.database_cpu) / all_actions if all_actions else 0.0,
        server_p50_ms=1000 * inside.quantile(0.50),
        server_p99_ms=1000 * inside.quantile(0.99),
        actions_per_commit=inside.actions / inside.commits if inside.commits else 0.0,
        commit_ms=1000 * inside.commit_seconds / inside.commits if inside.commits else 0.0,
        incomplete=stats.incomplete,
        refused=stats.refused,
        errors=stats.errors,
        throttled=stats.throttled / (window * tables * scenario.seats),
        games=stats.games,
        first_problem=stats.first_problem,
    )


def _event_loop_runner() -> Callable[[Coroutine[Any, Any, Any]], Any]:
    try:
        import uvloop
    except ImportError:  # plain asyncio: slower clients, same figures from the server's side
        return asyncio.run  # type: ignore[return-value]
    return uvloop.run  # type: ignore[return-value]


def measure(
    run: Run,
    folder: Path,
    *,
    db: str | None = None,
    profile: Path | None = None,
    progress: Progress | None = None,
) -> Result:
    """One run against a server of its own (on ``db``, or a fresh SQLite file in ``folder``)."""
    raise_file_limit()  # before the server starts: it inherits the limit
    db_url = db or f"sqlite:///{folder / f'load-{run.clients}-{time.monotonic_ns()}.sqlite3'}"
    servers: list[Server] = []
    try:
        for _ in range(run.servers):
            servers.append(start_server(db_url, folder, profile, deflate=run.scenario.compression))
        if run.processes > 1:
            return _result(run, drive_in_processes(servers, run))
        return _event_loop_runner()(drive(servers[0], run, progress))
    except LoadError:
        raise
    except Exception as exc:
        for server in servers:
            if server.process is not None and server.process.poll() is not None:
                raise LoadError(f"a server died ({exc!r}):\n{server.tail()}") from exc
        raise
    finally:
        for server in servers:
            stop_server(server)


GENERATOR_DEADLINE = 300.0
"""Seconds a generator process may take beyond its warm-up and window (connecting, draining)."""


def drive_in_processes(servers: list[Server], run: Run) -> list[Part]:
    """Each of ``run.processes`` forked processes drives its share of the tables, on server
    ``i % len(servers)``; they start their warm-up together once all are connected. Their parts,
    in process order."""
    forking = multiprocessing.get_context("fork")  # before any event loop runs here
    barrier = forking.Barrier(run.processes)
    answers: multiprocessing.Queue[tuple[int, Part | str]] = forking.Queue()
    seen = [server.seen_from_another_process() for server in servers]
    workers = [
        forking.Process(
            target=_generator, args=(seen[i % len(seen)], run, Share(i, run.processes), barrier, answers)
        )
        for i in range(run.processes)
    ]
    for worker in workers:
        worker.start()
    try:
        parts: dict[int, Part] = {}
        deadline = time.monotonic() + run.warmup + run.seconds + GENERATOR_DEADLINE
        while len(parts) < run.processes:
            index, answer = answers.get(timeout=max(1.0, deadline - time.monotonic()))
            if isinstance(answer, str):
                raise LoadError(f"load generator {index} failed: {answer}")
            parts[index] = answer
        return [parts[i] for i in range(run.processes)]
    finally:
        for worker in workers:
            worker.join(10)
            if worker.is_alive():
                worker.kill()
                worker.join()


def _generator(server: Server, run: Run, share: Share, barrier: Any, answers: Any) -> None:
    """One forked load-generator process: its part, or why it failed, on ``answers``."""
    try:
        wait = functools.partial(barrier.wait, GENERATOR_DEADLINE)
        part = _event_loop_runner()(drive_part(server, run, share=share, start_together=wait))
        answers.put((share.index, part))
    except BaseException as exc:  # the parent must hear of it, whatever it was
        answers.put((share.index, f"{type(exc).__name__}: {exc}"))
        barrier.abort()


# --------------------------------------------------------------------------- reporting


ROWS: list[tuple[str, Callable[[Result], str]]] = [
    ("connections (tables + bot tables)", lambda r: f"{r.clients} ({r.tables} + {r.bot_tables})"),
    ("load-generator processes / server processes", lambda r: f"{r.processes} / {r.servers}"),
    ("connected during the window, mean / min", lambda r: f"{r.connected_mean:,.0f} / {r.connected_min:,}"),
    ("people's actions accepted / s", lambda r: f"{r.actions_per_s:,.0f}"),
    ("bots' actions / s", lambda r: f"{r.bot_actions_per_s:,.0f}"),
    ("server CPU (cores busy)", lambda r: f"{r.server_cores:.2f}"),
    ("actions per server CPU-second (per core)", lambda r: f"{r.actions_per_cpu_s:,.0f}"),
    ("server CPU per update delivered", lambda r: f"{r.server_us_per_update:,.0f} µs"),
    ("database CPU (cores busy; SQLite: in the server's)", lambda r: f"{r.database_cpu_s / r.window_s:.2f}"),
    ("server + database CPU per action", lambda r: f"{r.cpu_per_action_us:,.0f} µs"),
    ("updates delivered / s", lambda r: f"{r.updates / r.window_s:,.0f}"),
    ("latency to the last seat p50", lambda r: f"{r.p50_ms:.1f} ms"),
    ("latency to the last seat p99", lambda r: f"{r.p99_ms:.1f} ms"),
    ("latency to the last seat max", lambda r: f"{r.max_ms:.1f} ms"),
    ("an action inside the server p50 / p99", lambda r: f"{r.server_p50_ms:.1f} / {r.server_p99_ms:.1f} ms"),
    ("actions per commit", lambda r: f"{r.actions_per_commit:.2f}"),
    ("a commit's time, mean", lambda r: f"{r.commit_ms:.1f} ms"),
    ("latencies measured (incomplete)", lambda r: f"{r.latencies:,} ({r.incomplete})"),
    ("load generator CPU (cores busy)", lambda r: f"{r.client_cores:.2f}"),
    (
        "load generator's own loop lag p99 / max",
        lambda r: f"{r.client_lag_p99_ms:.1f} / {r.client_lag_max_ms:.0f} ms",
    ),
    ("people's time waiting for the rate limit", lambda r: f"{100 * r.throttled:.0f} %"),
    ("refused / errors", lambda r: f"{r.refused} / {r.errors}"),
    ("games finished", lambda r: f"{r.games}"),
]


def machine() -> dict[str, object]:
    """What a saved figure was measured on."""
    return {"cores": os.cpu_count(), "python": platform.python_version(), "system": platform.platform()}


def report(console: Console, results: list[Result], scenario: Scenario) -> None:
    title = (
        f"{scenario.game}: {scenario.seats} people + {scenario.spectators} spectator(s) a table, "
        f"{'deflate' if scenario.compression else 'no compression'}, "
        f"{'at most ' + format(scenario.rate, 'g') + ' actions/s a person, ' if scenario.rate else ''}"
        f"{os.cpu_count()} cores"
    )
    table = Table(title=title)
    table.add_column("")
    for result in results:
        table.add_column(f"{result.clients:,} clients", justify="right")
    for label, cell in ROWS:
        table.add_row(label, *(cell(r) for r in results))
    console.print(table)
    for result in results:
        if result.first_problem:
            console.print(f"[yellow]{result.clients} clients, first refusal: {result.first_problem}[/]")
    biggest = max(results, key=lambda r: r.clients)
    verdict = "[green]met[/]" if biggest.goal_met() else "[red]not met[/]"
    console.print(
        f"goal (>= {GOAL_ACTIONS_PER_CORE:,.0f} actions/s per core, p99 < {GOAL_P99_MS:.0f} ms) "
        f"at {biggest.clients:,} clients: {verdict}"
    )


def print_profile(console: Console, path: Path, lines: int = 25) -> None:
    """The server's busiest functions (own time, then with callees), also saved as text."""
    text_path = path.with_suffix(".txt")
    with text_path.open("w") as out:
        for order in ("tottime", "cumulative"):
            pstats.Stats(str(path), stream=out).sort_stats(order).print_stats(lines)
    console.print(f"server profile: {path} (top functions in {text_path})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, action="append", help="connections (default: 100 and 1000)")
    parser.add_argument("--seconds", type=float, default=30.0, help="the steady window (default 30)")
    parser.add_argument("--warmup", type=float, default=4.0, help="seconds before the window (default 4)")
    parser.add_argument("--game", choices=GAMES, default="dr2d")
    parser.add_argument("--seats", type=int, default=4, help="people a table (default 4)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators a table (default 1)")
    parser.add_argument("-O", "--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--bot-tables", type=int, default=0, help="bot-only tables alongside (default 0)")
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate (server --deflate)")
    parser.add_argument(
        "--rate",
        type=float,
        help="actions a second per person at most, for latencies under a set load "
        f"(default: as fast as the server lets, {CLIENT_RATE:g})",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="load-generator processes sharing the tables (default 1; at 1,000 clients one process' "
        "own event loop lags, and the latencies with it)",
    )
    parser.add_argument(
        "--servers",
        type=int,
        default=1,
        help="server processes on the one database, the tables split across them (PostgreSQL; "
        "--processes a multiple of it)",
    )
    parser.add_argument("--db", metavar="URL", help="the server's database (default: a fresh SQLite file)")
    parser.add_argument("--profile", metavar="DIR", type=Path, help="run the server under cProfile")
    parser.add_argument("--json", metavar="FILE", type=Path, help="save the results as JSON")
    args = parser.parse_args(argv)
    if args.servers > 1 and (not (args.db or "").startswith("postgresql") or args.processes % args.servers):
        parser.error("--servers needs --db postgresql://... and --processes a multiple of it")

    from robotable.cli.common import parse_options

    scenario = Scenario(
        args.game,
        args.seats,
        args.spectators,
        parse_options(args.option),
        args.bot_tables,
        args.deflate,
        args.rate,
    )
    counts = args.clients or [100, 1000]
    console = Console(width=None if Console().is_terminal else 130)
    results = []
    with tempfile.TemporaryDirectory(prefix="server-load-") as folder:
        for clients in counts:
            processes, servers = max(1, args.processes), max(1, args.servers)
            run = Run(clients, args.seconds, args.warmup, scenario, processes, servers)
            profile = args.profile / f"server-{clients}.prof" if args.profile else None
            if profile:
                profile.parent.mkdir(parents=True, exist_ok=True)
            try:
                with Progress(
                    TextColumn("{task.description}"),
                    BarColumn(),
                    TimeRemainingColumn(),
                    console=console,
                    transient=True,
                ) as progress:
                    results.append(measure(run, Path(folder), db=args.db, profile=profile, progress=progress))
            except LoadError as exc:
                console.print(f"[red]error at {clients} clients: {exc}[/]", soft_wrap=True)
                return 1
            if profile:
                print_profile(console, profile)
    report(console, results, scenario)
    if args.json:
        payload = {
            "machine": machine(),
            "scenario": asdict(scenario),
            "seconds": args.seconds,
            "warmup": args.warmup,
            "results": [asdict(r) | {"goal_met": r.goal_met()} for r in results],
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
        console.print(f"saved {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
