"""What happens in a Robot Delivery game, in order: for logs, animation, program traces and tests.

Resolution events carry ``stack``, the call stack of the running instruction, outermost
first, e.g. ``("slot 2", "F:A", "A slot 1", "loop x2 (2/2)")``: a terminal can show the
running card inside its function frames, and a step-by-step player can pause on each.
Cells are ``(x, y)``; facings are ``"N" "E" "S" "W"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.game import Event

Cell = tuple[int, int]
Stack = tuple[str, ...]


# ---- programming (RD-9, RD-10)


@dataclass(frozen=True)
class CardProgrammed(Event):
    """A card went face down into an onPlay slot; others see the slot, not the card."""

    kind = "programmed"
    seat: int
    slot: int
    card: str | None


@dataclass(frozen=True)
class SlotTaken(Event):
    kind = "slot-taken"
    seat: int
    slot: int
    cards: tuple[str, ...] | None


@dataclass(frozen=True)
class FunctionCardPlaced(Event):
    kind = "function-card"
    seat: int
    board: str
    slot: int
    card: str


@dataclass(frozen=True)
class ProgramSubmitted(Event):
    kind = "submitted"
    seat: int
    filled_by_referee: bool = False


# ---- resolution trace (RD-12..RD-18)


@dataclass(frozen=True)
class SlotRevealed(Event):
    kind = "slot-revealed"
    seat: int
    slot: int
    cards: tuple[str, ...]
    stack: Stack


@dataclass(frozen=True)
class LoopIteration(Event):
    kind = "loop"
    seat: int
    card: str
    iteration: int
    times: int
    stack: Stack


@dataclass(frozen=True)
class CardExecuted(Event):
    """One execution of one action card for ``seat``'s pawn (from a slot, a function or a bug)."""

    kind = "card"
    seat: int
    card: str
    stack: Stack


@dataclass(frozen=True)
class FunctionEntered(Event):
    kind = "function-entered"
    seat: int
    board: str  # "A", or "A of seat 2" with one set of boards per player
    empty: bool
    stack: Stack


@dataclass(frozen=True)
class FunctionLeft(Event):
    kind = "function-left"
    seat: int
    board: str
    stack: Stack


@dataclass(frozen=True)
class BugDraw(Event):
    """RD-17: the card drawn from the top of the draw pile (``None``: both piles empty)."""

    kind = "bug-draw"
    seat: int
    card: str | None
    reshuffled: bool
    stack: Stack


@dataclass(frozen=True)
class PawnMoved(Event):
    """A pawn changed cell: by its own card (``cause`` "card"), pushed, or by a conveyor."""

    kind = "moved"
    seat: int
    start: Cell
    end: Cell
    cause: str  # "card", "pushed", "conveyor"
    stack: Stack


@dataclass(frozen=True)
class MoveBlocked(Event):
    kind = "blocked"
    seat: int
    cell: Cell
    direction: str
    stack: Stack


@dataclass(frozen=True)
class PawnTurned(Event):
    kind = "turned"
    seat: int
    start: str
    end: str
    stack: Stack


@dataclass(frozen=True)
class LaserFired(Event):
    kind = "laser"
    seat: int
    cells: tuple[Cell, ...]  # the cells the beam crossed, the hit pawn's cell last
    hit: int | None
    bug_given: bool
    parcel_taken: bool
    stack: Stack


@dataclass(frozen=True)
class BudgetExhausted(Event):
    """Digital safety net: a slot ran more card executions than the engine allows."""

    kind = "budget-exhausted"
    seat: int
    limit: int
    stack: Stack


# ---- cell effects and score (RD-21, RD-22)


@dataclass(frozen=True)
class ParcelPicked(Event):
    kind = "picked"
    seat: int
    cell: Cell


@dataclass(frozen=True)
class ParcelDelivered(Event):
    kind = "delivered"
    seat: int
    cell: Cell
    delivered: int


@dataclass(frozen=True)
class Won(Event):
    kind = "won"
    seat: int


# ---- round structure (RD-8, RD-24..RD-27)


@dataclass(frozen=True)
class RoundStarted(Event):
    kind = "round"
    number: int
    first_player: int


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Refill (RD-25); others see how many, not which."""

    kind = "drew"
    seat: int
    count: int
    cards: tuple[str, ...] | None
    reshuffled: bool


@dataclass(frozen=True)
class GameOver(Event):
    kind = "game-over"
    winners: tuple[int, ...]
    reason: str  # "delivered", "round-limit"
