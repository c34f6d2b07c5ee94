"""``robotable admin``: the commands of the person hosting a server, on its database.

Each takes ``--db URL`` (default: the database ``robotable serve`` uses). What they ask of the
database is in :mod:`robotable.server.admin_store` and :mod:`robotable.server.backups`; here
are the words and the tables people read. Every refusal is one red line and changes nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table as RichTable
from rich.text import Text

from robotable.cli.common import check_writable, fail, out, reporting
from robotable.cli.serve_checks import shown_url as shown

if TYPE_CHECKING:
    from robotable.server.admin_store import Summary
    from robotable.server.store import Store, StoredTable

app = typer.Typer(
    name="admin",
    help="Look after a server's database: list, show and end tables, archive old ones, back up, "
    "restore, migrate.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
)

DAY = 86400.0
Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="The server's database: sqlite:///FILE or postgresql://USER@HOST/NAME. "
        "Default: the one `robotable serve` uses (an SQLite file in your data folder).",
    ),
]
SQLITE_NOT_TOLD = (
    "A server running on this SQLite database is not told at once: its players learn it at the "
    "table's next action (a move, a timer) or when the server restarts."
)


# --------------------------------------------------------------------------- opening


def _url(db: str | None) -> str:
    from robotable.server.store import default_url

    return db or default_url()


def _open(db: str | None, *, must_exist: bool = True) -> Store:
    """The database, not migrated (a red line when it cannot be opened or is not there)."""
    from robotable.server.backups import sqlite_path
    from robotable.server.store import open_store

    url = _url(db)
    with reporting():
        path = sqlite_path(url) if url.startswith("sqlite") else None
    if must_exist and path is not None and not path.is_file():
        raise fail(f"--db {shown(url)}: there is no database there")
    with _about(url):
        return open_store(url, migrate=False)


@contextmanager
def _about(url: str) -> Iterator[None]:
    """A failure of the database as one red line naming it (its password hidden)."""
    from robotable.server.store import StoreError

    with reporting():
        try:
            yield
        except StoreError as exc:
            raise StoreError(f"--db {shown(url)}: {exc}") from None


@contextmanager
def _current(db: str | None) -> Iterator[Store]:
    """The database, refused unless its schema is this robotable's newest; closed after."""
    from robotable.server.admin_store import schema_state

    store = _open(db)
    try:
        with _about(_url(db)):
            state = schema_state(store)
        if state.current is None:
            raise fail(f"--db {shown(_url(db))}: this is not a robotable database (it has no tables)")
        if state.newer:
            raise fail(_newer_line(state.current))
        if not state.up_to_date:
            raise fail(
                f"the database's schema is older than this robotable's ({state.current}, not {state.head}): "
                "run `robotable admin migrate` first"
            )
        yield store
    finally:
        store.close()


def _newer_line(revision: str) -> str:
    return (
        f"the database's schema (revision {revision}) is newer than this robotable knows: "
        "upgrade robotable before using it on this database"
    )


def _when(moment: float | None) -> str:
    return "-" if moment is None else datetime.fromtimestamp(moment).strftime("%Y-%m-%d %H:%M")


def _days(value: float | None, option: str) -> float | None:
    if value is not None and value < 0:
        raise fail(f"{option} {value:g}: a number of days, 0 or more")
    return None if value is None else time.time() - value * DAY


# --------------------------------------------------------------------------- list


@app.command("list")
def list_command(
    db: Db = None,
    status: Annotated[
        str,
        typer.Option(
            help="running (unfinished, moving), finished, stuck (unfinished, no action for "
            "--idle-hours) or all."
        ),
    ] = "all",
    game: Annotated[str | None, typer.Option(help="Only this game's tables (see `robotable games`).")] = None,
    older_than: Annotated[
        float | None, typer.Option(metavar="DAYS", help="Only tables created more than DAYS days ago.")
    ] = None,
    idle_hours: Annotated[
        float, typer.Option(min=0.0, help="Hours without an action after which an unfinished table is stuck.")
    ] = 24.0,
    limit: Annotated[int, typer.Option(min=1, help="Show at most this many tables, the newest first.")] = 100,
) -> None:
    """List the database's tables: id, game, status, seats, actions, when made and last played.

    Examples: `robotable admin list`, `robotable admin list --status stuck --idle-hours 48`,
    `robotable admin list --status finished --game dr2d --older-than 30`
    """
    from robotable import games
    from robotable.server.admin_store import STATUSES, Listing, summaries

    if status not in STATUSES:
        raise fail(f"--status {status!r}: one of {', '.join(STATUSES)}")
    if game is not None:
        with reporting():
            games.get(game)
    now = time.time()
    asked = Listing(status, game, _days(older_than, "--older-than"), now - idle_hours * 3600, limit)
    with _current(db) as store, _about(_url(db)):
        found, total = summaries(store, asked)
    _print_listing(found, total, asked.idle_before)


