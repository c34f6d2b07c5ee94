"""Chaos on the game server: two processes on one PostgreSQL database, one of them killed with
``kill -9`` and started again every few minutes, while people play.

    python benchmarks/server_chaos.py [--minutes 10] [--clients 200] [--kill-every 120]
        [--game dr2d] [--seats 4] [--stuck-after 30] [--db URL] [--json FILE]

Starts a throwaway PostgreSQL cluster (or uses ``--db URL``), two ``robotable serve`` processes
on it (two ports), and ``--clients`` WebSocket clients: tables of ``--seats`` people, a table's
seats spread over both processes, each person playing the first legal action when it is their
turn (as ``server_load.py``'s people do, within the rate limit); a finished game is followed by
a new table. Every ``--kill-every`` seconds one process (each in turn) is killed with SIGKILL
(its children too: a crash) and started again on its port.

A person whose connection drops reconnects at once with ``since`` (the last version it saw), as
a page behind a proxy does: it asks its own process first and, when that one refuses the
connection, the other (a proxy such as nginx passes a refused connection to its next upstream,
``proxy_next_upstream error``); its next table starts on its own process again. The reconnect
time runs from the drop to the first message of the new connection.

After ``--minutes``, nobody acts any more, the actions in flight are answered, and everything
the benchmark started is stopped by its process id (also on an error or Ctrl-C). It prints:

- actions acknowledged: a person's own action the server confirmed (``accepted``, or its news
  in an ``update`` or in ``missed`` after a reconnect: both are sent only once it is stored),
  against the actions stored in the database for those tables: **they must be equal**; every
  difference is listed with its table;
- reconnect time p50 / p99 / max, kills done, a killed process' time to serve again;
- stuck tables: unfinished tables whose version did not move for ``--stuck-after`` seconds
  while their people waited: **there must be none**;
- actions per second, games finished, refusals.

Exit status 1 when acknowledged and stored differ or a table was stuck.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from pg_cluster import cluster  # benchmarks/ is the script's folder
from server_load import Bucket, free_port, machine, percentile, policy_for, raise_file_limit

START_DEADLINE = 90.0
"""Seconds for a server to answer after its start (a busy machine, 200 clients knocking)."""
STOP_DEADLINE = 20.0
DRAIN_DEADLINE = 30.0
"""Seconds after the run for the actions in flight to be answered (a reconnect included)."""
SETTLE = 2.0
"""Seconds the connections stay open after the drain: a dying process' last commit may reach
the survivor's clients a moment after their reconnect."""
RETRY_PAUSES = (0.05, 0.1, 0.2, 0.5, 1.0)
"""Seconds between reconnect attempts, growing, as a page's (its last one repeats)."""
DROPS = (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError)
Message = dict[str, Any]


class ChaosError(RuntimeError):
    """A server did not start, or a client met what it cannot go on from."""


# --------------------------------------------------------------------------- the server processes


@dataclass
class Node:
    """One ``robotable serve`` process on a fixed port, killed and started again there."""

    db_url: str
    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it in a process group of its own (its children die with it) and wait until it serves."""
        command = [sys.executable, "-m", "robotable.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--no-deflate"]
        self.starts += 1
        with (self.folder / f"serve-{self.port}-{self.starts}.log").open("wb") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_DEADLINE
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ChaosError(
                    f"the server on port {self.port} exited ({self.process.returncode}):\n{self.tail()}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/readyz", timeout=2.0).status_code == 200:
                    return
            time.sleep(0.1)
        raise ChaosError(
            f"the server on port {self.port} did not serve in {START_DEADLINE:.0f} s:\n{self.tail()}"
        )

    def tail(self, lines: int = 30) -> str:
        log = self.folder / f"serve-{self.port}-{self.starts}.log"
        return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])

    def kill(self) -> None:
        """``kill -9`` of the process and its children (bot workers), by its process group id."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM (a clean stop), SIGKILL when it lingers; its leftover children killed too."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(STOP_DEADLINE)
        self.kill()


