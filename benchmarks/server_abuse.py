"""Abuse on the game server (issue 28): the two floods one address could send, and what a
normal client on another address sees meanwhile.

    python benchmarks/server_abuse.py [--seconds 15] [--warmup 3] [--flood uploads --flood bots]
        [--uploaders 8] [--bot-tables 40] [--record-actions 50000] [--json FILE]

Each flood runs against a fresh ``robotable serve`` with its DEFAULT limits (a fresh SQLite
file), started here on a free port and stopped by its process id, whatever happens:

- **uploads**: ``--uploaders`` clients (8) each post a legal 50,000-action Ricochet solo record
  (the server's limit, some 700 KB) to ``POST /api/replays/step`` in a loop, each upload a
  different record (so no cache of replays makes the flood cheap) and number;
- **bots**: ``--bot-tables`` (40) tables of four ``bot:expert`` Delivery seats with
  ``turn_limit`` 1000, asked for eight at a time.

The flood comes from 127.0.0.1, the machine itself (the most generous limits); the normal
client from 127.0.0.2, another address of this machine (Linux answers all of 127.0.0.0/8):
a person at their own Ricochet solo table, who plays a move (and takes it back), asks
``GET /api/games`` (no database) and ``GET /api/tables`` (the lobby: a query) about three times
a second each, under the API's limit for an address other than this machine's. A flooder pauses
0.1 s after a refusal (else refused clients resending 700 KB as fast as they can measure the
loopback, not the server).

Measured during the ``--seconds`` window (after ``--warmup``), per flood:

- the normal client's latency, p50 / p99 / max, of ``GET /api/games``, ``GET /api/tables`` and
  of a person's action, and their p50 before the flood (a request that takes over :data:`STALL`
  seconds is counted at that bound, as a stall);
- the server's memory (resident, its process and its children, sampled: at the start of the
  flood and its peak) and its CPU (cores busy over the window, children included);
- the flood's answers by status (200/201 taken; 429, 503, 413... refusals; "timeout");
- the seconds from SIGTERM, sent with the flood still running, to the server's exit (killed
  after :data:`STOP_DEADLINE`).

Nothing is asserted (``tests/server/test_floods.py`` asserts the bounds of issue 28: 200 ms for
``GET /api/games`` under the uploads, 500 ms for an action and 10 s to stop under the bots).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import itertools
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from robotable import games
from robotable.play.table import Table as GameTable
from robotable.server.replays import MAX_RECORD_ACTIONS


def _sibling(name: str) -> Any:
    """Another benchmark of this folder (run as a script or loaded by a test from its path)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while being made
        spec.loader.exec_module(module)
    return sys.modules[name]


load = _sibling("server_load")
percentile = load.percentile

FLOOD_ADDRESS = "127.0.0.1"
"""Where the floods come from: this machine, whose limits are the most generous."""
PERSON_ADDRESS = "127.0.0.2"
"""Where the normal client comes from: another address (the kernel routes 127.0.0.0/8 here)."""
STALL = 10.0
"""Seconds a normal client's request may take before it counts as a stall (at this bound)."""
UPLOAD_TIMEOUT = 60.0
"""Seconds a flooder waits for one upload's answer."""
REFUSED_PAUSE = 0.1
"""Seconds a flooder waits after a refusal before it sends again."""
STOP_DEADLINE = 30.0
"""Seconds from SIGTERM to the server's exit before it is killed (issue 28's bound is 10)."""
PERSON_PERIOD = 0.35
"""Seconds between a normal client's rounds (an action, a look at the games and at the lobby):
some 9 requests a second, under the API's limit for an address other than this machine's."""
SAMPLE_PERIOD = 0.2
"""Seconds between two looks at the server's memory and CPU."""
PUZZLE_SEED = 1
BOT_TABLE = {"game": "delivery", "seats": ["bot:expert"] * 4, "options": {"turn_limit": 1000}}
"""A bot-only table as issue 28 found them: four expert bots for a thousand rounds."""
FLOODS = ("uploads", "bots")
CREATORS = 8
"""Bot tables asked for at once."""


# --------------------------------------------------------------------------- what is sent


