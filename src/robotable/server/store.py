"""Where the server keeps its tables: SQLAlchemy over SQLite (default) or PostgreSQL (by URL).

Every accepted action is written by :meth:`Store.append` in one transaction that also moves
the table's version on, and only if the version is still the one the action was checked
against: two processes can never both write action *n* of a table. The server tells nobody
about an action before this transaction has committed, so a killed server loses nothing it
has announced. Seat tokens are stored as SHA-256 hashes only (:mod:`.tokens`); a seat's row is
:class:`~robotable.server.seats.SeatRow`.

On PostgreSQL every change to a table also sends a notice on the channel :data:`CHANNEL`
(``pg_notify`` in the same transaction, so it is delivered only if the change commits): the
other server processes on the database learn of it that way (see :mod:`robotable.server.peers`).

>>> store = open_store("sqlite://")          # in memory, schema created by the migrations
>>> store.create(new_header("t1", "ricochet", "ricochet-1", {}, seed=7, created=0.0),
...              [SeatRow(0, "human", "Ann", None)])
>>> store.append("t1", 1, seat=0, notation="bid 5", at=3.0)
>>> store.load("t1").actions
[(0, 'bid 5')]
"""

from __future__ import annotations

import contextlib
import functools
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    exists,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from robotable.core.errors import RobotableError
from robotable.core.game import JSON, Outcome, Seat
from robotable.core.records import Record
from robotable.play.rated import Skill
from robotable.play.time_banks import BankRule
from robotable.server import schema
from robotable.server.rating_store import (
    Player,
    Standing,
    changes_of,
    rate_finished,
    ratings_of_account,
    skills_of,
    standings,
)
from robotable.server.seats import SeatRow

CHANNEL = "robotable"
"""The PostgreSQL notification channel: a payload's lines (:func:`notices`) each say one change:
``"TABLE_ID VERSION"`` after an action,
``"TABLE_ID seats"`` after a seat changed, ``"TABLE_ID chat"`` after a chat message
(:mod:`.chat_store`), ``"account:ID HASH"`` or ``"account:ID *"`` after one or every session
of an account ended (:mod:`.account_store`)."""
SESSIONS_ENDED = "account:"
"""How a notice about an account's sessions begins (no table id begins so)."""
NOTICE_BYTES = 7000
"""A notice carries several lines up to this size (PostgreSQL's limit is 8,000 bytes)."""


def notices(lines: Sequence[str]) -> list[str]:
    """The payloads that carry ``lines``, one per line of text, as few as fit.

    >>> notices(["t1 4", "t2 9", "t3 seats"])
    ['t1 4\\nt2 9\\nt3 seats']
    """
    payloads: list[str] = []
    for line in lines:
        if payloads and len(payloads[-1]) + 1 + len(line.encode()) <= NOTICE_BYTES:
            payloads[-1] += "\n" + line
        else:
            payloads.append(line)
    return payloads


class StoreError(RobotableError):
    """The database refused or could not be reached; the message says which."""


class UnknownTable(StoreError):
    """No table with that id in the database."""


class StaleTable(StoreError):
    """Another writer appended to the table first: the action was checked against an old state."""


@dataclass
class StoredTable:
    """A table as stored: header, seats, and the actions with their times."""

    id: str
    game: str
    rules_version: str
    options: dict[str, JSON]
    seed: int
    created: float
    timers: bool
    version: int
    status: str
    outcome: Outcome | None
    creator: Seat | None = None
    """The seat of the person who created the table (None: nobody's, e.g. all bots)."""
    stand_in: str | None = None
    """``bot:NAME`` given to a person's seat when they leave (None: the seat waits for them)."""
    bank: BankRule | None = None
    """A turn-based table's time bank per seat (None: no bank; :mod:`robotable.play.time_banks`)."""
    rated: bool = False
    """Its result moves its players' ratings (:mod:`.rating_store`)."""
    arena: bool = False
    """Made by the bot arena: its result moves the arena's ratings instead (:mod:`.arena_store`)."""
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[Seat, str]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def record(self) -> Record:
        """The game record (what ``robotable replay`` verifies); people's names are not in it."""
        kinds = [s.kind for s in self.seats]
        return Record(
            self.game,
            self.rules_version,
            dict(self.options),
            self.seed,
            kinds,
            list(self.actions),
            self.outcome,
        )


