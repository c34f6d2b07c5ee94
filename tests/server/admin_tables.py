"""Tables for the ``robotable admin`` tests, written straight into a store: a finished one (a
two-person Ricochet game that seat 1 conceded, so its record replays to a known outcome), an
unfinished one, each created and last played when the test says."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner, Result

from robotable import games
from robotable.cli.main import app
from robotable.play.table import Table
from robotable.server.seats import SeatRow
from robotable.server.store import Store, new_header, open_store

DAY = 86400.0
OPTIONS = {"chips_to_win": 1}


def make_table(
    store: Store, table_id: str, *, created: float, finished: bool, game: str = "ricochet"
) -> None:
    """A table of ``game`` (ricochet or robotick) created at ``created``; ``finished``: seat 1
    conceded a minute later, so seat 0 won (ricochet only)."""
    kinds = ["human", "human"] if game == "ricochet" else ["human", "bot:easy", "bot:easy"]
    options = OPTIONS if game == "ricochet" else {}
    table = Table(games.get(game), options, seed=11, seats=kinds, now=created)
    header = new_header(
        table_id,
        game,
        table.game.rules_version,
        table.record.options,
        seed=11,
        created=created,
        timers=game == "ricochet",
    )
    header.status = "running"
    rows = [
        SeatRow(seat, kind, f"Ann {seat}" if kind == "human" else "", None) for seat, kind in enumerate(kinds)
    ]
    store.create(header, rows)
    if finished:
        table.submit(1, "concede", created + 60)
        store.append(table_id, 1, seat=1, notation="concede", at=created + 60)
        outcome = table.outcome()
        assert outcome is not None
        store.finish(table_id, outcome)


def filled(path: Path, now: float) -> str:
    """A database at ``path`` with an old finished table, a stuck one, a fresh one and a Robotick
    one (``oldDone``, ``stuckOne``, ``freshOne``, ``trickOne``); its URL."""
    url = f"sqlite:///{path}"
    store = open_store(url)
    fill(store, now)
    store.close()
    return url


def fill(store: Store, now: float) -> None:
    make_table(store, "oldDone", created=now - 40 * DAY, finished=True)
    make_table(store, "stuckOne", created=now - 3 * DAY, finished=False)
    make_table(store, "freshOne", created=now - 60, finished=False)
    make_table(store, "trickOne", created=now - 120, finished=False, game="robotick")


def admin(*arguments: str) -> Result:
    return robotable("admin", *arguments)


def robotable(*arguments: str) -> Result:
    return CliRunner().invoke(app, list(arguments), catch_exceptions=False, env={"COLUMNS": "200"})


def sqlite_rows(path: Path, query: str) -> list[tuple[object, ...]]:
    with contextlib.closing(sqlite3.connect(path)) as connection:  # closed: an open one keeps its -wal
        return connection.execute(query).fetchall()


def sqlite_change(path: Path, statement: str) -> None:
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(statement)


def record_json(text: str) -> dict[str, object]:
    return json.loads(text)
