"""The DR2D course: graded puzzles shipped as data (``data/puzzles/course.json``), from one
register to the whole factory, each with its lesson in English and French and its proven
optimum."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from robotable.games.dr2d.puzzles.format import Puzzle, load_puzzle

COURSE = "course.json"


@cache
def course_data() -> tuple[dict[str, Any], ...]:
    """The course's puzzle objects, in order, as the file holds them."""
    text = resources.files("robotable.games.dr2d").joinpath("data", "puzzles", COURSE).read_text("utf-8")
    return tuple(json.loads(text))


def load_course() -> list[Puzzle]:
    """The course's puzzles, in order.

    >>> course = load_course()
    >>> course[0].title["en"], course[0].optimum
    ('One step', (1, 1))
    """
    return [load_puzzle(data) for data in course_data()]