@dataclass(frozen=True)
class Append:
    """One accepted action to write: action ``number`` (1-based) of a table."""

    table_id: str
    number: int
    seat: Seat
    notation: str
    at: float
    lineage: int = 0
    """Which try of its table made it (not stored): the writer refuses the actions a table queued
    after one of its actions was refused, until the table has caught up and tries anew."""

    def row(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id,
            "number": self.number,
            "seat": self.seat,
            "notation": self.notation,
            "at": self.at,
        }


# a batch's statements on the driver's own connection (see _append_postgresql, _append_sqlite)
_LOCK_TABLES = "SELECT id, version FROM game_tables WHERE id = ANY(%s) ORDER BY id FOR UPDATE"
_MOVE_VERSIONS = (
    "UPDATE game_tables AS t SET version = m.after FROM unnest(%s::text[], %s::integer[], %s::integer[])"
    " AS m(id, before, after) WHERE t.id = m.id AND t.version = m.before"
)
_NEW_ACTIONS = (
    "INSERT INTO actions (table_id, number, seat, notation, at) SELECT * FROM unnest("
    "%s::text[], %s::integer[], %s::integer[], %s::text[], %s::double precision[])"
)
_NOTIFY = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"
_WRITE_RUNS = """
WITH locked AS MATERIALIZED (
    SELECT id, version FROM game_tables WHERE id = ANY(%(tables)s::text[]) ORDER BY id FOR UPDATE
), moved AS (
    UPDATE game_tables AS t SET version = m.after
    FROM unnest(%(tables)s::text[], %(befores)s::integer[], %(afters)s::integer[]) AS m(id, before, after)
    JOIN locked AS l ON l.id = m.id AND l.version = m.before
    WHERE t.id = m.id
    RETURNING t.id
), written AS (
    INSERT INTO actions (table_id, number, seat, notation, at)
    SELECT a.* FROM unnest(%(action_tables)s::text[], %(numbers)s::integer[], %(seats)s::integer[],
        %(notations)s::text[], %(ats)s::double precision[]) AS a(table_id, number, seat, notation, at)
    WHERE a.table_id IN (SELECT id FROM moved)
)
SELECT id FROM moved
"""
"""A batch whose each table's actions follow each other, in one statement: the tables' rows
locked in the order of their ids (materialized: before any is moved), the ones still at the
version before their actions moved past them, and those tables' actions inserted; it returns
the tables moved."""


def new_header(
    table_id: str,
    game: str,
    rules_version: str,
    options: Mapping[str, JSON],
    *,
    seed: int,
    created: float,
    timers: bool = True,
    creator: Seat | None = None,
    stand_in: str | None = None,
    bank: BankRule | None = None,
    rated: bool = False,
    arena: bool = False,
) -> StoredTable:
    return StoredTable(
        table_id,
        game,
        rules_version,
        dict(options),
        seed,
        created,
        timers,
        0,
        "open",
        None,
        creator,
        stand_in,
        bank,
        rated,
        arena,
    )


# --------------------------------------------------------------------------- opening


