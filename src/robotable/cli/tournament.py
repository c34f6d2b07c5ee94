"""``robotable tournament``: rate bots in a seeded round robin, on this machine or a Ray cluster.

The plan, the games, the files and the ratings are :mod:`robotable.play`'s; this face checks
the command line, shows the progress bar (stderr), prints the tables and draws the plot.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from robotable import games
from robotable.cli.common import err, fail, out, parse_options, reporting
from robotable.cli.play import INTERRUPTED, check_seed
from robotable.cli.seats import default_seat_count, parse_seats, seat_label
from robotable.core.errors import InvalidOptions
from robotable.core.game import JSON
from robotable.play.ratings import HeadToHead, Rating, head_to_head, rate
from robotable.play.round_robin import (
    Plan,
    Runner,
    check_ray_address,
    import_ray,
    make_plan,
    pool_runner,
    ray_runner,
    run_inline,
)
from robotable.play.tournament_files import TournamentFiles
from robotable.play.words import plural


@dataclass
class Setup:
    plan: Plan
    files: TournamentFiles
    runner: Runner
    plot: Path | None


def tournament_command(
    game: Annotated[str, typer.Argument(help="Game id, see `robotable games`.")],
    bots: Annotated[str, typer.Option(help="Comma-separated bots: random, bot, bot:NAME (at least two).")],
    games_per_lineup: Annotated[int, typer.Option("--games", help="Games per line-up.")] = 20,
    jobs: Annotated[
        int, typer.Option(help="Worker processes on this machine (or Ray CPUs with --ray local).")
    ] = 1,
    ray: Annotated[
        str | None,
        typer.Option(metavar="ADDRESS", help="Run the games as Ray tasks: a cluster's address, or `local`."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-O", help="A game option as key=value (repeatable).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="Seats at each table (default: 2, or the game's minimum).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of each line-up's first game.")] = 0,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="Folder of the results (default: tournament-GAME).")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Draw the ratings to this PNG file.")] = None,
    max_actions: Annotated[
        int, typer.Option(help="A game with no result after this many actions is unfinished.")
    ] = 100_000,
) -> None:
    """Rate bots against each other: a seeded round robin with seat rotation.

    Bots are named as seats are in `robotable play --seats` (`random`, `bot`, `bot:NAME`).
    Line-ups: every combination of as many different bots as the table has seats (`--players`,
    default 2, or the game's minimum: 3 at Robotick); when fewer bots are named than there are
    seats, every combination with repetition of at least two different bots (`random,bot` at
    Robotick: random twice with the bot, and the bot twice with random). Each line-up plays
    `--games` games: game i uses seed `--seed`+i, the same deal for every line-up, and rotates the
    seats by i, so everyone sits everywhere equally often.

    Prints OpenSkill (Plackett-Luce) ratings with 95 % intervals (mu ± 1.96 sigma) and, for each
    pair of bots, how often the first finished ahead of the second, with a 95 % Wilson interval.
    Results go to `--out`: `tournament.json` (the plan and the results) and `games.jsonl` (every
    game's record, for `robotable replay`). Run the same command again to continue an
    interrupted tournament, or with a larger `--games` to extend it; a different line-up, options
    or seed is refused.

    Examples:

    - `robotable tournament droids --bots random,bot --games 100 --jobs 2`
    - `robotable tournament robotick --bots random,bot:heuristic --games 30 --plot ratings.png`
    - `robotable tournament dr2d --bots random,bot --players 4 --games 50 --ray local`
    """
    with reporting():
        setup = prepare(
            game, bots, games_per_lineup, jobs, ray, option or [], players, seed, out_dir, plot, max_actions
        )
    play_all(setup, err())
    report(setup, out())


def prepare(
    game_id: str,
    bots: str,
    games_per_lineup: int,
    jobs: int,
    ray: str | None,
    pairs: list[str],
    players: int | None,
    seed: int,
    out_dir: Path | None,
    plot: Path | None,
    max_actions: int,
) -> Setup:
    """Every check before anything is written or played (a refusal changes nothing)."""
    game = games.get(game_id)
    labels = [seat_label(game, spec) for spec in parse_seats(bots)]
    if "human" in labels:
        raise InvalidOptions("--bots: a tournament has no people; use random, bot or bot:NAME")
    if jobs < 1:
        raise InvalidOptions(f"--jobs must be at least 1, not {jobs}")
    check_seed(seed)
    plan = make_plan(
        game,
        labels,
        players=default_seat_count(game) if players is None else players,
        games=games_per_lineup,
        options=parse_options(pairs),
        seed=seed,
        max_actions=max_actions,
    )
    files = TournamentFiles.load(out_dir or Path(f"tournament-{game.id}"), plan)
    check_installed("openskill", "the ratings")
    if plot is not None:
        check_plot(plot)
    if ray is not None:
        import_ray()  # refused now, not after the first batch, when Ray is missing
        check_ray_address(ray)
        return Setup(plan, files, ray_runner(ray, jobs), plot)
    return Setup(plan, files, run_inline if jobs == 1 else pool_runner(jobs), plot)


def check_installed(module: str, purpose: str) -> None:
    """Refuse now, not after hours of games, when a library the results need is missing."""
    if importlib.util.find_spec(module) is None:
        raise InvalidOptions(f"{purpose} need {module}, which is not installed: pip install {module}")


def check_plot(path: Path) -> None:
    if path.suffix.lower() != ".png":
        raise InvalidOptions(f"--plot {path}: the plot is a PNG; give a file name ending in .png")
    if not path.parent.is_dir():
        raise InvalidOptions(f"--plot {path}: there is no folder {path.parent}")
    check_installed("matplotlib", "--plot's drawings")


# --------------------------------------------------------------------------- playing


def play_all(setup: Setup, console: Console) -> None:
    """Play the missing games with a progress bar; Ctrl-C keeps what is done and exits with 130."""
    files, plan = setup.files, setup.plan
    missing = files.missing()
    files.start()
    if not missing:
        return
    if files.done:
        console.print(f"continuing: {len(files.done)} games already in {files.games_path}")
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    try:
        with Progress(*columns, console=console, transient=False) as progress:
            task = progress.add_task(f"{plan.game}: {len(plan.lineups)} line-ups", total=len(missing))
            for records in setup.runner(plan, missing):
                files.append(records)
                progress.advance(task, len(records))
    except KeyboardInterrupt:
        stopped(files, plan, console, "interrupted")
        raise typer.Exit(INTERRUPTED) from None
    except Exception as exc:  # a worker's failure (a bot's bug, a lost Ray node): keep what is done
        stopped(files, plan, console, f"stopped by {type(exc).__name__}: {exc}")
        raise typer.Exit(1) from None


def stopped(files: TournamentFiles, plan: Plan, console: Console, why: str) -> None:
    with contextlib.suppress(OSError):  # the folder itself may be what failed; the records say it all
        files.write_summary(summary(plan, files))
    kept = plural(len(files.done), "game")
    console.print(Text(f"{why}; {kept} kept in {files.folder}; the same command goes on", style="yellow"))


# --------------------------------------------------------------------------- results


def summary(plan: Plan, files: TournamentFiles) -> dict[str, JSON]:
    records = files.done
    unfinished = sum(1 for record in records.values() if record.outcome is None)
    return {
        "plan": plan.to_dict(),
        "complete": not files.missing(),
        "lineups": [list(lineup) for lineup in plan.lineups],
        "games": {"planned": len(plan.schedule()), "played": len(records), "unfinished": unfinished},
        "rating_model": "OpenSkill Plackett-Luce, tau 0, games in plan order; interval mu ± 1.96 sigma",
        "ratings": [_rating_json(r) for r in rate(plan, records)],
        "head_to_head": [_versus_json(h) for h in head_to_head(plan, records)],
    }


def _rating_json(rating: Rating) -> dict[str, JSON]:
    low, high = rating.interval
    return {
        "bot": rating.bot,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "low": low,
        "high": high,
        "games": rating.games,
        "first_places": rating.firsts,
    }


def _versus_json(versus: HeadToHead) -> dict[str, JSON]:
    rate_, low, high = versus.win_rate
    return {
        "first": versus.first,
        "second": versus.second,
        "meetings": versus.meetings,
        "ahead": versus.ahead,
        "behind": versus.behind,
        "level": versus.level,
        "win_rate": rate_,
        "low": low,
        "high": high,
    }


def report(setup: Setup, console: Console) -> None:
    data = summary(setup.plan, setup.files)
    setup.files.write_summary(data)
    console.print(ratings_table(data))
    console.print(versus_table(data))
    played = data["games"]
    console.print(
        f"{plural(played['played'], 'game')} ({played['unfinished']} unfinished); "  # type: ignore[index]
        f"results in {setup.files.folder}"
    )
    if setup.plot is not None:
        draw_ratings(data, setup.plot)
        console.print(f"plot written to {setup.plot}")


def ratings_table(data: dict[str, Any]) -> Table:
    plan = data["plan"]
    table = Table(
        title=f"{plan['game']} ratings (OpenSkill), {plan['players']} players a table",
        caption=changed_options(plan),
    )
    for column in ("bot", "mu", "95 % interval", "sigma", "games", "first places"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for r in data["ratings"]:
        share = r["first_places"] / r["games"] if r["games"] else 0.0
        table.add_row(
            r["bot"],
            f"{r['mu']:.1f}",
            f"{r['low']:.1f} - {r['high']:.1f}",
            f"{r['sigma']:.2f}",
            str(r["games"]),
            f"{r['first_places']} ({share:.0%})",
        )
    return table


def changed_options(plan: dict[str, Any]) -> str | None:
    """The options that differ from the game's defaults, as ``-O`` would give them."""
    defaults = games.get(plan["game"]).validate_options({})
    changed = [f"{k}={json.dumps(v)}" for k, v in plan["options"].items() if defaults.get(k) != v]
    return ", ".join(changed) or None


def versus_table(data: dict[str, Any]) -> Table:
    table = Table(title="head to head: how often the first finished ahead of the second")
    for column in ("first", "second", "meetings", "ahead-behind-level", "ahead, 95 % CI"):
        table.add_column(column, justify="left" if column in ("first", "second") else "right", no_wrap=True)
    for h in data["head_to_head"]:
        table.add_row(
            h["first"],
            h["second"],
            str(h["meetings"]),
            f"{h['ahead']}-{h['behind']}-{h['level']}",
            f"{h['win_rate']:.0%} ({h['low']:.0%}-{h['high']:.0%})",
        )
    return table


def draw_ratings(data: dict[str, Any], path: Path) -> None:
    """The ratings as points with their 95 % intervals, best at the top."""
    from matplotlib.figure import Figure  # no pyplot: no global backend or window, Agg canvas

    ratings = list(reversed(data["ratings"]))
    figure = Figure(figsize=(6.4, 1.2 + 0.45 * len(ratings)), layout="constrained")
    axes = figure.add_subplot()
    mus = [r["mu"] for r in ratings]
    errors = [[r["mu"] - r["low"] for r in ratings], [r["high"] - r["mu"] for r in ratings]]
    axes.errorbar(mus, range(len(ratings)), xerr=errors, fmt="o", capsize=4)
    axes.set_yticks(range(len(ratings)), [r["bot"] for r in ratings])
    axes.set_xlabel("OpenSkill rating (mu, 95 % interval)")
    games = data["games"]["played"]
    axes.set_title(f"{data['plan']['game']}: {games} games")
    axes.grid(axis="x", alpha=0.3)
    axes.margins(y=0.4 / max(1, len(ratings)))
    try:
        figure.savefig(path, format="png", dpi=120)
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}", code=1) from None
