"""Benchmark of the DR2D puzzle solver (issue 30): the time to prove each shipped puzzle's optimum.

Proves every puzzle of the course (``games/dr2d/data/puzzles/course.json``), and any puzzle
files given, ``--repeat`` times each, and prints the machine, then per puzzle its optimum, the
states the search kept and the best and median times. The machine is often shared: the best
time is the figure to compare. ``--markdown`` prints the table as docs/puzzles.md shows it.

    python benchmarks/dr2d_puzzles.py [--repeat R] [--limit STATES] [--markdown] [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from robotable.games.dr2d.puzzles import Puzzle, load_puzzle, prove
from robotable.games.dr2d.puzzles.course import load_course


def measure(puzzle: Puzzle, repeat: int, limit: int) -> dict[str, object]:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        proof = prove(puzzle, limit=limit)
        times.append(time.perf_counter() - began)
    if proof.too_large:
        found = f"too large (> {limit:,} states)"
    else:
        found = (
            "unsolvable" if proof.unsolvable else f"{proof.optimum[0]} turn(s), {proof.optimum[1]} move(s)"
        )  # type: ignore[index]
    return {
        "title": puzzle.title["en"],
        "size": f"{puzzle.board.width}x{puzzle.board.height}",
        "turns": puzzle.turns,
        "optimum": found,
        "states": proof.states,
        "best": min(times),
        "median": statistics.median(times),
        "stored": puzzle.optimum is None or puzzle.optimum == proof.optimum,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="*", type=Path, help="more puzzle files (JSON) to prove")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, default=2_000_000, help="the solver's state limit")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    puzzles = load_course() + [load_puzzle(json.loads(path.read_text("utf-8"))) for path in args.files]
    rows = [measure(puzzle, args.repeat, args.limit) for puzzle in puzzles]
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.markdown:
        print(f"{machine}, load {load:.1f}; best of {args.repeat}\n")
        print("| # | puzzle | factory | turns | optimum | states | best (ms) | median (ms) |")
        print("|---|---|---|---|---|---|---|---|")
        for number, row in enumerate(rows, start=1):
            print(
                f"| {number} | {row['title']} | {row['size']} | {row['turns']} | {row['optimum']} "
                f"| {row['states']:,} | {row['best'] * 1000:.1f} | {row['median'] * 1000:.1f} |"
            )
        return
    console = Console()
    console.print(f"{machine}, load average {load:.1f}; {args.repeat} proofs each")
    table = Table("#", "puzzle", "factory", "turns", "optimum", "states", "best ms", "median ms", "stored")
    for number, row in enumerate(rows, start=1):
        table.add_row(
            str(number),
            str(row["title"]),
            str(row["size"]),
            str(row["turns"]),
            str(row["optimum"]),
            f"{row['states']:,}",
            f"{row['best'] * 1000:.1f}",  # type: ignore[operator]
            f"{row['median'] * 1000:.1f}",  # type: ignore[operator]
            "yes" if row["stored"] else "NO",
        )
    console.print(table)
    total = sum(row["best"] for row in rows)  # type: ignore[misc]
    console.print(f"all {len(rows)} optima proven in {total:.2f} s (best times)")


if __name__ == "__main__":
    main()