def default_url() -> str:
    """An SQLite file in the user's data folder (created on first start)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("robotable"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'robotable.sqlite3'}"


def open_store(url: str | None = None, *, migrate: bool = True) -> Store:
    """A store on ``url`` (default: :func:`default_url`), its schema migrated to the newest
    (``migrate=False``: a worker process whose parent has just migrated it)."""
    url = _with_driver(url or default_url())
    try:
        memory = url in ("sqlite://", "sqlite:///:memory:")
        # one in-memory database shared by every thread, rather than one per thread
        extra: dict[str, Any] = (
            {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}} if memory else {}
        )
        engine = create_engine(url, **extra)
    except (SQLAlchemyError, ValueError, ImportError) as exc:
        raise StoreError(f"cannot use the database {url!r}: {exc}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    # one in-memory connection for every thread: its transactions must take turns
    store = Store(engine, one_connection=memory)
    if migrate:
        store.migrate()
    return store


def _with_driver(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy would look for psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
    cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before anyone is told
    cursor.close()


class Store:
    """The server's tables in one database."""

    def __init__(self, engine: Engine, *, one_connection: bool = False) -> None:
        self.engine = engine
        self._turns = threading.Lock() if one_connection else None
        # SQLite lets one transaction write at a time; a thread that finds the file locked sleeps
        # in its busy handler (1, 2, 5, 10... ms) even when the lock is freed at once: this
        # process's writers take turns here instead, woken as soon as the one before is done
        sqlite = engine.dialect.name == "sqlite"
        self._write_turns = self._turns or (threading.Lock() if sqlite else None)
        self.postgresql = engine.dialect.name == "postgresql"
        self.shared = self.postgresql
        """Whether several server processes can share this database (and hear its notices)."""

    @property
    def libpq_url(self) -> str:
        """The database's URL for a plain psycopg connection (listening, advisory locks)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Create or upgrade the schema with Alembic (the first start creates it)."""
        config = _alembic_config()
        try:
            with self.engine.begin() as connection:
                # at the newest schema already (every start but the first after an upgrade):
                # nothing to run, and Alembic's scripts are not read again
                if _current_heads(connection) == _head_revisions():
                    return
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot prepare the database: {_reason(exc)}") from None
        except CommandError:  # a revision its migrations do not have: a newer robotable's
            raise StoreError(
                "the database's schema is newer than this robotable knows (a newer version upgraded "
                "it): upgrade robotable before using it on this database"
            ) from None

    def schema_current(self) -> bool:
        """Whether the database answers and its schema is the newest this program knows
        (Alembic's head): a readiness check (:mod:`.health`). :class:`StoreError` when the
        database cannot be reached."""
        return self._revisions() == _head_revisions()

    def _revisions(self) -> set[str]:
        """The schema revisions the database says it is at (none: no schema yet)."""
        try:
            with self.engine.connect() as connection:
                return _current_heads(connection)
        except SQLAlchemyError as exc:
            raise StoreError(f"the database does not answer: {_reason(exc)}") from None

    def schema_state(self) -> str:
        """``empty`` (no schema yet), ``current``, ``behind`` (older: :meth:`migrate` brings it
        up) or ``newer`` (a revision this program does not know: a newer robotable's), without
        changing anything; :class:`StoreError` when the database cannot be reached."""
        from alembic.script import ScriptDirectory

        current = self._revisions()
        if not current:
            return "empty"
        if current == _head_revisions():
            return "current"
        known = {
            script.revision for script in ScriptDirectory.from_config(_alembic_config()).walk_revisions()
        }
        return "behind" if current <= known else "newer"

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writing

    def create(self, header: StoredTable, seat_rows: Sequence[SeatRow]) -> None:
        """Store a new table with its seats (no actions yet)."""
        with self._writing() as connection:
            connection.execute(
                insert(schema.game_tables).values(
                    id=header.id,
                    game=header.game,
                    rules_version=header.rules_version,
                    options=json.dumps(header.options, sort_keys=True),
                    seed=header.seed,
                    created=header.created,
                    timers=header.timers,
                    version=0,
                    status=header.status,
                    outcome=None,
                    creator=header.creator,
                    stand_in=header.stand_in,
                    bank=None if header.bank is None else header.bank.start,
                    bank_per_move=None if header.bank is None else header.bank.per_move,
                    rated=header.rated,
                    arena=header.arena,
                )
            )
            if seat_rows:
                connection.execute(insert(schema.seats), [_seat_values(header.id, row) for row in seat_rows])

    def append(self, table_id: str, number: int, *, seat: Seat, notation: str, at: float) -> None:
        """Write action ``number`` (1-based) and the table's new version in one transaction;
        :class:`StaleTable` if action ``number`` was already written by someone."""
        (refused,) = self.append_many([Append(table_id, number, seat, notation, at)])
        if refused is not None:
            raise refused

    def append_many(self, appends: Sequence[Append]) -> list[StaleTable | None]:
        """Write several tables' actions in one transaction (one flush to disk for them all).

        Each action is written only if its table's version is still the one before it (an
        action of a table written by another process first is answered :class:`StaleTable`,
        the others are written all the same), and none after a refused action of its table (it
        was made on a state that was not stored); the answers come in the order of ``appends``.
        On PostgreSQL the tables' rows are locked in the order of their ids, so two processes
        writing the same tables at once wait for each other instead of deadlocking.

        Written on the driver's own connection in as few calls as can be: the writer's thread
        waits for the busy event loop to let go of the GIL after each call, and SQLAlchemy's
        statements (one per table, one per row of an executemany) made a loaded server's commits
        several times as long."""
        table_ids = sorted({item.table_id for item in appends})
        with self._driver_connection() as connection:
            if self.postgresql:
                return _append_postgresql(connection, appends, table_ids)
            return _append_sqlite(connection, appends, table_ids)

    @contextlib.contextmanager
    def _driver_connection(self) -> Iterator[Any]:
        """The driver's own connection (psycopg's or sqlite3's) from the pool, taken in turns as
        the store's other writes are. Back in the pool after, which rolls back whatever a failure
        left open; a connection the server dropped is let go."""
        with self._write_turns or contextlib.nullcontext():
            try:
                raw = self.engine.raw_connection()
            except SQLAlchemyError as exc:
                raise StoreError(f"cannot reach the database: {_reason(exc)}") from None
            try:
                yield raw.driver_connection
            finally:
                if getattr(raw.driver_connection, "broken", False):  # psycopg's: the server went away
                    raw.invalidate()
                raw.close()

    def finish(self, table_id: str, outcome: Outcome, *, at: float | None = None) -> None:
        """Mark a table over with its outcome (a cache: replaying the actions gives it too) and,
        for a rated table, update its players' ratings (at ``at``, default now), in ONE
        transaction: a process killed in between leaves both or neither, and the restart that
        finishes the table again rates it then. Once a table is over, finishing it again (a
        restart, another process catching up) changes nothing: it is rated once."""
        with self._writing() as connection:
            marked = connection.execute(
                update(schema.game_tables)
                .where(schema.game_tables.c.id == table_id, schema.game_tables.c.status != "over")
                .values(status="over", outcome=_outcome_json(outcome))
            )
            if marked.rowcount == 1:  # this transaction ends the table (its row is locked till commit)
                rate_finished(connection, table_id, outcome, time.time() if at is None else at)

    def set_seat(
        self,
        table_id: str,
        row: SeatRow,
        *,
        only_if_open: bool = False,
        only_if_kind: Sequence[str] = (),
        only_if_still: SeatRow | None = None,
    ) -> bool:
        """Change a seat (a person joins, a bot takes over, a person leaves or comes back). With
        ``only_if_open``, only an open seat changes; the answer says whether it did (two people
        racing for one seat). A finished table's seats never change (its record holds them): the
        answer is then False, whichever process marked it over. With ``only_if_kind``, only a seat
        of one of those kinds changes (a seat out of time handed to its bot once, whichever
        process's copy of the seats is older). With ``only_if_still``, only while the seat has that
        row's kind, token and account (no other process seated someone else there meanwhile)."""
        unfinished = select(schema.game_tables.c.id).where(
            schema.game_tables.c.id == table_id, schema.game_tables.c.status != "over"
        )
        where = [schema.seats.c.table_id.in_(unfinished), schema.seats.c.seat == row.seat]
        if only_if_open:
            where.append(schema.seats.c.kind == "open")
        if row.account is not None:  # an account holds one seat a table, whichever process seats it
            other = schema.seats.alias("other")
            where.append(
                ~exists().where(
                    other.c.table_id == table_id, other.c.account_id == row.account, other.c.seat != row.seat
                )
            )
        if only_if_kind:
            where.append(schema.seats.c.kind.in_(list(only_if_kind)))
        if only_if_still is not None:
            seats = schema.seats.c
            where += [
                seats.kind == only_if_still.kind,
                seats.token_hash.is_not_distinct_from(only_if_still.token_hash),
                seats.account_id.is_not_distinct_from(only_if_still.account),
            ]
        values = _seat_values(table_id, row)
        with self._writing() as connection:
            changed = connection.execute(update(schema.seats).where(*where).values(**values))
            if changed.rowcount == 1:
                self._notify(connection, f"{table_id} seats")
            return changed.rowcount == 1

    def hold_seat(self, table_id: str, row: SeatRow) -> bool:
        """An account takes a person's seat that no account holds (a guest who signed up keeps
        their seat): its account, and its name unless the game is over (a finished game's names
        are its record's). False when an account holds it, or held it, already."""
        seats, other = schema.seats.c, schema.seats.alias("other")
        with self._writing() as connection:
            over = connection.execute(
                select(schema.game_tables.c.status).where(schema.game_tables.c.id == table_id)
            ).scalar_one_or_none()
            values: dict[str, Any] = {"account_id": row.account}
            if over != "over":
                values["name"] = row.name
            changed = connection.execute(
                update(schema.seats)
                .where(
                    seats.table_id == table_id,
                    seats.seat == row.seat,
                    seats.account_id.is_(None),
                    seats.account_gone.is_(False),
                    ~exists().where(other.c.table_id == table_id, other.c.account_id == row.account),
                )
                .values(**values)
            )
            if changed.rowcount == 1:
                self._notify(connection, f"{table_id} seats")
            return changed.rowcount == 1

    def set_status(self, table_id: str, status: str) -> None:
        """Mark a table open or running (never a finished one: :meth:`finish` is final)."""
        table = schema.game_tables.c
        with self._writing() as connection:
            connection.execute(
                update(schema.game_tables)
                .where(table.id == table_id, table.status != "over")
                .values(status=status)
            )

    def _notify(self, connection: Connection, *payloads: str) -> None:
        """Tell the other processes on this database, when the transaction commits: one notice
        of one line per change (each process pays for every notice it hears: one per commit,
        not one per table, halved what two processes spent hearing each other)."""
        if self.shared and payloads:
            connection.execute(
                text("SELECT pg_notify(:channel, payload) FROM unnest(CAST(:payloads AS text[])) AS payload"),
                {"channel": CHANNEL, "payloads": notices(payloads)},
            )

    # ------------------------------------------------------------------ reading

    def load(self, table_id: str) -> StoredTable:
        with self._reading() as connection:
            row = connection.execute(
                select(schema.game_tables).where(schema.game_tables.c.id == table_id)
            ).one_or_none()
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            seat_rows = connection.execute(
                select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat)
            ).all()
            action_rows = connection.execute(
                select(schema.actions)
                .where(schema.actions.c.table_id == table_id)
                .order_by(schema.actions.c.number)
            ).all()
        table = _header(row)
        table.seats = [_seat_row(r) for r in seat_rows]
        table.actions = [(r.seat, r.notation) for r in action_rows]
        table.times = [r.at for r in action_rows]
        return table

    def actions_after(self, table_id: str, version: int) -> list[tuple[Seat, str, float]]:
        """The actions after the first ``version``: (seat, notation, time), in order."""
        query = (
            select(schema.actions.c.seat, schema.actions.c.notation, schema.actions.c.at)
            .where(schema.actions.c.table_id == table_id, schema.actions.c.number > version)
            .order_by(schema.actions.c.number)
        )
        with self._reading() as connection:
            return [(r.seat, r.notation, r.at) for r in connection.execute(query)]

    def seats(self, table_id: str) -> list[SeatRow]:
        query = select(schema.seats).where(schema.seats.c.table_id == table_id).order_by(schema.seats.c.seat)
        with self._reading() as connection:
            return [_seat_row(r) for r in connection.execute(query)]

    def listing(self, limit: int = 500) -> list[StoredTable]:
        """The newest open and running tables with their seats (no actions), newest first."""
        tables = schema.game_tables
        return self._with_seats(
            select(tables)
            .where(tables.c.status.in_(("open", "running")))
            .order_by(tables.c.created.desc(), tables.c.id)
            .limit(limit)
        )

    def tables_of_account(self, account_id: int, *, unfinished: bool, limit: int) -> list[StoredTable]:
        """The newest tables where the account holds a seat, unfinished or finished, with their
        seats (no actions), newest first."""
        tables, seats = schema.game_tables, schema.seats
        held = select(seats.c.table_id).where(seats.c.account_id == account_id)
        status = tables.c.status != "over" if unfinished else tables.c.status == "over"
        return self._with_seats(
            select(tables)
            .where(tables.c.id.in_(held), status)
            .order_by(tables.c.created.desc(), tables.c.id)
            .limit(limit)
        )

    def held_seats(self, account_id: int) -> list[dict[str, Any]]:
        """Every seat the account holds: its table, game, status, when it was made, the seat's
        number and name, oldest first (what the account's export lists)."""
        tables, seats = schema.game_tables.c, schema.seats.c
        query = (
            select(seats.table_id, seats.seat, seats.name, tables.game, tables.status, tables.created)
            .join(schema.game_tables, tables.id == seats.table_id)
            .where(seats.account_id == account_id)
            .order_by(tables.created, seats.table_id)
        )
        with self._reading() as connection:
            return [_held(row) for row in connection.execute(query)]

    def _with_seats(self, query: Any) -> list[StoredTable]:
        """The tables ``query`` selects, in its order, each with its seats."""
        with self._reading() as connection:
            found = [_header(row) for row in connection.execute(query)]
            if found:
                rows = connection.execute(
                    select(schema.seats)
                    .where(schema.seats.c.table_id.in_([t.id for t in found]))
                    .order_by(schema.seats.c.seat)
                ).all()
        by_id = {t.id: t for t in found}
        for r in rows if found else []:
            by_id[r.table_id].seats.append(_seat_row(r))
        return found

    def table_ids(self, *statuses: str) -> list[str]:
        """Ids of the tables with one of ``statuses`` (all when none is given), oldest first."""
        query = select(schema.game_tables.c.id).order_by(
            schema.game_tables.c.created, schema.game_tables.c.id
        )
        if statuses:
            query = query.where(schema.game_tables.c.status.in_(statuses))
        with self._reading() as connection:
            return [r.id for r in connection.execute(query)]

    def standings(self, game: str, limit: int = 200) -> list[Standing]:
        """A game's leaderboard (:func:`.rating_store.standings`)."""
        with self._reading() as connection:
            return standings(connection, game, limit)

    def skills_of(self, game: str, players: set[Player]) -> dict[Player, Skill]:
        with self._reading() as connection:
            return skills_of(connection, game, players)

    def rating_changes(self, account: int, table_ids: list[str]) -> dict[str, tuple[float, float]]:
        """The account's ``mu`` before and after each of those tables it was rated at."""
        with self._reading() as connection:
            return changes_of(connection, account, table_ids)

    def ratings_of_account(self, account: int) -> dict[str, Any]:
        """The account's ratings and history, for its export."""
        with self._reading() as connection:
            return ratings_of_account(connection, account)

    def count(self) -> int:
        with self._reading() as connection:
            return connection.execute(select(func.count()).select_from(schema.game_tables)).scalar_one()

    # ------------------------------------------------------------------ plumbing

    def _writing(self) -> _Transaction:
        return _Transaction(self.engine, write=True, turns=self._write_turns)

    def _reading(self) -> _Transaction:
        return _Transaction(self.engine, write=False, turns=self._turns)


