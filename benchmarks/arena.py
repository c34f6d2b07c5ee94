"""The bot arena with robotable's four levels: how long a round of rated games takes, and
whether the arena's ratings, started equal, end in the order the levels' ladder measured.

    python benchmarks/arena.py [--game droids] [--games 40] [--levels easy,medium,hard,expert]
        [--option turn_limit=20] [--every 0.05]
    python benchmarks/arena.py --game robotick --games 40   # tables of three

Runs the server's application in this process on a fresh SQLite file, its bots in worker
processes (as ``robotable serve`` does), with an arena that pairs every ``--every`` seconds,
until ``--games`` arena games are finished; prints the standings (rating, games, wins), the
ladder's order, whether they agree, and the seconds taken. The test suite plays three levels
(``tests/server/test_arena.py``): the expert level's search makes 40 games too long for it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from robotable import games
from robotable.play.rated import bot_seeds
from robotable.server.app import create_app
from robotable.server.arena import arena_seats
from robotable.server.arena_settings import ArenaSettings
from robotable.server.store import open_store


def options_of(pairs: list[str]) -> dict[str, Any]:
    """``turn_limit=20`` -> {"turn_limit": 20} (each value read as JSON when it can be)."""
    found: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            found[name] = json.loads(value)
        except json.JSONDecodeError:
            found[name] = value
    return found


def main() -> None:
    told = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=told)
    parser.add_argument("--game", default="droids")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    told_options = "a table option (default, Droids: turn_limit=20)"
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=told_options)
    parser.add_argument("--every", type=float, default=0.05)
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    chosen = args.option or (["turn_limit=20"] if args.game == "droids" else [])
    options = {args.game: options_of(chosen)}
    seats = arena_seats(games.get(args.game))
    settings = ArenaSettings(every=args.every, games=(args.game,), levels=levels, options=options)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(open_store(f"sqlite:///{Path(folder) / 'arena.sqlite3'}"), arena=settings)
        start = time.perf_counter()
        with TestClient(app) as server:
            players = standings(server, args.game)
            while sum(line["games"] for line in players) < args.games * seats:
                time.sleep(0.5)
                players = standings(server, args.game)
            seconds = time.perf_counter() - start
    report(args.game, players, levels, seconds, options[args.game], seats)


def standings(server: TestClient, game: str) -> list[dict[str, Any]]:
    return server.get(f"/api/arena/{game}").json()["players"]


Lines = list[dict[str, Any]]


def report(
    game: str, players: Lines, levels: tuple[str, ...], seconds: float, options: Any, seats: int
) -> None:
    games = sum(line["games"] for line in players) // seats
    print(
        f"{game} arena, options {options}: {games} games in {seconds:.0f} s ({seconds / games:.1f} s a game)"
    )
    for line in players:
        print(f"  {line['rank']}. {line['level']:<7} {line['rating']:>5}", end="")
        print(f"  games {line['games']:>3}  wins {line['wins']:>3}")
    seeds = bot_seeds(game)
    ladder = sorted(levels, key=lambda level: -seeds[level].mu)
    arena = [line["level"] for line in players]
    print(f"ladder's order: {', '.join(ladder)}; the arena's {'agrees' if arena == ladder else 'differs'}")


if __name__ == "__main__":
    main()
