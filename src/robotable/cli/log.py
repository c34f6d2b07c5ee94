"""Readable lines for the terminal: the event log and the result of a game.

Events are described from their public form (``Event.to_dict()``) as one viewer may
see them (``State.events_for``): each game words its own events
(``Game.describe_event``); any other event gets a generic ``kind: field=value`` line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from robotable.cli.common import quoted
from robotable.core.game import JSON, REFEREE, Game, Outcome, Seat
from robotable.play.match import Played
from robotable.play.words import event_sentence


def seat_namer(labels: Sequence[str]) -> Callable[[Any], str]:
    """``seat 0 (bot:bfs)`` for a seat number; the referee is "referee"."""
    shown = [shown_label(label) for label in labels]

    def name(seat: Any) -> str:
        if seat == REFEREE:
            return "referee"
        if isinstance(seat, int) and 0 <= seat < len(shown):
            return f"seat {seat} ({shown[seat]})"
        return f"seat {seat}"

    return name


def shown_label(label: str, limit: int = 40) -> str:
    """A seat's label as the terminal may print it. A record's labels are any text: escape
    sequences would drive the terminal (clear it, retitle it) and a huge one would flood it,
    so those are quoted with their control characters escaped, and cut."""
    if label.isprintable() and len(label) <= limit:
        return label
    return quoted(label, limit)


def describe_event(game: Game, event: Mapping[str, JSON], labels: Sequence[str]) -> str:
    return event_sentence(game, event, seat_namer(labels))


def action_text(played: Played, viewer: Seat | None) -> str:
    """The action's notation, unless it is secret and ``viewer`` is not its actor."""
    if played.action.secret and played.seat != viewer:
        return "(secret)"
    return str(played.action)


def describe_played(
    game: Game, played: Played, labels: Sequence[str], events: Sequence[Mapping[str, JSON]]
) -> Text:
    """The action line, then one indented line per event (``events`` as the viewer sees them)."""
    text = action_line(played, labels)
    for event in events:
        text.append("\n")
        text.append(event_line(game, event, labels))
    return text


def action_line(played: Played, labels: Sequence[str]) -> Text:
    """``   12.0s  seat 0 (human): bid 5``; a secret action shows only to its actor."""
    text = Text(f"{played.time:7.1f}s  ", style="dim")
    text.append(f"{seat_namer(labels)(played.seat)}: ", style="bold")
    text.append(action_text(played, log_viewer(labels)))
    return text


def event_line(game: Game, event: Mapping[str, JSON], labels: Sequence[str]) -> Text:
    return Text(f"           {describe_event(game, event, labels)}")


def log_viewer(labels: Sequence[str]) -> Seat | None:
    """Whose eyes the shared log is written for: the one person playing, else a spectator."""
    humans = [seat for seat, label in enumerate(labels) if label == "human"]
    return humans[0] if len(humans) == 1 else None


def describe_outcome(outcome: Outcome, labels: Sequence[str]) -> str:
    """``winner: seat 0 (bot:bfs) (chips won: 1, 0)``."""
    if len(outcome.scores) == 1:
        return f"result: {outcome.detail}" if outcome.detail else f"result: {outcome.scores[0]:g}"
    detail = f" ({outcome.detail})" if outcome.detail else ""
    name = seat_namer(labels)
    seats = outcome.winners
    if not seats:
        return "no winner" + detail
    label = "winner" if len(seats) == 1 else "winners"
    return f"{label}: {', '.join(name(s) for s in seats)}{detail}"