class _Transaction:
    """``engine.begin()`` whose database errors become :class:`StoreError` with a readable reason."""

    def __init__(self, engine: Engine, *, write: bool, turns: threading.Lock | None = None) -> None:
        self._context = engine.begin() if write else engine.connect()
        self._turns = turns

    def __enter__(self) -> Any:
        if self._turns is not None:
            self._turns.acquire()
        try:
            return self._context.__enter__()
        except SQLAlchemyError as exc:
            self._release()
            raise StoreError(f"cannot reach the database: {_reason(exc)}") from None

    def _release(self) -> None:
        if self._turns is not None:
            self._turns.release()

    def __exit__(self, kind: Any, value: Any, trace: Any) -> bool:
        try:
            self._context.__exit__(kind, value, trace)
        except IntegrityError as exc:
            raise StaleTable(f"the database refused a duplicate: {_reason(exc)}") from None
        except SQLAlchemyError as exc:
            raise StoreError(f"the database failed: {_reason(exc)}") from None
        finally:
            self._release()
        if isinstance(value, IntegrityError):
            raise StaleTable(f"the database refused a duplicate: {_reason(value)}") from None
        if isinstance(value, SQLAlchemyError):
            raise StoreError(f"the database failed: {_reason(value)}") from None
        return False


class _Plan:
    """What a batch writes, given its tables' stored versions: each action's answer (None: to be
    written), the actions to write, and each written table's version (before, after)."""

    def __init__(self, appends: Sequence[Append], versions: dict[str, int]) -> None:
        self.answers: list[StaleTable | None] = [None] * len(appends)
        self.written: list[Append] = []
        self.moves: dict[str, tuple[int, int]] = {}
        self._versions = versions
        self._refused: dict[str, int] = {}  # each table's first refused action number
        for run in _runs(appends):  # a table's consecutive actions: its version moved once
            items = [appends[i] for i in run]
            for i, answer in zip(run, self._follow(items), strict=True):
                self.answers[i] = answer

    def _follow(self, run: list[Append]) -> list[StaleTable | None]:
        """The answers of a table's consecutive actions ``run``, written when they follow its
        version; none is written after a refused action of its table (it was made on a state
        that was not stored)."""
        first, last = run[0], run[-1]
        table = first.table_id
        if first.number > self._refused.get(table, first.number):
            return [refused_before(item) for item in run]
        if self._versions.get(table) != first.number - 1:
            self._refused.setdefault(table, first.number)
            return [written_before(first), *(refused_before(item) for item in run[1:])]
        self._versions[table] = last.number
        self.written.extend(run)
        self.moves[table] = (self.moves.get(table, (first.number - 1, 0))[0], last.number)
        return [None] * len(run)


