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

CHECKERS = {
    "dr2d": ("robotable.cli.puzzle_dr2d", "check"),
    "ricochet": ("robotable.cli.puzzle_ricochet", "check_file"),
}
"""A puzzle file's ``game`` -> the module and function that prove it (each prints its proof and
returns the exit code)."""


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


@app.command("ricochet")
def ricochet_command(
    source: Annotated[
        str | None,
        typer.Argument(
            help="A puzzle: course-N, easy-N to master-N (the book), daily, or a file (else the course)."
        ),
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the lessons: en or fr.")] = "en",
) -> None:
    """Play Ricochet Robots puzzles alone: moves like `red N` or `R N`, undo, reset, hint, quit.

    Examples: `robotable puzzle ricochet`, `robotable puzzle ricochet daily`,
    `robotable puzzle ricochet hard-2 --lang fr`
    """
    from robotable.cli import puzzle_ricochet

    with reporting():
        puzzle_ricochet.play_source(source, lang=lang)


@app.command("check")
def check_command(
    file: Annotated[Path, typer.Argument(help="A puzzle file (JSON).")],
    limit: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=20_000_000,
            help="The solver's limit: states searched (DR2D), moves (Ricochet). Each game's own if left out.",
        ),
    ] = None,
    store: Annotated[bool, typer.Option("--store", help="Write the proven optimum into the file.")] = False,
) -> None:
    """Prove a puzzle file's optimum (DR2D: fewest turns, then fewest moves; Ricochet: fewest
    moves), or say why there is none: unsolvable, or too large for the limit. Nothing is written
    unless `--store`."""
    with reporting():
        from robotable.cli.puzzle_dr2d import read_puzzle

        game = read_puzzle(file).get("game")
        checker = CHECKERS.get(game) if isinstance(game, str) else None
        if checker is None:
            known = ", ".join(CHECKERS)
            raise fail(f"{file}: no puzzle checker for the game {game!r} (puzzle games: {known})")
        module, function = checker
        check = getattr(importlib.import_module(module), function)
        raise typer.Exit(check(file, **({"limit": limit} if limit else {}), store=store))
