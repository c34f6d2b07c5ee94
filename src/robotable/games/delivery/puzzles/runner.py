"""Running the player's program on a puzzle with the game's own engine.

The program runs as one round of the game for one pawn: onPlay slots 1, 2, ... in order,
each resolved by :class:`~robotable.games.delivery.engine.Resolver` (its action card
2**loops times, Function cards running their boards, RD-13 and RD-18), then the cell
effects of RD-21 (conveyors, pickup, drop). Only the parcels differ: a pickup point holds
one parcel, taken once (:class:`PuzzleResolver`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from robotable.core.game import Event
from robotable.games.delivery import events as ev
from robotable.games.delivery.board import DIRECTIONS, DROP, Board
from robotable.games.delivery.cards import LETTERS
from robotable.games.delivery.engine import Resolver
from robotable.games.delivery.puzzles.format import Puzzle
from robotable.games.delivery.puzzles.program import Program, check_program, program_from_data

Score = tuple[int, int]
"""(cards used, instructions executed): lower is better, compared in that order."""


@dataclass
class PuzzleWorld:
    """What the engine reads and moves (its ``World``), for one pawn (seat 0) and no deck."""

    board: Board
    pos: list[int]
    facing: list[int]
    program: list[list[list[str]]]
    boards: dict[str, list[list[str]]]
    parcels: set[int]  # pickup cells still holding their parcel
    parcel: list[bool] = field(default_factory=lambda: [False])
    delivered: list[int] = field(default_factory=lambda: [0])
    draw: list[list[str]] = field(default_factory=lambda: [[]])
    discard: list[list[str]] = field(default_factory=lambda: [[]])
    bug_top: list[int] = field(default_factory=lambda: [0])
    bug_pile: int = 0
    winner: int | None = None

    def function_board(self, seat: int, letter: str) -> list[list[str]] | None:
        return self.boards.get(letter)

    def board_label(self, seat: int, letter: str) -> str:
        return letter

    def draw_one(self, seat: int) -> tuple[str | None, bool]:
        return None, False  # no deck in a puzzle (and no BUG card to draw from one)


class PuzzleResolver(Resolver):
    """The game's resolver with a puzzle's parcels: each pickup point gives its one parcel;
    a delivery ends nothing (there is no one to win against)."""

    state: PuzzleWorld

    def pickup_or_drop(self, seat: int) -> bool:
        state = self.state
        cell = state.pos[seat]
        if cell in state.parcels and not state.parcel[seat]:
            state.parcels.discard(cell)
            state.parcel[seat] = True
            self.emit(ev.ParcelPicked(seat, self.xy(cell)))
        elif self.board.kinds[cell] == DROP and state.parcel[seat]:
            state.parcel[seat] = False
            state.delivered[seat] += 1
            self.emit(ev.ParcelDelivered(seat, self.xy(cell), state.delivered[seat]))
        return False


@dataclass(frozen=True)
class Outcome:
    """A run: solved (every parcel delivered at its end), the score, and the trace a page
    replays: the engine's events in order, each with its call ``stack``, outermost first
    (``["slot 2", "F:A", "A slot 1", "loop x2 (2/2)"]``)."""

    solved: bool
    score: Score
    delivered: int
    parcels: int
    end: dict[str, Any]  # the pawn at the end: {"cell": [x, y], "facing": "N", "parcel": bool}
    trace: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "solved": self.solved,
            "score": list(self.score),
            "delivered": self.delivered,
            "parcels": self.parcels,
            "end": self.end,
            "trace": list(self.trace),
        }


def run(puzzle: Puzzle, attempt: Program | str | dict[str, Any], *, trace: bool = True) -> Outcome:
    """Run ``attempt`` (a :class:`Program`, its notation or its JSON object) on ``puzzle``.
    A program the puzzle does not allow raises :class:`~robotable.core.errors.PuzzleError`.
    Without ``trace`` the outcome's trace is empty (a search scoring many programs)."""
    program = program_from_data(attempt)
    check_program(puzzle, program)
    world, events = execute(puzzle, program)
    executed = sum(isinstance(event, ev.CardExecuted) for event in events)
    delivered = world.delivered[0]
    return Outcome(
        solved=delivered == len(puzzle.parcels),
        score=(program.cards, executed),
        delivered=delivered,
        parcels=len(puzzle.parcels),
        end={
            "cell": list(puzzle.board.xy(world.pos[0])),
            "facing": DIRECTIONS[world.facing[0]],
            "parcel": world.parcel[0],
        },
        trace=tuple(_step(event) for event in events) if trace else (),
    )


def execute(puzzle: Puzzle, program: Program) -> tuple[PuzzleWorld, list[Event]]:
    """The world after the run of a checked program, and the engine's events."""
    cell, facing = puzzle.start
    world = PuzzleWorld(
        board=puzzle.board,
        pos=[cell],
        facing=[facing],
        program=[[list(slot) for slot in program.onplay]],
        boards={
            letter: [list(slot) for slot in board]
            for letter, board in zip(LETTERS, program.functions, strict=False)
        },
        parcels=set(puzzle.parcels),
    )
    resolver = PuzzleResolver(world, trace=True)  # the events count the instructions executed
    for slot, cards in enumerate(world.program[0]):
        if cards:  # an empty slot reveals nothing (the game never has one: RD-9)
            resolver.run_slot(0, slot)
    return world, resolver.events


def _step(event: Event) -> dict[str, Any]:
    data = event.to_dict()
    data.pop("seat", None)  # one pawn: the seat says nothing
    return data
