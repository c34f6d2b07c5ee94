"""Issue 29: ``robotable serve`` killed with ``kill -9`` during a rated game's last action, and
during its rating update, then started again on the same database (an SQLite file, or
PostgreSQL). Each time, right after the kill: the table is marked over if and only if its
ratings were updated; after the restart the game that ended is rated, once.

To kill the server inside the rating transaction, the server is started with the test hook
:data:`~robotable.server.rating_store.PAUSE_HOOK`, which pauses there and says so on its output."""

from __future__ import annotations

import contextlib
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from robotable.server import schema
from robotable.server.rating_store import PAUSE_HOOK
from robotable.server.store import open_store

from . import process

PASSWORD = "a password to keep"
LAST_ACTION_KILLS = 2
"""Games whose last action is cut by a kill at a random moment."""


def signed_in(server: process.Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=60)
    answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    if answer.status_code == 409:  # made before a restart
        answer = client.post("/api/account/signin", json={"name": name, "password": PASSWORD})
    assert answer.status_code in (200, 201), answer.text
    return client


def rated_table(client: httpx.Client) -> str:
    body = {"game": "dr2d", "seats": ["human", "bot:easy"], "rated": True}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()["table"]


def concede_in_background(client: httpx.Client, table: str) -> threading.Thread:
    def concede() -> None:
        with contextlib.suppress(httpx.HTTPError):  # the server was killed under it
            client.post(f"/api/tables/{table}/actions", json={"action": "concede"})

    thread = threading.Thread(target=concede, daemon=True)
    thread.start()
    return thread


def stored(url: str, table: str) -> tuple[str, int, int]:
    """The table's status, its history rows, and the games its players' ratings count."""
    store = open_store(url, migrate=False)
    try:
        with store.engine.connect() as connection:
            status = connection.execute(
                select(schema.game_tables.c.status).where(schema.game_tables.c.id == table)
            ).scalar_one()
            rows = connection.execute(
                select(func.count())
                .select_from(schema.rating_history)
                .where(schema.rating_history.c.table_id == table)
            ).scalar_one()
            counted = func.coalesce(func.sum(schema.ratings.c.games), 0)
            games = connection.execute(select(counted)).scalar_one()
    finally:
        store.close()
    return status, rows, games


def wait_for(condition: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def over_after_restart(server: process.Server, table: str) -> bool:
    """Whether the restarted server has the game over (a game whose last action was stored
    is finished, and rated, when the server restores it)."""
    answer = httpx.get(f"{server.url}/api/tables/{table}", timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["outcome"] is not None


@pytest.mark.timeout(300)
@pytest.mark.long
def test_kill_9_inside_the_rating_transaction_rates_once_after_restart(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PAUSE_HOOK, "60")  # the server pauses inside the rating transaction
    first = process.start(url, tmp_path)
    try:
        table = rated_table(signed_in(first, "Ann"))
        concede_in_background(signed_in(first, "Ann"), table)
        wait_for(lambda: f"{PAUSE_HOOK}: pausing" in first.log())
    finally:
        process.kill(first)
    assert first.process.returncode == -9
    assert stored(url, table) == ("running", 0, 0)  # neither the mark nor the ratings

    monkeypatch.delenv(PAUSE_HOOK)
    with process.running(url, tmp_path) as second:
        assert over_after_restart(second, table)  # its last action was stored: finished and rated now
        assert stored(url, table) == ("over", 2, 2)
    with process.running(url, tmp_path) as third:
        assert over_after_restart(third, table)
    assert stored(url, table) == ("over", 2, 2)  # not rated twice


@pytest.mark.timeout(300)
@pytest.mark.long
def test_kill_9_during_a_rated_game_s_last_action_keeps_outcome_and_ratings_together(
    url: str, tmp_path: Path
) -> None:
    chance = random.Random(29)
    rated_games = 0
    server = process.start(url, tmp_path)
    try:
        for _ in range(LAST_ACTION_KILLS):
            try:
                client = signed_in(server, "Ann")
                table = rated_table(client)
                concede_in_background(client, table)
                time.sleep(chance.uniform(0.0, 0.03))
            finally:
                process.kill(server)
            status, rows, games = stored(url, table)
            assert (status == "over") == (rows == 2) and games == 2 * rated_games + rows  # both or neither
            # the server started again is the one killed in the next game (one start less each time)
            server = process.start(url, tmp_path)
            ended = over_after_restart(server, table)
            status, rows, games = stored(url, table)
            rated_games += ended
            assert (status == "over", rows, games) == (ended, 2 if ended else 0, 2 * rated_games)
    finally:
        process.stop(server)
