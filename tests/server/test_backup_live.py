"""Issue 31: ``robotable admin backup`` taken while a server's tables are played (SQLite's online
backup API, ``pg_dump`` for PostgreSQL), restored into a fresh database: a server started on the
copy resumes every running table where the backup caught it, for the same seat tokens, to the
game's end, and the finished games replay. The copy holds every action acknowledged before the
backup began, and nothing the source did not store."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from robotable.core.records import read_records
from robotable.games import replay
from robotable.server.store import open_store

from .. import pg
from . import process
from .admin_tables import admin
from .people import HttpPerson

pytestmark = pytest.mark.timeout(240)


def stored_actions(url: str, table: str) -> list[tuple[int, str]]:
    store = open_store(url, migrate=False)
    try:
        return list(store.load(table).actions)
    finally:
        store.close()


def finished_game_replays(url: str, table: str, folder: Path) -> None:
    shown = admin("show", table, "--db", url, "--json")
    assert shown.exit_code == 0, shown.output
    (folder / f"{table}.json").write_text(shown.stdout, encoding="utf-8")
    (record,) = read_records(folder / f"{table}.json")
    replay(record)
    assert record.outcome is not None


def play_during_backup(url: str, backup: Path, folder: Path) -> tuple[list[HttpPerson], dict[str, int]]:
    """On a server over ``url``: two games played before, while and after the backup is taken;
    their acknowledged counts when it began."""
    server = process.start(url, folder)
    try:
        running = [HttpPerson(server, seed, hangars=8) for seed in (2, 3)]
        for person in running:
            person.thread.start()
        while min(len(person.acknowledged) for person in running) < 3:
            time.sleep(0.02)
        before = {person.table: len(person.acknowledged) for person in running}
        made = admin("backup", str(backup), "--db", url)
        assert made.exit_code == 0, made.output
        after = {person.table: len(person.acknowledged) for person in running}
        while any(len(person.acknowledged) < after[person.table] + 2 for person in running):
            time.sleep(0.02)  # played on after it: the copy is of tables in play
        for person in running:
            person.stop()
            assert person.outcome is None and not person.failures, "still running when the backup ended"
        return running, before
    finally:
        process.stop(server)


@pytest.mark.long
def test_a_backup_taken_during_play_restores_tables_that_replay_and_resume(
    url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    backup = tmp_path / "robotable.backup"
    running, before = play_during_backup(url, backup, tmp_path)
    if url.startswith("sqlite"):
        target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    else:
        target = pg.new_database(request.getfixturevalue("cluster"), "restored_live")
    restored = admin("restore", str(backup), "--db", target)
    assert restored.exit_code == 0, restored.output
    for person in running:
        copy, source = stored_actions(target, person.table), stored_actions(url, person.table)
        assert copy == source[: len(copy)] and len(copy) < len(source), "the source at one moment"
        mine = [seat for seat, _ in copy if seat == 0]
        assert len(mine) >= before[person.table], "every action acknowledged before the backup"
    server = process.start(target, tmp_path)
    try:
        resumed = [HttpPerson(server, 0, table=p.table, token=p.token) for p in running]
        for person in resumed:
            person.thread.start()
        for person in resumed:
            person.thread.join(150)
            assert person.outcome is not None and not person.failures, "resumed to the game's end"
            assert person.acknowledged, "the seat's token still works on the copy"
    finally:
        process.stop(server)
    for person in running:
        finished_game_replays(target, person.table, tmp_path)
