"""Where presence across processes is kept (:mod:`.presence`): each server process's lease
(``server_processes``) and the people it has connected (``presence``), through the store's own
transactions. Every method is blocking: the callers run them in a thread."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite

from robotable.core.game import Seat
from robotable.server import schema
from robotable.server.store import Store

PROCESSES = schema.server_processes.c
PRESENCE = schema.presence.c
FORGOTTEN_AFTER = 3600.0
"""Seconds after its lease ended that a process's rows are removed (by whoever renews next)."""


class PresenceStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def renew(self, process: str, until: float, now: float) -> None:
        """The process's lease, now lasting until ``until``; the rows of processes long gone removed."""
        lease = self._upsert(schema.server_processes).values(id=process, until=until)
        with self.store._writing() as connection:  # two renewals at once (the first arrival's): one row
            connection.execute(lease.on_conflict_do_update(index_elements=["id"], set_={"until": until}))
            gone = select(PROCESSES.id).where(PROCESSES.until < now - FORGOTTEN_AFTER)
            connection.execute(delete(schema.presence).where(PRESENCE.process.in_(gone)))
            connection.execute(delete(schema.server_processes).where(PROCESSES.until < now - FORGOTTEN_AFTER))

    def arrived(self, process: str, table_id: str, seat: Seat) -> None:
        """A person connected to ``seat`` through ``process`` (once, however many connections:
        two connections arriving at once write the same row, and the second changes nothing)."""
        row = {"table_id": table_id, "seat": seat, "process": process}
        with self.store._writing() as connection:
            connection.execute(self._upsert(schema.presence).values(**row).on_conflict_do_nothing())

    def _upsert(self, table: Any) -> Any:
        """The dialect's INSERT, which can be told what to do when the row is there already."""
        return (postgresql.insert if self.store.engine.dialect.name == "postgresql" else sqlite.insert)(table)

    def left(self, process: str, table_id: str, seat: Seat) -> None:
        with self.store._writing() as connection:
            row = {"table_id": table_id, "seat": seat, "process": process}
            connection.execute(delete(schema.presence).filter_by(**row))

    def present(self, table_ids: Iterable[str], now: float, *, other_than: str) -> dict[str, set[Seat]]:
        """The seats of ``table_ids`` connected through the other processes whose lease runs."""
        ids = list(table_ids)
        if not ids:
            return {}
        query = (
            select(PRESENCE.table_id, PRESENCE.seat)
            .join(schema.server_processes, PROCESSES.id == PRESENCE.process)
            .where(PRESENCE.table_id.in_(ids), PROCESSES.until > now, PRESENCE.process != other_than)
        )
        found: dict[str, set[Seat]] = {}
        with self.store._reading() as connection:
            for table_id, seat in connection.execute(query):
                found.setdefault(table_id, set()).add(seat)
        return found

    def forget(self, process: str) -> None:
        """A process stopping: its people are no longer here through it."""
        with self.store._writing() as connection:
            connection.execute(delete(schema.presence).where(PRESENCE.process == process))
            connection.execute(delete(schema.server_processes).where(PROCESSES.id == process))
