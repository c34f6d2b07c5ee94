"""The plain-Python exact search of the command line's quick answers (issue 17, startup): the same
optimal lengths as breadth-first search and the compiled solver (RR-34), valid solutions (RR-14,
RR-15), and a clear give-up past its budget of states."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from robotable.games.ricochet import _kernel
from robotable.games.ricochet.board import Board, Target
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.quick import GaveUp, lower_bounds, quick_solve, wall_stops
from robotable.games.ricochet.search import bfs_solve
from robotable.games.ricochet.solver import solve
from tests.ricochet.conftest import P1, P2, P3
from tests.ricochet.test_solver import assert_valid, real_positions, small_positions

Position = tuple[Board, list[int], Target]
ENOUGH = 10_000_000  # states: a budget no test position reaches


def check(board: Board, robots: list[int], target: Target, rule: bool, expected: int | None) -> None:
    moves = quick_solve(board, robots, target, must_ricochet=rule, max_depth=12, max_states=ENOUGH)
    assert (None if moves is None else len(moves)) == expected
    if moves is not None:
        assert_valid(board, robots, target, moves, rule)


@pytest.mark.rule("RR-34")
@settings(max_examples=300, deadline=None)
@given(position=small_positions(), rule=st.booleans())
def test_rr34_quick_matches_bfs_on_small_rooms(position: Position, rule: bool) -> None:
    """Crowded rooms: long detours, straight arrivals (RR-15), robots starting on the target (RR-14)."""
    board, robots, target = position
    expected = bfs_solve(board, robots, target, must_ricochet=rule, max_depth=9)
    if expected is not None:
        check(board, robots, target, rule, len(expected))
    elif quick_solve(board, robots, target, must_ricochet=rule, max_depth=9, max_states=ENOUGH) is not None:
        pytest.fail("the quick search found a solution breadth-first search did not")


@pytest.mark.rule("RR-34")
@settings(max_examples=60, deadline=None)
@given(position=real_positions(), rule=st.booleans())
def test_rr34_quick_matches_the_compiled_solver_on_real_boards(position: Position, rule: bool) -> None:
    board, robots, target = position
    found = solve(board, robots, target, must_ricochet=rule, max_depth=12)
    check(board, robots, target, rule, None if found is None else found.length)


@pytest.mark.parametrize(("code", "length"), [(P1, 3), (P2, 3), (P3, 2)])
def test_worked_examples_rr_ex4_rr_ex5_rr_ex6(code: str, length: int) -> None:
    puzzle = Puzzle.parse(code)
    check(puzzle.board(), list(puzzle.robot_cells()), puzzle.target, True, length)


def test_lower_bounds_are_the_kernels() -> None:
    """The Python bounds are the compiled kernel's, cell for cell, for every target of a board."""
    import numpy as np

    board = Puzzle.parse(P1).board()
    walls = np.array(board.walls, np.uint8)
    stops = wall_stops(board.walls)
    assert stops == _kernel.wall_stops(walls).tolist()
    for cell in board.targets.values():
        expected = _kernel.lower_bounds(_kernel.wall_stops(walls), cell, np.empty(1024, np.uint8))
        assert lower_bounds(stops, cell) == expected.tolist()


def test_past_its_budget_it_gives_up() -> None:
    puzzle = Puzzle.parse("1A2B4B3B-302A0B71-BT")  # 11 moves
    with pytest.raises(GaveUp):
        quick_solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, max_states=1000)


def test_an_unreachable_target_is_no_solution_at_once() -> None:
    """A target no robot can stop on: the lower bound says so before any state is generated."""
    puzzle = Puzzle.parse(P1)
    board = puzzle.board()
    walls = list(board.walls)
    cell = board.targets[puzzle.target]
    for neighbour in (cell - 16, cell + 1, cell + 16, cell - 1):  # a closed box with nothing inside
        walls[neighbour] = 15
    walls[cell] = 15
    boxed = Board(board.faces, tuple(walls), board.targets, board.blocked)
    robots = [c for c in puzzle.robot_cells() if c != cell]
    assert quick_solve(boxed, robots, puzzle.target, max_states=1) is None
