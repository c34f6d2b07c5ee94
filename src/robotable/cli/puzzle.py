"""``robotable puzzle``: puzzles in the terminal, and the proof of a puzzle file's optimum.

Each game's puzzle command lives in ``cli/puzzle_<game>.py``; this module joins them:
``robotable puzzle <game>`` plays, ``robotable puzzle check FILE`` proves (the file's ``game``
field says whose checker runs).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer

from robotable.cli.common import fail, quoted, reporting
from robotable.core.datafile import read_user_text

app = typer.Typer(
    name="puzzle",
    help="Puzzles: play them in the terminal, or prove the optimum of a file of them.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)

CHECKERS = {"delivery": "robotable.cli.puzzle_delivery"}
"""Game id -> the module whose ``check(path, limit=, lang=)`` proves that game's puzzle files."""
DEFAULT = "delivery"

Lang = Annotated[str, typer.Option("--lang", help="Language of the words: en or fr.")]


@app.command("delivery")
def delivery(
    file: Annotated[
        Path | None, typer.Argument(help="A puzzle file (one puzzle or a list); default: the course.")
    ] = None,
    number: Annotated[int, typer.Option("--number", "-n", help="Start at this puzzle of the series.")] = 1,
    lang: Lang = "en",
) -> None:
    """Play Robot Delivery puzzles: write one program, run it, beat the proven optimum.

    Examples: `robotable puzzle delivery` (the course), `robotable puzzle delivery -n 9 --lang fr`,
    `robotable puzzle delivery my_puzzle.json`
    """
    from robotable.cli import puzzle_delivery

    with reporting():
        puzzle_delivery.play(file, number=number, lang=lang)


@app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A puzzle file: one puzzle or a list of them.")],
    limit: Annotated[
        int, typer.Option(help="Search nodes per puzzle at most.", min=1, max=100_000_000)
    ] = 2_000_000,
    lang: Lang = "en",
) -> None:
    """Prove the optimum of every puzzle of FILE (or say it is unsolvable, or too large for the
    limit); exit status 1 when one is not proven or disagrees with the optimum the file stores.

    Example: `robotable puzzle check my_puzzle.json`
    """
    with reporting():
        game = _game_of(file)
        if game not in CHECKERS:
            raise fail(f"{file}: no puzzle checker for the game {quoted(game)}; games: {', '.join(CHECKERS)}")
        status = importlib.import_module(CHECKERS[game]).check(file, limit=limit, lang=lang)
    raise typer.Exit(status)


def _game_of(path: Path) -> str:
    """The ``game`` field of the file's (first) puzzle; a file that does not say is given to the
    first checker, whose reading of it says what is wrong."""
    text = read_user_text(path)  # a missing or unreadable file: a DataFileError, said by reporting()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return DEFAULT
    first = data[0] if isinstance(data, list) and data else data
    game = first.get("game") if isinstance(first, dict) else None
    return game if isinstance(game, str) else DEFAULT
