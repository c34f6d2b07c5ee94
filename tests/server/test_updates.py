"""Each seat's state after an action, made for all seats at once and by parts
(:mod:`robotable.server.updates`), is byte for byte what encoding :meth:`LiveTable.snapshot`
from scratch gives: in every game, action after action, for every seat and a spectator, through
a concession (its seat's bot playing on), a time bank running out, a seat changing hands, actions
another process stored (caught up), a write the store refused, and the end. Parts kept from the
last action are reused only while a seat's view stays the same."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from robotable import games
from robotable.server.hall import Hall
from robotable.server.live import LiveTable, Message
from robotable.server.sockets import encode
from robotable.server.store import StoreError, open_store

pytestmark = pytest.mark.timeout(120)

START = 1_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Audit:
    """An audience of every seat and a spectator: each state made for it is compared with the
    one :meth:`LiveTable.snapshot` makes from scratch at that moment."""

    checked = 0
    reused = 0
    remade = 0
    conceded = 0
    """States of a seat that conceded (shown as a spectator's guidance, no legal actions)."""
    out_of_time = 0
    """States of a person's seat whose bank ran out, not handed to the stand-in yet (likewise)."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live

    def here(self) -> set[int | None]:
        return set()

    def send_to_all(self, message_for: Any) -> None:
        for seat in [*range(self.live.table.seats), None]:
            before = self.live.updates.read.get(seat)
            message: Message = message_for(seat)
            if "state" not in message:
                continue
            fresh = {**message, "state": self.live.snapshot(seat)}
            assert encode(message) == encode(fresh), f"seat {seat} at version {self.live.version}"
            Audit.checked += 1
            live = self.live
            if seat is not None and live.table.concessions.conceded(seat):
                Audit.conceded += 1
            elif seat is not None and live.timed_out(seat) and live.seats[seat].kind == "human":
                Audit.out_of_time += 1
            if before is not None:
                if self.live.updates.read[seat] is before:
                    Audit.reused += 1
                else:
                    Audit.remade += 1

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        pass

    def close_all(self, code: str, reason: str) -> None:
        pass


@pytest.fixture(autouse=True)
def counts() -> None:
    Audit.checked = Audit.reused = Audit.remade = Audit.conceded = Audit.out_of_time = 0


async def play_randomly(live: LiveTable, rng: random.Random, actions: int) -> int:
    """Up to ``actions`` legal actions of the people awaited; when nobody is, the clock moved
    past the next deadline for the table's driver to fire it (fewer once there is none)."""
    played = 0
    while played < actions and not live.over:
        awaited = live.table.to_act()
        people = [s for s in awaited if live.person_at(s) and s not in live.agents and not live.timed_out(s)]
        if not people:
            deadline, version = live.table.next_deadline(), live.version
            if deadline is None:
                break
            clock = live.hall.clock
            assert isinstance(clock, Clock)
            clock.now = max(clock.now, deadline + 0.5)
            live.changed.set()
            for _ in range(200):
                if live.version != version:
                    break
                await asyncio.sleep(0.01)
            played += 1
            continue
        seat = rng.choice(people)
        legal = live.table.state.legal_actions(seat)
        await live.submit(seat, str(rng.choice(legal)))
        played += 1
    return played


@pytest.mark.parametrize("game_id", games.ids())
def test_every_seat_is_shown_its_snapshot_byte_for_byte(game_id: str) -> None:
    game = games.get(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    store = open_store("sqlite://")

    async def scenario() -> int:
        hall = Hall(store, audience=Audit, clock=Clock())
        timers = game.needs_clock(seats) is not None
        created = await hall.create(game_id, {}, ["human"] * seats, seed=3, timers=timers)
        live = hall.tables[created.table_id]
        played = await play_randomly(live, random.Random(game_id), 150)
        await hall.close()
        return played

    played = asyncio.run(scenario())
    store.close()
    assert played > 20
    assert Audit.checked >= played * (seats + 1)


def test_concession_time_bank_seat_change_catch_up_refusal_and_end_in_dr2d() -> None:
    store = open_store("sqlite://")
    clock = Clock()
    hour = 3600.0

    async def scenario() -> None:
        hall = Hall(store, audience=Audit, clock=clock)
        options = {"turn_limit": 3}
        bank = {"bank": 100 * hour, "per_move": 0}
        created = await hall.create("dr2d", options, ["human"] * 4, seed=5, turn_based=bank, stand_in="easy")
        live = hall.tables[created.table_id]
        rng = random.Random(5)
        await play_randomly(live, rng, 12)
        before = Audit.reused
        await play_randomly(live, rng, 6)
        assert Audit.reused > before  # the others' views stayed the same: their parts kept

        # another process stores an action: caught up and told from the store
        seat = next(s for s in live.table.to_act())
        action = str(live.table.state.legal_actions(seat)[0])
        store.append(live.id, live.version + 1, seat=seat, notation=action, at=clock.now)
        await live.catch_up()

        # the store refuses a write: nothing told, the table caught up, the action tried again
        write, refusals = store.append_many, [1]

        def refuse_once(*args: Any, **kwargs: Any) -> Any:
            if refusals:
                refusals.pop()
                raise StoreError("the database failed (a test)")
            return write(*args, **kwargs)

        store.append_many = refuse_once  # type: ignore[method-assign]
        seat = live.table.to_act()[0]
        with pytest.raises(StoreError):
            await live.submit(seat, str(live.table.state.legal_actions(seat)[0]))
        await play_randomly(live, rng, 3)

        # a seat concedes: its bot plays it on (its guidance now a spectator's), everyone shown
        conceder = next(s for s in live.table.to_act())
        await live.submit(conceder, "concede")
        assert conceder in live.agents and Audit.conceded > 0

        # the seats' time banks run out: their people only watch (shown so while the driver hands
        # the seats one by one to the stand-in), then the bots play the game to its end
        clock.now += 200 * hour
        live.changed.set()
        for _ in range(600):
            if live.over:
                break
            await play_randomly(live, rng, 1)  # a person whose bank was not running plays on
            await asyncio.sleep(0.05)
        assert live.over and Audit.out_of_time > 0
        await hall.close()

    asyncio.run(scenario())
    store.close()
    assert Audit.checked > 50 and Audit.reused > 0 and Audit.remade > 0