def _append_postgresql(pg: Any, appends: Sequence[Append], table_ids: list[str]) -> list[StaleTable | None]:
    """:meth:`Store.append_many` on PostgreSQL in two round trips: the tables' rows locked in the
    order of their ids (two processes writing the same tables wait for each other instead of
    deadlocking), then, pipelined with the commit, the statements of :func:`_postgresql_writes`."""
    import psycopg

    try:
        with pg.pipeline():
            plan = _Plan(appends, dict(pg.execute(_LOCK_TABLES, (table_ids,)).fetchall()))
            for statement, parameters in _postgresql_writes(plan):
                pg.execute(statement, parameters)
            pg.commit()
    except psycopg.Error as exc:
        raise _postgresql_failure(exc) from None
    return plan.answers


async def append_postgresql_async(pg: Any, appends: Sequence[Append]) -> list[StaleTable | None]:
    """:meth:`Store.append_many` on an asynchronous psycopg connection (``pg``), awaited on the
    event loop: the server's writer (:class:`.writer.LoopWriter`) waits for no thread's turn at
    the GIL. A batch whose every table's actions follow each other (the server's, always) is
    one round trip: :data:`_WRITE_RUNS` with one notice, pipelined with the commit; any other
    takes the two of :func:`_append_postgresql`."""
    import psycopg

    runs = _runs(appends)
    tables = [appends[run[0]].table_id for run in runs]
    try:
        async with pg.pipeline():
            if len(set(tables)) < len(runs):
                plan = _Plan(
                    appends, dict(await (await pg.execute(_LOCK_TABLES, (sorted(tables),))).fetchall())
                )
                for statement, parameters in _postgresql_writes(plan):
                    await pg.execute(statement, parameters)
                await pg.commit()
                return plan.answers
            written = await pg.execute(_WRITE_RUNS, _runs_parameters(runs, appends))
            lines = [f"{appends[run[0]].table_id} {appends[run[-1]].number}" for run in runs]
            await pg.execute(_NOTIFY, (CHANNEL, notices(lines)))  # a refused table's: a needless catch-up
            await pg.commit()
            moved = {row[0] for row in await written.fetchall()}
    except psycopg.Error as exc:
        raise _postgresql_failure(exc) from None
    return _answers_of_runs(runs, moved, appends)


