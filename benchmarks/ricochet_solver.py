"""Benchmark of the optimal Ricochet Robots solver (issue 3).

Solves seeded random positions (a random placement of the 1999 faces, a random target, robots on
random distinct cells off the centre and off the target), then the two known hard positions, and
prints the time distribution, the search rate and the optimal lengths.

    python benchmarks/ricochet_solver.py [--count N] [--seed S] [--classic] [--silver] [--no-hard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from rich.console import Console
from rich.progress import track
from rich.table import Table

from robotable.games.ricochet.board import ALL_TARGETS, CENTRE, assemble, cell_index, placements
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.solver import solve

HARD = ("4B3B2B1A-2E03B221-BT", "1A4B3B2B-E212DBF0-BT")  # 25 and 24 moves


def random_positions(count: int, seed: int, robots: int) -> list[tuple[object, tuple[int, ...], object]]:
    rng = random.Random(seed)
    boards = list(placements())
    centre = {cell_index(x, y) for x, y in CENTRE}
    positions = []
    for _ in range(count):
        board = assemble(rng.choice(boards))
        target = rng.choice(ALL_TARGETS)
        free = [c for c in range(256) if c not in centre and c != board.targets[target]]
        positions.append((board, tuple(rng.sample(free, robots)), target))
    return positions


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timings(times: list[float]) -> list[str]:
    """Median, p90, p99, max and mean, in milliseconds."""
    values = (statistics.median(times), percentile(times, 0.9), percentile(times, 0.99), max(times))
    return [f"{v * 1000:.3f} ms" for v in (*values, statistics.fmean(times))]


def warm_up(must_ricochet: bool) -> float:
    """Compile (or load from numba's cache) the kernel; return the seconds it took."""
    puzzle = Puzzle.parse("1A2A3A4A-8A44FF0F-RC")
    begin = time.perf_counter()
    solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet)
    return time.perf_counter() - begin


def run(count: int, seed: int, must_ricochet: bool, robots: int, hard: bool) -> None:
    console = Console()
    rule = "must ricochet" if must_ricochet else "classic (no ricochet rule)"
    console.print(f"[bold]Ricochet solver[/bold]: {count} positions, seed {seed}, {robots} robots, {rule}")
    console.print(f"compile / cache load: {warm_up(must_ricochet):.2f} s")
    positions = random_positions(count, seed, robots)
    wall: list[float] = []
    cpu: list[float] = []  # process time: less sensitive to other programs on the machine
    visited = 0
    lengths: Counter[int | None] = Counter()
    for board, cells, target in track(positions, description="solving", console=console):
        begin = time.process_time()
        solution = solve(board, cells, target, must_ricochet=must_ricochet)
        cpu.append(time.process_time() - begin)
        if solution is None:
            lengths[None] += 1
            continue
        wall.append(solution.seconds)
        visited += solution.visited
        lengths[solution.length] += 1
    summary = Table(title="solve time")
    for column in ("clock", "median", "p90", "p99", "max", "mean", "states/s"):
        summary.add_column(column, justify="right")
    for name, times in (("wall", wall), ("cpu", cpu)):
        summary.add_row(name, *timings(times), f"{visited / sum(times) / 1e6:.1f} M")
    console.print(summary)
    dist = Table(title="optimal lengths")
    dist.add_column("moves", justify="right")
    dist.add_column("positions", justify="right")
    for length in sorted(lengths, key=lambda k: (k is None, k or 0)):
        dist.add_row("unsolvable" if length is None else str(length), str(lengths[length]))
    console.print(dist)
    if hard:
        for code in HARD:
            puzzle = Puzzle.parse(code)
            begin = time.process_time()
            solution = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet)
            assert solution is not None
            used = time.process_time() - begin
            console.print(
                f"{code}: {solution.length} moves in {solution.seconds:.2f} s (cpu {used:.2f} s, "
                f"{solution.visited:,} states, {solution.visited / solution.seconds / 1e6:.1f} M/s)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=1000, help="random positions (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--classic", action="store_true", help="without the must-ricochet rule (RR-15)")
    parser.add_argument("--silver", action="store_true", help="five robots")
    parser.add_argument("--no-hard", action="store_true", help="skip the two known hard positions")
    args = parser.parse_args()
    run(args.count, args.seed, not args.classic, 5 if args.silver else 4, not args.no_hard)


if __name__ == "__main__":
    main()
