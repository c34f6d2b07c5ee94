"""What an action's updates cost to make: every seat's and a spectator's text, made from scratch
(:meth:`LiveTable.snapshot` and :meth:`LiveTable.news`, encoded) and by parts
(:mod:`robotable.server.updates`), on the same table at the same moment.

    python benchmarks/update_cost.py [--game dr2d] [--seats 4] [--actions 2000] [--seed 1] [--random]

A table of people in one process (no server, no sockets: only the making and encoding of the
messages, which the load benchmark measures among everything else) plays as
``server_load.py``'s people do (an awaited seat, in turn, plays its first legal action; Delivery's
``submit`` first, never ``take``), or random legal actions with ``--random``;
after each one, both ways make the texts of every seat and of one spectator, each timed (this
thread's CPU time), and the texts are compared (they must be equal). Prints the microseconds per
action of each way. A finished game is followed by a new table.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any, ClassVar

from robotable import games
from robotable.server.hall import Hall
from robotable.server.live import LiveTable
from robotable.server.sockets import encode
from robotable.server.store import open_store
from server_load import policy_for  # benchmarks/ is the script's folder


class Timed:
    """An audience of every seat and one spectator that times both ways of making their texts."""

    scratch: ClassVar[list[float]] = []
    parts: ClassVar[list[float]] = []

    def __init__(self, live: LiveTable) -> None:
        self.live = live

    def here(self) -> set[int | None]:
        return set()

    def send_to_all(self, message_for: Any) -> None:
        seats = [*range(self.live.table.seats), None]
        news, snapshot = self.live.news, self.live.snapshot
        accepted = self.live.table.history[-1]

        def by_parts() -> list[str]:
            return [encode(message_for(seat)) for seat in seats]

        def from_scratch() -> list[str]:
            return [
                encode({"type": "update", "news": news(accepted, seat), "state": snapshot(seat)})
                for seat in seats
            ]

        # each way first at every other action: the second finds the table warm in the caches
        ways = [by_parts, from_scratch]
        texts, times = {}, {}
        for way in ways if len(Timed.parts) % 2 else ways[::-1]:
            started = time.thread_time()
            texts[way] = way()
            times[way] = time.thread_time() - started
        if not texts[by_parts][0].startswith('{"type":"update"'):
            return  # a change of seats: a state message, not timed
        Timed.parts.append(times[by_parts])
        Timed.scratch.append(times[from_scratch])
        if texts[by_parts] != texts[from_scratch]:
            raise AssertionError(f"the texts differ at version {self.live.version}")

    def close_seat(self, seat: int, code: str, reason: str) -> None:
        pass

    def close_all(self, code: str, reason: str) -> None:
        pass


async def play(game_id: str, seats: int, actions: int, seed: int, randomly: bool) -> None:
    rng = random.Random(seed)
    first = policy_for(game_id)
    store = open_store("sqlite://")
    hall = Hall(store, audience=Timed, clock=lambda: 1_000_000.0)
    game = games.get(game_id)
    played = 0
    try:
        while played < actions:
            timers = game.needs_clock(seats) is not None
            seed = rng.randrange(2**31)
            created = await hall.create(game_id, {}, ["human"] * seats, seed=seed, timers=timers)
            live = hall.tables[created.table_id]
            while played < actions and not live.over and (awaited := live.table.to_act()):
                seat = rng.choice(awaited) if randomly else awaited[played % len(awaited)]
                legal = [str(action) for action in live.table.state.legal_actions(seat)]
                await live.submit(seat, rng.choice(legal) if randomly else first(legal))
                played += 1
    finally:
        await hall.close()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dr2d", choices=games.ids())
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random", action="store_true", help="random legal actions")
    args = parser.parse_args()
    asyncio.run(play(args.game, args.seats, args.actions, args.seed, args.random))
    scratch, parts = Timed.scratch, Timed.parts
    print(f"{args.game}, {args.seats} seats and a spectator, {len(parts)} actions (texts equal)")
    for name, spent in (("from scratch", scratch), ("by parts", parts)):
        print(
            f"  {name:>12}: {sum(spent) / len(spent) * 1e6:7.1f} µs an action "
            f"(median {statistics.median(spent) * 1e6:.1f})"
        )
    print(f"  by parts / from scratch: {sum(parts) / sum(scratch):.2f}")


if __name__ == "__main__":
    main()