def _print_listing(found: list[Summary], total: int, idle_before: float) -> None:
    console = out()
    if not found:
        console.print("no table matches")
        return
    table = RichTable()
    for column in ("id", "game", "status"):
        table.add_column(column, no_wrap=True)  # an id is copied whole into other commands
    table.add_column("seats", min_width=12)
    table.add_column("actions", justify="right", min_width=7)
    for column in ("created", "last action"):
        table.add_column(column, no_wrap=True)
    for summary in found:
        table.add_row(
            summary.id,
            summary.game,
            _status_word(summary, idle_before),
            ", ".join(summary.names),
            str(summary.actions),
            _when(summary.created),
            _when(summary.last_action),
        )
    console.print(table)
    more = f" (the newest {len(found)} shown: --limit shows more)" if total > len(found) else ""
    console.print(f"{_plural(total, 'table')}{more}")


def _status_word(summary: Summary, idle_before: float) -> str:
    if summary.status == "over":
        return "finished"
    if summary.idle_since < idle_before:
        return "stuck"
    return "open" if summary.status == "open" else "running"


# --------------------------------------------------------------------------- show


@app.command("show")
def show_command(
    table: Annotated[str, typer.Argument(help="The table's id (see `robotable admin list`).")],
    db: Db = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the table's record file (what `robotable replay` reads).")
    ] = False,
) -> None:
    """Show one table: its settings, seats and record.

    Examples: `robotable admin show Xy3kQ9aBc`, `robotable admin show Xy3kQ9aBc --json > game.json`
    """
    from robotable.core.records import record_text
    from robotable.server.admin_store import record_of
    from robotable.server.admin_store import table as stored_table

    with _current(db) as store, _about(_url(db)):
        stored = stored_table(store, table)
    if as_json:
        out().print(record_text(record_of(stored)), end="", markup=False, soft_wrap=True)
        return
    _print_table(stored)


def _print_table(stored: StoredTable) -> None:
    from robotable.cli.log import describe_outcome
    from robotable.play.words import public_names

    console = out()
    names = public_names([s.kind for s in stored.seats], [s.name for s in stored.seats])
    console.print(Text(f"table {stored.id}: {stored.game}", style="bold"))
    last = stored.times[-1] if stored.times else None
    clock = "turn-based" if not stored.timers else "real time"
    console.print(f"created {_when(stored.created)}, last action {_when(last)}, {clock}")
    state = describe_outcome(stored.outcome, names) if stored.outcome else "not finished"
    console.print(f"{_plural(len(stored.actions), 'action')}; {state}", soft_wrap=True)
    seats = RichTable("seat", "name", "kind", "account")
    for row, name in zip(stored.seats, names, strict=True):
        seats.add_row(str(row.seat), name, row.kind, "-" if row.account is None else str(row.account))
    console.print(seats)
    _print_actions(stored, names)


def _print_actions(stored: StoredTable, names: list[str], last: int = 20) -> None:
    console = out()
    if len(stored.actions) > last:
        console.print(f"... {len(stored.actions) - last} earlier actions (--json prints them all)")
    first = max(0, len(stored.actions) - last)
    for number, (seat, notation) in enumerate(stored.actions[first:], first + 1):
        who = names[seat] if 0 <= seat < len(names) else _referee(notation)
        console.print(f"{number:>5}  {who}: {notation}", markup=False, soft_wrap=True)


def _referee(notation: str) -> str:
    from robotable.core.concession import ENDED

    return "the administrator" if notation.startswith(ENDED) else "the clock"


def _plural(count: int, noun: str) -> str:
    from robotable.play.words import plural

    return plural(count, noun)


# --------------------------------------------------------------------------- end


@app.command("end")
def end_command(
    table: Annotated[str, typer.Argument(help="The table's id (see `robotable admin list`).")],
    reason: Annotated[
        str, typer.Option(help="Why it ends, in a few words: its players read it, and its record keeps it.")
    ],
    db: Db = None,
) -> None:
    """End an unfinished table: nobody wins, the reason is written in its record.

    On PostgreSQL, a server running on the database tells the table's players at once. On
    SQLite, a running server learns it at the table's next action or when it restarts.

    Example: `robotable admin end Xy3kQ9aBc --reason "abandoned for a week"`
    """
    from robotable.server.admin_store import end_table

    with _current(db) as store, _about(_url(db)):
        end_table(store, table, reason)
        shared = store.shared
    console = out()
    console.print(Text(f"table {table} ended: {' '.join(reason.split())}", style="green"), soft_wrap=True)
    if shared:
        console.print("A server running on this database tells its players now.")
    else:
        console.print(SQLITE_NOT_TOLD, soft_wrap=True)


