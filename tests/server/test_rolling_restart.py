"""Issue 31: ``robotable serve --workers 2`` on PostgreSQL restarts its workers one by one on
SIGHUP while four tables are played, each by a person against two bots, with a spectator. Each
new worker starts before an old one stops (uvicorn's supervisor), so the site keeps answering
(a request caught by a stopping worker between its accept and its read gets no answer: a page
tries again); a spectator's connection is closed by its stopping worker (1012, "service
restart") and comes back with ``since`` within 5 s, as a page does; every acknowledged action is
stored, every action is seen once, in order, and every game is played to its end."""

from __future__ import annotations

import json
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from robotable.server.store import open_store

from .. import pg
from . import process
from .people import HttpPerson

pytestmark = pytest.mark.timeout(240)


class Spectator:
    """Watches a table on its own thread; reconnects with ``since`` when its worker stops."""

    def __init__(self, server: process.Server, table: str) -> None:
        self.url = server.url.replace("http", "ws") + f"/ws/tables/{table}"
        self.numbers: list[int] = []
        self.connections = 0
        self.gaps: list[float] = []
        """Seconds from each dropped connection to the first message of the next one."""
        self.dropped: float | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while not self.done.is_set():
            since = self.numbers[-1] if self.numbers else 0
            try:
                with connect(f"{self.url}?since={since}", open_timeout=20) as socket:
                    self.connections += 1
                    while not self.done.is_set():
                        self._heard(json.loads(socket.recv(timeout=0.5)))
            except TimeoutError:
                continue
            except (ConnectionClosed, OSError):
                self.dropped = self.dropped or time.monotonic()
                time.sleep(0.2)  # its worker stopped: back in a moment, like a page

    def _heard(self, message: dict[str, Any]) -> None:
        if self.dropped is not None:
            self.gaps.append(time.monotonic() - self.dropped)
            self.dropped = None
        if message["type"] == "update":
            self.numbers.append(message["news"]["number"])
        elif message["type"] == "missed":
            self.numbers.extend(news["number"] for news in message["news"])

    def stop(self) -> None:
        self.done.set()
        self.thread.join(10)


def workers_of(server: process.Server) -> set[int]:
    """The server's worker processes (its other child is multiprocessing's resource tracker)."""
    pid = server.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return {int(child) for child in children if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()}


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    rest = iter(whole)
    return all(item in rest for item in part)


@pytest.mark.long
def test_a_rolling_restart_loses_nothing_acknowledged_and_every_game_ends(
    cluster: str, tmp_path: Path
) -> None:
    url = pg.new_database(cluster, "rolling")
    server = process.start(url, tmp_path, extra=["--workers", "2"])
    spectators: list[Spectator] = []
    try:
        people = [HttpPerson(server, seed) for seed in range(4)]
        spectators = [Spectator(server, person.table) for person in people]
        before = workers_of(server)
        assert len(before) == 2
        for person in people:
            person.thread.start()
        while sum(len(person.acknowledged) for person in people) < 4:
            time.sleep(0.02)
        server.process.send_signal(signal.SIGHUP)  # while the four tables are played
        at_signal = sum(len(person.acknowledged) for person in people)
        deadline = time.monotonic() + 90
        while (before & workers_of(server) or len(workers_of(server)) != 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not before & workers_of(server) and len(workers_of(server)) == 2, "every worker replaced"
        assert sum(len(person.acknowledged) for person in people) > at_signal, "played while restarting"
        for person in people:
            person.thread.join(150)
        for person, spectator in zip(people, spectators, strict=True):
            assert person.outcome is not None and not person.failures, "every game finished, nothing refused"
            stored = open_store(url, migrate=False)
            actions = stored.load(person.table).actions
            stored.close()
            mine = [action for seat, action in actions if seat == 0]
            assert is_subsequence(person.acknowledged, mine)  # every acknowledged action stored
            assert len(mine) <= len(person.acknowledged) + len(person.unanswered)
            deadline = time.monotonic() + 20
            while spectator.numbers[-1:] != [len(actions)] and time.monotonic() < deadline:
                time.sleep(0.05)
            spectator.stop()
            assert spectator.numbers == list(range(1, len(actions) + 1))  # once each, in order
        reconnected = [gap for spectator in spectators for gap in spectator.gaps]
        assert reconnected and max(reconnected) < 5.0  # closed by its stopping worker, back at once
        assert httpx.get(f"{server.url}/readyz", timeout=30).json()["ready"]
    finally:
        for spectator in spectators:
            spectator.stop()
        process.stop(server)
