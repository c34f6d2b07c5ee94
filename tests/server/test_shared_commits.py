"""Issue 31: a table's actions made at once share a commit (:mod:`robotable.server.ahead`).

Four people programming their DR2D robots at once: each action is checked and let in at once,
the actions let in while one is being written share the next commit, and nobody is told of any
action before the store holds it. A refusal of the store changes nothing anyone was told: the
actions queued after the refused one are checked again on the table caught up with the store."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import pytest

from robotable.core.errors import IllegalAction
from robotable.server.hall import Hall
from robotable.server.live import LiveTable, Message
from robotable.server.store import Append, Store, StoreError, open_store


class Heard:
    """An audience that notes each update told, with the number of actions stored at that moment."""

    def __init__(self, live: LiveTable, store: Store, told: list[tuple[int, int]]) -> None:
        self.live, self.store, self.told = live, store, told

    def here(self) -> set[int | None]:
        return set()

    def send_to_all(self, message_for: Callable[[int | None], Message]) -> None:
        message = message_for(None)
        if message["type"] == "update":
            number = message["news"]["number"]  # type: ignore[index,call-overload]
            self.told.append((number, self.store.load(self.live.id).version))

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        pass

    def close_all(self, code: str, reason: str) -> None:
        pass


class Gate:
    """The store's writes held until opened; each transaction's seats noted; some made to fail."""

    def __init__(self, store: Store) -> None:
        self.write = store.append_many
        self.open = threading.Event()
        self.batches: list[list[int]] = []
        self.fail_next = False
        self.before_next: Callable[[], None] | None = None
        store.append_many = self.append_many  # type: ignore[method-assign]

    def append_many(self, appends: Sequence[Append]) -> Any:
        self.open.wait(10)
        self.batches.append([item.seat for item in appends])
        if self.before_next is not None:  # another process writes first
            self.before_next, before = None, self.before_next
            before()
        if self.fail_next:
            self.fail_next = False
            raise StoreError("the database failed: disk I/O error")
        return self.write(appends)


def at_table(
    scenario: Callable[[Hall, LiveTable, Gate, list[tuple[int, int]]], Coroutine[Any, Any, None]],
) -> None:
    """A DR2D table of four people, robots placed, everyone to program: ``scenario`` plays there."""
    store = open_store("sqlite://")
    told: list[tuple[int, int]] = []

    async def run() -> None:
        hall = Hall(store, audience=lambda live: Heard(live, store, told))
        try:
            created = await hall.create("dr2d", {}, ["human"] * 4, seed=1, timers=False)
            live = await hall.find(created.table_id)
            while len(live.table.to_act()) == 1:  # the robots placed, one at a time
                seat = live.table.to_act()[0]
                await live.submit(seat, live.table.state.legal_actions(seat)[0])
            told.clear()
            await scenario(hall, live, Gate(store), told)
        finally:
            await hall.close()

    asyncio.run(run())
    store.close()


def register(live: LiveTable, seat: int) -> str:
    return str(live.table.state.legal_actions(seat)[0])


def test_actions_made_at_once_share_a_commit_and_are_told_once_stored_in_order() -> None:
    async def scenario(hall: Hall, live: LiveTable, gate: Gate, told: list[tuple[int, int]]) -> None:
        placed = live.version
        sent = [asyncio.create_task(live.submit(0, register(live, 0)))]
        await asyncio.sleep(0.1)  # held at the gate: the three others are let in behind it
        sent += [asyncio.create_task(live.submit(seat, register(live, seat))) for seat in range(1, 4)]
        await asyncio.sleep(0.1)
        assert told == []  # nothing stored: nobody told
        gate.open.set()
        accepted = await asyncio.gather(*sent)
        assert gate.batches == [[0], [1, 2, 3]]  # four actions, two commits
        assert [a.number for a in accepted] == [placed + 1, placed + 2, placed + 3, placed + 4]
        assert [number for number, _ in told] == [placed + 1, placed + 2, placed + 3, placed + 4]
        assert all(stored >= number for number, stored in told)  # each told once the store held it
        stored = hall.store.load(live.id)
        assert stored.actions == [(s, a) for s, a in live.table.record.actions]

    at_table(scenario)


def test_a_database_failure_refuses_its_action_and_those_queued_after_it_are_checked_again() -> None:
    async def scenario(hall: Hall, live: LiveTable, gate: Gate, told: list[tuple[int, int]]) -> None:
        placed = live.version
        gate.fail_next = True
        sent = [asyncio.create_task(live.submit(0, register(live, 0)))]
        await asyncio.sleep(0.1)  # held at the gate: the three others are let in behind it
        sent += [asyncio.create_task(live.submit(seat, register(live, seat))) for seat in range(1, 4)]
        await asyncio.sleep(0.1)
        gate.open.set()
        answers = await asyncio.gather(*sent, return_exceptions=True)
        assert isinstance(answers[0], StoreError) and "disk I/O error" in str(answers[0])
        assert sorted(a.seat for a in answers[1:]) == [1, 2, 3]  # type: ignore[union-attr]
        assert gate.batches[0] == [0]  # the failed one; the three behind it were never sent with it
        assert sorted(seat for batch in gate.batches[1:] for seat in batch) == [1, 2, 3]
        stored = hall.store.load(live.id)
        assert stored.version == placed + 3 and [s for s, _ in stored.actions[placed:]] == [1, 2, 3]
        assert stored.actions == list(live.table.record.actions)  # memory is what is stored
        assert [number for number, _ in told] == [placed + 1, placed + 2, placed + 3]  # seat 0's never told
        again = await live.submit(0, register(live, 0))  # the refused register never counted:
        assert again.number == placed + 4 and again.events[0].registers == ("N",)  # type: ignore[attr-defined]

    at_table(scenario)


def test_an_action_another_process_wrote_first_is_caught_up_and_the_ones_let_in_here_are_checked_again() -> (
    None
):
    async def scenario(hall: Hall, live: LiveTable, gate: Gate, told: list[tuple[int, int]]) -> None:
        placed = live.version
        elsewhere = register(live, 3)
        gate.before_next = lambda: gate.write([Append(live.id, placed + 1, 3, elsewhere, hall.clock())])
        sent = [asyncio.create_task(live.submit(seat, register(live, seat))) for seat in range(3)]
        await asyncio.sleep(0.2)
        gate.open.set()
        accepted = await asyncio.gather(*sent)
        assert sorted(a.number for a in accepted) == [placed + 2, placed + 3, placed + 4]
        stored = hall.store.load(live.id)
        assert [s for s, _ in stored.actions[placed:]] == [3, *(a.seat for a in accepted)]
        assert stored.actions == list(live.table.record.actions)
        assert [number for number, _ in told] == [placed + 1, placed + 2, placed + 3, placed + 4]

    at_table(scenario)


def test_each_action_is_checked_on_the_table_ahead_of_the_store() -> None:
    async def scenario(hall: Hall, live: LiveTable, gate: Gate, told: list[tuple[int, int]]) -> None:
        program = [asyncio.create_task(live.submit(0, "N"))]
        await asyncio.sleep(0.1)  # let in, held at the gate: the next registers are checked after it
        program += [asyncio.create_task(live.submit(0, action)) for action in ["E", "S", "W", "STAY", "lock"]]
        await asyncio.sleep(0.1)
        with pytest.raises(IllegalAction):  # the program is locked on the table ahead, not yet stored
            await live.submit(0, "N")
        assert told == [] and hall.store.load(live.id).version == live.version
        gate.open.set()
        await asyncio.gather(*program)
        assert gate.batches == [[0], [0] * 5]
        assert [a for _, a in live.table.record.actions[-6:]] == ["N", "E", "S", "W", "STAY", "lock"]
        assert live.table.to_act() == [1, 2, 3]

    at_table(scenario)
