"""The games a classroom works on (:mod:`.classrooms`): for each, its series of puzzles, each
puzzle's title, lesson and optimum, and how a pupil's attempt is checked with the game's own
puzzle rules (the server never trusts a score a page sends).

- **Ricochet Robots** (``ricochet``): an attempt is a list of moves; its best is moves.
- **Robot Delivery** (``delivery``): an attempt is the pupil's program (the onPlay board and the
  function boards) and, once they press Run, its run; its best is cards used (the second part
  of the score, instructions executed, is the stored solution's to recompute).
- **DR2D** (``dr2d``): an attempt is the registers the pupil wrote, turn after turn, and once
  they press Run, its run; its best is turns (the second part of the score, moves, is the stored
  solution's to recompute).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import RobotableError
from robotable.games.delivery.puzzles import course as delivery_course
from robotable.games.dr2d.puzzles.course import load_course as dr2d_course
from robotable.games.ricochet.puzzle_file import SERIES as RICOCHET_SERIES
from robotable.games.ricochet.puzzle_file import series as ricochet_series

GAMES = ("ricochet", "delivery", "dr2d")
"""The games a room may work on, the first one a new room's."""
UNITS = {"ricochet": "moves", "delivery": "cards", "dr2d": "turns"}
"""What a result's best counts, per game."""


class GameRefusal(RobotableError):
    """A game a room cannot work on; ``code`` for the page."""

    code = "bad_game"
    status = 422


@dataclass(frozen=True)
class Entry:
    """One puzzle as a room tells it: never its solution."""

    id: str
    title: dict[str, str]
    lesson: dict[str, str]
    optimum: tuple[int, ...] | None


@functools.cache
def _series(game: str) -> dict[str, tuple[Entry, ...]]:
    if game == "ricochet":
        return {
            name: tuple(
                Entry(p.extra["id"], dict(p.title), dict(p.lesson), p.optimum) for p in ricochet_series(name)
            )
            for name in RICOCHET_SERIES
        }
    course = delivery_course() if game == "delivery" else dr2d_course()
    entries = tuple(
        Entry(f"course-{number}", dict(p.title), dict(p.lesson), p.optimum)
        for number, p in enumerate(course, 1)
    )
    return {"course": entries}


def checked_game(game: str) -> str:
    """``game`` when a room can work on it; else a refusal in English and French."""
    if game in GAMES:
        return game
    raise GameRefusal(
        "there is no such game for a classroom: ricochet, delivery or dr2d",
        fr="ce jeu n’existe pas pour une classe : ricochet, delivery ou dr2d",
    )


def series_names(game: str) -> tuple[str, ...]:
    return tuple(_series(game))


def series_ids(game: str, name: str) -> tuple[str, ...]:
    """The puzzle ids of a series of ``game``, in order (none for an unknown series)."""
    return tuple(entry.id for entry in _series(game).get(name, ()))


@functools.cache
def catalogue(game: str) -> dict[str, Entry]:
    """Every puzzle of ``game`` a room may work on, by id."""
    return {entry.id: entry for entries in _series(game).values() for entry in entries}


def best_optimum(game: str, puzzle: str) -> int | None:
    """The first number of the puzzle's optimum (moves, or cards), if proven."""
    entry = catalogue(game).get(puzzle)
    return entry.optimum[0] if entry is not None and entry.optimum else None


def as_dict(entry: Entry, *, optimum: bool) -> dict[str, Any]:
    told: dict[str, Any] = {"id": entry.id, "title": entry.title, "lesson": entry.lesson}
    if optimum:
        told["optimum"] = list(entry.optimum) if entry.optimum is not None else None
    return told


__all__ = [
    "GAMES",
    "UNITS",
    "Entry",
    "GameRefusal",
    "as_dict",
    "best_optimum",
    "catalogue",
    "checked_game",
    "series_ids",
    "series_names",
]
