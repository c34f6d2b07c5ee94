"""``robotable serve --log-format json --log-level ...``: every line one JSON object naming the
request (the client's ``X-Request-ID`` when sane, else a new one, echoed back) and the table it
is about; seat tokens hidden in JSON as in text; the same in the worker processes."""

from __future__ import annotations

import json
import logging
import pickle
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from robotable.server.logs import SERVED, HideTokens, JsonLines, LogContext, Served, about_table, log_config

from .. import pg
from . import process

PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"}


def json_lines(server: process.Server) -> list[dict[str, Any]]:
    """Every line of the server's output, each parsed as JSON (one that is not fails the test)."""
    return [json.loads(line) for line in server.log().splitlines() if line.strip()]


def create(server: process.Server, request_id: str) -> dict[str, Any]:
    body = {"game": "ricochet", "seats": ["human", "human"], "options": PUZZLE, "seed": 1}
    created = httpx.post(
        f"{server.url}/api/tables", json=body, headers={"X-Request-ID": request_id}, timeout=10
    )
    assert created.headers["X-Request-ID"] == request_id
    return created.json()


def test_json_lines_name_the_request_and_the_table_and_hide_tokens(tmp_path: Path) -> None:
    server = process.start(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, extra=["--log-format", "json"])
    try:
        created = create(server, "make-1")
        table, token = created["table"], created["token"]
        played = httpx.post(
            f"{server.url}/api/tables/{table}/actions",
            json={"action": "bid 5"},
            headers={"Authorization": f"Bearer {token}", "X-Request-ID": "play-7"},
            timeout=10,
        )
        assert played.status_code == 200 and played.headers["X-Request-ID"] == "play-7"
        made_up = httpx.get(
            f"{server.url}/api/tables/{table}", headers={"X-Request-ID": "x" * 65}, timeout=10
        )
        fresh = made_up.headers["X-Request-ID"]  # too long: not taken, a new one made
        assert len(fresh) == 16 and fresh != "x" * 65
        socket_url = server.url.replace("http", "ws") + f"/ws/tables/{table}?token={token}"
        with connect(socket_url, open_timeout=10, additional_headers={"X-Request-ID": "sock-3"}) as socket:
            assert socket.response.headers["X-Request-ID"] == "sock-3"
            assert json.loads(socket.recv(timeout=10))["seat"] == 0
    finally:
        process.stop(server)
    lines = json_lines(server)
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    assert all(line["time"].endswith("+00:00") for line in lines)  # ISO 8601, in UTC
    assert any(line["message"].startswith("serving on ") for line in lines)  # the start too
    access = {line.get("request"): line for line in lines if line["logger"] == "uvicorn.access"}
    assert access["make-1"]["table"] == table  # the creation's line names the new table
    assert (access["play-7"]["table"], access["play-7"]["status"], access["play-7"]["method"]) == (
        table,
        200,
        "POST",
    )
    assert access[fresh]["path"] == f"/api/tables/{table}"
    opened = [line for line in lines if line.get("request") == "sock-3"]
    assert opened and all(line["table"] == table for line in opened)
    assert any("token=***" in line["message"] for line in opened)
    assert token not in server.log()


def test_the_log_level_leaves_out_the_lines_below_it(tmp_path: Path) -> None:
    extra = ["--log-format", "json", "--log-level", "warning"]
    server = process.start(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, extra=extra)
    try:
        create(server, "quiet")
        assert httpx.get(f"{server.url}/api/tables/nosuch", timeout=10).status_code == 404
    finally:
        process.stop(server)
    lines = json_lines(server)
    assert lines == [line for line in lines if line["level"] in ("warning", "error")]
    assert not any(line.get("request") == "quiet" for line in lines)


def test_an_exception_in_json_has_its_text_with_tokens_hidden() -> None:
    logger = logging.getLogger("robotable.test_logs")
    record: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = record.append  # type: ignore[method-assign]
    handler.addFilter(HideTokens())
    handler.addFilter(LogContext())
    logger.addHandler(handler)
    token = SERVED.set(Served("req-1"))
    try:
        about_table("T1")
        about_table("no spaces please")  # not an id: the table stays the one before
        try:
            raise RuntimeError("failed at /ws/tables/T1?token=SEAT-SECRET")
        except RuntimeError:
            logger.exception("table %s: %s", "T1", "ws://x/ws/tables/T1?token=SEAT-SECRET&since=3")
    finally:
        SERVED.reset(token)
        logger.removeHandler(handler)
    line = json.loads(JsonLines().format(record[0]))
    assert (line["level"], line["logger"], line["request"], line["table"]) == (
        "error",
        "robotable.test_logs",
        "req-1",
        "T1",
    )
    assert line["message"] == "table T1: ws://x/ws/tables/T1?token=***&since=3"
    assert "RuntimeError: failed at /ws/tables/T1?token=***" in line["exception"]
    assert "SEAT-SECRET" not in json.dumps(line)


def test_the_json_configuration_reaches_worker_processes_whole() -> None:
    """uvicorn pickles its configuration to each worker of ``--workers N`` and applies it there."""
    config = pickle.loads(pickle.dumps(log_config("json", "debug")))
    assert config["formatters"] == {"json": {"()": JsonLines}}
    assert {handler["formatter"] for handler in config["handlers"].values()} == {"json"}
    assert config["loggers"]["robotable"]["level"] == "DEBUG"
    assert log_config()["formatters"]["default"]["()"] == "uvicorn.logging.DefaultFormatter"  # text as before


@pytest.mark.timeout(180)
def test_worker_processes_log_json_lines_too(cluster: str, tmp_path: Path) -> None:
    url = pg.new_database(cluster, "json_logs")
    server = process.start(url, tmp_path, extra=["--workers", "2", "--log-format", "json"])
    try:
        table = create(server, "make-w")["table"]
        for number in range(4):  # whichever worker each lands on
            headers = {"X-Request-ID": f"look-{number}"}
            assert (
                httpx.get(f"{server.url}/api/tables/{table}", headers=headers, timeout=30).status_code == 200
            )
    finally:
        process.stop(server)
    lines = json_lines(server)
    assert any(line["message"] == "2 worker processes" for line in lines)
    access = {line.get("request"): line for line in lines if line["logger"] == "uvicorn.access"}
    assert {access[f"look-{n}"]["table"] for n in range(4)} == {table}
    assert access["make-w"]["table"] == table
    assert (
        len({line["message"] for line in lines if line["message"].startswith("Started server process")}) == 2
    )