def _runs_parameters(runs: list[list[int]], appends: Sequence[Append]) -> dict[str, list[Any]]:
    names = ("action_tables", "numbers", "seats", "notations", "ats")
    columns = zip(names, _action_columns(appends), strict=True)
    return {
        "tables": [appends[run[0]].table_id for run in runs],
        "befores": [appends[run[0]].number - 1 for run in runs],
        "afters": [appends[run[-1]].number for run in runs],
        **dict(columns),
    }


def _action_columns(rows: Sequence[Append]) -> tuple[list[Any], ...]:
    """The actions' columns as arrays, in the order of the actions table's."""
    return (
        [r.table_id for r in rows],
        [r.number for r in rows],
        [r.seat for r in rows],
        [r.notation for r in rows],
        [r.at for r in rows],
    )


def _answers_of_runs(
    runs: list[list[int]], moved: set[str], appends: Sequence[Append]
) -> list[StaleTable | None]:
    """Each action's answer: written when its table moved, else the first of its table's refused
    as written already by another process, the others as made after it."""
    answers: list[StaleTable | None] = [None] * len(appends)
    for first, *rest in runs:
        item = appends[first]
        if item.table_id not in moved:
            answers[first] = written_before(item)
            for i in rest:
                answers[i] = refused_before(appends[i])
    return answers