@contextlib.contextmanager
def servers(db_url: str, folder: Path) -> Iterator[list[Node]]:
    """Two processes on ``db_url``, started one after the other (the first migrates the schema),
    stopped by their process ids whatever happens."""
    nodes = [Node(db_url, free_port(), folder) for _ in range(2)]
    try:
        for node in nodes:
            node.start()
        yield nodes
    finally:
        for node in nodes:
            node.stop()


@contextlib.contextmanager
def database(db: str | None) -> Iterator[str]:
    """``db``, or a fresh throwaway cluster's database."""
    if db:
        yield db
    else:
        with cluster() as url:
            yield url


# --------------------------------------------------------------------------- what is counted


@dataclass
class Stuck:
    still: float
    """The longest it stood still (seconds)."""
    seen: list[int]
    """The version each seat was shown then."""
    stored: int = -1
    """The table's version in the database at the end."""


@dataclass
class Ledger:
    """What the clients saw, for the comparison with the store at the end."""

    acknowledged: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    """Table -> action number -> the seat whose own action it was, as the server confirmed it."""
    accepted: int = 0
    """``accepted`` answers among them (the rest were confirmed by news, after a drop)."""
    reconnects: list[float] = field(default_factory=list)
    failed_attempts: int = 0
    refused: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    """Why the refused actions were refused (the server's English reason)."""
    games: int = 0
    connected: int = 0
    kills: int = 0
    restarts: list[float] = field(default_factory=list)
    """Seconds from a kill to the killed process serving again."""
    tables: list[str] = field(default_factory=list)
    """Every table the people were given, in order."""
    stuck: dict[str, Stuck] = field(default_factory=dict)
    """The tables that stood still past the bound while their people waited."""
    problems: list[str] = field(default_factory=list)

    def acknowledge(self, table: str, number: int, seat: int) -> None:
        told = self.acknowledged[table].setdefault(number, seat)
        if told != seat:
            self.problems.append(f"table {table}: action {number} confirmed to seats {told} and {seat}")

    @property
    def actions(self) -> int:
        return sum(len(numbers) for numbers in self.acknowledged.values())


class Watch:
    """One table as its people see it: its newest version and when it last moved."""

    def __init__(self, table: str, seats: int) -> None:
        self.table = table
        self.version = 0
        self.moved_at = time.monotonic()
        self.over = False
        self.seen = [0] * seats
        """The version each seat was last shown (a process behind shows an older one)."""

    def saw(self, state: Message) -> None:
        self.seen[state["seat"]] = state["version"]
        if state["version"] > self.version:
            self.version, self.moved_at = state["version"], time.monotonic()
        self.over = self.over or state["outcome"] is not None


# --------------------------------------------------------------------------- the people


@dataclass
class Context:
    nodes: list[Node]
    http: httpx.AsyncClient
    game: str
    seats: int
    ledger: Ledger
    draining: asyncio.Event
    """Nobody acts any more: the actions in flight are answered, then the people leave."""
    watches: dict[str, Watch] = field(default_factory=dict)

    def policy(self, legal: list[str]) -> str:
        return policy_for(self.game)(legal)


@dataclass
class Person:
    """One seat's person: its connection's address, what it last saw, its action in flight."""

    table: str
    seat: int
    token: str
    home: int
    """The process it connects to first (the other one when that one refuses)."""
    watch: Watch
    state: Message | None = None
    pending: bool = False
    retry_at: float = 0.0
    bucket: Bucket = field(default_factory=Bucket)

    @property
    def version(self) -> int:
        return self.state["version"] if self.state else 0

    def may_act(self) -> bool:
        state = self.state
        return (
            state is not None
            and not self.pending
            and state["outcome"] is None
            and self.seat in state["to_act"]
            and bool(state["legal"])
            and time.monotonic() >= self.retry_at
        )

    def done(self, ctx: Context) -> bool:
        over = self.state is not None and self.state["outcome"] is not None
        return not self.pending and (over or ctx.draining.is_set())


