"""Puzzle generation: positions whose optimal solution has exactly N moves, and the daily puzzle.

Random positions rarely need more than ten moves, so the generator climbs: it keeps a
position and changes one thing at a time (a robot's cell, or the target), keeping a
change when the optimal length gets no farther from N. Everything is drawn from a
seeded generator and the solver is exact, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from robotable.core.errors import RobotableError
from robotable.core.rng import Rng
from robotable.games.ricochet.board import ALL_TARGETS, CELLS, CENTRE, cell_xy, placements
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import finishers
from robotable.games.ricochet.solver import MAX_DEPTH, solve

MAX_GENERATED_MOVES = 20
_STEPS_PER_RESTART = 400
# The daily puzzle gets harder through the week, Monday 5 moves to Sunday 11.
DAILY_MOVES = (5, 6, 7, 8, 9, 10, 11)


def random_position(rng: Rng, *, face_set: str = "1999", silver: bool = False) -> Puzzle:
    """RR-6, RR-8, RR-9: a random board, robots off the centre and off targets, a random chip."""
    faces = rng.choice(list(placements(face_set)))
    puzzle = Puzzle(faces, (), rng.choice(ALL_TARGETS))
    blocked = {cell_xy(c) for c in puzzle.board().targets.values()} | CENTRE
    free = [cell_xy(c) for c in range(CELLS) if cell_xy(c) not in blocked]
    cells = []
    for _ in range(5 if silver else 4):
        cells.append(free.pop(rng.randrange(len(free))))
    return Puzzle(faces, tuple(cells), puzzle.target)


def _length(puzzle: Puzzle, must_ricochet: bool, cap: int) -> int:
    """The optimal length, or ``cap`` when it is longer than ``cap - 1`` (or impossible)."""
    solution = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet,
                     max_depth=cap - 1)  # fmt: skip
    return cap if solution is None else solution.length


def _starts_on_target(puzzle: Puzzle) -> bool:
    """RR-30: no finishing robot may start on the target."""
    cell = cell_xy(puzzle.board().targets[puzzle.target])
    return any(puzzle.robots[r] == cell for r in finishers(puzzle.target, len(puzzle.robots)))


def _mutate(puzzle: Puzzle, rng: Rng) -> Puzzle:
    if rng.random() < 0.2:
        return Puzzle(puzzle.faces, puzzle.robots, rng.choice(ALL_TARGETS))
    robots = list(puzzle.robots)
    targets = {cell_xy(c) for c in puzzle.board().targets.values()}
    taken = set(robots) | CENTRE | targets  # RR-8: never on a target cell
    while True:
        cell = cell_xy(rng.randrange(CELLS))
        if cell not in taken:
            break
    robots[rng.randrange(len(robots))] = cell
    return Puzzle(puzzle.faces, tuple(robots), puzzle.target)


def generate(
    moves: int,
    *,
    seed: int = 0,
    must_ricochet: bool = True,
    silver: bool = False,
    face_set: str = "1999",
    on_step: Callable[[int, int], None] | None = None,
) -> Puzzle:
    """A position whose optimal solution is exactly ``moves`` long.

    ``on_step(step, current_length)`` is called after every solve, for progress bars.
    """
    shortest = 2 if must_ricochet else 1  # RR-15: a ricochet needs two own moves
    if not shortest <= moves <= MAX_GENERATED_MOVES:
        raise RobotableError(
            f"can generate puzzles of {shortest} to {MAX_GENERATED_MOVES} moves, not {moves}"
        )
    rng = Rng(seed)
    cap = min(moves + 2, MAX_DEPTH)
    step = 0
    while True:
        current = random_position(rng, face_set=face_set, silver=silver)
        length = _length(current, must_ricochet, cap)
        for _ in range(_STEPS_PER_RESTART):
            step += 1
            if length == moves and not _starts_on_target(current):
                return current
            candidate = _mutate(current, rng)
            if _starts_on_target(candidate):
                continue
            new_length = _length(candidate, must_ricochet, cap)
            if abs(new_length - moves) <= abs(length - moves):
                current, length = candidate, new_length
            if on_step is not None:
                on_step(step, length)


def daily(date: dt.date | None = None, *, must_ricochet: bool = True) -> tuple[Puzzle, int]:
    """The puzzle of the day: the same for everyone on the same date (UTC by default)."""
    date = date or dt.datetime.now(dt.UTC).date()
    moves = DAILY_MOVES[date.weekday()]
    seed = int(date.strftime("%Y%m%d"))
    return generate(moves, seed=seed, must_ricochet=must_ricochet), moves


__all__ = ["DAILY_MOVES", "daily", "generate", "random_position"]
