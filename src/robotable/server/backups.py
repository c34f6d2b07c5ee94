"""Backing up and restoring a server's database (``robotable admin backup`` and ``restore``).

- SQLite: Python's online backup API (:meth:`sqlite3.Connection.backup`), which copies a
  consistent snapshot even while a server writes (the copy is made in one step under a read
  lock); a restore is the same API the other way, into the target file.
- PostgreSQL: ``pg_dump`` in its custom format, and ``pg_restore --clean --if-exists`` in one
  transaction (a failed restore changes nothing). The programs are looked for on ``PATH``, then
  in Debian's ``/usr/lib/postgresql/VERSION/bin`` (the newest: ``pg_dump`` refuses a server
  newer than itself). The password goes in their environment (``PGPASSWORD``), never on their
  command line, which any user of the machine can read.

A backup is refused before anything is written when its file cannot be; a restore is refused,
changing nothing, when the file is not a robotable backup, when its schema is newer than this
robotable knows, when the target holds tables or accounts (unless forced), and when a server
seems to be running on the target.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from robotable.core.errors import RobotableError
from robotable.server.admin_store import known_revisions
from robotable.server.store import Store, StoreError

PROGRAM_TIMEOUT = 3600.0
"""Seconds ``pg_dump`` or ``pg_restore`` may take."""


class BackupError(RobotableError):
    """A backup or a restore that cannot be done (the message says why); nothing was changed."""


@dataclass(frozen=True)
class Contents:
    """What a database holds that a restore would replace."""

    tables: int
    accounts: int

    @property
    def empty(self) -> bool:
        return self.tables == 0 and self.accounts == 0


def parsed_url(url: str) -> URL:
    try:
        return make_url(url)
    except ArgumentError:
        raise BackupError(f"{url!r} is not a database URL (sqlite:///FILE or postgresql://...)") from None


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (None: not SQLite); :class:`BackupError` for an in-memory one."""
    parsed = parsed_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    if parsed.database in (None, "", ":memory:"):
        raise BackupError(
            f"{url!r} is a database in memory, which no other program sees: name a file (sqlite:///FILE)"
        )
    return Path(parsed.database)


def seems_running(url: str) -> str | None:
    """Why a server seems to be running on the database (None: it does not seem to). SQLite: its
    write-ahead log is there (open connections keep it; the last to close removes it). PostgreSQL:
    another client is connected to the database."""
    path = sqlite_path(url)
    if path is not None:
        wal = path.with_name(path.name + "-wal")
        if wal.exists():
            return (
                f"{wal.name} is there: a program has the database open, or was killed before closing it; "
                "if no server runs, `robotable admin list` on it once tidies it"
            )
        return None
    return None


# --------------------------------------------------------------------------- SQLite


def backup_sqlite(source: Path, file: Path) -> None:
    """A consistent copy of ``source`` in ``file`` (written beside it first, then renamed)."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    part = file.with_name(file.name + ".part")
    try:
        with (
            contextlib.closing(sqlite3.connect(source)) as origin,
            contextlib.closing(sqlite3.connect(part)) as copy,
        ):
            origin.backup(copy)
            # one self-contained file (the copy took the server's write-ahead mode): read later
            # without a -wal and -shm beside it, even where it cannot write
            copy.execute("PRAGMA journal_mode=DELETE")
        part.replace(file)
    except (sqlite3.Error, OSError) as exc:
        part.unlink(missing_ok=True)
        raise BackupError(f"cannot back up {source} into {file}: {exc}") from None


def sqlite_revision(file: Path) -> str:
    """The schema revision of an SQLite backup, once the file is checked to be an intact
    robotable database; :class:`BackupError` saying what it is not."""
    if not file.is_file():
        raise BackupError(f"there is no file {file}")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as backup:
            (check,) = backup.execute("PRAGMA quick_check").fetchone()
            if check != "ok":
                raise BackupError(f"{file} is damaged ({check}): it cannot be restored")
            rows = backup.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error as exc:
        raise BackupError(f"{file} is not a backup of a robotable database ({exc})") from None
    if len(rows) != 1:
        raise BackupError(f"{file} is not a backup of a robotable database (it has no schema version)")
    return rows[0][0]


def restore_sqlite(file: Path, target: Path) -> None:
    """``file`` copied into ``target`` page by page (the backup API the other way)."""
    try:
        with (
            contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as backup,
            contextlib.closing(sqlite3.connect(target)) as database,
        ):
            backup.backup(database)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore {file} into {target}: {exc}") from None


# --------------------------------------------------------------------------- PostgreSQL


def program(name: str) -> str:
    """``pg_dump`` or ``pg_restore``: on ``PATH``, else Debian's newest; :class:`BackupError` if none."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: _version_of(p.split("/")[4])
    )
    if not candidates:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return candidates[-1]