def _postgresql_writes(plan: _Plan) -> list[tuple[str, tuple[Any, ...]]]:
    """The tables' versions moved, the actions inserted and one notice sent: one statement each,
    taking arrays, whatever the batch's size."""
    if not plan.written:
        return []
    tables, rows = list(plan.moves), plan.written
    last_of = {item.table_id: item.number for item in rows}  # what the other processes catch up to
    return [
        (_MOVE_VERSIONS, (tables, [plan.moves[t][0] for t in tables], [plan.moves[t][1] for t in tables])),
        (_NEW_ACTIONS, _action_columns(rows)),
        (_NOTIFY, (CHANNEL, notices([f"{t} {n}" for t, n in last_of.items()]))),
    ]


async def connect_postgresql_async(url: str) -> Any:
    """An asynchronous psycopg connection to ``url`` (the loop writer's), or why not in words."""
    import psycopg

    try:
        return await psycopg.AsyncConnection.connect(url)
    except psycopg.Error as exc:
        raise StoreError(f"cannot reach the database: {_reason(exc)}") from None


def _postgresql_failure(exc: Exception) -> StoreError:
    import psycopg

    if isinstance(exc, psycopg.errors.UniqueViolation):
        return StaleTable(f"the database refused a duplicate: {_reason(exc)}")
    return StoreError(f"the database failed: {_reason(exc)}")


