"""The Droids solo Killer (scenario 7): how often each level wins against each Killer level.

    python benchmarks/killer.py [--levels easy,medium,hard,expert] [--killers 1,2,3,4,5,6]
        [--games 20] [--seed 0] [-O key=value] [--out PATH] [--note TEXT]

Each level plays ``--games`` seeded games (seeds ``seed``, ``seed + 1``, ...: every level meets
the same deals) against each Killer level (DD-44), alone at the table as scenario 7 has it.
Prints the table of win rates with their 95 % Wilson intervals and writes it as JSON to
``src/robotable/agents/ladders/killer/droids.json`` (or ``--out``): a player picking a Killer
level knows what they face, and how a bot of each level fares against it. The file is written
after every cell; run the same command again and only the cells not yet measured are played
(``seconds`` is then this run's time).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table

from robotable import agents, games
from robotable.cli.common import parse_options
from robotable.games.droids.board import killer_level_text
from robotable.play.tournament import bot_agent, play_series, wilson

KILLER_LEVELS = range(1, 7)
OUT = Path(agents.__file__).parent / "ladders" / "killer" / "droids.json"


def measure(level: str, killer: int, games_played: int, seed: int, options: dict) -> dict[str, object]:
    """One cell of the table: ``level`` alone against the Killer at ``killer``."""
    game = games.get("droids")
    full = game.validate_options({**options, "scenario": 7, "killer_level": killer})
    started = time.perf_counter()
    series = play_series(
        game,
        [f"bot:{level}"],
        lambda label, seat, game_seed: bot_agent(game, label, seat, game_seed),
        games=games_played,
        seed=seed,
        options=full,
    )
    wins = series.first_places(0)
    rate, low, high = wilson(wins, games_played)
    return {
        "level": level,
        "killer_level": killer,
        "games": games_played,
        "wins": wins,
        "win_rate": rate,
        "low": low,
        "high": high,
        "unfinished": len(series.results) - len(series.finished),
        "seconds": round(time.perf_counter() - started, 1),
    }


def show(cells: list[dict[str, object]], levels: list[str], killers: list[int]) -> Table:
    table = Table(title="Droids solo: win rate against the Killer (95 % Wilson interval)")
    table.add_column("Killer level")
    for level in levels:
        table.add_column(level, justify="right")
    found = {(cell["level"], cell["killer_level"]): cell for cell in cells}
    for killer in killers:
        row = [killer_level_text(killer)]
        for level in levels:
            cell = found[level, killer]
            row.append(f"{cell['win_rate']:.0%} ({cell['low']:.0%}-{cell['high']:.0%}) of {cell['games']}")
        table.add_row(*row)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--killers", default=",".join(map(str, KILLER_LEVELS)))
    parser.add_argument("--games", type=int, default=20, help="games per level and Killer level")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-O", "--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--note", default="", help="how the machine was loaded, or anything to keep")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    levels = args.levels.split(",")
    killers = [int(k) for k in args.killers.split(",")]
    if any(k not in KILLER_LEVELS for k in killers):
        parser.error(f"Killer levels are 1 to 6, not {args.killers}")
    options = parse_options(args.option)
    console = Console()
    kept = earlier_cells(args.out, options, args.seed, args.games)
    started = time.perf_counter()
    cells = []
    for level in levels:
        for killer in killers:
            cell = kept.get((level, killer))
            if cell is None:
                cell = measure(level, killer, args.games, args.seed, options)
                console.print(f"{level} against Killer level {killer}: {cell['wins']}/{args.games} won")
            cells.append(cell)
            # written after every cell: a long run stopped keeps what it measured, and the
            # same command run again measures only the rest
            save(args.out, cells, options, args.seed, args.note, time.perf_counter() - started)
    console.print(show(cells, levels, killers))
    console.print(f"wrote {args.out}")


def earlier_cells(out: Path, options: dict, seed: int, games_played: int) -> dict[tuple[str, int], dict]:
    """The cells an earlier run of the same table (options, seed, games) already measured."""
    if not out.exists():
        return {}
    earlier = json.loads(out.read_text())
    if earlier.get("options") != options or earlier.get("seed") != seed:
        return {}
    return {
        (cell["level"], cell["killer_level"]): cell
        for cell in earlier.get("cells", [])
        if cell["games"] == games_played
    }


def save(out: Path, cells: list[dict], options: dict, seed: int, note: str, seconds: float) -> None:
    table = {
        "game": "droids",
        "scenario": 7,
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "seconds": round(seconds, 1),
        "note": note,
        "options": options,
        "seed": seed,
        "cells": cells,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    main()