def _version_of(folder: str) -> float:
    try:
        return float(folder)
    except ValueError:
        return 0.0


def run_program(name: str, arguments: list[str], url: str) -> str:
    """Run ``name`` on the database at ``url``, its password in the environment; its output."""
    parsed = parsed_url(url)
    environment = dict(os.environ)
    if parsed.password is not None:
        environment["PGPASSWORD"] = str(parsed.password)
    plain = parsed.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    command = [program(name), *arguments, f"--dbname={plain}"]
    return _completed(command, environment, name)


def _completed(command: list[str], environment: dict[str, str], name: str) -> str:
    try:
        done = subprocess.run(
            command, env=environment, capture_output=True, text=True, timeout=PROGRAM_TIMEOUT, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BackupError(f"{name} could not run: {exc}") from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        raise BackupError(f"{name} failed: {lines[0] if lines else f'exit status {done.returncode}'}")
    return done.stdout


def backup_postgres(url: str, file: Path) -> None:
    part = file.with_name(file.name + ".part")
    try:
        run_program("pg_dump", ["--format=custom", f"--file={part}"], url)
        part.replace(file)
    except OSError as exc:
        raise BackupError(f"cannot write {file}: {exc.strerror or exc}") from None
    finally:
        part.unlink(missing_ok=True)


def postgres_revision(file: Path) -> str:
    """The schema revision a ``pg_dump`` file holds; :class:`BackupError` if it is not one of a
    robotable database (``pg_restore`` reads it without restoring anything)."""
    if not file.is_file():
        raise BackupError(f"there is no file {file}")
    command = [program("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(file)]
    try:
        listing = _completed(command, dict(os.environ), "pg_restore")
    except BackupError as exc:
        raise BackupError(f"{file} is not a backup of a PostgreSQL database ({exc})") from None
    lines = listing.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.startswith("COPY ") and "alembic_version" in line and lines[i + 1] != "\\.":
            return lines[i + 1].strip()
    raise BackupError(f"{file} is not a backup of a robotable database (it has no schema version)")


def restore_postgres(file: Path, url: str) -> None:
    run_program(
        "pg_restore",
        ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--no-acl", str(file)],
        url,
    )


def postgres_clients(store: Store) -> int:
    """Other clients connected to the store's PostgreSQL database (a running server holds some)."""
    query = text(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
    )
    with store._reading() as connection:
        return connection.execute(query).scalar_one()


# --------------------------------------------------------------------------- both


def contents(store: Store) -> Contents:
    """The tables and accounts the database holds (none when it has no schema yet)."""
    counts = []
    for name in ("game_tables", "accounts"):
        try:
            with store._reading() as connection:
                counts.append(connection.execute(text(f"SELECT count(*) FROM {name}")).scalar_one())
        except StoreError:  # no such table: a database never used
            counts.append(0)
    return Contents(*counts)


def check_revision(revision: str, file: Path) -> None:
    if revision not in known_revisions():
        raise BackupError(
            f"{file} holds a schema (revision {revision}) newer than this robotable knows: "
            "restore it with the robotable that made it, or upgrade robotable first"
        )
