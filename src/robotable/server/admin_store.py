"""What ``robotable admin`` asks of a server's database: its tables listed and filtered, one
table ended by its administrator, finished tables removed once archived.

Every function is blocking and goes through the store's own transactions (SQLite or
PostgreSQL), like :mod:`.chat_store`. Ending a table is an entry of its record, the referee's
``[-1, "ended: REASON"]`` (:mod:`robotable.core.concession`), written like any action: under
the version check, with the same notice on PostgreSQL, so a server running on the database
catches it up as it catches up another process's actions and tells its players.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from robotable import games
from robotable.core.concession import ended_entry
from robotable.core.errors import RobotableError
from robotable.core.game import REFEREE, Outcome
from robotable.core.records import Record
from robotable.play.table import Table
from robotable.play.words import public_names
from robotable.server import schema
from robotable.server.store import Append, StaleTable, Store, StoredTable, StoreError, UnknownTable

TABLES = schema.game_tables.c
ACTIONS = schema.actions.c
END_TRIES = 5
"""Times an end is checked again when the table moved on meanwhile (someone played)."""
STATUSES = ("running", "stuck", "finished", "all")
"""What ``admin list --status`` filters on: ``running`` is unfinished and not stuck."""


class AdminRefusal(RobotableError):
    """A request of the administrator that cannot be done (the message says why)."""


@dataclass(frozen=True)
class Summary:
    """One table as ``admin list`` shows it."""

    id: str
    game: str
    status: str
    names: list[str]
    actions: int
    created: float
    last_action: float | None

    @property
    def idle_since(self) -> float:
        """When it last moved: its last action, else its creation."""
        return self.created if self.last_action is None else self.last_action


@dataclass(frozen=True)
class Listing:
    """What ``admin list`` asks for."""

    status: str = "all"
    game: str | None = None
    created_before: float | None = None
    idle_before: float = 0.0
    """An unfinished table idle since before this time is stuck."""
    limit: int = 100


def summaries(store: Store, asked: Listing) -> tuple[list[Summary], int]:
    """The tables ``asked`` selects, newest first (at most ``asked.limit``), and how many there are."""
    last = _last_actions()
    joined = schema.game_tables.outerjoin(last, last.c.table_id == TABLES.id)
    where = _filters(asked, func.coalesce(last.c.last, TABLES.created))
    rows_query = (
        select(TABLES.id, TABLES.game, TABLES.status, TABLES.version, TABLES.created, last.c.last)
        .select_from(joined)
        .where(*where)
        .order_by(TABLES.created.desc(), TABLES.id)
        .limit(asked.limit)
    )
    with store._reading() as connection:
        rows = connection.execute(rows_query).all()
        total = connection.execute(select(func.count()).select_from(joined).where(*where)).scalar_one()
        names = _names(connection, [row.id for row in rows])
    found = [Summary(r.id, r.game, r.status, names.get(r.id, []), r.version, r.created, r.last) for r in rows]
    return found, total


def _last_actions() -> Any:
    """Each table's last action's time (a table without actions has no row)."""
    return select(ACTIONS.table_id, func.max(ACTIONS.at).label("last")).group_by(ACTIONS.table_id).subquery()


def _filters(asked: Listing, idle: Any) -> list[Any]:
    """What ``asked`` keeps, ``idle`` being when a table last moved."""
    where: list[Any] = []
    if asked.status in ("running", "stuck"):
        where.append(TABLES.status != "over")
        where.append(idle < asked.idle_before if asked.status == "stuck" else idle >= asked.idle_before)
    elif asked.status == "finished":
        where.append(TABLES.status == "over")
    if asked.game is not None:
        where.append(TABLES.game == asked.game)
    if asked.created_before is not None:
        where.append(TABLES.created < asked.created_before)
    return where


def _names(connection: Connection, table_ids: list[str]) -> dict[str, list[str]]:
    """Each table's seats' public names (a bot by its level and number), in seat order."""
    if not table_ids:
        return {}
    seats = schema.seats.c
    query = (
        select(seats.table_id, seats.kind, seats.name)
        .where(seats.table_id.in_(table_ids))
        .order_by(seats.table_id, seats.seat)
    )
    kinds: dict[str, list[tuple[str, str]]] = {}
    for row in connection.execute(query):
        kinds.setdefault(row.table_id, []).append((row.kind, row.name))
    return {table_id: public_names(*zip(*pairs, strict=True)) for table_id, pairs in kinds.items()}


def record_of(stored: StoredTable) -> Record:
    """The table's record (what ``robotable replay`` reads), tagged with the table's id and when it
    was made (people's names are not in it)."""
    record = stored.record()
    made = datetime.fromtimestamp(stored.created, UTC).isoformat(timespec="seconds")
    record.meta = {"table": stored.id, "created": made}
    return record


def table(store: Store, table_id: str) -> StoredTable:
    """The table as stored, with its seats and actions; :class:`AdminRefusal` if there is none."""
    try:
        return store.load(table_id)
    except UnknownTable:
        raise AdminRefusal(f"there is no table {table_id!r} in this database") from None


# --------------------------------------------------------------------------- ending


def end_table(store: Store, table_id: str, reason: str, *, now: float | None = None) -> Outcome:
    """End an unfinished table for ``reason`` (its record says so): the referee's entry checked
    on the table rebuilt from its actions, then written with the table marked over in one
    transaction (:func:`_write_end`). The outcome: nobody won. :class:`AdminRefusal` for a table
    that is not there or is over already."""
    try:
        entry = ended_entry(reason)
    except ValueError as exc:
        raise AdminRefusal(f"--reason: {exc}") from None
    for _ in range(END_TRIES):
        stored = table(store, table_id)
        if stored.status == "over":
            raise AdminRefusal(f"table {table_id} is already finished: there is nothing to end")
        at = time.time() if now is None else now
        rebuilt = _rebuilt(stored)
        try:
            rebuilt.submit(REFEREE, entry, at)
        except RobotableError:  # its game ended by its last action (not marked yet): over too
            raise AdminRefusal(f"table {table_id} is already finished: there is nothing to end") from None
        outcome = rebuilt.outcome()
        assert outcome is not None  # the entry ends the game
        try:
            _write_end(store, Append(table_id, stored.version + 1, REFEREE, str(entry), at), outcome)
        except StaleTable:  # someone played meanwhile: check again on the newer table
            continue
        return outcome
    raise StoreError(f"table {table_id} is too busy to be ended now: try again")


def _rebuilt(stored: StoredTable) -> Table:
    """The table's game, its actions replayed (without a clock, as if they came at once: what
    matters here is whether it is over)."""
    times = stored.times if stored.timers else [stored.created] * len(stored.times)
    try:
        return Table.restore(games.get(stored.game), stored.record(), times, created=stored.created)
    except RobotableError as exc:
        raise AdminRefusal(f"table {stored.id} cannot be rebuilt from its actions: {exc}") from None


def _write_end(store: Store, item: Append, outcome: Outcome) -> None:
    """The end's entry written and the table marked over, in ONE transaction, with the notice of
    an action on PostgreSQL. Nobody is rated (nobody won). :class:`StaleTable` when the table
    moved on or ended since the entry was checked: nothing is written then."""
    with store._writing() as connection:
        marked = connection.execute(
            update(schema.game_tables)
            .where(TABLES.id == item.table_id, TABLES.version == item.number - 1, TABLES.status != "over")
            .values(version=item.number, status="over", outcome=json.dumps(outcome.to_dict(), sort_keys=True))
        )
        if marked.rowcount != 1:
            raise StaleTable(f"table {item.table_id} changed while it was being ended")
        connection.execute(insert(schema.actions), [item.row()])
        store._notify(connection, f"{item.table_id} {item.number}")


# --------------------------------------------------------------------------- archiving


def finished_before(store: Store, before: float) -> list[str]:
    """The finished tables whose last action (else creation) is older than ``before``, oldest first."""
    last = _last_actions()
    idle = func.coalesce(last.c.last, TABLES.created)
    query = (
        select(TABLES.id)
        .select_from(schema.game_tables.outerjoin(last, last.c.table_id == TABLES.id))
        .where(TABLES.status == "over", idle < before)
        .order_by(idle, TABLES.id)
    )
    with store._reading() as connection:
        return [row.id for row in connection.execute(query)]


def remove_finished(store: Store, table_ids: Sequence[str]) -> int:
    """Remove those tables, if finished, with everything of theirs (seats, actions, chat and the
    other rows that name them go with them: their keys cascade), in one transaction; how many."""
    if not table_ids:
        return 0
    with store._writing() as connection:
        removed = connection.execute(
            delete(schema.game_tables).where(TABLES.id.in_(list(table_ids)), TABLES.status == "over")
        )
        return removed.rowcount


# --------------------------------------------------------------------------- the schema


@dataclass(frozen=True)
class SchemaState:
    """Where a database's schema stands against this robotable's migrations."""

    current: str | None
    """The database's revision (None: no schema yet, a new database)."""
    head: str
    """The newest revision this robotable knows."""

    @property
    def newer(self) -> bool:
        """The database was migrated by a newer robotable: a revision this one does not know."""
        return self.current is not None and self.current not in known_revisions()

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head


@functools.cache
def _scripts() -> object:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(resources.files("robotable.server") / "migrations"))


@functools.cache
def known_revisions() -> frozenset[str]:
    """Every revision of this robotable's migrations."""
    return frozenset(script.revision for script in _scripts().walk_revisions())  # type: ignore[attr-defined]


def schema_state(store: Store) -> SchemaState:
    """The database's schema revision and this robotable's newest; :class:`StoreError` when the
    database cannot be reached."""
    from alembic.runtime.migration import MigrationContext

    try:
        with store.engine.connect() as connection:
            heads = MigrationContext.configure(connection).get_current_heads()
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise StoreError(f"the database does not answer: {reason[0] if reason else exc}") from None
    (head,) = _scripts().get_heads()  # type: ignore[attr-defined]
    return SchemaState(heads[0] if heads else None, head)
