"""Benchmark of the optimal Ricochet Robots solver (issues 3 and 17).

Solves seeded random positions (a random placement of the 1999 faces, a random target, robots on
random distinct cells off the centre and off the target) on prebuilt boards (one ``Solver`` per
board, as a C solver is called on a prebuilt board), then the two known hard positions, each in a
child process whose peak resident memory is read from the system. Prints the machine (cores,
Python, numba), the time distribution (``search``: the solver's ``seconds``, the kernel alone;
``call``: the whole ``solve()`` call without the per-target table builds, which are shown apart;
the goals use ``call``, as the C solver's figures are calls), cold (new Solvers, as a first search
per target) and warm (the same Solvers again), times per group of optimal lengths (1-3, 4-6, 7-9,
10+), and the goals of issue 17 met or not. The machine is often shared: ``--repeat`` runs the
random set several times and shows the best run and the spread.

    python benchmarks/ricochet_solver.py [--count N] [--seed S] [--repeat R] [--classic] [--silver]
                                         [--no-hard] [--max-memory BYTES]
    python benchmarks/ricochet_solver.py --generator 15,18 [--seeds K]
    python benchmarks/ricochet_solver.py --placement-search 14 [--seeds K]
    python benchmarks/ricochet_solver.py --startup 40

``--generator`` times ``ricochet puzzle --moves N`` (the per-target climb) over seeds 0..K-1 against
the goals of issue 17 (15 moves: median under 2 s; 18 moves: under 60 s). ``--placement-search D``
measures the alternative the issue proposed, one breadth-first search per placement to depth D
that learns every target at once (states carry each robot's turns, RR-15): its states and time,
on the first placement of the same seeds. ``--startup N`` runs ``robotable ricochet solve CODE``
as a new process on the first N random positions (warm numba cache) and times each whole command,
against the goal of 0.4 s, by optimal length.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections import Counter

import numba
import numpy as np
from rich.console import Console
from rich.table import Table

from robotable.cli.ricochet import quick_states
from robotable.core.rng import Rng
from robotable.games.ricochet import _kernel, kernel_build, puzzles, solver
from robotable.games.ricochet.board import (
    ALL_TARGETS,
    CENTRE,
    Board,
    Target,
    assemble,
    cell_index,
    cell_xy,
    placements,
    random_board,
)
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.quick import GaveUp, quick_solve
from robotable.games.ricochet.solver import Solver, warm_up

HARD = (("4B3B2B1A-2E03B221-BT", 25), ("1A4B3B2B-E212DBF0-BT", 24))
GROUPS = ((1, 3), (4, 6), (7, 9), (10, 99))
# Issue 17: 0.8x the best public C solver's median and p99, 0.6x its hard-position times and
# 1.2x its peak memory (C: 0.074 ms, 19.5 ms, 13.45 s, 10.43 s, 178 MB; see docs/solver.md).
GOAL_MEDIAN_MS, GOAL_P99_MS = 0.059, 15.6
GOAL_HARD_S = {25: 8.1, 24: 6.3}
GOAL_PEAK_MB = 215  # the C figure does not say MB or MiB; this benchmark measures MiB (1 MiB = 1.049 MB)
GOAL_GENERATOR_S = {15: ("median", 2.0), 18: ("worst", 60.0)}

Position = tuple[Board, tuple[int, ...], Target]


def random_positions(count: int, seed: int, robots: int) -> list[Position]:
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


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def group_of(length: int) -> str:
    low, high = next((lo, hi) for lo, hi in GROUPS if lo <= length <= hi)
    return f"{low}-{high}" if high < 99 else f"{low}+"


def machine() -> str:
    return (
        f"{os.cpu_count()} cores ({platform.machine()}, {platform.processor() or platform.system()}), "
        f"Python {platform.python_version()}, numba {numba.__version__}, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


def solve_random(positions: list[Position], must_ricochet: bool, solvers: dict) -> dict[str, object]:
    """One run over the positions: search seconds, whole-call seconds (the Python around the kernel
    included), per-target build seconds, lengths, states."""
    search: list[float] = []
    call: list[float] = []
    cpu: list[float] = []
    build: list[float] = []
    lengths: list[int | None] = []
    visited = 0
    for board, cells, target in positions:
        begin, begin_cpu = time.perf_counter(), time.process_time()
        solution = solvers[board.faces].solve(cells, target, must_ricochet=must_ricochet)
        cpu.append(time.process_time() - begin_cpu)
        if solution is None:
            lengths.append(None)
            continue
        call.append(time.perf_counter() - begin - solution.build_seconds)
        search.append(solution.seconds)
        build.append(solution.build_seconds)
        visited += solution.visited
        lengths.append(solution.length)
    return {
        "search": search,
        "call": call,
        "cpu": cpu,
        "build": build,
        "lengths": lengths,
        "visited": visited,
    }


def best_run(console: Console, runs: list[dict[str, object]], title: str) -> dict[str, object]:
    """Print the run with the lowest median (and the spread over the runs); return it."""
    medians = [statistics.median(run["search"]) for run in runs]  # type: ignore[arg-type]
    best = runs[medians.index(min(medians))]
    summary = Table(title=f"{title}: best of {len(runs)} run(s) by median")
    for column in ("clock", "median", "p90", "p99", "max", "mean", "states/s"):
        summary.add_column(column, justify="right")
    for name in ("search", "call", "cpu"):
        times: list[float] = best[name]  # type: ignore[assignment]
        row = (statistics.median(times), percentile(times, 0.9), percentile(times, 0.99), max(times))
        rate = best["visited"] / sum(times) / 1e6  # type: ignore[operator]
        summary.add_row(name, *map(ms, row), ms(statistics.fmean(times)), f"{rate:.1f} M")
    console.print(summary)
    if len(runs) > 1:
        p99s = [percentile(run["search"], 0.99) for run in runs]  # type: ignore[arg-type]
        console.print(
            f"spread over {len(runs)} runs: median {ms(min(medians))} .. {ms(max(medians))}, "
            f"p99 {ms(min(p99s))} .. {ms(max(p99s))}"
        )
    return best


def run_random(console: Console, args: argparse.Namespace, must_ricochet: bool) -> dict[str, float]:
    """Cold runs (new Solvers: each target's tables built on first use, its helper-relevance masks
    filled during its first searches), then warm runs (the same Solvers again, as on a game's board
    after its first chips)."""
    positions = random_positions(args.count, args.seed, 5 if args.silver else 4)
    cold_runs = []
    for _ in range(args.repeat):
        solvers = {board.faces: Solver(board) for board, _, _ in positions}  # prebuilt boards
        cold_runs.append(solve_random(positions, must_ricochet, solvers))
    warm_runs = [solve_random(positions, must_ricochet, solvers) for _ in range(args.repeat)]
    cold = best_run(console, cold_runs, "cold (first search of each target on its board)")
    builds: list[float] = cold["build"]  # type: ignore[assignment]
    calls = [s + b for s, b in zip(cold["search"], builds, strict=True)]  # type: ignore[call-overload]
    console.print(
        f"table builds (a target's lower bounds on first use; not in the search time): median "
        f"{ms(statistics.median(builds))}, mean {ms(statistics.fmean(builds))}; search + build: median "
        f"{ms(statistics.median(calls))}, p99 {ms(percentile(calls, 0.99))}"
    )
    warm = best_run(console, warm_runs, "warm (the same Solvers again)")
    search: list[float] = cold["search"]  # type: ignore[assignment]
    lengths = [n for n in cold["lengths"] if n is not None]  # type: ignore[attr-defined]
    groups = Table(title="search time by optimal length (cold | warm)")
    for column in ("moves", "positions", "median", "p90", "p99", "max"):
        groups.add_column(column, justify="right")
    by_group: dict[str, list[tuple[float, float]]] = {}
    for length, seconds, again in zip(lengths, search, warm["search"], strict=True):  # type: ignore[call-overload]
        by_group.setdefault(group_of(length), []).append((seconds, again))
    for name in (group_of(lo) for lo, _ in GROUPS):
        pairs = by_group.get(name, [])
        if pairs:
            cells = []
            for pick in (statistics.median, lambda v: percentile(v, 0.9), lambda v: percentile(v, 0.99), max):
                cells.append(f"{ms(pick([a for a, _ in pairs]))} | {ms(pick([b for _, b in pairs]))}")
            groups.add_row(name, str(len(pairs)), *cells)
    console.print(groups)
    counts = Counter(cold["lengths"])  # type: ignore[arg-type]
    shown = ", ".join(
        f"{'none' if n is None else n}: {counts[n]}" for n in sorted(counts, key=lambda n: n or 0)
    )
    console.print(f"optimal lengths: {shown}")
    warm_search: list[float] = warm["search"]  # type: ignore[assignment]
    # The goals compare whole calls: the C solver's figures are calls too.
    cold_calls: list[float] = cold["call"]  # type: ignore[assignment]
    warm_calls: list[float] = warm["call"]  # type: ignore[assignment]
    return {
        "median_ms": statistics.median(cold_calls) * 1000,
        "p99_ms": percentile(cold_calls, 0.99) * 1000,
        "warm_median_ms": statistics.median(warm_calls) * 1000,
        "warm_p99_ms": percentile(warm_calls, 0.99) * 1000,
        "search_median_ms": statistics.median(search) * 1000,
        "warm_search_median_ms": statistics.median(warm_search) * 1000,
    }


def use_kernel(name: str) -> None:
    """Load the solver's kernel: the one built ahead of time, or numba's JIT kernel instead."""
    if name == "jit":
        solver._kernels_in_use = solver._jit_kernels()
        return
    warm_up()
    if solver._kernels_in_use is _kernel:
        raise SystemExit(f"the kernel could not be built ahead of time: {kernel_build.build_failed()}")


def run_hard_child(code: str, must_ricochet: bool, max_memory: int | None, kernel: str) -> None:
    """In the child process: solve one hard position, print one JSON line."""
    use_kernel(kernel)
    puzzle = Puzzle.parse(code)
    board_solver = Solver(puzzle.board())
    begin = time.process_time()
    solution = board_solver.solve(
        puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet, max_memory=max_memory
    )
    assert solution is not None
    cpu = time.process_time() - begin
    result = {"length": solution.length, "seconds": solution.seconds, "cpu": cpu, "visited": solution.visited}
    print(json.dumps({**result, "vmhwm_mb": own_peak_mb()}))


def own_peak_mb() -> float | None:
    """This process's own peak (Linux VmHWM): unlike ru_maxrss it never counts the parent's memory."""
    try:
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return None
    return int(line.split()[1]) / 1024


def run_hard(
    console: Console, code: str, must_ricochet: bool, max_memory: int | None, kernel: str
) -> dict[str, float]:
    """Solve in a child process; its peak resident memory comes from wait4 (ru_maxrss, KiB on Linux).

    On Linux a child's ru_maxrss starts from its parent's resident size when it was started (the
    high-water mark survives exec), so main() runs these before the random positions, while this
    process is small; the child's own VmHWM is shown beside it as a check.
    """
    command = [sys.executable, __file__, "--child", code, "--max-memory", str(max_memory or 0)]
    command += ["--kernel", kernel]
    if not must_ricochet:
        command.append("--classic")
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{code}: the child process failed ({child.returncode})")
    result = json.loads(output)
    peak_mb = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    rate = result["visited"] / result["seconds"] / 1e6
    own = "" if result["vmhwm_mb"] is None else f" (its own VmHWM {result['vmhwm_mb']:.0f} MiB)"
    console.print(
        f"{code}: {result['length']} moves in {result['seconds']:.2f} s (cpu {result['cpu']:.2f} s, "
        f"{result['visited']:,} states, {rate:.1f} M/s), peak memory {peak_mb:.0f} MiB{own}"
    )
    return {
        "length": result["length"],
        "seconds": result["seconds"],
        "cpu": result["cpu"],
        "peak_mb": peak_mb,
    }


def run_generator(console: Console, moves: int, seeds: int, must_ricochet: bool) -> None:
    """``ricochet puzzle --moves N`` for seeds 0..seeds-1: seconds and placements tried."""
    table = Table(title=f"generator, {moves} moves ({'must ricochet' if must_ricochet else 'classic'})")
    for column in ("seed", "seconds", "placements", "puzzle"):
        table.add_column(column, justify="right")
    times = []
    tried = [0]

    def count(placements: int, _longest: int) -> None:
        tried[0] = placements

    for seed in range(seeds):
        begin = time.perf_counter()
        puzzle = puzzles.generate(moves, seed=seed, must_ricochet=must_ricochet, on_step=count)
        times.append(time.perf_counter() - begin)
        table.add_row(str(seed), f"{times[-1]:.2f}", str(tried[0]), str(puzzle))
    console.print(table)
    line = f"{moves} moves: median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
    if moves in GOAL_GENERATOR_S and must_ricochet:
        which, goal = GOAL_GENERATOR_S[moves]
        value = statistics.median(times) if which == "median" else max(times)
        line += f"; goal {which} under {goal:g} s: {'met' if value < goal else 'NOT met'}"
    console.print(line)


@numba.njit(cache=True)
def placement_search(
    stops: np.ndarray, start: np.ndarray, must_ricochet: bool, max_depth: int, table: np.ndarray,
    states: np.ndarray, first: np.ndarray, straight: np.ndarray, layers: np.ndarray,
) -> int:  # fmt: skip
    """Breadth-first search from a placement to ``max_depth``: ``first[robot, cell]`` is the first
    depth the robot stops on the cell having ricocheted (or at all, rule off), ``straight[robot,
    cell]`` the first depth it stops there without (a straight arrival, which would end an attempt on
    a target there). A state packs each robot's cell and turns in 10 bits; ``table`` is an open
    address hash set (state + 1), ``states`` the states in breadth-first order, ``layers[d]`` the
    number within d moves. Returns the last depth whose states all fit (half the table at most)."""
    n = len(start)
    bits = 0
    while (1 << bits) < len(table):
        bits += 1
    mask = len(table) - 1
    key = 0
    for j in range(n):
        key = (key << 10) | (start[j] << 2) | (0 if must_ricochet else 3)
    states[0] = key
    table[((key * -7046029254386353131) >> (64 - bits)) & mask] = key + 1
    count, begin = 1, 0
    pos = np.empty(n, np.int64)
    ts = np.empty(n, np.int64)
    for depth in range(1, max_depth + 1):
        end = count
        for s in range(begin, end):
            packed = states[s]
            for j in range(n - 1, -1, -1):
                pos[j], ts[j] = (packed & 1023) >> 2, packed & 3
                packed >>= 10
            for i in range(n):
                c = pos[i]
                for d in range(4):
                    dest = stops[c * 4 + d]
                    for j in range(n):  # RR-10: cut short by another robot
                        p = pos[j]
                        if d == 0 and dest <= p < c and (p & 15) == (c & 15):
                            dest = p + 16
                        elif d == 2 and c < p <= dest and (p & 15) == (c & 15):
                            dest = p - 16
                        elif d == 1 and c < p <= dest:
                            dest = p - 1
                        elif d == 3 and dest <= p < c:
                            dest = p + 1
                    if dest == c:
                        continue
                    nt = ts[i] | (1 << (d & 1))
                    seen = first if nt == 3 else straight
                    seen[i, dest] = min(seen[i, dest], depth)
                    if depth == max_depth:
                        continue
                    key = 0
                    for j in range(n):
                        key = (key << 10) | (((dest << 2) | nt) if j == i else ((pos[j] << 2) | ts[j]))
                    slot = ((key * -7046029254386353131) >> (64 - bits)) & mask
                    while table[slot] != 0 and table[slot] != key + 1:
                        slot = (slot + 1) & mask
                    if table[slot] == 0:
                        if 2 * count >= len(table) or count >= len(states):
                            return depth - 1
                        table[slot] = key + 1
                        states[count] = key
                        count += 1
        layers[depth] = count
        begin = end
    return max_depth


def run_placement_search(console: Console, depth: int, seeds: int, must_ricochet: bool) -> None:
    """The one-search alternative on the first placement each generator seed draws."""
    table = np.zeros(1 << 25, np.int64)  # 256 MiB: 16 M states at half load, and 128 MiB of states
    states = np.zeros(1 << 24, np.int64)
    for seed in range(seeds):
        rng = Rng(seed)  # the generator's first draws: a board, then the robots' cells
        board = assemble(random_board(rng, "1999"))
        blocked = set(board.targets.values()) | {cell_index(x, y) for x, y in CENTRE}
        free = [c for c in range(256) if c not in blocked]
        start = np.array([free.pop(rng.randrange(len(free))) for _ in range(4)], np.int64)
        stops = _kernel.wall_stops(np.array(board.walls, np.uint8))
        first, straight = np.full((4, 256), 99, np.int64), np.full((4, 256), 99, np.int64)
        layers = np.zeros(64, np.int64)
        table.fill(0)
        begin = time.perf_counter()
        reached = placement_search(stops, start, must_ricochet, depth, table, states, first, straight, layers)
        seconds = time.perf_counter() - begin
        stored = layers[reached - 1] if reached else 0
        note = "" if reached == depth else f" (the table is full: stopped before depth {reached + 1})"
        console.print(
            f"seed {seed}: every stop within {reached} moves from {stored:,} states (those within "
            f"{reached - 1} moves), {seconds:.2f} s{note}; states per depth {layers[1:reached].tolist()}"
        )


def run_startup(console: Console, count: int, seed: int) -> None:
    """Whole ``robotable ricochet solve CODE`` commands, each a new process (the kernel built: warm).

    Beside each command's wall time, its CPU time (user + system, from the child's resource
    usage): on a shared machine the wall time counts the other jobs too, the CPU time does not."""
    import resource

    command = [sys.executable, "-m", "robotable.cli.main", "ricochet", "solve", "--json"]
    table = Table(title=f"robotable ricochet solve CODE, {count} random positions (whole process)")
    columns = ("moves", "positions", "median", "worst", "under 0.4 s", "cpu median", "cpu worst")
    for column in (*columns, "compiled solver"):
        table.add_column(column, justify="right")
    by_group: dict[str, list[tuple[float, float, bool]]] = {}
    for board, cells, target in random_positions(count, seed, 4):
        code = str(Puzzle(board.faces, tuple(map(cell_xy, cells)), target))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        begin = time.perf_counter()
        done = subprocess.run([*command, code], capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - begin
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        length = json.loads(done.stdout)["length"] or 0
        try:  # what the command did: the quick search's answer, or the compiled solver's
            quick_solve(board, cells, target, max_states=quick_states())
            compiled = False
        except GaveUp:
            compiled = True
        by_group.setdefault(group_of(max(length, 1)), []).append((seconds, cpu, compiled))
    for name in (group_of(lo) for lo, _ in GROUPS):
        runs = by_group.get(name, [])
        if runs:
            times, cpus = [t for t, _, _ in runs], [c for _, c, _ in runs]
            quick = sum(t < 0.4 for t in times)
            compiled = sum(used for _, _, used in runs)
            walls = f"{statistics.median(times):.3f} s", f"{max(times):.3f} s", str(quick)
            cpu = f"{statistics.median(cpus):.3f} s", f"{max(cpus):.3f} s"
            table.add_row(name, str(len(runs)), *walls, *cpu, str(compiled))
    console.print(table)


def report_goals(console: Console, found: dict[str, float], hard: list[dict[str, float]]) -> None:
    goals = Table(title="issue 17 goals (rule on)")
    for column in ("measure", "goal", "measured", "met"):
        goals.add_column(column, justify="right")

    def row(name: str, goal: float, value: float, unit: str) -> None:
        goals.add_row(name, f"{goal:g} {unit}", f"{value:.3f} {unit}", "yes" if value <= goal else "NO")

    if found:
        row("median call, cold", GOAL_MEDIAN_MS, found["median_ms"], "ms")
        row("p99 call, cold", GOAL_P99_MS, found["p99_ms"], "ms")
        row("median call, warm", GOAL_MEDIAN_MS, found["warm_median_ms"], "ms")
        row("p99 call, warm", GOAL_P99_MS, found["warm_p99_ms"], "ms")
    for result in hard:
        length = int(result["length"])
        row(f"{length}-move (wall)", GOAL_HARD_S[length], result["seconds"], "s")
        row(f"{length}-move (cpu)", GOAL_HARD_S[length], result["cpu"], "s")
    if hard:
        row("peak memory, 25-move", GOAL_PEAK_MB, hard[0]["peak_mb"], "MiB")
    console.print(goals)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=1000, help="random positions (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--repeat", type=int, default=1, help="runs over the random positions (default 1)")
    parser.add_argument("--classic", action="store_true", help="without the must-ricochet rule (RR-15)")
    parser.add_argument("--silver", action="store_true", help="five robots")
    parser.add_argument("--no-hard", action="store_true", help="skip the two known hard positions")
    parser.add_argument("--no-random", action="store_true", help="only the two known hard positions")
    parser.add_argument(
        "--max-memory", type=int, default=0, help="table bound in bytes (default: the solver's)"
    )
    parser.add_argument("--generator", help="time the puzzle generator for these lengths (e.g. 15,18)")
    parser.add_argument("--placement-search", type=int, help="time one search per placement to this depth")
    parser.add_argument("--seeds", type=int, default=5, help="generator seeds 0..K-1 (default 5)")
    parser.add_argument("--startup", type=int, help="time `ricochet solve CODE` on this many positions")
    parser.add_argument(
        "--kernel", choices=("built", "jit"), default="built",
        help="the kernel built ahead of time (what the solver uses) or numba's JIT kernel",
    )  # fmt: skip
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    must_ricochet = not args.classic
    max_memory = args.max_memory or None
    if args.startup and args.kernel == "jit":
        parser.error("--startup times the command as users run it, with the built kernel: no --kernel jit")
    if args.child:
        run_hard_child(args.child, must_ricochet, max_memory, args.kernel)
        return
    console = Console(width=max(Console().width, 110))  # the tables stay whole in a log file
    rule = "must ricochet" if must_ricochet else "classic (no ricochet rule)"
    console.print(f"[bold]Ricochet solver[/bold]: {machine()}")
    begin = time.perf_counter()
    use_kernel(args.kernel)
    console.print(f"{args.kernel} kernel, compile / load: {time.perf_counter() - begin:.2f} s")
    if args.startup:
        run_startup(console, args.startup, args.seed)
        return
    if args.generator or args.placement_search:
        for moves in map(int, (args.generator or "").split(",") if args.generator else []):
            run_generator(console, moves, args.seeds, must_ricochet)
        if args.placement_search:
            run_placement_search(console, args.placement_search, args.seeds, must_ricochet)
        return
    # The hard positions first: see run_hard on measuring a child's peak memory.
    hard = (
        []
        if args.no_hard
        else [run_hard(console, code, must_ricochet, max_memory, args.kernel) for code, _ in HARD]
    )
    found: dict[str, float] = {}
    if not args.no_random:
        robots = 5 if args.silver else 4
        console.print(f"{args.count} positions, seed {args.seed}, {robots} robots, {rule}")
        found = run_random(console, args, must_ricochet)
    if must_ricochet and not args.silver:
        report_goals(console, found, hard)


if __name__ == "__main__":
    main()
