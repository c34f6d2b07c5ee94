"""The optimal DR2D puzzle solver: fewest turns, then fewest registers that are not STAY.

A breadth-first search over the robot's states, register by register, turn by turn, with the
factory's deterministic effects played by the game's engine (:mod:`.runner`). A state is the
robot's :func:`~.runner.state_key` (tile, facing, PC, pit slots, standby, the goal's progress...)
at a point of the turn; the edges are the five letters of a register. Positions with one key
play alike, so each layer keeps each key once, with the fewest non-STAY registers that reach it
(a shortest path with costs 0 and 1 over a layered graph: exact). A register the robot does not
carry out (a pit's lost slot, cancelled registers, a turn in standby) is tried as STAY only:
any other letter gives the same position at a greater cost.

Between turns a position already reached at the end of an earlier turn is dropped: from the
earlier one the same programs reach the goal in fewer turns, and turns count first. The first
turn at whose end the goal is complete gives the optimum's turns; its cheapest such position,
its registers.

Why register by register and not a program (5^5 = 3,125 of them) per edge, turn by turn: the
states within a turn are few (a tile, a facing and a PC or two per position) and shared by
many programs, so each register is played about 5 times per state instead of 3,125 times per
state at the turn's start. The search is the same breadth-first search, on finer steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from robotable.core.errors import PuzzleError
from robotable.games.dr2d.engine import STAY
from robotable.games.dr2d.fleet import Fleet
from robotable.games.dr2d.puzzles.format import REGISTERS, Puzzle, Score
from robotable.games.dr2d.puzzles.runner import (
    Key,
    acts,
    begin_turn,
    finish_turn,
    new_fleet,
    play_register,
    state_key,
)

ALL_LETTERS = (0, 1, 2, 3, STAY)
# A node's cost is its non-STAY registers times MOVE plus the sum of their places (register 1 of
# turn 1 is place 1): among programs of as few moves, the one shown to a person moves as early
# as it can ("N STAY STAY STAY STAY", not "STAY STAY STAY STAY N"); still additive, so exact.
MOVE = 4096  # more than the sum of every place of 10 turns (1 + 2 + ... + 50 = 1,275)
Node = tuple[int, Fleet, int]  # (cost, the robot, the goal's progress)
Parents = dict[Key, tuple[Key | None, int | None]]  # key -> (key it came from, letter played)


@dataclass(frozen=True)
class Proof:
    """What :func:`prove` found: ``optimum`` and ``solution`` (one program of register codes per
    turn), or ``unsolvable``, or ``too_large`` (the search reached ``limit`` states first).
    ``states``: the states it kept."""

    optimum: Score | None = None
    solution: tuple[tuple[int, ...], ...] = ()
    unsolvable: bool = False
    too_large: bool = False
    limit: int = 0
    states: int = 0


class _TooLarge(Exception):
    pass


class _Search:
    """One search's layers and its count of states against the limit."""

    def __init__(self, puzzle: Puzzle, limit: int) -> None:
        self.puzzle, self.limit = puzzle, limit
        self.states = 0
        self.layers: list[Parents] = []

    def keep(self, layer: dict[Key, Node], parents: Parents, key: Key, node: Node, came: tuple) -> None:
        """``node`` into ``layer`` under ``key`` unless the layer already reaches it as cheaply."""
        held = layer.get(key)
        if held is None:
            self.states += 1
            if self.states > self.limit:
                raise _TooLarge
        elif held[0] <= node[0]:
            return
        layer[key], parents[key] = node, came

    def begin(self, frontier: dict[Key, Node]) -> dict[Key, Node]:
        layer: dict[Key, Node] = {}
        parents: Parents = {}
        for key, (cost, fleet, progress) in frontier.items():
            begin_turn(self.puzzle, fleet)  # the fleet is this layer's own: changed in place
            self.keep(layer, parents, state_key(fleet, progress), (cost, fleet, progress), (key, None))
        self.layers.append(parents)
        return layer

    def register(self, layer: dict[Key, Node], turn: int, register: int) -> dict[Key, Node]:
        following: dict[Key, Node] = {}
        parents: Parents = {}
        move = MOVE + (turn - 1) * REGISTERS + register
        for key, (cost, fleet, progress) in layer.items():
            for code in ALL_LETTERS if acts(fleet) else (STAY,):
                child = fleet.copy()
                play_register(self.puzzle, child, register, code)
                node = (cost + (move if code != STAY else 0), child, progress)
                self.keep(following, parents, state_key(child, progress), node, (key, code))
        self.layers.append(parents)
        return following

    def end(self, layer: dict[Key, Node], turn: int, seen: set[Key]) -> dict[Key, Node]:
        boundary: dict[Key, Node] = {}
        parents: Parents = {}
        for key, (cost, fleet, progress) in layer.items():
            progress = finish_turn(self.puzzle, fleet, turn, progress)
            after = state_key(fleet, progress)
            if after not in seen:  # reached at an earlier turn's end: fewer turns from there
                self.keep(boundary, parents, after, (cost, fleet, progress), (key, None))
        self.layers.append(parents)
        return boundary

    def solution(self, key: Key) -> tuple[tuple[int, ...], ...]:
        """The letters along the parents from ``key`` (the last layer's) back to the start."""
        letters: list[int] = []
        for parents in reversed(self.layers):
            key, code = parents[key]  # type: ignore[assignment]
            if code is not None:
                letters.append(code)
        letters.reverse()
        return tuple(tuple(letters[i : i + REGISTERS]) for i in range(0, len(letters), REGISTERS))


def prove(puzzle: Puzzle, *, limit: int, report: Callable[[int, int], None] | None = None) -> Proof:
    """The puzzle's optimum (fewest turns, then fewest non-STAY registers) and a program reaching
    it; or ``unsolvable`` when no program of at most ``puzzle.turns`` turns completes the goal;
    or ``too_large`` once more than ``limit`` states would be kept. ``report(turn, states)`` is
    called after each turn searched (a progress display)."""
    if type(limit) is not int or limit < 1:
        raise PuzzleError(
            "the solver's limit is a positive whole number", fr="la limite du solveur est un entier positif"
        )
    search = _Search(puzzle, limit)
    start = new_fleet(puzzle)
    frontier: dict[Key, Node] = {state_key(start, 0): (0, start, 0)}
    seen: set[Key] = set(frontier)
    try:
        for turn in range(1, puzzle.turns + 1):
            layer = search.begin(frontier)
            for register in range(1, REGISTERS + 1):
                layer = search.register(layer, turn, register)
            frontier = search.end(layer, turn, seen)
            if report is not None:
                report(turn, search.states)
            done = [
                (cost, key)
                for key, (cost, _, progress) in frontier.items()
                if progress == len(puzzle.targets)
            ]
            if done:
                cost, key = min(done)
                return Proof((turn, cost // MOVE), search.solution(key), limit=limit, states=search.states)
            if not frontier:
                break
            seen |= frontier.keys()
    except _TooLarge:
        return Proof(too_large=True, limit=limit, states=limit)
    return Proof(unsolvable=True, limit=limit, states=search.states)
