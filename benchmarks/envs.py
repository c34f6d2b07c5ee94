"""Environment throughput next to the raw engine: what the encoders cost a learner.

    python benchmarks/envs.py [GAME ...] [--seconds 5] [--profile] [--top 20]

For each game: env steps per second through :func:`robotable.envs.make_aec` (a uniformly
random action of the mask at every step, the acting agent's observation and mask built at
every step, as a learner would), then the raw ``apply`` rate of ``benchmarks/playouts.py``
(random legal actions straight on the engine) for the same game and seats, then that same
playout asking the game for the acting seat's ``view`` at every step (what any observation
must start from: the part of the cost that belongs to the game, not to the encoders), and the
ratios; last, the share of an env step spent building observations (the env run once more with
``observe_seat`` timed). The four are measured in alternating slices of CPU time (see
:data:`cpu`), so that a shared machine's load falls on all alike. The issue's goal: the env
costs at most 2x the raw engine. One core.

``--profile`` runs each game's env under cProfile instead (``--seconds`` of CPU time) and prints
the functions with the largest share of their own time, and with their callees; the profiler
slows Python calls more than C ones: read the shares, not the speed.
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import pstats
import random
import time
from collections.abc import Callable, Iterator

import numpy as np
from rich.console import Console
from rich.table import Table

from playouts import hot_spots, playout  # benchmarks/ is the script's folder
from robotable import games
from robotable.core.game import REFEREE, Seat, State
from robotable.core.rng import Rng
from robotable.envs import make_aec

cpu = time.process_time
"""The clock of every figure: this process's CPU time, not the wall's. On a shared machine the
wall clock counts the time other jobs held the core; slices of CPU time keep the ratios within
a few percent from run to run where wall-clock slices drifted by a quarter."""

# (label, game, seats, options): the engine table of docs/performance.md, plus Ricochet
CASES = [
    ("Ricochet, 2 (chips_to_win 1)", "ricochet", 2, {"chips_to_win": 1}),
    ("DR2D, 2", "dr2d", 2, {}),
    ("DR2D, 4", "dr2d", 4, {}),
    ("Droids, 2 (scenario 1)", "droids", 2, {}),
    ("Robot Delivery, 2", "delivery", 2, {}),
    ("Robotick, 3", "robotick", 3, {}),
]


def env_games(game_id: str, seats: int, options: dict, clock: list[float] | None = None) -> Iterator[int]:
    """Whole random games through the env, one after the other: yields each game's steps. With
    ``clock``, the time spent building observations is added up in ``clock[0]``."""
    env = make_aec(game_id, seats=seats, **options)
    if clock is not None:
        env.encoder.observe_seat = timed(env.encoder.observe_seat, clock)  # type: ignore[method-assign]
    pick = random.Random(0).choice  # cheaper than numpy's sampler: measure the env, not the learner
    for number in itertools.count():
        env.reset(seed=number)
        steps = 0
        for _ in env.agent_iter(20_000):
            obs, _, terminated, truncated, _ = env.last()  # observation and mask, every step
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(pick(obs["action_mask"].nonzero()[0])))
            steps += 1
        yield steps


def timed(observe_seat: Callable[[State, Seat], np.ndarray], clock: list[float]) -> Callable:
    """``observe_seat`` adding its time to ``clock[0]``."""

    def observe(state: State, seat: Seat) -> np.ndarray:
        started = time.perf_counter()  # the wall's clock: cheaper to read than the CPU's
        observation = observe_seat(state, seat)
        clock[0] += time.perf_counter() - started
        return observation

    return observe


def engine_games(game_id: str, seats: int, options: dict) -> Iterator[int]:
    """Whole random games straight on the engine (``playouts.py``): yields each game's actions."""
    game = games.get(game_id)
    for number in itertools.count():
        yield playout(game, seats, number, options, 20_000, 0.1)[0]


def viewed_games(game_id: str, seats: int, options: dict) -> Iterator[int]:
    """``playouts.py``'s random games, asking for the acting seat's view before each action."""
    game = games.get(game_id)
    for number in itertools.count():
        state = game.new_state(options, seed=number, seats=seats)
        rng = Rng(number ^ 0x5EED)
        count = 0
        while not state.is_over() and count < 20_000:
            count += 1
            timers, acting = state.timers(), state.to_act()
            if timers and (not acting or rng.random() < 0.1):
                state.apply(REFEREE, timers[0].action)
                continue
            seat = rng.choice(acting)
            state.view(seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield count


def rates(game_id: str, seats: int, options: dict, seconds: float, rounds: int = 8) -> dict[str, float]:
    """Env steps, engine actions and engine actions with views, per second, measured in
    alternating slices so that all see the same load on a shared machine."""
    clock = [0.0]
    runs = {
        "env": env_games(game_id, seats, options),
        "engine": engine_games(game_id, seats, options),
        "viewed": viewed_games(game_id, seats, options),
        "timed": env_games(game_id, seats, options, clock),
    }
    done = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    walls = dict.fromkeys(runs, 0.0)  # the observations' share: both sides on the wall's clock
    names = list(runs)
    for round_ in range(rounds):
        for name in names[round_ % 4 :] + names[: round_ % 4]:  # each run in each place in turn
            run = runs[name]
            started, wall = cpu(), time.perf_counter()
            while cpu() - started < seconds / rounds:
                done[name] += next(run)
            spent[name] += cpu() - started
            walls[name] += time.perf_counter() - wall
    rates = {name: done[name] / spent[name] for name in runs}
    rates["observation"] = clock[0] / walls["timed"]  # the observations' share of an env step
    return rates


def where_the_time_goes(
    label: str, game_id: str, seats: int, options: dict, seconds: float, top: int
) -> None:
    """The env's random games under cProfile: the top functions by own time."""
    run = env_games(game_id, seats, options)
    next(run)  # the env made and a first game played outside the profile
    profiler = cProfile.Profile()
    steps, started = 0, cpu()
    profiler.enable()
    while cpu() - started < seconds:
        steps += next(run)
    profiler.disable()
    stats = pstats.Stats(profiler).stats
    title = f"{label}: where an env step goes ({steps:,} steps under cProfile)"
    Console().print(hot_spots(stats, title, top, per=steps))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per game and side (default 5)")
    parser.add_argument("--profile", action="store_true", help="print where an env step goes (cProfile)")
    parser.add_argument("--top", type=int, default=20, help="functions listed with --profile")
    args = parser.parse_args()
    if args.profile:
        for label, game_id, seats, options in CASES:
            if not args.games or game_id in args.games:
                where_the_time_goes(label, game_id, seats, options, args.seconds, args.top)
        return
    table = Table(title="env steps per second (one core) next to the raw engine")
    columns = (
        "game, seats",
        "env steps/s",
        "engine actions/s",
        "env cost (engine / env)",
        "engine + view(seat) actions/s",
        "view's share (engine / engine+view)",
        "observation's share of an env step",
    )
    for column in columns:
        table.add_column(column, justify="right" if column != "game, seats" else "left")
    for label, game_id, seats, options in CASES:
        if args.games and game_id not in args.games:
            continue
        rate = rates(game_id, seats, options, args.seconds)
        env, raw, viewed = rate["env"], rate["engine"], rate["viewed"]
        table.add_row(
            label,
            f"{env:,.0f}",
            f"{raw:,.0f}",
            f"{raw / env:.1f}x",
            f"{viewed:,.0f}",
            f"{raw / viewed:.1f}x",
            f"{rate['observation']:.0%}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
