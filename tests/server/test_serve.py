"""``robotable serve``: the real command, as a process on a free port, and its errors."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from robotable.cli.main import app

from . import process

PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"}


def test_serve_starts_on_a_fresh_sqlite_file_and_plays(tmp_path: Path) -> None:
    database = tmp_path / "fresh.sqlite3"
    with process.running(f"sqlite:///{database}", tmp_path) as server:
        body = {"game": "ricochet", "seats": ["human", "human"], "options": PUZZLE, "seed": 1}
        created = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()
        played = httpx.post(
            f"{server.url}/api/tables/{created['table']}/actions",
            json={"action": "bid 5"},
            headers={"Authorization": f"Bearer {created['token']}"},
            timeout=10,
        )
        assert played.status_code == 200 and played.json()["state"]["version"] == 1
        socket_url = (
            server.url.replace("http", "ws") + f"/ws/tables/{created['table']}?token={created['token']}"
        )
        with connect(socket_url, open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10))["seat"] == 0
        with connect(socket_url, open_timeout=10) as socket, pytest.raises(ConnectionClosed):
            socket.send("x" * 1_000_000)  # an oversized frame: the transport closes, unread
            while True:
                socket.recv(timeout=10)
        assert httpx.get(f"{server.url}/api/games", timeout=10).status_code == 200
        log = server.log()
    assert database.is_file()
    assert "token=***" in log and created["token"] not in log  # seat tokens stay out of the log
    assert f"database: {database} (SQLite)" in log and f"serving on {server.url}/" in log


def test_serve_refuses_a_port_in_use_in_one_red_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            app, ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
        )
    assert result.exit_code == 2
    assert (
        result.output.strip()
        == f"error: port {port} on 127.0.0.1 is in use: stop what uses it or choose --port"
    )


def test_serve_refuses_a_bad_database_url_in_one_red_line(tmp_path: Path) -> None:
    for url, reason in [
        ("nosuchdb://x", "Can't load plugin"),
        (f"sqlite:///{tmp_path / 'no' / 'folder.sqlite3'}", "unable to open database file"),
    ]:
        result = CliRunner().invoke(app, ["serve", "--port", str(process.free_port()), "--db", url])
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: --db ") and reason in result.output
        assert len(result.output.strip().splitlines()) == 1
