"""Readable lines for the terminal: the event log and the result of a game.

Events are described from their public form (``Event.to_dict()``), never from a
game's classes, so any game gets a log; a few common kinds get a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from robotable.core.game import REFEREE, Event, Outcome, Seat
from robotable.play.match import Played

Describer = Callable[[Mapping[str, Any], Callable[[Any], str]], str]

_SENTENCES: dict[str, Describer] = {
    "chip-drawn": lambda e, s: f"chip drawn: {e['target']} at {_cell(e['cell'])}",
    "chip-returned": lambda e, s: f"chip {e['target']} goes back to the pile",
    "bid": lambda e, s: f"{s(e['seat'])} bids {e['moves']}",
    "countdown-started": lambda e, s: f"countdown started (by {e['by']})",
    "demonstration-started": lambda e, s: f"{s(e['seat'])} demonstrates {e['bid']} moves",
    "moved": lambda e, s: (
        f"{e['robot']} {e['direction']}: {_cell(e['start'])} -> {_cell(e['end'])} (move {e['count']})"
    ),
    "demonstration-failed": lambda e, s: f"{s(e['seat'])} fails: {e['reason']}",
    "robots-reset": lambda e, s: "robots back on their markers",
    "chip-won": lambda e, s: f"{s(e['seat'])} wins chip {e['target']} in {e['moves']} moves",
    "attempt-scored": lambda e, s: f"solved in {e['moves']} moves: {e['rating']}",
    "attempt-failed": lambda e, s: f"attempt failed: {e['reason']}",
    "revealed": lambda e, s: "solution: " + ", ".join(e["solution"]),
    "puzzle-ended": lambda e, s: f"puzzle {e['target']} ended ({'solved' if e['solved'] else 'unsolved'})",
    "game-over": lambda e, s: "game over; " + _winners(e["winners"], s),
}


def _cell(value: Sequence[int]) -> str:
    return f"({value[0]},{value[1]})"


def _winners(seats: Sequence[Seat], name: Callable[[Any], str]) -> str:
    if not seats:
        return "no winner"
    label = "winner" if len(seats) == 1 else "winners"
    return f"{label}: {', '.join(name(s) for s in seats)}"


def seat_namer(labels: Sequence[str]) -> Callable[[Any], str]:
    """``seat 0 (bot:bfs)`` for a seat number; the referee is "referee"."""

    def name(seat: Any) -> str:
        if seat == REFEREE:
            return "referee"
        if isinstance(seat, int) and 0 <= seat < len(labels):
            return f"seat {seat} ({labels[seat]})"
        return f"seat {seat}"

    return name


def describe_event(event: Event, labels: Sequence[str]) -> str:
    data = event.to_dict()
    sentence = _SENTENCES.get(data["kind"])
    if sentence is not None:
        try:
            return sentence(data, seat_namer(labels))
        except (KeyError, IndexError, TypeError):
            pass  # a game with the same kind but other fields: fall back to the generic form
    fields = ", ".join(f"{k}={v}" for k, v in data.items() if k != "kind")
    return f"{data['kind']}: {fields}" if fields else data["kind"]


def describe_played(played: Played, labels: Sequence[str]) -> Text:
    """The action line, then one indented line per event."""
    who = seat_namer(labels)(played.seat)
    text = Text(f"{played.time:7.1f}s  ", style="dim")
    text.append(f"{who}: ", style="bold")
    text.append(str(played.action))
    for event in played.events:
        text.append(f"\n           {describe_event(event, labels)}")
    return text


def describe_outcome(outcome: Outcome, labels: Sequence[str]) -> str:
    """``winner: seat 0 (bot:bfs) (chips won: 1, 0)``."""
    if len(outcome.scores) == 1:
        return f"result: {outcome.detail}" if outcome.detail else f"result: {outcome.scores[0]:g}"
    detail = f" ({outcome.detail})" if outcome.detail else ""
    return _winners(outcome.winners, seat_namer(labels)) + detail
