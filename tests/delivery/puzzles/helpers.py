"""Small puzzles drawn in the tests: rows under the game's default legend."""

from __future__ import annotations

from typing import Any

from robotable.games.delivery.puzzles import Puzzle, load_puzzle


def data(rows: list[str], start: list[Any], cards: dict[str, int], **more: Any) -> dict[str, Any]:
    return {
        "game": "delivery",
        "format": 1,
        "title": {"en": "test", "fr": "essai"},
        "board": rows,
        "start": start,
        "cards": cards,
        **more,
    }


def puzzle(rows: list[str], start: list[Any], cards: dict[str, int], **more: Any) -> Puzzle:
    return load_puzzle(data(rows, start, cards, **more))
