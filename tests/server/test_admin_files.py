"""``robotable admin archive, backup, restore`` on SQLite (issue 31): the files they write replay,
only what was written and verified leaves the database, and a bad folder, an existing file, a
damaged backup or a database in use is one red line that changes nothing."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from robotable.core.records import read_records
from robotable.games import replay

from .admin_tables import admin, filled, robotable, sqlite_rows

NOW = time.time()
EVERYTHING = (
    "SELECT 'table', id, status, version FROM game_tables UNION ALL "
    "SELECT 'seat', table_id, name, seat FROM seats UNION ALL "
    "SELECT 'action', table_id, notation, number FROM actions UNION ALL "
    "SELECT 'chat', table_id, text, number FROM chat ORDER BY 1, 2, 3, 4"
)


@pytest.fixture
def db(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "server.sqlite3"
    url = filled(path, NOW)
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("INSERT INTO chat VALUES ('oldDone', 1, 0, ?, 'good game')", (NOW - 40 * 86400,))
    return url, path


def test_archive_writes_a_record_that_replays_and_removes_only_that_table(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    folder = tmp_path / "archive" / "2026"
    result = admin("archive", "--older-than", "30", "--to", str(folder), "--db", db[0])
    assert result.exit_code == 0, result.output
    assert "1 table archived" in result.output
    assert [file.name for file in folder.iterdir()] == ["oldDone.json"]
    (record,) = read_records(folder / "oldDone.json")
    replay(record)
    assert record.outcome is not None and record.outcome.winners == (0,)
    assert robotable("replay", str(folder / "oldDone.json")).exit_code == 0  # what `robotable replay` reads
    left = sqlite_rows(db[1], EVERYTHING)
    assert not [row for row in left if row[1] == "oldDone"]  # its seats, actions and chat too
    assert {row[1] for row in left if row[0] == "table"} == {"stuckOne", "freshOne", "trickOne"}


def test_archive_dry_run_and_a_folder_it_cannot_write_change_nothing(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    before = sqlite_rows(db[1], EVERYTHING)
    dry = admin("archive", "--older-than", "30", "--to", str(tmp_path / "a"), "--db", db[0], "--dry-run")
    assert dry.exit_code == 0 and "1 finished table older than 30 days would be archived" in dry.output
    assert "oldDone" in dry.output and not (tmp_path / "a").exists()
    (tmp_path / "a file").write_text("", encoding="utf-8")
    bad = admin("archive", "--older-than", "30", "--to", str(tmp_path / "a file" / "in"), "--db", db[0])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: --to ") and "cannot write there" in bad.stderr
    assert sqlite_rows(db[1], EVERYTHING) == before


def test_archive_keeps_a_table_whose_record_does_not_replay(db: tuple[str, Path], tmp_path: Path) -> None:
    with contextlib.closing(sqlite3.connect(db[1])) as connection, connection:
        connection.execute("UPDATE actions SET notation = 'bid 5' WHERE table_id = 'oldDone'")
    result = admin("archive", "--older-than", "30", "--to", str(tmp_path / "a"), "--db", db[0])
    assert result.exit_code == 0, result.output
    assert (
        "0 tables archived" in result.output
        and "kept table oldDone: its record does not replay" in result.output
    )
    assert list((tmp_path / "a").iterdir()) == []  # no file that does not replay
    assert sqlite_rows(db[1], "SELECT status FROM game_tables WHERE id = 'oldDone'") == [("over",)]


def test_backup_and_restore_give_back_the_same_tables_which_replay(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    backup = tmp_path / "backup.sqlite3"
    made = admin("backup", str(backup), "--db", db[0])
    assert made.exit_code == 0, made.output
    assert "backed up" in made.output and sorted(
        p.name for p in tmp_path.iterdir() if "backup" in p.name
    ) == ["backup.sqlite3"]
    target = tmp_path / "restored.sqlite3"
    restored = admin("restore", str(backup), "--db", f"sqlite:///{target}")
    assert restored.exit_code == 0, restored.output
    assert sqlite_rows(target, EVERYTHING) == sqlite_rows(db[1], EVERYTHING)
    shown = admin("show", "oldDone", "--db", f"sqlite:///{target}", "--json")
    (tmp_path / "r.json").write_text(shown.stdout, encoding="utf-8")
    (record,) = read_records(tmp_path / "r.json")
    replay(record)


def test_restore_replaces_a_database_with_tables_only_when_forced(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert admin("backup", str(backup), "--db", db[0]).exit_code == 0
    before = sqlite_rows(db[1], EVERYTHING)
    assert admin("end", "stuckOne", "--reason", "oops", "--db", db[0]).exit_code == 0
    after_end = sqlite_rows(db[1], EVERYTHING)
    refused = admin("restore", str(backup), "--db", db[0])
    assert refused.exit_code == 2 and "holds 4 tables and 0 accounts" in refused.stderr
    assert "--force" in refused.stderr and sqlite_rows(db[1], EVERYTHING) == after_end
    forced = admin("restore", str(backup), "--db", db[0], "--force")
    assert forced.exit_code == 0, forced.output
    assert sqlite_rows(db[1], EVERYTHING) == before  # the end is undone


def test_restore_refuses_while_a_server_has_the_database_open(db: tuple[str, Path], tmp_path: Path) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert admin("backup", str(backup), "--db", db[0]).exit_code == 0
    with contextlib.closing(sqlite3.connect(db[1])) as server:  # as a server does: write-ahead log, open
        server.execute("PRAGMA journal_mode=WAL")
        server.execute("SELECT count(*) FROM game_tables").fetchall()
        refused = admin("restore", str(backup), "--db", db[0], "--force")
        assert refused.exit_code == 2 and "a server seems to be running on it" in refused.stderr
    assert admin("restore", str(backup), "--db", db[0], "--force").exit_code == 0  # closed: it may


def test_a_write_ahead_log_left_by_a_killed_server_is_tidied_by_any_command(
    db: tuple[str, Path], tmp_path: Path
) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert admin("backup", str(backup), "--db", db[0]).exit_code == 0
    killed = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL')\n"
        "c.execute(\"UPDATE game_tables SET version = version WHERE id = 'oldDone'\"); c.commit()\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", killed, str(db[1])], check=False)
    refused = admin("restore", str(backup), "--db", db[0], "--force")
    assert refused.exit_code == 2 and "`robotable admin list` on it once tidies it" in refused.stderr
    assert admin("list", "--db", db[0]).exit_code == 0
    assert admin("restore", str(backup), "--db", db[0], "--force").exit_code == 0


def test_a_damaged_backup_is_refused_and_changes_nothing(db: tuple[str, Path], tmp_path: Path) -> None:
    backup = tmp_path / "backup.sqlite3"
    assert admin("backup", str(backup), "--db", db[0]).exit_code == 0
    before = sqlite_rows(db[1], EVERYTHING)
    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(backup.read_bytes()[: backup.stat().st_size // 2])
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all" * 100)
    for bad in (cut, garbage, tmp_path / "missing.sqlite3"):
        result = admin("restore", str(bad), "--db", db[0], "--force")
        assert result.exit_code == 2 and str(bad) in result.stderr, result.stderr
        assert result.stderr.startswith("error: ")
    assert sqlite_rows(db[1], EVERYTHING) == before


def test_backup_refuses_to_replace_a_file_or_write_nowhere(db: tuple[str, Path], tmp_path: Path) -> None:
    there = tmp_path / "there.sqlite3"
    there.write_text("keep me", encoding="utf-8")
    refused = admin("backup", str(there), "--db", db[0])
    assert refused.exit_code == 2 and "--force" in refused.stderr
    assert there.read_text(encoding="utf-8") == "keep me"
    nowhere = admin("backup", str(tmp_path / "no" / "b.sqlite3"), "--db", db[0])
    assert nowhere.exit_code == 2 and "there is no folder" in nowhere.stderr
    assert admin("backup", str(there), "--db", db[0], "--force").exit_code == 0
    assert there.read_bytes().startswith(b"SQLite format 3")
