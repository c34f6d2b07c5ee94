"""Issue 28, one address cannot stall the server: measured from outside, against a real
``robotable serve`` with its default limits. The floods come from 127.0.0.1 (this machine, the
most generous limits); the person who must still be answered from 127.0.0.2, another address
of this machine. The clients are ``benchmarks/server_abuse.py``'s, which prints the same floods'
figures.

- "a plain ``GET /api/games`` answers within 200 ms while eight clients upload 50,000-move
  records in a loop";
- "with 40 bot-only tables a person's action is still answered within 500 ms and SIGTERM exits
  within 10 s".
"""

from __future__ import annotations

import fcntl
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from robotable import games
from robotable.core.records import Record
from robotable.server.replays import MAX_RECORD_ACTIONS

from . import process
from .abuse_bench import abuse

pytestmark = pytest.mark.timeout(240)  # one may wait for the other (see alone)

UPLOADERS = 8
GAMES_BOUND = 0.200
"""Seconds for ``GET /api/games`` under the uploads (issue 28)."""
BOT_TABLES = 40
ACTION_BOUND = 0.500
"""Seconds for a person's action among the bot tables (issue 28)."""
BOTS_BUSY = 0.3
"""Cores the server's processes keep busy, at least, when its bots think (if none has moved)."""
STOP_BOUND = 10.0
"""Seconds from SIGTERM to the exit, bots thinking (issue 28)."""
SAMPLES = 20
WITHIN = 15.0
"""Seconds for the samples: on a stalled server, fewer are taken (each waits at most STALL)."""
STALL = 5.0
"""Seconds a sample may wait for its answer: it counts at this bound, far over any bound."""
PAUSE = 0.25
"""Seconds between two samples: the person stays under the API's rate of another address."""
WARMUP = 2.0
"""Seconds for a flood to get under way before the samples."""


@pytest.fixture
def alone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One flood at a time on this machine: under ``pytest -n 2`` the other flood's server
    would take the cores this one's person is timed on. A lock file in the folder the test
    processes of one run share (released with its holder, whatever happens)."""
    with (tmp_path_factory.getbasetemp().parent / "floods.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="module")
def long_record() -> Any:
    """A legal Ricochet solo record as long as the server takes (built in a tenth of a second)."""
    record = abuse.LongRecord.build(MAX_RECORD_ACTIONS)
    replayed = Record.from_dict(record.as_dict(variant=123))
    assert len(replayed.actions) == MAX_RECORD_ACTIONS and replayed.outcome is None
    games.replay(replayed)  # every action legal, and the game not over
    return record


def samples(call: Callable[[], float]) -> list[float]:
    """Up to :data:`SAMPLES` timings of ``call``, :data:`PAUSE` apart, for :data:`WITHIN` s."""
    taken: list[float] = []
    end = time.monotonic() + WITHIN
    while len(taken) < SAMPLES and time.monotonic() < end:
        taken.append(call())
        time.sleep(PAUSE)
    return taken


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.1)
    return True


def milliseconds(values: list[float]) -> str:
    return "[" + ", ".join(f"{1000 * v:.0f}" for v in values) + "] ms"


@pytest.mark.usefixtures("alone")
def test_games_answer_within_200_ms_while_eight_clients_upload_the_longest_records(
    tmp_path: Path, long_record: Any
) -> None:
    server = process.start(f"sqlite:///{tmp_path / 'uploads.sqlite3'}", tmp_path)
    flood = abuse.UploadFlood(server.url, long_record, UPLOADERS)
    try:
        with abuse.Person(server.url, timeout=STALL) as person:
            flood.start()
            time.sleep(WARMUP)
            looks = samples(person.look)
            replayed = wait_until(lambda: flood.tally.taken() > 0, 30.0)
    finally:
        flood.stopping.set()
        if server.process.poll() is None:
            process.kill(server)  # the test is over: what a stop costs is the other test's
        flood.stop()
    answers = dict(flood.tally.counts)
    assert len(looks) == SAMPLES and max(looks) <= GAMES_BOUND, (
        f"GET /api/games over {1000 * GAMES_BOUND:.0f} ms under {UPLOADERS} uploaders: "
        f"{milliseconds(looks)}; uploads answered {answers}"
    )
    assert replayed, f"no upload was replayed: the flood measured nothing ({answers})"
    refusals = set(answers) - {"200", "429", "503"}  # busy and saying so is fine
    assert not refusals, f"uploads answered otherwise than replayed or 'busy': {answers}"


@pytest.mark.usefixtures("alone")
def test_a_persons_action_answers_within_500_ms_among_40_bot_tables_and_sigterm_stops_within_10_s(
    tmp_path: Path,
) -> None:
    server = process.start(f"sqlite:///{tmp_path / 'bots.sqlite3'}", tmp_path)
    tally = abuse.Tally()
    try:
        with abuse.Person(server.url, timeout=STALL) as person:
            person.sit()  # before the flood: the person's table is there, with a move to make
            tables = abuse.create_bot_tables(server.url, BOT_TABLES, tally, within=30.0)
            time.sleep(WARMUP)
            actions: list[float] = []
            busy = abuse.cores_busy(server.process.pid, lambda: actions.extend(samples(person.act)))
        moved = abuse.bot_tables_moved(server.url, tables, within=10.0)
        stop = abuse.stop_within(server.process, STOP_BOUND)
    finally:
        if server.process.poll() is None:
            process.kill(server)
    found = (
        f"actions {milliseconds(actions)}; exit after SIGTERM: "
        f"{'over 10 s (killed)' if stop is None else f'{stop:.1f} s'}; bot tables made "
        f"{len(tables)} of {BOT_TABLES} ({dict(tally.counts)}), {moved} moved; server CPU {busy:.2f} cores"
    )
    assert len(actions) == SAMPLES and max(actions) <= ACTION_BOUND, f"a person's action too slow: {found}"
    assert stop is not None, f"SIGTERM did not stop the server within {STOP_BOUND:.0f} s: {found}"
    made_or_refused = {"201", "429", "503"}  # refused by a limit, or by a busy server saying so
    assert set(tally.counts) <= made_or_refused and tables, f"the bot tables: {found}"
    assert moved > 0 or busy >= BOTS_BUSY, f"no bot moved or thought: the flood measured nothing: {found}"
