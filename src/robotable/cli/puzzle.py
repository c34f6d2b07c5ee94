"""``robotable puzzle``: the games' puzzles in the terminal (issue 30).

Each game's puzzle command lives in its own module (``cli/puzzle_<id>.py``: a ``play``
function and the ``check`` piece); this group joins them: ``robotable puzzle <game>`` plays,
``robotable puzzle check FILE`` proves a puzzle file's optimum, whatever its game (the file's
``game`` field, or its first puzzle's for a list, says whose checker runs).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer

from robotable.cli.common import fail, quoted, reporting
from robotable.core.datafile import read_user_text
from robotable.core.errors import PuzzleError

app = typer.Typer(
    name="puzzle",
    help="Puzzles: play a game's puzzles or its course, and prove a puzzle file's optimum.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)

CHECKERS = {
    "delivery": ("robotable.cli.puzzle_delivery", "check"),
    "dr2d": ("robotable.cli.puzzle_dr2d", "check"),
    "ricochet": ("robotable.cli.puzzle_ricochet", "check_file"),
}
"""A puzzle file's ``game`` -> the module and function that prove it (each prints its proof and
returns the exit code; each takes ``limit``, Delivery also ``lang``, the others ``store``)."""
STORES = {"dr2d", "ricochet"}
"""The games whose checker writes a proven optimum into the file (``--store``)."""
Lang = Annotated[str, typer.Option("--lang", help="Language of the words: en or fr.")]


@app.command("delivery")
def delivery_command(
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
    file: Annotated[Path, typer.Argument(help="A puzzle file (JSON): one puzzle, or a list (Delivery).")],
    limit: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=100_000_000,
            help="The solver's limit: nodes (Delivery), states (DR2D), moves (Ricochet); each game's own "
            "if left out.",
        ),
    ] = None,
    store: Annotated[
        bool, typer.Option("--store", help="Write the proven optimum into the file (DR2D, Ricochet).")
    ] = False,
    lang: Lang = "en",
) -> None:
    """Prove a puzzle file's optimum (DR2D: fewest turns, then fewest moves; Ricochet: fewest
    moves), or say why there is none: unsolvable, or too large for the limit. Nothing is written
    unless `--store`."""
    with reporting():
        game = _game_of(file)
        if game not in CHECKERS:
            raise fail(f"{file}: no puzzle checker for the game {quoted(game)}; games: {', '.join(CHECKERS)}")
        if store and game not in STORES:
            raise fail(f"{file}: --store is for DR2D and Ricochet files; nothing was written")
        module, function = CHECKERS[game]
        options: dict[str, object] = {"limit": limit} if limit else {}
        options |= {"lang": lang} if game == "delivery" else {"store": store}
        status = getattr(importlib.import_module(module), function)(file, **options)
    raise typer.Exit(status)


def _game_of(path: Path) -> str:
    """The ``game`` field of the file's (first) puzzle; a file that does not say is given to
    Robot Delivery's checker, whose reading of it says what is wrong."""
    text = read_user_text(path)  # a missing or unreadable file: a DataFileError, said by reporting()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(
            f"{path}: line {exc.lineno}: not JSON ({exc.msg})",
            fr=f"{path} : ligne {exc.lineno} : pas du JSON",
        ) from None
    except RecursionError:
        raise PuzzleError(f"{path}: nested too deeply", fr=f"{path} : trop imbriqué") from None
    first = data[0] if isinstance(data, list) and data else data
    if not isinstance(first, dict) and first != []:
        raise PuzzleError(
            f"{path}: a puzzle is a JSON object (a Robot Delivery file may hold a list of them)",
            fr=f"{path} : un puzzle est un objet JSON (un fichier de Robot Delivery peut en avoir une liste)",
        )
    game = first.get("game") if isinstance(first, dict) else None
    return game if isinstance(game, str) else "delivery"
