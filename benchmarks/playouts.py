"""Random-playout throughput of a game engine: games per second, actions per second, game length.

    python benchmarks/playouts.py GAME [--games 200] [--seats N] [--seed 0] [-O key=value]

Plays uniformly random legal actions straight on the engine (no match loop, no agents):
at each step one of the seats to act, then one of its legal actions; a pending timer's
referee action is taken with probability ``--timer-chance``. Counts what the engine
costs: ``to_act`` + ``legal_actions`` + ``apply``, one core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.progress import track
from rich.table import Table

from robotable import games
from robotable.cli.common import parse_options
from robotable.core.game import REFEREE, Game
from robotable.core.rng import Rng


def playout(
    game: Game, seats: int, seed: int, options: dict, max_actions: int, timer_chance: float
) -> tuple[int, bool]:
    """One random game; the number of actions and whether it reached its end."""
    state = game.new_state(options, seed=seed, seats=seats)
    rng = Rng(seed ^ 0x5EED)
    for count in range(max_actions):
        if state.is_over():
            return count, True
        timers = state.timers()
        acting = state.to_act()
        if timers and (not acting or rng.random() < timer_chance):
            state.apply(REFEREE, timers[0].action)
            continue
        seat = rng.choice(acting)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return max_actions, state.is_over()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=None, help="players (default: the game's minimum)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=20_000)
    parser.add_argument("--timer-chance", type=float, default=0.1)
    parser.add_argument("-O", "--option", action="append", default=[], help="game option key=value")
    args = parser.parse_args()

    game = games.get(args.game)
    seats = args.seats or game.min_seats
    options = parse_options(args.option)
    lengths: list[int] = []
    ended = 0
    started = time.perf_counter()
    for number in track(range(args.games), description=f"{game.title}, {seats} seats", transient=True):
        length, over = playout(game, seats, args.seed + number, options, args.max_actions, args.timer_chance)
        lengths.append(length)
        ended += over
    elapsed = time.perf_counter() - started

    table = Table(title=f"{game.title}: {args.games} random games, {seats} seats")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games per second", f"{args.games / elapsed:,.1f}")
    table.add_row("actions per second", f"{sum(lengths) / elapsed:,.0f}")
    table.add_row("mean game length (actions)", f"{statistics.fmean(lengths):,.1f}")
    table.add_row("games that reached their end", f"{ended} / {args.games}")
    Console().print(table)


if __name__ == "__main__":
    main()
