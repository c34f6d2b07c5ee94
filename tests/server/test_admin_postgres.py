"""``robotable admin`` on PostgreSQL (issue 31): ending a table while a server runs on the
database reaches the table's players at once (the store's notice, as for another process's
action), and a backup restored into another database gives back the same tables, which replay;
a restore is refused while a server is connected."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from robotable.core.records import read_records
from robotable.games import replay
from robotable.server.store import open_store

from .. import pg
from . import process
from .admin_tables import admin, fill

NOW = time.time()
EVERYTHING = (
    "SELECT 'table', id, status || ' ' || version FROM game_tables UNION ALL "
    "SELECT 'seat', table_id, name || ' ' || seat FROM seats UNION ALL "
    "SELECT 'action', table_id, notation || ' ' || number FROM actions ORDER BY 1, 2, 3"
)


def wait_for(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("not in time")
        time.sleep(0.05)


def rows(url: str, query: str = EVERYTHING) -> list[tuple[Any, ...]]:
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as connection:
        return connection.execute(query).fetchall()


class Player:
    """A seat's WebSocket connection (sentences in French), every message read on a thread."""

    def __init__(self, server: process.Server, table: str, token: str) -> None:
        address = (
            server.url.replace("http", "ws") + f"/ws/tables/{table}?token={token}&sentences=true&lang=fr"
        )
        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(connect(address, open_timeout=20))
        self.received: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            while True:
                self.received.append(json.loads(self.socket.recv()))

    def events(self) -> list[dict[str, Any]]:
        return [e for m in self.received if m["type"] == "update" for e in m["news"]["events"]]

    def close(self) -> None:
        self.stack.close()
        self.thread.join(10)


@pytest.mark.timeout(180)
def test_end_reaches_the_players_of_a_running_server_at_once(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "admin_end")
    server = process.start(url, tmp_path)
    player = None
    try:
        made = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "robotick", "seats": ["human", "bot:easy", "bot:easy"], "timers": False},
            timeout=20,
        ).json()
        table, token = made["table"], made["token"]
        player = Player(server, table, token)
        wait_for(lambda: any(m["type"] == "state" for m in player.received))
        result = admin("end", table, "--reason", "the club closes tonight", "--db", url)
        assert result.exit_code == 0, result.output
        assert "tells its players now" in result.output
        wait_for(lambda: any(e["kind"] == "ended" for e in player.events()))
        (ended,) = [e for e in player.events() if e["kind"] == "ended"]
        assert ended["text"] == "L'administrateur du serveur a arrêté la partie : the club closes tonight"
        last = [m for m in player.received if m["type"] == "update"][-1]["state"]
        assert last["outcome"]["detail"] == "ended by the administrator: the club closes tonight"
        assert last["to_act"] == [] and last["legal"] == []
        refused = httpx.post(
            f"{server.url}/api/tables/{table}/actions",
            json={"action": "play 1"},
            headers={"Authorization": f"Bearer {token}"},
            timeout=20,
        )
        assert refused.status_code == 409 and refused.json()["code"] == "over"
        assert rows(url, f"SELECT status FROM game_tables WHERE id = '{table}'") == [("over",)]
    finally:
        if player is not None:
            player.close()
        process.stop(server)


@pytest.mark.timeout(180)
def test_backup_and_restore_round_trip(cluster: str, tmp_path: Path) -> None:
    source = pg.new_database(cluster, "admin_source")
    store = open_store(source)
    fill(store, NOW)
    store.close()
    backup = tmp_path / "robotable.dump"
    made = admin("backup", str(backup), "--db", source)
    assert made.exit_code == 0, made.output
    assert backup.read_bytes().startswith(b"PGDMP")  # pg_dump's custom format
    target = pg.new_database(cluster, "admin_target")
    restored = admin("restore", str(backup), "--db", target)
    assert restored.exit_code == 0, restored.output
    assert rows(target) == rows(source) and len(rows(target)) > 8
    shown = admin("show", "oldDone", "--db", target, "--json")
    (tmp_path / "r.json").write_text(shown.stdout, encoding="utf-8")
    (record,) = read_records(tmp_path / "r.json")
    replay(record)
    again = admin("restore", str(backup), "--db", target)
    assert again.exit_code == 2 and "holds 4 tables" in again.stderr
    assert admin("end", "stuckOne", "--reason", "oops", "--db", target).exit_code == 0
    forced = admin("restore", str(backup), "--db", target, "--force")
    assert forced.exit_code == 0, forced.output
    assert rows(target) == rows(source)  # the end undone


@pytest.mark.timeout(180)
def test_restore_is_refused_while_a_server_runs_and_a_damaged_dump_changes_nothing(
    cluster: str, tmp_path: Path
) -> None:
    url = pg.new_database(cluster, "admin_busy")
    store = open_store(url)
    fill(store, NOW)
    store.close()
    backup = tmp_path / "robotable.dump"
    assert admin("backup", str(backup), "--db", url).exit_code == 0
    before = rows(url)
    damaged = tmp_path / "damaged.dump"
    damaged.write_bytes(backup.read_bytes()[:200])
    bad = admin("restore", str(damaged), "--db", url, "--force")
    assert bad.exit_code == 2 and "is not a backup" in bad.stderr
    assert rows(url) == before
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as other:
        other.execute("DELETE FROM game_tables WHERE id = 'freshOne'")  # a restore would bring it back
    server = process.start(url, tmp_path)
    try:
        busy = admin("restore", str(backup), "--db", url, "--force")
        assert busy.exit_code == 2 and "a server seems to be running on it" in busy.stderr
    finally:
        process.stop(server)
    assert rows(url, "SELECT id FROM game_tables WHERE id = 'freshOne'") == []