def hear(ctx: Context, person: Person, message: Message) -> None:
    """One message from the server: news of this seat's own action confirms it (its answer,
    ``accepted``, comes after the update; after a drop, ``missed`` is the only answer)."""
    kind = message["type"]
    news = message["news"] if kind == "missed" else [message["news"]] if kind == "update" else []
    for item in news:
        if item["seat"] == person.seat:
            ctx.ledger.acknowledge(person.table, item["number"], person.seat)
    if kind in ("update", "state"):
        person.state = message["state"]
        person.watch.saw(person.state)
    elif kind == "accepted":
        ctx.ledger.accepted += 1
        ctx.ledger.acknowledge(person.table, message["number"], person.seat)
        person.pending = False
    elif kind in ("refused", "error"):
        ctx.ledger.refused += 1
        ctx.ledger.refusals[str(message.get("reason", message.get("code", "?")))] += 1
        person.pending, person.retry_at = False, time.monotonic() + 1.0
        if kind == "error":
            ctx.ledger.problems.append(f"table {person.table} seat {person.seat}: {message}")
    elif kind == "closing":
        raise ConnectionClosed(None, None)  # the server closes it: reconnect as after a drop


async def greet(ctx: Context, person: Person, node: Node, dropped_at: float | None) -> ClientConnection:
    """A connection through ``node`` whose greeting (``hello``, ``missed``, ``state``) is read."""
    url = f"{node.url.replace('http://', 'ws://')}/ws/tables/{person.table}"
    link = await connect(
        f"{url}?token={person.token}&since={person.version}",
        open_timeout=20,
        close_timeout=2,
        ping_interval=None,
        max_size=2**20,
    )
    try:
        first_message_at = None
        while True:
            message = json.loads(await asyncio.wait_for(link.recv(), 20))
            first_message_at = first_message_at or time.monotonic()
            hear(ctx, person, message)
            if message["type"] == "state":
                person.pending = False  # an action in flight not in ``missed`` never was stored
                if dropped_at is not None:
                    ctx.ledger.reconnects.append(first_message_at - dropped_at)
                return link
    except BaseException:
        await link.close()
        raise


