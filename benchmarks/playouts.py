"""Random-playout throughput of a game engine: games per second, actions per second, game length.

    python benchmarks/playouts.py GAME [--games 200] [--seats N] [--seed 0] [-O key=value] [--profile]

Plays uniformly random legal actions straight on the engine (no match loop, no agents):
at each step one of the seats to act, then one of its legal actions; a pending timer's
referee action is taken with probability ``--timer-chance``. Counts what the engine
costs: ``to_act`` + ``legal_actions`` + ``apply``, one core.

``--profile`` plays the same games under cProfile and prints where the time goes: the
functions with the largest share of their own time (``tottime``), in percent of the whole,
and the share of the contract's calls (``legal_actions``, ``apply`` and the checks inside it,
``to_act``, ``timers``) with what they call (``cumtime``). The profiler slows Python calls more
than C ones: read the shares, not the speed.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

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
    parser.add_argument("--profile", action="store_true", help="print where the time goes (cProfile)")
    parser.add_argument("--top", type=int, default=15, help="functions listed with --profile")
    args = parser.parse_args()

    game = games.get(args.game)
    seats = args.seats or game.min_seats
    options = parse_options(args.option)
    if args.profile:
        where_the_time_goes(game, seats, options, args)
        return
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


CONTRACT = ("legal_actions", "apply", "check", "check_rules", "perform", "to_act", "timers", "is_over")


def where_the_time_goes(game: Game, seats: int, options: dict, args: argparse.Namespace) -> None:
    """The playouts under cProfile: the top functions by own time, and the contract's calls."""
    profiler = cProfile.Profile()
    profiler.enable()
    for number in range(args.games):
        playout(game, seats, args.seed + number, options, args.max_actions, args.timer_chance)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # (file, line, name) -> (calls, primitive, own, cumulative, callers)
    total = sum(own for _, _, own, _, _ in stats.values())
    title = f"{game.title}, {seats} seats: where the time goes ({args.games} random games)"
    Console().print(hot_spots(stats, title, args.top))
    contract = Table(title="the contract's calls, with what they call")
    for column in ("call", "calls", "with callees %"):
        contract.add_column(column, justify="left" if column == "call" else "right")
    game_module = type(game.new_state(options, seed=args.seed, seats=seats)).__module__.replace(".", "/")
    rows = [
        (f"{name} ({path.split('/src/')[-1]}:{line})", calls, cumulative)
        for (path, line, name), (calls, _, _, cumulative, _) in stats.items()
        if name in CONTRACT and (game_module in path or path.endswith("core/game.py"))
    ]
    for label, calls, cumulative in sorted(rows, key=lambda row: row[2], reverse=True):
        contract.add_row(label, f"{calls:,}", f"{100 * cumulative / total:.1f}")
    Console().print(contract)


def hot_spots(stats: dict[Any, Any], title: str, top: int, per: int = 0) -> Table:
    """cProfile's ``stats`` as a table of the ``top`` functions by own time; calls counted per
    ``per`` (steps, say) when given, else in all."""
    total = sum(own for _, _, own, _, _ in stats.values())
    table = Table(title=title)
    for column in ("function", "calls per step" if per else "calls", "own time %", "with callees %"):
        table.add_column(column, justify="left" if column == "function" else "right")
    ranked = sorted(stats.items(), key=lambda item: item[1][2], reverse=True)
    for (path, line, name), (calls, _, own, cumulative, _) in ranked[:top]:
        where = f"{path.split('/src/')[-1].split('/site-packages/')[-1].split('/benchmarks/')[-1]}:{line}"
        shown = f"{calls / per:.2f}" if per else f"{calls:,}"
        table.add_row(
            f"{name} ({where})", shown, f"{100 * own / total:.1f}", f"{100 * cumulative / total:.1f}"
        )
    return table


if __name__ == "__main__":
    main()
