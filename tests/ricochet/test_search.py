"""The breadth-first reference solver: RR-10..RR-15 on the worked examples RR-EX-4..RR-EX-6."""

from __future__ import annotations

import pytest

from robotable.games.ricochet.board import Target, cell_index
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import bfs_solve, replay
from tests.ricochet.conftest import P1, P2, P3

RED, GREEN, BLUE, YELLOW = range(4)
N, E, S, W = range(4)


def solve_code(code: str, must_ricochet: bool, **kwargs: int) -> tuple[tuple[int, int], ...] | None:
    puzzle = Puzzle.parse(code)
    return bfs_solve(
        puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet, **kwargs
    )


@pytest.mark.parametrize("rule", [True, False])
def test_rr_ex4_another_robot_may_move_between_the_turn(rule: bool) -> None:
    """RR-EX-4 (RR-15): red W, green E, red N is a ricochet; optimal 3 under both settings."""
    puzzle = Puzzle.parse(P1)
    moves = solve_code(P1, rule)
    assert moves is not None and len(moves) == 3
    assert replay(puzzle.board(), puzzle.robot_cells(), puzzle.target, moves, must_ricochet=rule)


def test_rr_ex5_rr15_straight_arrival_needs_a_detour() -> None:
    """RR-EX-5 (RR-15): with the rule the straight red N is no solution; E, W, N is (3 moves)."""
    assert solve_code(P2, True) == ((RED, E), (RED, W), (RED, N))


def test_rr_ex5_classic_straight_arrival_is_valid() -> None:
    """RR-EX-5 with must_ricochet off: red N alone."""
    assert solve_code(P2, False) == ((RED, N),)


def test_rr_ex6_vortex_any_robot_may_finish() -> None:
    """RR-EX-6 (RR-13): green E, green N takes the vortex with a ricochet; yellow E alone without the rule."""
    moves = solve_code(P3, True)
    assert moves is not None and len(moves) == 2
    assert solve_code(P3, False) == ((YELLOW, E),)


def test_rr15_straight_arrival_is_refused() -> None:
    """RR-15: a replay that arrives straight fails under the rule and succeeds without it."""
    puzzle = Puzzle.parse(P2)
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert not replay(board, robots, puzzle.target, [(RED, N)])
    assert replay(board, robots, puzzle.target, [(RED, N)], must_ricochet=False)


def test_rr15_reversal_is_not_a_ricochet() -> None:
    """RR-15: E then W is a reversal; red arriving after E, W, N turned only at the last move."""
    puzzle = Puzzle.parse(P2)
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert replay(board, robots, puzzle.target, [(RED, E), (RED, W), (RED, N)])


def test_rr14_solution_ends_at_first_arrival() -> None:
    """RR-14: moves after the arrival make the replay invalid."""
    puzzle = Puzzle.parse(P2)
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert not replay(board, robots, puzzle.target, [(RED, N), (GREEN, N)], must_ricochet=False)


def test_rr11_empty_move_is_not_a_solution_move() -> None:
    """RR-11: a move that does not move the robot makes a replay invalid."""
    puzzle = Puzzle.parse(P1)
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert not replay(board, robots, puzzle.target, [(RED, N), (RED, W), (GREEN, E), (RED, N)])


def test_rr14_robot_starting_on_target_must_leave_and_return() -> None:
    """RR-14: red starts on the red circle (4,1); a solution has at least two moves."""
    puzzle = Puzzle.parse("1A2A3A4A-4144FF0F-RC")
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert robots[RED] == cell_index(4, 1)
    for rule in (True, False):
        moves = bfs_solve(board, robots, puzzle.target, must_ricochet=rule)
        assert moves is not None and len(moves) >= 2
        assert replay(board, robots, puzzle.target, moves, must_ricochet=rule)


def test_max_depth_limits_the_search() -> None:
    """Below the optimal length there is no solution; at it there is."""
    assert solve_code(P1, True, max_depth=2) is None
    assert solve_code(P1, True, max_depth=3) is not None


def test_unknown_target_is_refused() -> None:
    puzzle = Puzzle.parse(P1)
    board = puzzle.board()
    with pytest.raises(ValueError):
        bfs_solve(board, puzzle.robot_cells(), Target("red", "vortex"))
    with pytest.raises(ValueError):
        bfs_solve(board, puzzle.robot_cells()[:3], puzzle.target)
