"""The other server processes on the same database, and which of them runs each table's clock.

Every process serves every table: an action is accepted by whichever process holds the
client's connection (the store's version check makes two processes' writes of one action
number impossible). What must happen exactly once per table, firing its timers and asking its
bots, is done by the table's *driver*, one process at a time:

- :class:`Alone`: one process (SQLite, or a single PostgreSQL server): it drives every table.
- :class:`PostgresPeers`: several processes on PostgreSQL. A process drives a table while it
  holds that table's advisory lock, a session lock on its own connection: when the process
  dies its connection closes, the lock is free, and another process takes the table over
  within :data:`LEASE_PERIOD`. Each process listens on the store's notification channel and
  catches its copies of the tables up with what the others accepted, then tells its own
  clients. PostgreSQL is the one shared part: no other broker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine, Mapping
from typing import Any, Protocol

from robotable.server.store import CHANNEL, SESSIONS_ENDED, Store

log = logging.getLogger("robotable.server")

LEASE_PERIOD = 1.0
"""Seconds between two looks for tables nobody drives (a dead process's)."""
RECONNECT_DELAY = 1.0
LOCK_CLASS = 0x726F62
"""The first key of every table's advisory lock (``rob``): other users of the database' locks
are told apart by it; the second key is the hash of the table id."""


class SharedTable(Protocol):
    """What peers need of a live table (:class:`robotable.server.live.LiveTable`)."""

    id: str

    @property
    def version_ahead(self) -> int:
        """How many actions this process's copy has carried out or let in on their way to the
        store (a notice of one of those is its own write)."""
        ...

    @property
    def over(self) -> bool: ...

    def start(self) -> None:
        """Drive it: fire its timers, ask its bots."""
        ...

    async def stop(self) -> None: ...

    async def catch_up(self) -> None: ...

    async def reload_seats(self) -> None: ...

    async def heard_chat(self) -> None: ...

    def fell_behind(self) -> None: ...

    def later(self, chore: Coroutine[Any, Any, None]) -> None: ...


class Hall(Protocol):
    """What peers need of a process's tables (:class:`robotable.server.hall.Hall`)."""

    @property
    def store(self) -> Store: ...

    @property
    def tables(self) -> Mapping[str, SharedTable]: ...

    async def find(self, table_id: str) -> SharedTable: ...

    async def recover(self) -> int: ...

    def sessions_ended(self, account: int, session: str | None) -> None:
        """Sessions of ``account`` ended (``session``'s, or all of them when None)."""
        ...


class Peers(Protocol):
    """How a hall shares its tables with other processes."""

    async def start(self, hall: Hall) -> None:
        """Begin: restore or claim the unfinished tables."""
        ...

    async def adopt(self, live: SharedTable) -> None:
        """A table this process just created or loaded: drive it if nobody else does."""
        ...

    async def close(self) -> None: ...


class Alone:
    """The only process on its database: every table is driven here."""

    async def start(self, hall: Hall) -> None:
        await hall.recover()

    async def adopt(self, live: SharedTable) -> None:
        live.start()

    async def close(self) -> None:
        return None


class PostgresPeers:
    """Several processes on one PostgreSQL database (see the module's description)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.hall: Hall | None = None
        self.lease: Any = None
        """The connection whose session holds this process's advisory locks."""
        self.lease_lock = asyncio.Lock()
        self.driven: set[str] = set()
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self, hall: Hall) -> None:
        self.hall = hall
        self.tasks = [
            asyncio.create_task(self._listen(), name="listen"),
            asyncio.create_task(self._claim_forever(), name="claim"),
        ]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._release_all()

    # ------------------------------------------------------------------ driving

    async def adopt(self, live: SharedTable) -> None:
        if live.id in self.driven or live.over:
            return
        with contextlib.suppress(Exception):  # no lease connection now: the next claim round
            if await self._try_locks([live.id]):
                await self._drive(live)

    async def _claim_forever(self) -> None:
        while True:
            try:
                await self._claim_round()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: drive nothing until it is back
                log.warning("cannot claim tables (%s); retrying", _first_line(exc))
                await self._release_all()
            await asyncio.sleep(LEASE_PERIOD)

    async def _claim_round(self) -> None:
        assert self.hall is not None
        hall = self.hall
        for table_id in [t for t in self.driven if _over(hall, t)]:
            await self._unlock(table_id)
        ids = await asyncio.to_thread(hall.store.table_ids, "open", "running")
        for table_id in await self._try_locks([t for t in ids if t not in self.driven]):
            # marked first: loading the table adopts it, which must not lock it a second time
            # (advisory locks count: one unlock would then leave it held)
            self.driven.add(table_id)
            try:
                live = await hall.find(table_id)
            except Exception as exc:  # a table that cannot be rebuilt: logged, left to no one
                log.error("table %s cannot be restored: %s", table_id, exc)
                await self._unlock(table_id)
                continue
            await self._drive(live)

    async def _drive(self, live: SharedTable) -> None:
        await live.catch_up()  # the last actions another process accepted, before any timer
        self.driven.add(live.id)
        live.start()

    async def _try_locks(self, ids: list[str]) -> list[str]:
        """The tables among ``ids`` whose lock this process now holds (one round trip)."""
        if not ids:
            return []
        async with self.lease_lock:
            connection = await self._lease_connection()
            cursor = await connection.execute(
                "SELECT id FROM unnest(%s::text[]) AS id WHERE pg_try_advisory_lock(%s, hashtext(id))",
                (ids, LOCK_CLASS),
            )
            return [row[0] for row in await cursor.fetchall()]

    async def _unlock(self, table_id: str) -> None:
        self.driven.discard(table_id)
        async with self.lease_lock:
            if self.lease is not None and not self.lease.closed:
                await self.lease.execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_CLASS, table_id)
                )

    async def _release_all(self) -> None:
        """Stop driving everything (the locks go with the connection)."""
        assert self.hall is not None
        for table_id in list(self.driven):
            live = self.hall.tables.get(table_id)
            if live is not None:
                await live.stop()
        self.driven.clear()
        async with self.lease_lock:
            if self.lease is not None:
                with contextlib.suppress(Exception):
                    await self.lease.close()
                self.lease = None

    async def _lease_connection(self) -> Any:
        import psycopg

        if self.lease is None or self.lease.closed:
            self.lease = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        return self.lease

    # ------------------------------------------------------------------ listening

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    await self._catch_up_all()  # what happened while nobody was listening
                    async for notice in connection.notifies():
                        for line in notice.payload.split("\n"):  # a commit's changes, one a line
                            self._heard(line)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost the database's notices (%s); reconnecting", _first_line(exc))
                await asyncio.sleep(RECONNECT_DELAY)

    def _heard(self, payload: str) -> None:
        assert self.hall is not None
        table_id, _, what = payload.partition(" ")
        if table_id.startswith(SESSIONS_ENDED):  # a sign-out in some process: close its sockets here
            self.hall.sessions_ended(
                int(table_id.removeprefix(SESSIONS_ENDED)), None if what == "*" else what
            )
            return
        live = self.hall.tables.get(table_id)
        if live is None:  # a table nobody asked this process about: loaded when someone does
            return
        if what == "seats":
            live.later(live.reload_seats())
        elif what == "chat":
            live.later(live.heard_chat())
        elif what.isdigit() and int(what) > live.version_ahead:
            live.fell_behind()

    async def _catch_up_all(self) -> None:
        assert self.hall is not None
        for live in list(self.hall.tables.values()):
            await live.reload_seats()
            await live.catch_up()
            await live.heard_chat()


def _over(hall: Hall, table_id: str) -> bool:
    live = hall.tables.get(table_id)
    return live is None or live.over


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def peers_for(store: Store) -> Peers:
    """:class:`PostgresPeers` on PostgreSQL, else :class:`Alone`."""
    return PostgresPeers(store.libpq_url) if store.shared else Alone()
