"""Building DR2D puzzles in tests: a factory drawn as rows, the rest as keywords."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from robotable.games.dr2d.puzzles import Puzzle, load_puzzle

TEXTS = {"title": {"en": "A test", "fr": "Un essai"}, "lesson": {"en": "Try it", "fr": "Essaie"}}


def puzzle_data(
    rows: Sequence[str],
    *,
    start: tuple[int, int] = (0, 0),
    facing: str = "E",
    goal: dict[str, Any] | None = None,
    turns: int = 1,
    walls: Sequence[str] = (),
    lasers: Sequence[str] = (),
    pushers: Sequence[str] = (),
    pc: int = 7,
    options: dict[str, bool] | None = None,
) -> dict[str, Any]:
    factory = ["[map]", *rows]
    for name, lines in (("walls", walls), ("lasers", lasers), ("pushers", pushers)):
        if lines:
            factory += [f"[{name}]", *lines]
    data: dict[str, Any] = {
        "game": "dr2d",
        "format": 1,
        **TEXTS,
        "factory": factory,
        "robot": {"tile": list(start), "facing": facing, "pc": pc},
        "goal": goal or {"tile": [len(rows[0].split()) - 1, 0]},
        "turns": turns,
    }
    if options:
        data["options"] = options
    return data


def make_puzzle(rows: Sequence[str], **fields: Any) -> Puzzle:
    return load_puzzle(puzzle_data(rows, **fields))
