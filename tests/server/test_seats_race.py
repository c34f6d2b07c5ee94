"""A read of a table's seats begun before a seat changed in this process must not undo that
change when it ends after it. On PostgreSQL every seat change's notice makes each process read
the table's seats again (:mod:`robotable.server.peers`), its own included: a process that heard
of an earlier change (a person left, a concession) and read the seats, slowly on a busy
machine, then let someone join, put the seats it had read back over the join's: the seat showed
open again (a bot account that had just joined showed "seat 1"), a deleted account's seat its
name again. Here the read of the notice is held until the join stores its seat (before the
fix), or until the join waits for the table (after it), whichever comes first."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, ClassVar

import pytest

from robotable.server.account_store import AccountStore, NewSession
from robotable.server.hall import Hall
from robotable.server.live import Forbidden
from robotable.server.seats import SeatRow
from robotable.server.store import StoredTable, open_store
from robotable.server.tokens import hash_token, new_token

from .test_notice_race import Driven, Quiet


class Told(Quiet):
    """An audience nobody is in, which notes the seats whose connections it was told to close."""

    closed: ClassVar[list[tuple[int, str]]] = []

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        Told.closed.append((seat, code))


class Waited(asyncio.Lock):
    """A table's lock that says when someone has to wait for it."""

    def __init__(self, waited: threading.Event) -> None:
        super().__init__()
        self.waited = waited

    async def acquire(self) -> bool:
        if self.locked():
            self.waited.set()
        return await super().acquire()


def test_a_notice_s_read_of_the_seats_ending_after_a_join_does_not_undo_it() -> None:
    store = open_store("sqlite://")
    Told.closed = []

    async def scenario() -> tuple[list[SeatRow], list[SeatRow]]:
        hall = Hall(store, audience=Told, peers=Driven())
        created = await hall.create("dr2d", {}, ["human", "open", "human", "human"], seed=1, timers=False)
        live = hall.tables[created.table_id]
        began, go = threading.Event(), threading.Event()
        live.lock = Waited(go)
        seats, set_seat = store.seats, store.set_seat
        slow = [True]

        def seats_slowly(table_id: str) -> list[SeatRow]:
            rows = seats(table_id)
            if slow.pop() if slow else False:  # the notice's read: its rows, then a busy machine
                began.set()
                go.wait(10)
            return rows

        def set_seat_then_go(*args: Any, **kwargs: Any) -> bool:
            stored = set_seat(*args, **kwargs)
            go.set()
            return stored

        store.seats = seats_slowly  # type: ignore[method-assign]
        store.set_seat = set_seat_then_go  # type: ignore[method-assign]
        notice = asyncio.create_task(live.reload_seats())  # a notice of an earlier seat change
        await asyncio.to_thread(began.wait, 10)
        seat, _token = await live.join(None, "Robbie")
        await notice
        assert seat == 1
        shown = list(live.seats)
        await hall.close()
        return shown, seats(created.table_id)

    shown, stored = asyncio.run(scenario())
    store.close()
    assert (stored[1].kind, stored[1].name) == ("human", "Robbie")
    assert shown == stored, "the seats in memory are the stored ones: the join is not undone"
    # the join's own (the open seat's connections: none); undone, the seat's token would change
    # again, and Robbie's connections be closed as if his seat was handed to a bot
    assert Told.closed == [(1, "handed_to_bot")]


def test_a_table_loaded_while_another_process_seats_someone_shows_them() -> None:
    """The seats' notice of another process's join, sent while this process was loading the
    table, found no table here and was dropped: the seats are read again once it is loaded."""
    store = open_store("sqlite://")

    async def scenario() -> tuple[str, str]:
        first = Hall(store, audience=Told, peers=Driven())  # the process that made the table
        created = await first.create("dr2d", {}, ["human", "open", "human", "human"], seed=1, timers=False)
        await first.close()
        load = store.load

        def load_while_another_process_seats_someone(table_id: str) -> StoredTable:
            stored = load(table_id)  # read, then the other process seats Robbie meanwhile
            store.set_seat(table_id, SeatRow(1, "human", "Robbie", "h1"), only_if_open=True)
            return stored

        store.load = load_while_another_process_seats_someone  # type: ignore[method-assign]
        store.shared = True  # several processes: the other one's notice came before the table was here
        store._notify = lambda *_: None  # type: ignore[method-assign]  # (PostgreSQL's NOTIFY)
        second = Hall(store, audience=Told, peers=Driven())
        live = await second.find(created.table_id)
        loaded = live.seats[1].kind
        await asyncio.gather(*live.chores)  # what it does once loaded, in the background
        later = live.seats[1].name
        await second.close()
        return loaded, later

    loaded, later = asyncio.run(scenario())
    store.close()
    assert (loaded, later) == ("open", "Robbie")  # loaded before the join, then read again


def test_an_invitation_checked_before_another_process_seated_an_account_names_nothing() -> None:
    """The guest's invitation was checked; the seats' notice of another process giving that
    seat to an account held the table meanwhile; then the guest named the seat: the account's
    seat is not renamed (CI saw "Gus" over Bob's seat on PostgreSQL, the notice in between)."""
    store = open_store("sqlite://")

    async def scenario() -> tuple[str, str, SeatRow]:
        hall = Hall(store, audience=Told, peers=Driven())
        created = await hall.create("dr2d", {}, ["human", "human", "human", "human"], seed=1, timers=False)
        live = hall.tables[created.table_id]
        invite = created.invites[1]
        assert await live.authorize(invite) == 1
        account = AccountStore(store).create("Bob", "bob", "h", NewSession("s", 1.0, 9.0)).id
        bob = SeatRow(1, "human", "Bob", hash_token(new_token()), account=account)
        assert store.set_seat(created.table_id, bob)  # another process seats Bob's account
        async with live.lock:  # the notice's read of the seats holds the table
            naming = asyncio.create_task(live.name_seat(invite, "Gus"))
            await asyncio.sleep(0.01)  # the invitation checked: the naming waits for the table
            live.take_seats(store.seats(created.table_id))
        with pytest.raises(Forbidden) as refused:
            await naming
        shown = live.seats[1]
        await hall.close()
        return str(refused.value), shown.name, store.seats(created.table_id)[1].name

    refusal, shown, stored = asyncio.run(scenario())
    store.close()
    assert "just taken" in refusal
    assert shown == stored == "Bob"
