"""What happens in a Ricochet Robots game, in order, for logs, animation and tests."""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.game import Event

Cell = tuple[int, int]


@dataclass(frozen=True)
class ChipDrawn(Event):
    kind = "chip-drawn"
    target: str  # puzzle-code letters, e.g. "RC"
    cell: Cell


@dataclass(frozen=True)
class ChipReturned(Event):
    kind = "chip-returned"
    target: str


@dataclass(frozen=True)
class BidPlaced(Event):
    kind = "bid"
    seat: int
    moves: int


@dataclass(frozen=True)
class CountdownStarted(Event):
    kind = "countdown-started"
    by: str  # "bid" or "stall"


@dataclass(frozen=True)
class DemonstrationStarted(Event):
    kind = "demonstration-started"
    seat: int
    bid: int


@dataclass(frozen=True)
class RobotMoved(Event):
    kind = "moved"
    robot: str
    direction: str
    start: Cell
    end: Cell
    count: int  # moves so far in this demonstration or attempt


@dataclass(frozen=True)
class DemonstrationFailed(Event):
    kind = "demonstration-failed"
    seat: int
    reason: str


@dataclass(frozen=True)
class RobotsReset(Event):
    kind = "robots-reset"


@dataclass(frozen=True)
class ChipWon(Event):
    kind = "chip-won"
    seat: int
    target: str
    moves: int


@dataclass(frozen=True)
class AttemptScored(Event):
    kind = "attempt-scored"
    moves: int
    optimal: int | None  # None: the optimum is unknown (RR-34)
    score: int
    rating: str


@dataclass(frozen=True)
class AttemptFailed(Event):
    kind = "attempt-failed"
    reason: str


@dataclass(frozen=True)
class PuzzleRevealed(Event):
    kind = "revealed"
    solution: tuple[str, ...]


@dataclass(frozen=True)
class PuzzleEnded(Event):
    kind = "puzzle-ended"
    target: str
    solved: bool
    best: int | None


@dataclass(frozen=True)
class GameOver(Event):
    kind = "game-over"
    winners: tuple[int, ...]
