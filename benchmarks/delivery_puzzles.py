"""How long does proving each Robot Delivery course puzzle's optimum take?

    python benchmarks/delivery_puzzles.py [--repeat 3] [--limit 5000000] [FILE]

For every puzzle of the shipped course (or of FILE: one puzzle or a series), the best of
``--repeat`` runs of ``prove``: its optimum (cards, instructions), the search nodes and the
time. The figures in docs/puzzles.md come from this script.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from robotable.games.delivery.puzzles import Puzzle, course, load_puzzle_file, prove


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", nargs="?", help="a puzzle file (default: the shipped course)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle; the best is shown")
    parser.add_argument("--limit", type=int, default=5_000_000, help="search nodes per proof at most")
    args = parser.parse_args()
    puzzles: list[Puzzle] = load_puzzle_file(args.file) if args.file else list(course())
    table = Table(title="Robot Delivery puzzles: time to prove the optimum")
    for column in ("#", "puzzle", "optimum", "nodes", "ms"):
        table.add_column(column, justify="right" if column in ("#", "nodes", "ms") else "left")
    total = 0.0
    for number, puzzle in enumerate(puzzles, 1):
        best = float("inf")
        for _ in range(args.repeat):
            started = time.perf_counter()
            proof = prove(puzzle, limit=args.limit)
            best = min(best, time.perf_counter() - started)
        total += best
        if proof.optimum:
            result = f"{proof.optimum[0]} cards, {proof.optimum[1]} instructions"
        else:
            result = "too large" if proof.too_large else "unsolvable"
        table.add_row(str(number), puzzle.title["en"], result, f"{proof.nodes:,}", f"{best * 1000:.1f}")
    table.caption = f"total {total * 1000:.0f} ms (best of {args.repeat} per puzzle)"
    Console(width=None if Console().is_terminal else 120).print(table)


if __name__ == "__main__":
    main()
