"""Issue 13, beyond one process: two ``robotable serve`` processes on one PostgreSQL database
serve the same table. Each person talks to a different process; a spectator on the second one
sees every action, the first one's included (PostgreSQL's LISTEN/NOTIFY); the process driving
the table (its sand timer) is killed with ``kill -9`` while the sand runs, and the other takes
the table over (the advisory lock is freed with the dead process's connection), fires the timer
and finishes the game. ``--workers 2`` runs a bots-only table to its end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from robotable import games
from robotable.cli.main import app
from robotable.core.records import Record

from .. import pg
from . import process
from .people import RicochetPeople

OPTIONS = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 3.0, "demo_timeout_s": 30.0}


class Listener:
    """A WebSocket connection read on its own thread, every message kept."""

    def __init__(self, server: process.Server, table: str, token: str | None = None) -> None:
        query = f"?token={token}" if token else ""
        self.stack = contextlib.ExitStack()
        self.socket: ClientConnection = self.stack.enter_context(
            connect(server.url.replace("http", "ws") + f"/ws/tables/{table}{query}", open_timeout=20)
        )
        self.received: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                self.received.append(json.loads(self.socket.recv()))
        except (ConnectionClosed, OSError):
            return

    def versions(self) -> list[int]:
        return [m["news"]["number"] for m in self.received if m["type"] == "update"]

    def close(self) -> None:
        self.stack.close()
        self.thread.join(10)


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("not in time")
        time.sleep(0.05)


@pytest.mark.timeout(240)
def test_two_processes_share_a_table_and_one_takes_over_when_the_other_dies(
    cluster: str, tmp_path: Path
) -> None:
    url = pg.new_database(cluster, "two_processes")
    first = process.start(url, tmp_path)
    second = None
    listeners: list[Listener] = []
    try:
        second = process.start(url, tmp_path)
        body = {"game": "ricochet", "seats": ["human", "human"], "options": OPTIONS, "seed": 8}
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        table = created["table"]  # made by the first process, which drives it
        people = RicochetPeople([first, second], table, [created["token"], created["invites"]["1"]])
        watcher = Listener(second, table)  # a spectator on the second process
        seated = Listener(second, table, created["invites"]["1"])
        listeners = [watcher, seated]

        before = people.play_until(lambda s: s["version"] >= 2)  # both bid: the sand runs
        assert before["view"]["phase"] == "countdown" and before["timers"]
        wait_for(lambda: watcher.versions() == [1, 2])  # the first process's bid came through NOTIFY
        assert people.accepted[0][0] == 0, "seat 0 (on the first process) bid first"

        process.kill(first)  # mid-game, the sand running on the first process
        people.servers = [second, second]
        over = people.play_until(lambda s: s["outcome"] is not None)
        record = Record.from_dict(httpx.get(f"{second.url}/api/tables/{table}/record", timeout=30).json())
    finally:
        for listener in listeners:
            listener.close()
        process.stop(first)
        if second is not None:
            process.stop(second)
    referee = [number for number, (seat, _) in enumerate(record.actions, 1) if seat == -1]
    assert referee, "the sand timer ran out on the second process"
    assert [a for a in record.actions if a[0] != -1] == people.accepted
    assert games.replay(record).outcome().to_dict() == over["outcome"]
    total = len(record.actions)
    assert watcher.versions() == list(range(1, total + 1)), "the spectator saw every action once, in order"
    assert seated.versions() == list(range(1, total + 1))


@pytest.mark.timeout(180)
def test_serve_with_two_workers_plays_a_bots_table_to_its_end(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "workers")
    server = process.start(url, tmp_path, extra=["--workers", "2"])
    try:
        body = {"game": "robotick", "seats": ["bot", "bot", "bot"], "seed": 5}
        table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()["table"]

        def finished() -> bool:  # asked of whichever worker the connection lands on
            return httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()["outcome"] is not None

        wait_for(finished, 120.0)
        record = Record.from_dict(httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json())
        assert games.replay(record).outcome() == record.outcome
        assert "2 worker processes" in server.log()
        wait_for(lambda: advisory_locks(url) == 0)  # the finished table's lease let go, fully
    finally:
        process.stop(server)
    assert server.process.returncode == 0


def test_serve_with_two_workers_stops_within_its_bound_while_bots_think(cluster: str, tmp_path: Path) -> None:
    """SIGTERM to ``serve --workers 2`` ends every process within ``--stop-within``, however
    many bots think: each worker process bounds its own stop (issue 28)."""
    url = pg.new_database(cluster, "stopping")
    server = process.start(url, tmp_path, extra=["--workers", "2", "--stop-within", "6"])
    try:
        body = {"game": "delivery", "seats": ["bot:expert"] * 4, "options": {"turn_limit": 1000}}
        for _ in range(8):
            assert httpx.post(f"{server.url}/api/tables", json=body, timeout=30).status_code == 201
        time.sleep(2.0)  # the bots think
        began = time.monotonic()
        server.process.terminate()
        server.process.wait(15)
        took = time.monotonic() - began
    finally:
        process.stop(server)
    assert took < 7.0, f"{took:.1f} s:\n{server.log()[-2000:]}"


def advisory_locks(url: str) -> int:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as connection:
        return connection.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").fetchone()[0]


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(
        app, ["serve", "--port", str(process.free_port()), "--db", database, "--workers", "2"]
    )
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: --workers 2: several processes share tables only on PostgreSQL (--db postgresql://...)"
    )


@pytest.mark.timeout(120)
def test_a_person_whose_process_died_is_away_and_gets_the_stand_in_after_the_grace_period(
    cluster: str, tmp_path: Path
) -> None:
    """Issue 31, presence across processes: Bob is connected through the second process, which
    is killed with ``kill -9`` (nobody marks him away). The first process, which drives the
    table and has Ann connected, sees his presence vanish once the dead process's lease lapses,
    marks him away, and seats the stand-in after the grace period, as on one process."""
    url = pg.new_database(cluster, "presence")
    first = process.start(url, tmp_path, extra=["--grace", "2"])
    second = process.start(url, tmp_path, extra=["--grace", "2"])
    listeners: list[Listener] = []
    try:
        body = {"game": "robotick", "seats": ["human", "human", "bot"], "seed": 4}
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=30).json()
        table = created["table"]  # made by the first process, which drives it
        listeners = [
            Listener(first, table, created["token"]),
            Listener(second, table, created["invites"]["1"]),
        ]

        def bob() -> dict[str, Any]:
            return httpx.get(f"{first.url}/api/tables/{table}", timeout=30).json()["seats"][1]

        time.sleep(3.0)  # past the grace period, Bob connected through the second process
        assert "stand_in" not in bob(), "a person connected through another process is here"
        process.kill(second)
        died = time.monotonic()
        wait_for(lambda: bob().get("stand_in") == "medium", 20.0)
        assert time.monotonic() - died > 2.0  # his lease lapsed, then the whole grace period
        assert any(m.get("type") == "seat" or m.get("type") == "state" for m in listeners[0].received)
    finally:
        for listener in listeners:
            listener.close()
        process.stop(first)
        process.stop(second)


def test_two_connections_of_one_seat_arriving_at_once_are_both_let_in(cluster: str) -> None:
    """Presence across processes: the seat's row is written once, whichever connection comes
    first (two at once wrote it twice, and the second was refused a duplicate key)."""
    from concurrent.futures import ThreadPoolExecutor

    from robotable.server.presence_store import PresenceStore
    from robotable.server.seats import SeatRow
    from robotable.server.store import new_header, open_store

    store = open_store(pg.new_database(cluster, "presence_twice"))
    header = new_header("t", "ricochet", games.get("ricochet").rules_version, {}, seed=1, created=0.0)
    store.create(header, [SeatRow(0, "human", "Ann", None)])
    rows = PresenceStore(store)
    rows.renew("p1", until=time.time() + 60, now=time.time())
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda _: rows.arrived("p1", "t", 0), range(16)))
    assert rows.present(["t"], time.time(), other_than="p2") == {"t": {0}}
    store.close()


def test_a_person_arriving_before_the_first_lease_renewal_is_let_in(cluster: str) -> None:
    """A person can connect before the process's first lease renewal (its task starts with the
    server): their presence row needs the lease, which is then written first."""
    from robotable.server.presence import Presence
    from robotable.server.seats import SeatRow
    from robotable.server.store import new_header, open_store

    store = open_store(pg.new_database(cluster, "presence_early"))
    header = new_header("t", "ricochet", games.get("ricochet").rules_version, {}, seed=1, created=0.0)
    store.create(header, [SeatRow(0, "human", "Ann", None)])
    presence = Presence(store, time.time, grace=60.0)  # not started: no renewal yet

    async def arriving_while_the_lease_is_renewed() -> None:  # both write the lease at once
        await asyncio.gather(presence.arrived("t", 0), *(presence._renew_lease() for _ in range(4)))

    asyncio.run(arriving_while_the_lease_is_renewed())
    assert presence.rows.present(["t"], time.time(), other_than="someone else") == {"t": {0}}
    store.close()
