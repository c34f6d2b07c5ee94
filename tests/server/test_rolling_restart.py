"""Issue 31: ``robotable serve --workers 2`` on PostgreSQL restarts its workers one by one on
SIGHUP while a person plays against two bots and a spectator watches. Each new worker starts
before an old one stops (uvicorn's supervisor), so every request is answered; the spectator's
connection is closed by its stopping worker (1012, "service restart") and reconnects with
``since``, as a page does; nothing acknowledged is lost and every action is seen once, in order."""

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

pytestmark = pytest.mark.timeout(240)


class Spectator:
    """Watches a table on its own thread; reconnects with ``since`` when its worker stops."""

    def __init__(self, server: process.Server, table: str) -> None:
        self.url = server.url.replace("http", "ws") + f"/ws/tables/{table}"
        self.numbers: list[int] = []
        self.connections = 0
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
                time.sleep(0.2)  # its worker stopped: back in a moment, like a page

    def _heard(self, message: dict[str, Any]) -> None:
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


def quiet_version(server: process.Server, table: str, headers: dict[str, str]) -> int:
    """The table's version once it waits for its person (or is over): nothing changes it then."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = httpx.get(f"{server.url}/api/tables/{table}", headers=headers, timeout=30).json()
        if state["outcome"] is not None or 0 in state["to_act"]:
            return int(state["version"])
        time.sleep(0.05)
    raise AssertionError("the bots did not hand the turn back")


def test_a_rolling_restart_answers_every_request_and_loses_nothing(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "rolling")
    server = process.start(url, tmp_path, extra=["--workers", "2"])
    spectator = None
    try:
        body = {"game": "robotick", "seats": ["human", "bot", "bot"], "seed": 3, "timers": False}
        created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        table, headers = created["table"], {"Authorization": f"Bearer {created['token']}"}
        spectator = Spectator(server, table)
        before, acknowledged = workers_of(server), []
        assert len(before) == 2
        restarted_at = None
        while len(acknowledged) < 200:
            state = httpx.get(f"{server.url}/api/tables/{table}", headers=headers, timeout=30).json()
            if state["outcome"] is not None:
                break
            if 0 in state["to_act"] and state["legal"]:
                action = {"action": state["legal"][0]}
                played = httpx.post(
                    f"{server.url}/api/tables/{table}/actions", json=action, headers=headers, timeout=30
                )
                assert played.status_code == 200, played.text  # answered, whichever worker took it
                acknowledged.append(state["legal"][0])
            if len(acknowledged) == 5 and restarted_at is None:
                server.process.send_signal(signal.SIGHUP)
                restarted_at = len(acknowledged)
            replaced = restarted_at is not None and not before & workers_of(server)
            if replaced and len(workers_of(server)) == 2 and len(acknowledged) >= restarted_at + 10:
                break
            time.sleep(0.02)
        assert restarted_at is not None and not before & workers_of(server), "every worker was replaced"
        version = quiet_version(server, table, headers)  # the bots wait for the person now
        deadline = time.monotonic() + 20
        while spectator.numbers[-1:] != [version] and time.monotonic() < deadline:
            time.sleep(0.05)
        spectator.stop()
        stored = open_store(url, migrate=False)
        actions = stored.load(table).actions
        stored.close()
        assert [action for seat, action in actions if seat == 0] == acknowledged
        assert spectator.numbers == list(range(1, len(actions) + 1))  # once each, in order
        assert spectator.connections >= 2  # its worker went: closed (1012, service restart), back at once
        assert httpx.get(f"{server.url}/readyz", timeout=30).json()["ready"]
    finally:
        if spectator is not None:
            spectator.stop()
        process.stop(server)