def _append_sqlite(
    db: sqlite3.Connection, appends: Sequence[Append], table_ids: list[str]
) -> list[StaleTable | None]:
    """:meth:`Store.append_many` on SQLite: the write lock taken first (the versions read are the
    ones moved), then one statement for the versions and one for the actions, whatever their
    number (an executemany runs a step per row, and each step lets go of the GIL)."""
    try:
        db.execute("BEGIN IMMEDIATE")
        marks = ", ".join("?" * len(table_ids))
        versions = db.execute(f"SELECT id, version FROM game_tables WHERE id IN ({marks})", table_ids)
        plan = _Plan(appends, dict(versions.fetchall()))
        if plan.written:
            moves = plan.moves.items()
            cases = " ".join("WHEN ? THEN ?" for _ in moves)
            marks = ", ".join("?" * len(moves))
            db.execute(
                f"UPDATE game_tables SET version = CASE id {cases} END WHERE id IN ({marks})",
                [*(value for table, (_, after) in moves for value in (table, after)), *plan.moves],
            )
            rows = plan.written
            db.execute(
                "INSERT INTO actions (table_id, number, seat, notation, at) VALUES "
                + ", ".join("(?, ?, ?, ?, ?)" for _ in rows),
                [value for r in rows for value in (r.table_id, r.number, r.seat, r.notation, r.at)],
            )
        db.commit()
    except sqlite3.Error as exc:
        if db.in_transaction:
            db.rollback()
        if isinstance(exc, sqlite3.IntegrityError):
            raise StaleTable(f"the database refused a duplicate: {_reason(exc)}") from None
        raise StoreError(f"the database failed: {_reason(exc)}") from None
    return plan.answers


def _runs(appends: Sequence[Append]) -> list[list[int]]:
    """The indexes of ``appends`` by table (in the order of the tables' ids), each table's actions
    in their order, cut where a number does not follow the one before."""
    runs: list[list[int]] = []
    for i in sorted(range(len(appends)), key=lambda i: appends[i].table_id):  # stable: in order
        before = appends[runs[-1][-1]] if runs else None
        follows = before is not None and before.table_id == appends[i].table_id
        if follows and appends[i].number == before.number + 1:  # type: ignore[union-attr]
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def written_before(item: Append) -> StaleTable:
    """What an action is answered when another process wrote its number first."""
    return StaleTable(f"table {item.table_id}: action {item.number} was already written")


def refused_before(item: Append) -> StaleTable:
    """What an action made after a refused action of its table is answered (never written)."""
    return StaleTable(f"table {item.table_id}: an action before {item.number} was refused")


def _reason(exc: Exception) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def _alembic_config() -> Config:
    """Alembic's configuration: the package's own migrations."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("robotable.server") / "migrations"))
    return config


def _current_heads(connection: Connection) -> set[str]:
    """The schema revisions the database says it is at (none: no schema yet)."""
    from alembic.runtime.migration import MigrationContext

    return set(MigrationContext.configure(connection).get_current_heads())


@functools.cache
def _head_revisions() -> frozenset[str]:
    """The newest schema this program knows (read from its migrations once: each readiness
    check compares the database's with it)."""
    from alembic.script import ScriptDirectory

    return frozenset(ScriptDirectory.from_config(_alembic_config()).get_heads())


def _seat_values(table_id: str, row: SeatRow) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": row.seat,
        "kind": row.kind,
        "name": row.name,
        "token_hash": row.token_hash,
        "stand_in": row.stand_in,
        "away_since": row.away_since,
        "account_id": row.account,
        "account_gone": row.account_gone,
        "account_bot": row.account_bot,
    }


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(
        row.seat,
        row.kind,
        row.name,
        row.token_hash,
        row.stand_in,
        row.away_since,
        row.account_id,
        bool(row.account_gone),
        bool(row.account_bot),
    )


def _held(row: Any) -> dict[str, Any]:
    return {
        "table": row.table_id,
        "seat": row.seat,
        "name": row.name,
        "game": row.game,
        "status": row.status,
        "created": row.created,
    }


def _outcome_json(outcome: Outcome | None) -> str | None:
    return None if outcome is None else json.dumps(outcome.to_dict(), sort_keys=True)


def _header(row: Any) -> StoredTable:
    outcome = None if row.outcome is None else Outcome.from_dict(json.loads(row.outcome))
    return StoredTable(
        row.id,
        row.game,
        row.rules_version,
        json.loads(row.options),
        row.seed,
        row.created,
        bool(row.timers),
        row.version,
        row.status,
        outcome,
        row.creator,
        row.stand_in,
        None if row.bank is None else BankRule(row.bank, row.bank_per_move or 0),
        bool(row.rated),
        bool(row.arena),
    )
