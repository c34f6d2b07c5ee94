"""Who is at each table when several server processes share a database (PostgreSQL).

Each process knows its own connections (a table's audience). For the others, every process
holds a lease in the store, renewed every third of its length, and a row for each person it has
connected. A person is *here* while their row belongs to a process whose lease runs: a process
killed with its connections open stops renewing, and once its lease lapses its people have
vanished. The table's driver then marks each of them away, as their own process would have at
their leaving, and the grace period and the stand-in follow as on one process. The lease is a
quarter of the grace period (between 1 and 15 seconds): a person whose process died is away a
little later than one who closed their page.

On a database of one process (SQLite) nothing is stored: the audience is everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import Protocol

from robotable.core.game import Seat
from robotable.server.presence_store import PresenceStore
from robotable.server.store import Store, StoreError

log = logging.getLogger("robotable.server")

LEASE_MOST = 15.0
"""Seconds a process's lease lasts at most."""


def lease_for(grace: float) -> float:
    """A quarter of the grace period, between 1 and :data:`LEASE_MOST` seconds."""
    return min(LEASE_MOST, max(1.0, grace / 4))


class Watched(Protocol):
    """What presence needs of a live table (:class:`robotable.server.live.LiveTable`)."""

    @property
    def driven(self) -> bool: ...

    def seen_elsewhere(self, vanished: set[Seat]) -> None:
        """Who is here through other processes changed; ``vanished``: people no longer here
        through any of them."""
        ...


class Presence:
    """This process's lease and its people, and who the others have connected."""

    def __init__(self, store: Store, clock: Callable[[], float], grace: float) -> None:
        self.shared = store.shared
        self.rows = PresenceStore(store)
        self.clock = clock
        self.lease = lease_for(grace)
        self.process = secrets.token_hex(8)
        self.elsewhere: dict[str, set[Seat]] = {}
        """Each table's seats connected through other processes, as last read."""
        self.leased = False
        """Whether this process's lease has been written (its people's rows refer to it)."""
        self.mine: set[tuple[str, Seat]] = set()
        """The people this process has written as here."""
        self._task: asyncio.Task[None] | None = None

    def start(self, tables: Callable[[], Mapping[str, Watched]]) -> None:
        if self.shared and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._renew(tables), name="presence")

    async def close(self) -> None:
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        with contextlib.suppress(StoreError):
            await asyncio.to_thread(self.rows.forget, self.process)

    def here(self, table_id: str) -> set[Seat]:
        """The seats of ``table_id`` connected through the other processes."""
        return self.elsewhere.get(table_id, set())

    async def arrived(self, table_id: str, seat: Seat) -> None:
        """A person here through this process (written once: they act and connect often)."""
        if self.shared and (table_id, seat) not in self.mine:
            self.mine.add((table_id, seat))  # first: a second connection of the seat writes nothing
            try:
                if not self.leased:  # its rows name this process's lease: it must be there first
                    await self._renew_lease()
                await asyncio.to_thread(self.rows.arrived, self.process, table_id, seat)
            except BaseException:
                self.mine.discard((table_id, seat))
                raise

    async def left(self, table_id: str, seat: Seat) -> None:
        if self.shared and (table_id, seat) in self.mine:
            self.mine.discard((table_id, seat))
            await asyncio.to_thread(self.rows.left, self.process, table_id, seat)

    async def present_now(self, table_id: str) -> set[Seat]:
        """A fresh read of :meth:`here` (the last one may be older than someone's arrival)."""
        if not self.shared:
            return set()
        found = await asyncio.to_thread(self.rows.present, [table_id], self.clock(), other_than=self.process)
        return found.get(table_id, set())

    async def _renew(self, tables: Callable[[], Mapping[str, Watched]]) -> None:
        while True:
            try:
                await self._renew_once(tables())
            except StoreError as exc:  # the database is away: the lease lapses, as for a dead process
                log.warning("presence not renewed: %s", exc)
            await asyncio.sleep(self.lease / 3)

    async def _renew_lease(self) -> None:
        now = self.clock()
        await asyncio.to_thread(self.rows.renew, self.process, now + self.lease, now)
        self.leased = True

    async def _renew_once(self, tables: Mapping[str, Watched]) -> None:
        await self._renew_lease()
        now = self.clock()
        found = await asyncio.to_thread(self.rows.present, list(tables), now, other_than=self.process)
        before, self.elsewhere = self.elsewhere, found
        for table_id, live in tables.items():
            was, now_here = before.get(table_id, set()), found.get(table_id, set())
            if was != now_here:
                live.seen_elsewhere(was - now_here)
