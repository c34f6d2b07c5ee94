"""How strong is a bot? Seeded bot-only games of one game, with confidence intervals.

    python benchmarks/bots.py GAME [--seats bot:heuristic,random] [--games 200] [--seed 0] [-O key=value]

Game ``i`` uses seed ``seed + i`` and rotates the seats, so each player sits everywhere
equally often. Prints, per player: first places (shared ones count) with a 95 % Wilson
interval, sole wins, mean score, and the mean per-game margin over the other players'
average score, each with a 95 % interval. Games with no result within ``--max-actions``
are counted as played and not won.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from robotable import games
from robotable.cli.common import parse_options
from robotable.cli.seats import make_agent, parse_seats, seat_label
from robotable.play.tournament import GameResult, Series, play_series


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--seats", default="bot,random", help="line-up, as for `robotable play`")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument("-O", "--option", action="append", default=[], help="game option key=value")
    args = parser.parse_args()

    game = games.get(args.game)
    labels = [seat_label(game, spec) for spec in parse_seats(args.seats)]
    options = parse_options(args.option)
    console = Console(width=None if Console().is_terminal else 120)  # piped to a file: no wrapping
    started = time.perf_counter()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.title}: {' vs '.join(labels)}", total=args.games)

        def advance(_: GameResult) -> None:
            progress.advance(task)

        series = play_series(
            game,
            labels,
            lambda label, seat, seed: make_agent(game, label, seat, seed),
            games=args.games,
            seed=args.seed,
            options=options,
            max_actions=args.max_actions,
            on_game=advance,
        )
    elapsed = time.perf_counter() - started
    console.print(report(series, f"{game.title}, {args.games} games, seeds {args.seed}..", options))
    unfinished = len(series.results) - len(series.finished)
    actions = sum(r.actions for r in series.results)
    console.print(
        f"{unfinished} unfinished games; {actions} actions in {elapsed:.1f} s "
        f"({args.games / elapsed:.1f} games/s)"
    )


def report(series: Series, title: str, options: dict) -> Table:
    suffix = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
    table = Table(title=title + suffix)
    for column in ("player", "first places", "95 % CI", "sole wins", "mean score", "margin over others"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for player, label in enumerate(series.labels):
        rate, low, high = series.win_rate(player)
        mean, mean_half = series.mean_score(player)
        margin, margin_half = series.score_margin(player)
        table.add_row(
            f"{player}: {label}",
            f"{series.first_places(player)} ({rate:.1%})",
            f"{low:.1%} - {high:.1%}",
            str(series.sole_wins(player)),
            f"{mean:.2f} ± {mean_half:.2f}",
            f"{margin:+.2f} ± {margin_half:.2f}",
        )
    return table


if __name__ == "__main__":
    main()
