"""``robotable serve``: the real command, as a process on a free port, and its errors."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from robotable.cli import serve
from robotable.cli.main import app
from robotable.cli.serve import AppSettings
from robotable.server.quotas import PerAddress, Quotas

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


QUOTA_OPTIONS = {
    "--tables-per-hour": "New tables one address may create in an hour",
    "--running-tables": "Unfinished tables one address may have created",
    "--bot-seats": "Bot seats at once in the unfinished tables one address created",
    "--bot-seats-overall": "Bot seats at once in all the unfinished tables this process runs",
    "--sockets-per-address": "WebSocket connections one address may hold open at once",
    "--bot-tables": "Unfinished tables one bot account may sit at, at once",
    "--bot-requests": "API requests a second one bot's token may send",
}


def test_serve_help_lists_every_quota_in_plain_words() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "400"}, terminal_width=400)
    assert result.exit_code == 0, result.output
    for option, words in QUOTA_OPTIONS.items():
        line = next(line for line in result.output.splitlines() if f" {option} " in line)
        assert words in line, line


def settings_handed(monkeypatch: pytest.MonkeyPatch) -> list[AppSettings]:
    """``serve`` stops where it would run its application: the settings it would have run it with."""
    handed: list[AppSettings] = []

    def run(store: Any, listener: socket.socket, settings: AppSettings, _uvicorn: Any) -> None:
        listener.close()
        store.close()
        handed.append(settings)

    monkeypatch.setattr(serve, "_run", run)
    return handed


def test_serve_hands_its_quota_options_to_the_application(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    handed = settings_handed(monkeypatch)
    options = ["--tables-per-hour", "5", "--running-tables", "4", "--bot-seats", "3"]
    options += ["--bot-seats-overall", "7", "--sockets-per-address", "2", "--bot-tables", "3"]
    options += ["--bot-requests", "4"]
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--port", str(process.free_port()), "--db", url, *options])
    assert result.exit_code == 0, result.output
    quotas = Quotas(address=PerAddress(5, 4, 3, 2), bot_seats_overall=7, bot_tables=3, bot_requests=4)
    assert handed[0].quotas == quotas
    refused = CliRunner().invoke(app, ["serve", "--db", url, "--running-tables", "0"])
    assert refused.exit_code == 2 and "--running-tables" in refused.output  # at least 1


def test_worker_processes_get_the_same_quotas(monkeypatch: pytest.MonkeyPatch) -> None:
    quotas = Quotas(
        address=PerAddress(5, 4, 3, 2),
        loopback=PerAddress(50, 40, 30, 20),
        bot_seats_overall=7,
        bot_tables=2,
        bot_requests=3,
    )
    settings = AppSettings(
        think_limit=3.0,
        trusted_proxies=("10.0.0.0/8",),
        bot_cpu_share=0.25,
        stop_within=4.0,
        quotas=quotas,
        bot_accounts=False,
    )
    for variable in (serve.THINK_VARIABLE, serve.GRACE_VARIABLE, serve.SUGGEST_VARIABLE, serve.DOCS_VARIABLE):
        monkeypatch.setenv(variable, "")  # each put back as it was after the test
    monkeypatch.setenv(serve.BOTS_VARIABLE, "")
    monkeypatch.setenv(serve.STOP_VARIABLE, "")
    monkeypatch.setenv(serve.PROXIES_VARIABLE, "")
    monkeypatch.setenv(serve.QUOTAS_VARIABLE, "")
    monkeypatch.setenv(serve.BOT_ACCOUNTS_VARIABLE, "")
    settings.export()
    assert AppSettings.imported() == settings
    monkeypatch.delenv(serve.QUOTAS_VARIABLE)  # a parent of an older version: the defaults
    assert AppSettings.imported().quotas == Quotas()


def test_the_command_lines_bot_share_is_the_servers_default() -> None:
    from robotable.server.thinking import BOT_CPU_SHARE

    assert serve.BOT_CPU_SHARE == BOT_CPU_SHARE


def test_serve_hands_its_bot_share_and_stop_bound_to_the_application(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    handed: list[tuple[AppSettings, dict[str, Any]]] = []

    def run(store: Any, listener: socket.socket, settings: AppSettings, uvicorn: dict[str, Any]) -> None:
        listener.close()
        store.close()
        handed.append((settings, uvicorn))

    monkeypatch.setattr(serve, "_run", run)
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    options = ["--bot-cpu-share", "0.25", "--stop-within", "6"]
    result = CliRunner().invoke(app, ["serve", "--port", str(process.free_port()), "--db", url, *options])
    assert result.exit_code == 0, result.output
    settings, uvicorn = handed[0]
    assert (settings.bot_cpu_share, settings.stop_within) == (0.25, 6.0)
    assert uvicorn["timeout_graceful_shutdown"] == 3  # the requests in progress get half of it
    refused = CliRunner().invoke(app, ["serve", "--db", url, "--bot-cpu-share", "1.5"])
    assert refused.exit_code == 2 and "--bot-cpu-share" in refused.output


def test_a_served_quota_refuses_a_client_behind_the_trusted_proxy(tmp_path: Path) -> None:
    """From this machine the generous limits hold; a client behind a named proxy meets the option's."""
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    extra = ["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1", "--running-tables", "1"]
    server = process.start(db, tmp_path, extra=extra)
    try:
        body = {"game": "dr2d", "seats": ["human", "human"], "timers": False}
        client = {"X-Forwarded-For": "203.0.113.9"}
        first = httpx.post(f"{server.url}/api/tables", json=body, headers=client, timeout=10)
        assert first.status_code == 201, first.text
        second = httpx.post(f"{server.url}/api/tables", json=body, headers=client, timeout=10)
        assert second.status_code == 429 and second.headers["Retry-After"] == "60", second.text
        assert "at most 1 at once from one address" in second.json()["error"]
        assert (
            httpx.post(f"{server.url}/api/tables", json=body, timeout=10).status_code == 201
        )  # this machine
    finally:
        process.stop(server)
