"""What happens in a Robotick game, in order, for logs, animation and tests.

``player`` fields are seats 0..2, or :data:`~robotable.games.robotick.cards.DROCO` (3) for the
robot hand.
Card fields hold notation (``"B9"``); a card hidden from a viewer is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.game import Event


@dataclass(frozen=True)
class RoundStarted(Event):
    kind = "round-started"
    round: int  # 1..3
    ai_card: str
    trump_card: str
    droco_after: int  # Droco sits on this seat's left (RT-5)
    droco_hand: tuple[str, ...]


@dataclass(frozen=True)
class PassChosen(Event):
    """A seat chose one card to pass; the card is shown to that seat only."""

    kind = "pass-chosen"
    seat: int
    card: str | None
    chosen: int  # cards chosen so far (1 or 2)


@dataclass(frozen=True)
class CardsPassed(Event):
    """The exchange: ``giver`` gave ``cards`` to ``receiver``; the two of them see the cards."""

    kind = "cards-passed"
    giver: int
    receiver: int
    cards: tuple[str, ...] | None


@dataclass(frozen=True)
class CardPlayed(Event):
    kind = "played"
    player: int
    card: str
    column: str | None = None  # Droco only: the AI card column it used


@dataclass(frozen=True)
class TrickWon(Event):
    """A trick ended: who won; what a human winner captured, face up or down (RT-15, RT-16)."""

    kind = "trick-won"
    trick: int  # 1..12
    winner: int
    captured: str | None  # Droco's card, when a human wins
    face_up: bool
    negatives: tuple[str | None, ...]  # when Droco wins: each seat's own card, face down


@dataclass(frozen=True)
class RoundScored(Event):
    kind = "round-scored"
    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    kind = "game-over"
    totals: tuple[int, ...]
    winners: tuple[int, ...]