# --------------------------------------------------------------------------- archive


@app.command("archive")
def archive_command(
    older_than: Annotated[
        float, typer.Option(metavar="DAYS", help="Archive the tables finished more than DAYS days ago.")
    ],
    to: Annotated[
        Path, typer.Option("--to", metavar="FOLDER", help="Where the record files go (made if missing).")
    ],
    db: Db = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only say which tables it would archive.")
    ] = False,
) -> None:
    """Move old finished tables out of the database into record files, one per table (TABLE.json,
    what `robotable replay` reads). Each file is read back and replayed before its table is
    removed (with its seats, actions and chat); a table whose file is not written and verified
    stays in the database.

    Examples: `robotable admin archive --older-than 90 --to /srv/robotable/archive --dry-run`,
    `robotable admin archive --older-than 90 --to /srv/robotable/archive`
    """
    from robotable.server.admin_store import finished_before

    before = _days(older_than, "--older-than")
    assert before is not None
    with _current(db) as store:
        with _about(_url(db)):
            ids = finished_before(store, before)
        if dry_run:
            _print_dry_run(ids, older_than)
            return
        _prepare_folder(to)
        archived, kept = _archive(store, ids, to, _url(db))
    _print_archived(archived, kept, to)


def _print_dry_run(ids: list[str], days: float) -> None:
    console = out()
    console.print(f"{_plural(len(ids), 'finished table')} older than {days:g} days would be archived")
    if ids:
        console.print(", ".join(ids[:20]) + (f" and {len(ids) - 20} more" if len(ids) > 20 else ""))


def _prepare_folder(folder: Path) -> None:
    """The folder made if missing, and written to once (a folder it cannot write: refused now)."""
    probe = folder / ".robotable-archive-probe"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise fail(f"--to {folder}: cannot write there ({exc.strerror or exc})") from None


def _archive(store: Store, ids: list[str], folder: Path, url: str) -> tuple[int, dict[str, str]]:
    """Archive the tables batch by batch: their files written and verified, then those tables
    removed in one transaction per batch. The count removed, and the tables kept with why."""
    from robotable.server.admin_store import remove_finished

    removed, kept = 0, {}
    for start in range(0, len(ids), ARCHIVE_BATCH):
        verified = []
        for table_id in ids[start : start + ARCHIVE_BATCH]:
            with _about(url):
                problem = _archived_file(store, table_id, folder)
            if problem is None:
                verified.append(table_id)
            else:
                kept[table_id] = problem
        with _about(url):
            removed += remove_finished(store, verified)
    return removed, kept


