"""Puzzle files: one puzzle object or a series (a list of them), and the course shipped with the game."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from robotable.core.datafile import read_user_text
from robotable.core.errors import DataFileError, PuzzleError
from robotable.games.delivery.puzzles.format import Puzzle, load_puzzle, refuse

MAX_SERIES = 200
"""Puzzles in one file at most (the course has a few dozen)."""
COURSE = ("data", "puzzles", "course.json")


def read_puzzles(text: str, source: str) -> list[Puzzle]:
    """The puzzles of a file's text: one object, or a list of them (a series)."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError) as exc:
        line = getattr(exc, "lineno", "?")
        raise refuse(
            f"{source}: not JSON (line {line})", f"{source} : ce n'est pas du JSON (ligne {line})"
        ) from None
    items = data if isinstance(data, list) else [data]
    if not items or len(items) > MAX_SERIES:
        raise refuse(
            f"{source}: a puzzle file holds one puzzle or a list of 1 to {MAX_SERIES}",
            f"{source} : un fichier de puzzles en contient un, ou une liste de 1 à {MAX_SERIES}",
        )
    return [_one(item, source, i, len(items)) for i, item in enumerate(items, 1)]


def _one(item: Any, source: str, number: int, count: int) -> Puzzle:
    try:
        return load_puzzle(item)
    except PuzzleError as exc:
        where = source if count == 1 else f"{source}, puzzle {number}"
        raise PuzzleError(f"{where}: {exc}", fr=f"{where} : {exc.fr or exc}") from None


def load_puzzle_file(path: str | Path) -> list[Puzzle]:
    """The puzzles of a user's file; any problem is a :class:`PuzzleError` naming the file."""
    try:
        text = read_user_text(path)
    except DataFileError as exc:
        raise PuzzleError(str(exc), fr=f"{path} : fichier illisible ({exc.reason})") from None
    return read_puzzles(text, str(path))


@cache
def course() -> tuple[Puzzle, ...]:
    """The graded course shipped with the game, in order: sequence, LOOP, one function,
    functions calling functions."""
    file = resources.files("robotable.games.delivery").joinpath(*COURSE)
    return tuple(read_puzzles(file.read_text("utf-8"), "delivery/" + "/".join(COURSE)))
