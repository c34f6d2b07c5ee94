"""The games whose puzzles keep records (:mod:`.records`), and how a solution of each is verified.

Each game gives the same three things, so the three share one route shape and one store:

- ``attempt``: the field of the solution's body that holds the player's work, as the game's
  own run route reads it (Ricochet: ``moves``; Robot Delivery: ``program``, its notation or its
  object; DR2D: ``programs``, the registers of each turn);
- ``verify(puzzle id, attempt)``: the puzzle's own id, the score the game's own puzzle runner
  finds when it replays the attempt, and whether that score is the proven optimum; a refusal
  in words (English and French) when the attempt cannot be read or does not solve the puzzle;
- ``length``: the numbers in the game's score (Ricochet: moves; Delivery: cards, then
  instructions; DR2D: turns, then moves that are not STAY).

A score or an "optimal" in the request is never read: only the replay says them. The attempt's
sizes are checked by the game's own parser before any work (Ricochet: 200 moves; Delivery: 400
characters or the boards' slots; DR2D: the puzzle's turns of five registers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, Field

from robotable.core.errors import PuzzleError
from robotable.games.delivery import puzzles as delivery
from robotable.games.dr2d import puzzles as dr2d
from robotable.games.ricochet import puzzle_file as ricochet
from robotable.server import delivery_puzzle_routes, puzzle_routes, puzzle_routes_dr2d

Score = tuple[int, ...]
Verify = Callable[[str, Any, Any], tuple[str, Score, bool]]
"""(puzzle id, the attempt, the editor's store of published puzzles or None) -> (the id the record is
kept under, the score, whether it is the proven optimum)."""


class NotSolved(PuzzleError):
    status = 422
    code = "not_solved"


class Solution(BaseModel):
    """What every game's solution brings beside the attempt: who solves. Checked in words by
    :func:`.records.solver_of` (any JSON here: a wrong type is said in English and French)."""

    name: Any = Field(default=None, description="a guest's name for the records")
    guest: Any = Field(default=None, description="a guest browser's own key")


class RicochetSolution(Solution):
    moves: list[Annotated[str, Field(max_length=24)]] = Field(
        max_length=ricochet.MAX_ATTEMPT, description="from the start, like 'red N'"
    )


class DeliverySolution(Solution):
    program: Any = Field(
        default=None,
        description="the program's notation ('FWD+LOOP FN-A; A: RR FWD') or its object "
        '({"onplay": [["FWD", "LOOP"]], "functions": {"A": [["RR"]]}})',
    )


class Dr2dSolution(Solution):
    programs: Any = Field(
        default=None, description="one program per turn, five registers each: N, E, S, W or STAY"
    )


@dataclass(frozen=True)
class RecordGame:
    """A game's puzzles as the records need them (see the module's description): ``body`` is
    the model of its solution's body, ``attempt`` the body's field holding the attempt."""

    id: str
    body: type[Solution]
    attempt: str
    length: int
    verify: Verify


def _optimal(score: Score, optimum: Score | None) -> bool:
    return optimum is not None and score <= optimum


def verify_ricochet(puzzle_id: str, moves: Any, published: Any) -> tuple[str, Score, bool]:
    """The moves replayed by Ricochet's ``run`` (``daily``: today's puzzle, under its own id)."""
    puzzle = puzzle_routes.find(puzzle_id, published)
    outcome = ricochet.run(puzzle, moves)
    if not outcome.solved:
        raise NotSolved("these moves do not solve the puzzle", fr="ces coups ne résolvent pas le puzzle")
    return puzzle.extra["id"], outcome.score, _optimal(outcome.score, puzzle.optimum)


def verify_delivery(puzzle_id: str, program: Any, published: Any) -> tuple[str, Score, bool]:
    """The program (its notation or its object) run by Robot Delivery's puzzle runner."""
    if not isinstance(program, str | dict):
        raise PuzzleError(
            "a program is a text or an object with onplay and functions",
            fr="un programme est un texte ou un objet avec onplay et functions",
        )
    puzzle, _ = delivery_puzzle_routes.find(puzzle_id, published)
    outcome = delivery.run(puzzle, program, trace=False)
    if not outcome.solved:
        raise NotSolved(
            f"this program delivers {outcome.delivered} of {outcome.parcels} parcels: "
            "it does not solve the puzzle",
            fr=f"ce programme livre {outcome.delivered} colis sur {outcome.parcels} : "
            "il ne résout pas le puzzle",
        )
    return puzzle_id, outcome.score, _optimal(outcome.score, puzzle.optimum)


def verify_dr2d(puzzle_id: str, programs: Any, published: Any) -> tuple[str, Score, bool]:
    """The registers of each turn played by DR2D's puzzle runner (the game's engine)."""
    found = puzzle_routes_dr2d.find(puzzle_id, published)
    puzzle = found.puzzle
    outcome = dr2d.run(puzzle, programs)
    if not outcome.solved:
        raise NotSolved("these registers do not reach the goal", fr="ces registres n’atteignent pas le but")
    optimum = puzzle.optimum if puzzle.optimum is not None else found.proof().optimum
    return puzzle_id, outcome.score, _optimal(outcome.score, optimum)


GAMES = (
    RecordGame("ricochet", RicochetSolution, "moves", 1, verify_ricochet),
    RecordGame("delivery", DeliverySolution, "program", 2, verify_delivery),
    RecordGame("dr2d", Dr2dSolution, "programs", 2, verify_dr2d),
)
"""The games whose puzzles keep records, each under ``/api/puzzles/{id}/...``."""