ARCHIVE_BATCH = 100
"""Tables written, verified and then removed in one transaction."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _archived_file(store: Store, table_id: str, folder: Path) -> str | None:
    """Write the table's record file and read it back: None once it replays as stored, else why
    the table stays (a write failing for the folder's sake ends the command: one red line)."""
    from robotable.core.errors import RecordError
    from robotable.core.records import read_records, record_text
    from robotable.games import replay
    from robotable.server.admin_store import record_of
    from robotable.server.admin_store import table as stored_table

    if not TABLE_ID.fullmatch(table_id):
        return "its id cannot be a file's name"
    record = record_of(stored_table(store, table_id))
    file = folder / f"{table_id}.json"
    text = record_text(record)
    if file.exists() and file.read_text(encoding="utf-8", errors="replace") != text:
        return f"{file} is there already, with another record"
    _write_whole(file, text)
    try:
        (read,) = read_records(file)
        replay(read)
        problem = None if read == record else "its file does not read back as written"
    except (RecordError, ValueError) as exc:
        problem = f"its record does not replay: {exc}"
    if problem is not None:
        file.unlink(missing_ok=True)  # the archive holds verified records only
    return problem


def _write_whole(file: Path, text: str) -> None:
    """Written beside it, then renamed: a file is whole or is not there."""
    part = file.with_name(file.name + ".part")
    try:
        part.write_text(text, encoding="utf-8")
        part.replace(file)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise fail(
            f"cannot write {file}: {exc.strerror or exc} (the tables archived before it are removed)"
        ) from None


def _print_archived(archived: int, kept: dict[str, str], folder: Path) -> None:
    console = out()
    console.print(
        Text(
            f"{_plural(archived, 'table')} archived into {folder} and removed from the database",
            style="green",
        ),
        soft_wrap=True,
    )
    for table_id, why in kept.items():
        console.print(Text(f"kept table {table_id}: {why}", style="yellow"), soft_wrap=True)


# --------------------------------------------------------------------------- backup and restore


@app.command("backup")
def backup_command(
    file: Annotated[Path, typer.Argument(help="The backup file to write.")],
    db: Db = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it is there already.")] = False,
) -> None:
    """Back up the database into FILE, consistent even while a server writes to it (SQLite: a copy
    of the file; PostgreSQL: pg_dump's custom format).

    Examples: `robotable admin backup robotable-2026-12-04.sqlite3`,
    `robotable admin backup robotable.dump --db postgresql://robotable@localhost/robotable`
    """
    from robotable.server.backups import backup_postgres, backup_sqlite, sqlite_path

    url = _url(db)
    with reporting():
        source = sqlite_path(url)
    check_writable(file)
    if file.exists() and not force:
        raise fail(f"{file} is there already: choose another name, or add --force to replace it")
    with _about(url):
        if source is not None:
            backup_sqlite(source, file)
        else:
            backup_postgres(url, file)
    size = file.stat().st_size
    out().print(Text(f"backed up {shown(url)} into {file} ({size:,} bytes)", style="green"), soft_wrap=True)


@app.command("restore")
def restore_command(
    file: Annotated[Path, typer.Argument(help="A backup made by `robotable admin backup`.")],
    db: Db = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace a database that holds tables or accounts.")
    ] = False,
) -> None:
    """Put a backup back: the database becomes what FILE holds. Refused while a server seems to
    be running on the database, and for a database holding tables or accounts unless --force.

    Examples: `robotable admin restore robotable-2026-12-04.sqlite3`,
    `robotable admin restore robotable.dump --db postgresql://robotable@localhost/robotable --force`
    """
    from robotable.server.backups import check_revision, postgres_revision, sqlite_path, sqlite_revision

    url = _url(db)
    with reporting():
        target = sqlite_path(url)
        revision = sqlite_revision(file) if target is not None else postgres_revision(file)
        check_revision(revision, file)
    if target is not None and not target.parent.is_dir():
        raise fail(f"--db {shown(url)}: there is no folder {target.parent}")
    _refuse_to_overwrite(url, force)
    _restore(file, url, target)
    _print_restored(file, url, revision)


def _refuse_to_overwrite(url: str, force: bool) -> None:
    """Refused: a server running on the database, or (without ``force``) what it holds."""
    from robotable.server.backups import contents, postgres_clients, seems_running

    with reporting():
        running = seems_running(url)
    if running is not None:
        raise fail(f"--db {shown(url)}: a server seems to be running on it ({running}): stop it first")
    store = _open(url, must_exist=False)
    try:
        with _about(url):
            clients = postgres_clients(store) if store.shared else 0
            held = contents(store)
    finally:
        store.close()
    if clients:
        raise fail(
            f"--db {shown(url)}: a server seems to be running on it ({_plural(clients, 'other connection')} "
            "to the database): stop it first"
        )
    if not held.empty and not force:
        raise fail(
            f"--db {shown(url)} holds {_plural(held.tables, 'table')} and "
            f"{_plural(held.accounts, 'account')}: restoring replaces them; add --force to do it"
        )


def _restore(file: Path, url: str, target: Path | None) -> None:
    from robotable.server.backups import restore_postgres, restore_sqlite

    with _about(url):
        if target is not None:
            restore_sqlite(file, target)
        else:
            restore_postgres(file, url)


def _print_restored(file: Path, url: str, revision: str) -> None:
    from robotable.server.admin_store import schema_state

    console = out()
    console.print(Text(f"restored {file} into {shown(url)}", style="green"), soft_wrap=True)
    store = _open(url)
    try:
        with _about(url):
            state = schema_state(store)
    finally:
        store.close()
    if not state.up_to_date:
        console.print(
            f"its schema is {revision}, older than this robotable's {state.head}: "
            "`robotable admin migrate` (or starting the server) upgrades it",
            soft_wrap=True,
        )


# --------------------------------------------------------------------------- migrate


@app.command("migrate")
def migrate_command(db: Db = None) -> None:
    """Upgrade the database's schema to this robotable's newest (`robotable serve` does it too when
    it starts). Refused for a database a newer robotable has upgraded.

    Example: `robotable admin migrate --db postgresql://robotable@localhost/robotable`
    """
    from robotable.server.admin_store import schema_state

    url = _url(db)
    store = _open(db, must_exist=False)
    try:
        with _about(url):
            before = schema_state(store)
            if before.newer:
                raise fail(_newer_line(before.current or ""))
            if before.up_to_date:
                out().print(f"the schema is already the newest ({before.head}): nothing to do")
                return
            store.migrate()
            after = schema_state(store)
    finally:
        store.close()
    start = before.current or "an empty database"
    out().print(Text(f"migrated from {start} to {after.current}", style="green"))
