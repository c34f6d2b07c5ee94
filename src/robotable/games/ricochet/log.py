"""Readable sentences for Ricochet's events, for the terminal log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Namer = Callable[[Any], str]


HEX = "0123456789ABCDEF"


def _cell(value: Sequence[int]) -> str:
    """A cell as the board's axes write it: hex digits, x (column) then y (row), ``(A,3)``."""
    x, y = value
    return f"({HEX[x]},{HEX[y]})"


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _winners(seats: Sequence[int], name: Namer) -> str:
    if not seats:
        return "no winner"
    label = "winner" if len(seats) == 1 else "winners"
    return f"{label}: {', '.join(name(s) for s in seats)}"


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "chip-drawn": lambda e, s: f"chip drawn: {e['target']} at {_cell(e['cell'])}",
    "chip-returned": lambda e, s: f"chip {e['target']} goes back to the pile",
    "bid": lambda e, s: f"{s(e['seat'])} bids {e['moves']}",
    "countdown-started": lambda e, s: f"countdown started (by {e['by']})",
    "demonstration-started": lambda e, s: f"{s(e['seat'])} demonstrates {_moves(e['bid'])}",
    "moved": lambda e, s: (
        f"{e['robot']} {e['direction']}: {_cell(e['start'])} -> {_cell(e['end'])} (move {e['count']})"
    ),
    "demonstration-failed": lambda e, s: f"{s(e['seat'])} fails: {e['reason']}",
    "robots-reset": lambda e, s: "robots back on their markers",
    "chip-won": lambda e, s: f"{s(e['seat'])} wins chip {e['target']} in {_moves(e['moves'])}",
    "attempt-scored": lambda e, s: f"solved in {_moves(e['moves'])}: {e['rating']}",
    "attempt-failed": lambda e, s: f"attempt failed: {e['reason']}",
    "revealed": lambda e, s: "solution: " + ", ".join(e["solution"]),
    "puzzle-ended": lambda e, s: f"puzzle {e['target']} ended ({'solved' if e['solved'] else 'unsolved'})",
    "game-over": lambda e, s: "game over; " + _winners(e["winners"], s),
}


def describe_event(event: Mapping[str, Any], name: Namer) -> str | None:
    sentence = SENTENCES.get(event["kind"])
    return sentence(event, name) if sentence else None
