"""A process that loads a table while another process stores one of its actions: the notice of
that action comes while the table is not in the process's tables yet, and is dropped. The
process catches up once the table is loaded, so its copy never stays behind (found by
``benchmarks/server_chaos.py`` as a stuck table; ``benchmarks/notice_race.py`` shows it between
two real processes on PostgreSQL)."""

from __future__ import annotations

import asyncio
from typing import Any

from robotable.server.hall import Hall
from robotable.server.live import LiveTable
from robotable.server.store import StoredTable, open_store


class Quiet:
    """An audience nobody is in."""

    def __init__(self, live: LiveTable) -> None:
        del live

    def here(self) -> set[int | None]:
        return set()

    def send_to_all(self, message_for: Any) -> None:
        pass

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        pass

    def close_all(self, code: str, reason: str) -> None:
        pass


class Driven:
    """Peers of a process that drives nothing (another process does)."""

    async def start(self, hall: Any) -> None:
        pass

    async def adopt(self, live: Any) -> None:
        pass

    async def close(self) -> None:
        pass


def test_a_table_loaded_while_another_process_stores_an_action_catches_up_with_it() -> None:
    store = open_store("sqlite://")

    async def scenario() -> tuple[int, int]:
        first = Hall(store, audience=Quiet)  # the process that made the table
        created = await first.create("dr2d", {}, ["human"] * 4, seed=1, timers=False)
        table = first.tables[created.table_id].table
        seat = table.to_act()[0]
        action = str(table.state.legal_actions(seat)[0])
        await first.close()
        load = store.load

        def load_while_another_process_writes(table_id: str) -> StoredTable:
            stored = load(table_id)  # read, then the other process stores action 1 meanwhile
            store.append(table_id, 1, seat=seat, notation=action, at=stored.created + 1)
            return stored

        store.load = load_while_another_process_writes  # type: ignore[method-assign]
        store.shared = True  # several processes: the other one's notice came before the table was here
        store._notify = lambda *_: None  # type: ignore[method-assign]  # (PostgreSQL's NOTIFY)
        second = Hall(store, audience=Quiet, peers=Driven())
        live = await second.find(created.table_id)
        loaded = live.version
        for _ in range(100):
            if live.version == 1:
                break
            await asyncio.sleep(0.02)
        await second.close()
        return loaded, live.version

    loaded, later = asyncio.run(scenario())
    store.close()
    assert (loaded, later) == (0, 1)  # loaded before the action, then caught up with it