def client(address: str, timeout: float) -> httpx.Client:
    """An HTTP client whose connections leave from ``address`` (the server sees that peer)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=timeout)


def safe_moves(seed: int) -> list[str]:
    """The moves of a solo Ricochet puzzle (seed ``seed``) that leave its attempt going from the
    start: neither reaching the target nor failing. Each, then ``reset``, brings back the start,
    so a record of such pairs is legal at any length and never ends."""
    game = games.get("ricochet")
    start = GameTable(game, {}, seed=seed, seats=["human"])
    moves = []
    for action in start.state.legal_actions(0):
        text = str(action)
        if " " not in text:  # a word (reveal), not a move
            continue
        table = GameTable(game, {}, seed=seed, seats=["human"])
        table.submit(0, text, 0.0)
        view = table.state.view(0)
        if view["phase"] == "puzzle" and view["moves"] == [text] and not view["results"]:
            moves.append(text)
    return moves


@dataclass
class LongRecord:
    """A legal unfinished Ricochet solo record of ``actions`` actions (pairs of a move and
    ``reset``): each variant differs in its first moves, so no two uploads are the same record."""

    header: dict[str, Any]
    moves: list[str]
    actions: int
    varied: int = 16
    """Pairs whose move spells the variant's number (in base ``len(moves)``)."""
    tail: str = ""

    @classmethod
    def build(cls, actions: int = MAX_RECORD_ACTIONS, seed: int = PUZZLE_SEED) -> LongRecord:
        moves = safe_moves(seed)
        assert len(moves) >= 2, f"seed {seed}: fewer than two moves that leave the puzzle going"
        header = GameTable(games.get("ricochet"), {}, seed=seed, seats=["human"]).record.to_dict()
        record = cls(header, moves, actions, varied=min(16, (actions + 1) // 2))
        pairs = (actions + 1) // 2 - record.varied
        record.tail = "".join(f', [0, "{moves[0]}"], [0, "reset"]' for _ in range(pairs))
        return record

    def actions_text(self, variant: int) -> str:
        """The JSON of the actions list: the varied pairs, then the tail, cut at ``actions``."""
        digits = []
        for _ in range(self.varied):
            variant, digit = divmod(variant, len(self.moves))
            digits.append(f'[0, "{self.moves[digit]}"], [0, "reset"]')
        text = "[" + ", ".join(digits) + self.tail + "]"
        if self.actions % 2:  # an odd length ends on a move: drop the last reset
            text = text[: -len(', [0, "reset"]]')] + "]"
        return text

    def as_dict(self, variant: int = 0) -> dict[str, Any]:
        return {**self.header, "actions": json.loads(self.actions_text(variant))}

    def body(self, variant: int, number: int) -> bytes:
        """``POST /api/replays/step``'s body: this record's ``variant``, stepped to ``number``."""
        marker = "@actions@"
        text = json.dumps({"record": {**self.header, "actions": marker}, "number": number})
        return text.replace(json.dumps(marker), self.actions_text(variant)).encode()


class Tally:
    """Answers by status ("200", "429", "timeout"...), counted from several threads."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.lock = threading.Lock()

    def add(self, status: str) -> None:
        with self.lock:
            self.counts[status] += 1

    def taken(self) -> int:
        with self.lock:
            return self.counts["200"] + self.counts["201"]


def status_of(call: Callable[[], httpx.Response], made: list[str] | None = None) -> str:
    """An answer's status, or what kept it from coming; a table made is added to ``made``."""
    try:
        answer = call()
    except httpx.TimeoutException:
        return "timeout"
    except httpx.HTTPError as exc:
        return type(exc).__name__
    if answer.status_code == 201 and made is not None:
        made.append(answer.json()["table"])
    return str(answer.status_code)


class UploadFlood:
    """``clients`` threads posting long records to ``POST /api/replays/step`` until stopped."""

    def __init__(self, url: str, record: LongRecord, clients: int = 8) -> None:
        self.url, self.record, self.clients = url, record, clients
        self.tally = Tally()
        self.stopping = threading.Event()
        self.variants = itertools.count()
        self.threads = [
            threading.Thread(target=self._flood, name=f"uploader-{i}", daemon=True) for i in range(clients)
        ]

    def start(self) -> UploadFlood:
        for thread in self.threads:
            thread.start()
        return self

    def stop(self, wait: float = 5.0) -> None:
        """Stop sending; threads still waiting for an answer end with the server (daemons)."""
        self.stopping.set()
        deadline = time.monotonic() + wait
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def _flood(self) -> None:
        with client(FLOOD_ADDRESS, UPLOAD_TIMEOUT) as http:
            while not self.stopping.is_set():
                status = status_of(functools.partial(self._upload, http, next(self.variants)))
                if self.stopping.is_set():  # answered after the end (or cut by the server's stop)
                    break
                self.tally.add(status)
                if status not in ("200", "201"):
                    self.stopping.wait(REFUSED_PAUSE)

    def _upload(self, http: httpx.Client, variant: int) -> httpx.Response:
        number = variant * 7919 % (self.record.actions + 1)  # steps spread over the whole game
        body = self.record.body(variant, number)
        headers = {"Content-Type": "application/json"}
        return http.post(f"{self.url}/api/replays/step", content=body, headers=headers)


def create_bot_tables(url: str, count: int, tally: Tally, within: float = 30.0) -> list[str]:
    """``count`` bot-only tables (:data:`BOT_TABLE`), :data:`CREATORS` requests at a time, as
    an attacker would send them, for ``within`` seconds at most; the ids of those made."""
    made: list[str] = []
    end = time.monotonic() + within

    def create(http: httpx.Client) -> None:
        left = end - time.monotonic()
        if left <= 0:
            tally.add("not sent")
            return
        status = status_of(lambda: http.post(f"{url}/api/tables", json=BOT_TABLE, timeout=left), made)
        tally.add(status)

    with client(FLOOD_ADDRESS, within) as http, ThreadPoolExecutor(CREATORS) as pool:
        for _ in range(count):
            pool.submit(create, http)
    return made


def bot_tables_moved(url: str, tables: Sequence[str], within: float = 10.0) -> int:
    """How many of ``tables`` have had an action played (seen as a spectator), as many as can
    be asked in ``within`` seconds."""
    moved = 0
    end = time.monotonic() + within
    with client(FLOOD_ADDRESS, within) as http:
        for table in tables:
            left = end - time.monotonic()
            if left <= 0:
                break
            with contextlib.suppress(httpx.HTTPError, KeyError, ValueError):
                if http.get(f"{url}/api/tables/{table}", timeout=left).json()["version"] > 0:
                    moved += 1
    return moved


class Person:
    """A normal client on :data:`PERSON_ADDRESS`: its own Ricochet solo table, where it plays
    a move then takes it back (``reset``), and looks at ``GET /api/games``; each request timed
    (a stall counted at :data:`STALL` seconds)."""

    def __init__(self, url: str, timeout: float = STALL) -> None:
        self.url, self.timeout = url, timeout
        self.http = client(PERSON_ADDRESS, timeout)
        self.moves = itertools.cycle([safe_moves(PUZZLE_SEED)[0], "reset"])
        self.table = ""
        self.token = ""
        self.stalls = 0

    def __enter__(self) -> Person:
        return self

    def __exit__(self, *_: object) -> None:
        self.http.close()

    def sit(self) -> float:
        """Create the person's table; the seconds it took."""
        body = {"game": "ricochet", "seats": ["human"], "seed": PUZZLE_SEED, "name": "Ann"}
        seconds, answer = self._timed(lambda: self.http.post(f"{self.url}/api/tables", json=body))
        assert answer is not None and answer.status_code == 201, f"the person's table: {_said(answer)}"
        created = answer.json()
        self.table, self.token = created["table"], created["token"]
        return seconds

    def act(self) -> float:
        """Play the next move (or its reset): the seconds to the answer."""
        action = next(self.moves)
        seconds, answer = self._timed(
            lambda: self.http.post(
                f"{self.url}/api/tables/{self.table}/actions",
                json={"action": action},
                headers={"Authorization": f"Bearer {self.token}"},
            )
        )
        assert answer is None or answer.status_code == 200, f"the person's {action!r}: {_said(answer)}"
        return seconds

    def look(self, path: str = "/api/games") -> float:
        """``GET path`` (the games: no database; ``/api/tables``, the lobby: a query): the
        seconds to the answer."""
        seconds, answer = self._timed(lambda: self.http.get(f"{self.url}{path}"))
        assert answer is None or answer.status_code == 200, f"GET {path}: {_said(answer)}"
        return seconds

    def _timed(self, call: Callable[[], httpx.Response]) -> tuple[float, httpx.Response | None]:
        start = time.perf_counter()
        try:
            answer = call()
        except httpx.TimeoutException:
            self.stalls += 1
            return self.timeout, None
        return time.perf_counter() - start, answer


def _said(answer: httpx.Response | None) -> str:
    return "no answer" if answer is None else f"{answer.status_code} {answer.text[:200]}"


# --------------------------------------------------------------------------- the server's usage


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (worker processes), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                parent = int(stat[stat.rindex(")") + 2 :].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def tree_usage(pid: int) -> tuple[int, float]:
    """Resident bytes and CPU seconds (user + system; the exited children the server waited
    for included) of ``pid`` and its descendants."""
    resident, cpu = 0, 0.0
    tick, page = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE")
    for member in process_tree(pid):
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = Path(f"/proc/{member}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()  # field 3 (state) is fields[0]
            cpu += sum(int(v) for v in fields[11:15]) / tick
            resident += int(fields[21]) * page
    return resident, cpu


class Usage:
    """The server's peak memory, sampled in a thread between :meth:`start` and :meth:`stop`."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.first_rss = self.peak_rss = tree_usage(pid)[0]
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._sample, name="usage", daemon=True)

    def start(self) -> Usage:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)

    def _sample(self) -> None:
        while not self.stopping.wait(SAMPLE_PERIOD):
            self.peak_rss = max(self.peak_rss, tree_usage(self.pid)[0])


def cores_busy(pid: int, during: Callable[[], object]) -> float:
    """The cores ``pid`` and its descendants kept busy while ``during`` ran."""
    cpu, start = tree_usage(pid)[1], time.monotonic()
    during()
    return (tree_usage(pid)[1] - cpu) / max(1e-9, time.monotonic() - start)


def stop_within(process: subprocess.Popen[Any], deadline: float) -> float | None:
    """SIGTERM, then the seconds to the exit; None (and SIGKILL) past ``deadline``."""
    start = time.monotonic()
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(deadline)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)
        return None
    return time.monotonic() - start


# --------------------------------------------------------------------------- one flood


@dataclass
class FloodResult:
    flood: str
    quiet_games_ms: float
    """GET /api/games p50 before the flood."""
    quiet_tables_ms: float
    """GET /api/tables p50 before the flood."""
    quiet_action_ms: float
    games_ms: list[float] = field(default_factory=list)
    tables_ms: list[float] = field(default_factory=list)
    action_ms: list[float] = field(default_factory=list)
    stalls: int = 0
    answers: dict[str, int] = field(default_factory=dict)
    """The flood's answers by status."""
    bot_tables: int = 0
    bot_tables_s: float = 0.0
    """Seconds the bot tables took to make."""
    bot_tables_moved: int = 0
    rss_start_mb: float = 0.0
    rss_peak_mb: float = 0.0
    server_cores: float = 0.0
    stop_s: float | None = None
    """Seconds from SIGTERM to exit; None: killed after :data:`STOP_DEADLINE`."""


@dataclass(frozen=True)
class Settings:
    seconds: float = 15.0
    warmup: float = 3.0
    uploaders: int = 8
    bot_tables: int = 40
    record_actions: int = MAX_RECORD_ACTIONS


def quiet_p50(person: Person, rounds: int = 8) -> tuple[float, float, float]:
    """The person's GET /api/games, GET /api/tables and action p50, in ms, on an idle server."""
    quiet = FloodResult("none", 0.0, 0.0, 0.0)
    for _ in range(rounds):
        person_round(person, quiet)
    return percentile(quiet.games_ms, 0.5), percentile(quiet.tables_ms, 0.5), percentile(quiet.action_ms, 0.5)


def person_round(person: Person, result: FloodResult) -> None:
    """An action, a look at the games and one at the lobby, timed into ``result``."""
    result.action_ms.append(1000 * person.act())
    result.games_ms.append(1000 * person.look())
    result.tables_ms.append(1000 * person.look("/api/tables"))


def watch(person: Person, result: FloodResult, seconds: float) -> None:
    """The person's rounds for ``seconds``, one every :data:`PERSON_PERIOD` at most."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.monotonic()
        person_round(person, result)
        time.sleep(max(0.0, PERSON_PERIOD - (time.monotonic() - began)))


@contextlib.contextmanager
def server_for(folder: Path) -> Iterator[Any]:
    """A fresh server with its default limits, stopped (killed if it lingers) at the end."""
    server = load.start_server(f"sqlite:///{folder / f'abuse-{time.monotonic_ns()}.sqlite3'}", folder)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait(10)


def run_flood(flood: str, settings: Settings, folder: Path, record: LongRecord | None = None) -> FloodResult:
    """One flood against a server of its own, measured (see the module's description)."""
    with server_for(folder) as server, Person(server.url) as person:
        person.sit()
        result = FloodResult(flood, *quiet_p50(person))
        usage = Usage(server.pid).start()
        tally, uploads, tables = Tally(), None, []
        try:
            if flood == "uploads":
                record = record or LongRecord.build(settings.record_actions)
                uploads = UploadFlood(server.url, record, settings.uploaders)
                tally = uploads.start().tally
            else:
                began = time.monotonic()
                tables = create_bot_tables(server.url, settings.bot_tables, tally)
                result.bot_tables, result.bot_tables_s = len(tables), time.monotonic() - began
            time.sleep(settings.warmup)
            result.server_cores = cores_busy(server.pid, lambda: watch(person, result, settings.seconds))
            if flood == "bots":
                result.bot_tables_moved = bot_tables_moved(server.url, tables)
            if uploads is not None:  # no new upload; those in flight are what the stop must end
                uploads.stopping.set()
            result.stop_s = stop_within(server.process, STOP_DEADLINE)  # the bots still thinking
        finally:
            if uploads is not None:
                uploads.stop(wait=0.0)
            usage.stop()
        result.stalls = person.stalls
        result.answers = dict(sorted(tally.counts.items()))
        result.rss_start_mb = usage.first_rss / 2**20
        result.rss_peak_mb = usage.peak_rss / 2**20
        return result


# --------------------------------------------------------------------------- reporting


def _latency(values: list[float]) -> str:
    if not values:
        return "-"
    p50, p99, top = percentile(values, 0.5), percentile(values, 0.99), max(values)
    return f"{p50:,.0f} / {p99:,.0f} / {top:,.0f} ms"


def _stop(result: FloodResult) -> str:
    if result.stop_s is None:
        return f"[red]not within {STOP_DEADLINE:.0f} s (killed)[/]"
    return f"{result.stop_s:.1f} s"


def _bot_tables(result: FloodResult) -> str:
    if result.flood != "bots":
        return "-"
    return f"{result.bot_tables} ({result.bot_tables_s:.1f} s) / {result.bot_tables_moved}"


ROWS: list[tuple[str, Callable[[FloodResult], str]]] = [
    ("GET /api/games before the flood, p50", lambda r: f"{r.quiet_games_ms:.0f} ms"),
    ("GET /api/tables before the flood, p50", lambda r: f"{r.quiet_tables_ms:.0f} ms"),
    ("a person's action before the flood, p50", lambda r: f"{r.quiet_action_ms:.0f} ms"),
    ("GET /api/games p50 / p99 / max", lambda r: _latency(r.games_ms)),
    ("GET /api/tables p50 / p99 / max", lambda r: _latency(r.tables_ms)),
    ("a person's action p50 / p99 / max", lambda r: _latency(r.action_ms)),
    (f"requests over {STALL:.0f} s (stalls)", lambda r: f"{r.stalls}"),
    ("flood's answers by status", lambda r: ", ".join(f"{k}: {v}" for k, v in r.answers.items()) or "-"),
    ("bot tables made (in) / moved", _bot_tables),
    ("server memory at start / peak", lambda r: f"{r.rss_start_mb:,.0f} / {r.rss_peak_mb:,.0f} MB"),
    ("server CPU during the window (cores busy)", lambda r: f"{r.server_cores:.2f}"),
    ("exit after SIGTERM", _stop),
]


def report(console: Console, results: list[FloodResult], settings: Settings) -> None:
    title = (
        f"a normal client during each flood ({settings.seconds:g} s window), "
        f"{os.cpu_count()} cores, default limits"
    )
    table = Table(title=title)
    table.add_column("")
    names = {
        "uploads": f"{settings.uploaders} clients uploading {settings.record_actions:,}-action records",
        "bots": f"{settings.bot_tables} tables of 4 expert bots",
    }
    for result in results:
        table.add_column(names[result.flood], justify="right")
    for label, cell in ROWS:
        table.add_row(label, *(cell(r) for r in results))
    console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=15.0, help="the window of each flood (default 15)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before the window (default 3)")
    parser.add_argument("--flood", choices=FLOODS, action="append", help="which floods (default: both)")
    parser.add_argument("--uploaders", type=int, default=8, help="clients uploading (default 8)")
    parser.add_argument("--bot-tables", type=int, default=40, help="bot-only tables (default 40)")
    parser.add_argument(
        "--record-actions",
        type=int,
        default=MAX_RECORD_ACTIONS,
        help=f"actions of an uploaded record (default {MAX_RECORD_ACTIONS:,}, the server's limit)",
    )
    parser.add_argument("--json", metavar="FILE", type=Path, help="save the results as JSON")
    args = parser.parse_args(argv)
    settings = Settings(args.seconds, args.warmup, args.uploaders, args.bot_tables, args.record_actions)
    console = Console(width=None if Console().is_terminal else 130)
    results = []
    with tempfile.TemporaryDirectory(prefix="server-abuse-") as folder:
        for flood in args.flood or FLOODS:
            console.print(f"flood: {flood}...")
            try:
                results.append(run_flood(flood, settings, Path(folder)))
            except load.LoadError as exc:
                console.print(f"[red]error in the {flood} flood: {exc}[/]", soft_wrap=True)
                return 1
    report(console, results, settings)
    if args.json:
        payload = {
            "machine": load.machine(),
            "settings": asdict(settings),
            "results": [asdict(r) for r in results],
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
        console.print(f"saved {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
