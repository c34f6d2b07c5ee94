"""``robotable puzzle``: the games' puzzles in the terminal (issue 30).

Each game's puzzle command lives in its own module (``cli/puzzle_<id>.py``: a ``play``
function and the ``check`` piece); this group joins them: ``robotable puzzle <game>`` plays,
``robotable puzzle check FILE`` proves a puzzle file's optimum, whatever its game.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated

import typer

from robotable.cli.common import fail, reporting

app = typer.Typer(
    name="puzzle",
    help="Puzzles: play a game's puzzles or its course, and prove a puzzle file's optimum.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)

CHECKERS = {"dr2d": "robotable.cli.puzzle_dr2d"}  # a puzzle file's "game" -> its module


@app.command("dr2d")
def dr2d_command(
    source: Annotated[
        str | None,
        typer.Argument(
            help="A puzzle file, or N to start the course at puzzle N (the course from 1 if left out)."
        ),
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the lessons and the run: en or fr.")] = "en",
) -> None:
    """Play DR2D puzzles: five registers per turn (N forward, E right, S back, W left, . STAY).

    Examples: `robotable puzzle dr2d`, `robotable puzzle dr2d 5 --lang fr`,
    `robotable puzzle dr2d my_puzzle.json`
    """
    from robotable.cli import puzzle_dr2d

    with reporting():
        puzzle_dr2d.play(source, lang=lang)


@app.command("check")
def check_command(
    file: Annotated[Path, typer.Argument(help="A puzzle file (JSON).")],
    limit: Annotated[
        int, typer.Option(min=1, max=20_000_000, help="The solver's limit, in states searched.")
    ] = 200_000,
    store: Annotated[bool, typer.Option("--store", help="Write the proven optimum into the file.")] = False,
) -> None:
    """Prove a puzzle file's optimum (fewest turns, then fewest moves for DR2D), or say why there
    is none: unsolvable, or too large for the limit. Nothing is written unless `--store`."""
    with reporting():
        from robotable.cli.puzzle_dr2d import read_puzzle

        game = read_puzzle(file).get("game")
        module = CHECKERS.get(game) if isinstance(game, str) else None
        if module is None:
            known = ", ".join(CHECKERS)
            raise fail(f"{file}: no puzzle checker for the game {game!r} (puzzle games: {known})")
        raise typer.Exit(importlib.import_module(module).check(file, limit=limit, store=store))