async def reach(ctx: Context, person: Person, dropped_at: float | None) -> ClientConnection:
    """Connect, through its own process first, else the other, again and again until one answers."""
    attempt = 0
    while True:
        node = ctx.nodes[(person.home + attempt) % 2]
        try:
            link = await greet(ctx, person, node, dropped_at)
            ctx.ledger.connected += 1
            return link
        except DROPS:
            ctx.ledger.failed_attempts += 1
        if attempt % 2:  # both were tried: a pause before the next round
            await asyncio.sleep(RETRY_PAUSES[min(attempt // 2, len(RETRY_PAUSES) - 1)])
        attempt += 1


async def play_on(ctx: Context, person: Person, link: ClientConnection) -> None:
    """Act whenever it is this seat's turn, one action in flight, until done; a drop is raised."""
    while not person.done(ctx):
        if person.may_act() and not ctx.draining.is_set():
            await asyncio.sleep(person.bucket.reserve())
            assert person.state is not None
            person.pending = True
            await link.send(
                json.dumps(
                    {"type": "action", "action": ctx.policy(person.state["legal"]), "version": person.version}
                )
            )
        with contextlib.suppress(asyncio.TimeoutError):
            hear(ctx, person, json.loads(await asyncio.wait_for(link.recv(), 0.5)))


async def settle(ctx: Context, person: Person, link: ClientConnection) -> None:
    """Read what still comes for a moment (see ``SETTLE``)."""
    deadline = time.monotonic() + SETTLE
    with contextlib.suppress(*DROPS):
        while (left := deadline - time.monotonic()) > 0:
            hear(ctx, person, json.loads(await asyncio.wait_for(link.recv(), left)))


async def play_seat(ctx: Context, person: Person) -> None:
    """One person at one table until its game is over or the run ends, reconnecting after drops."""
    dropped_at: float | None = None
    while True:
        link = await reach(ctx, person, dropped_at)
        try:
            await play_on(ctx, person, link)
            await settle(ctx, person, link)
            return
        except DROPS:
            dropped_at = time.monotonic()
        finally:
            ctx.ledger.connected -= 1
            await link.close()


async def create_table(ctx: Context, index: int, number: int) -> Message:
    """A new table through its own process, else the other (a process may be dead right now)."""
    body = {
        "game": ctx.game,
        "seats": ["human"] * ctx.seats,
        "seed": index * 10_000 + number,
        "timers": False,
    }
    for attempt in range(200):
        node = ctx.nodes[(index + attempt) % 2]
        with contextlib.suppress(httpx.HTTPError):
            answer = await ctx.http.post(f"{node.url}/api/tables", json=body)
            if answer.status_code == 201:
                return answer.json()
            if answer.status_code < 500:
                raise ChaosError(f"POST /api/tables answered {answer.status_code}: {answer.text[:300]}")
        await asyncio.sleep(0.2)
    raise ChaosError("no process created a table in 200 attempts")


async def table_runner(ctx: Context, index: int) -> None:
    """Game after game at one table: its seats alternate between the two processes."""
    number = 0
    while not ctx.draining.is_set():
        created = await create_table(ctx, index, number)
        tokens = {created["seat"]: created["token"]} | {int(s): t for s, t in created["invites"].items()}
        watch = ctx.watches[created["table"]] = Watch(created["table"], ctx.seats)
        ctx.ledger.tables.append(created["table"])
        people = [
            Person(created["table"], seat, tokens[seat], (index + seat) % 2, watch)
            for seat in range(ctx.seats)
        ]
        await asyncio.gather(*(play_seat(ctx, person) for person in people))
        ctx.ledger.games += watch.over
        number += 1


# --------------------------------------------------------------------------- the chaos


async def killer(ctx: Context, every: float) -> None:
    """Every ``every`` seconds, ``kill -9`` one process (each in turn) and start it again."""
    victim = 0
    while True:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(ctx.draining.wait(), every)
            return  # the run is over (a restart under way was finished: its process is ours to stop)
        node = ctx.nodes[victim]
        began = time.monotonic()
        await asyncio.to_thread(node.kill)
        ctx.ledger.kills += 1
        await asyncio.to_thread(node.start)
        ctx.ledger.restarts.append(time.monotonic() - began)
        victim = 1 - victim


async def stuck_watcher(ctx: Context, bound: float) -> None:
    """Note every unfinished table that stands still for ``bound`` seconds (turn-based tables
    without bots: only its people move it, and they always act when they may)."""
    while True:
        await asyncio.sleep(1.0)
        now = time.monotonic()
        for watch in ctx.watches.values():
            still = now - watch.moved_at
            if not watch.over and still >= bound:
                ctx.ledger.stuck[watch.table] = Stuck(still, list(watch.seen))


async def chaos(nodes: list[Node], args: argparse.Namespace, progress: Progress) -> Ledger:
    """The whole run: the tables, the killer and the watcher for ``--minutes``, then the drain."""
    ledger, seconds = Ledger(), args.minutes * 60
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(timeout=30.0, limits=limits) as http:
        ctx = Context(nodes, http, args.game, args.seats, ledger, asyncio.Event())
        runners = [
            asyncio.create_task(table_runner(ctx, i)) for i in range(max(1, args.clients // args.seats))
        ]
        kills = asyncio.create_task(killer(ctx, args.kill_every))
        watcher = asyncio.create_task(stuck_watcher(ctx, args.stuck_after))
        try:
            await show_progress(ctx, [*runners, kills], seconds, progress)
        finally:
            ctx.draining.set()
            watcher.cancel()
            await asyncio.gather(kills, watcher, return_exceptions=True)
            _done, late = await asyncio.wait(runners, timeout=DRAIN_DEADLINE + SETTLE)
            for runner in late:
                runner.cancel()
                ledger.problems.append("a table's people were still waiting for an answer after the drain")
            await asyncio.gather(*runners, return_exceptions=True)
    return ledger


async def show_progress(
    ctx: Context, tasks: list[asyncio.Task[None]], seconds: float, progress: Progress
) -> None:
    """Tick the bar until the run's time is up; a task's failure is raised."""
    bar = progress.add_task("starting", total=seconds)
    started = last_time = time.monotonic()
    last_count = 0
    while (now := time.monotonic()) < started + seconds:
        await asyncio.sleep(min(1.0, started + seconds - now))
        for task in tasks:
            if task.done() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
        now, count = time.monotonic(), ctx.ledger.actions
        rate, last_time, last_count = (count - last_count) / max(now - last_time, 1e-9), now, count
        description = (
            f"{ctx.ledger.connected} connected, {rate:,.0f} actions/s, {ctx.ledger.kills} kills, "
            f"{len(ctx.ledger.stuck)} stuck"
        )
        progress.update(bar, completed=now - started, description=description)


# --------------------------------------------------------------------------- the comparison


def stored_actions(db_url: str, tables: Sequence[str]) -> dict[str, dict[int, int]]:
    """Table -> action number -> seat, as the database holds them."""
    import psycopg

    found: dict[str, dict[int, int]] = {table: {} for table in tables}
    with psycopg.connect(db_url.replace("postgresql+psycopg://", "postgresql://")) as connection:
        rows = connection.execute(
            "SELECT table_id, number, seat FROM actions WHERE table_id = ANY(%s)", (list(tables),)
        )
        for table, number, seat in rows:
            found[table][number] = seat
    return found


def differences(acknowledged: dict[str, dict[int, int]], stored: dict[str, dict[int, int]]) -> list[str]:
    """Every action acknowledged and not stored (or stored as another seat's), and every stored
    one its person was never told of, table by table."""
    found = []
    for table in sorted(stored):
        told, kept = acknowledged.get(table, {}), stored[table]
        lost = sorted(n for n, seat in told.items() if kept.get(n) != seat)
        untold = sorted(n for n in kept if n not in told)
        if lost:
            found.append(f"table {table}: acknowledged, not stored: actions {lost}")
        if untold:
            found.append(f"table {table}: stored, never acknowledged: actions {untold}")
    return found


@dataclass
class Result:
    minutes: float
    clients: int
    tables_played: int
    kills: int
    restart_p50_s: float
    restart_max_s: float
    acknowledged: int
    accepted_answers: int
    stored: int
    differences: list[str]
    actions_per_s: float
    reconnects: int
    reconnect_p50_ms: float
    reconnect_p99_ms: float
    reconnect_max_ms: float
    failed_attempts: int
    stuck_tables: dict[str, Stuck]
    games: int
    refused: int
    refusals: dict[str, int]
    """Why, the commonest reasons first."""
    problems: list[str]
    ports: list[int]
    """The two processes' ports (a test checks that nothing listens there any more)."""

    @property
    def ok(self) -> bool:
        return self.acknowledged == self.stored and not self.differences and not self.stuck_tables


def result_of(
    args: argparse.Namespace, ledger: Ledger, stored: dict[str, dict[int, int]], ports: list[int]
) -> Result:
    tables = max(1, args.clients // args.seats)
    return Result(
        minutes=args.minutes,
        clients=tables * args.seats,
        tables_played=len(stored),
        kills=ledger.kills,
        restart_p50_s=percentile(ledger.restarts, 0.5),
        restart_max_s=max(ledger.restarts, default=0.0),
        acknowledged=ledger.actions,
        accepted_answers=ledger.accepted,
        stored=sum(len(numbers) for numbers in stored.values()),
        differences=differences(ledger.acknowledged, stored),
        actions_per_s=ledger.actions / (args.minutes * 60),
        reconnects=len(ledger.reconnects),
        reconnect_p50_ms=1000 * percentile(ledger.reconnects, 0.5),
        reconnect_p99_ms=1000 * percentile(ledger.reconnects, 0.99),
        reconnect_max_ms=1000 * max(ledger.reconnects, default=0.0),
        failed_attempts=ledger.failed_attempts,
        stuck_tables=ledger.stuck,
        games=ledger.games,
        refused=ledger.refused,
        refusals=dict(ledger.refusals.most_common(5)),
        problems=ledger.problems[:20],
        ports=ports,
    )


def report(console: Console, result: Result, args: argparse.Namespace) -> None:
    table = Table(
        title=f"chaos: {args.game}, {args.seats} people a table, 2 processes, {os.cpu_count()} cores"
    )
    table.add_column("")
    table.add_column("", justify="right")
    rows = [
        (
            "minutes, clients (tables played)",
            f"{result.minutes:g}, {result.clients} ({result.tables_played})",
        ),
        ("kills (every)", f"{result.kills} ({args.kill_every:g} s)"),
        (
            "a killed process serving again, p50 / max",
            f"{result.restart_p50_s:.1f} / {result.restart_max_s:.1f} s",
        ),
        ("actions acknowledged / stored", f"{result.acknowledged:,} / {result.stored:,}"),
        ("  of which answered accepted", f"{result.accepted_answers:,}"),
        ("actions acknowledged / s", f"{result.actions_per_s:,.1f}"),
        ("reconnects (attempts refused)", f"{result.reconnects:,} ({result.failed_attempts:,})"),
        (
            "reconnect time p50 / p99 / max",
            f"{result.reconnect_p50_ms:,.0f} / {result.reconnect_p99_ms:,.0f} / "
            f"{result.reconnect_max_ms:,.0f} ms",
        ),
        (f"stuck tables (still >= {args.stuck_after:g} s)", f"{len(result.stuck_tables)}"),
        ("games finished, refusals", f"{result.games:,}, {result.refused:,}"),
    ]
    for label, value in rows:
        table.add_row(label, value)
    console.print(table)
    for reason, count in result.refusals.items():
        console.print(f"refused {count:,} time(s): {reason}", soft_wrap=True)
    for line in result.differences:
        console.print(f"[red]{line}[/]", soft_wrap=True)
    for name, stuck in sorted(result.stuck_tables.items()):
        console.print(
            f"[red]table {name} stood still for {stuck.still:.0f} s: its seats were shown versions "
            f"{stuck.seen}, the database holds {stuck.stored}[/]"
        )
    for line in result.problems:
        console.print(f"[yellow]{line}[/]", soft_wrap=True)
    verdict = "[green]nothing lost, nothing stuck[/]" if result.ok else "[red]FAILED[/]"
    console.print(f"acknowledged == stored and no stuck table: {verdict}")


# --------------------------------------------------------------------------- the command


def run(args: argparse.Namespace, console: Console) -> Result:
    """Database, servers, clients; everything started here stopped here, whatever happens."""
    raise_file_limit()
    with tempfile.TemporaryDirectory(prefix="server-chaos-") as folder, database(args.db) as db_url:
        with (
            servers(db_url, Path(folder)) as nodes,
            Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as progress,
        ):
            ledger = asyncio.run(chaos(nodes, args, progress))
        stored = stored_actions(db_url, ledger.tables)
        for table, stuck in ledger.stuck.items():
            stuck.stored = len(stored.get(table, {}))
    return result_of(args, ledger, stored, [node.port for node in nodes])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the chaos lasts (default 10)")
    parser.add_argument("--clients", type=int, default=200, help="people connected (default 200)")
    parser.add_argument("--kill-every", type=float, default=120.0, help="seconds between kills (default 120)")
    parser.add_argument("--game", choices=("dr2d", "delivery", "droids", "robotick"), default="dr2d")
    parser.add_argument("--seats", type=int, default=4, help="people a table (default 4)")
    parser.add_argument(
        "--stuck-after",
        type=float,
        default=30.0,
        help="seconds standing still that make a table stuck (default 30)",
    )
    parser.add_argument("--db", metavar="URL", help="a PostgreSQL database (default: a throwaway cluster)")
    parser.add_argument("--json", metavar="FILE", type=Path, help="save the figures as JSON")
    args = parser.parse_args(argv)
    console = Console(width=None if Console().is_terminal else 130)
    try:
        result = run(args, console)
    except ChaosError as exc:
        console.print(f"[red]error: {exc}[/]", soft_wrap=True)
        return 1
    except KeyboardInterrupt:  # the servers and the cluster were stopped on the way out
        console.print("[yellow]interrupted: everything it started is stopped[/]")
        return 130
    report(console, result, args)
    if args.json:
        payload = {"machine": machine(), "arguments": vars(args) | {"json": str(args.json)}}
        args.json.write_text(
            json.dumps(payload | {"result": asdict(result), "ok": result.ok}, indent=2) + "\n"
        )
        console.print(f"saved {args.json}")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
