"""The optimal solver (RR-34) against the worked examples and, by property tests, the BFS reference."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from robotable.games.ricochet import solver
from robotable.games.ricochet.board import (
    ALL_TARGETS,
    CELLS,
    CENTRE,
    COLOURS,
    DX,
    DY,
    OPPOSITE,
    SIZE,
    Board,
    Target,
    assemble,
    cell_index,
    placements,
)
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import bfs_solve
from robotable.games.ricochet.solver import (
    Solution,
    optimal_length,
    rank_by_robots_moved,
    solve,
    solve_all,
)
from tests.ricochet.conftest import HARDEST, P1, P2, P3

Moves = Sequence[tuple[int, int]]
SECOND_HARDEST = "1A4B3B2B-E212DBF0-BT"  # 24 moves under both settings
EX15 = "BN BW BS BW BS BW BS BE BN GS GE YW YS GW GS BW YE YN YE YS BE BS GE BN BE"
PLACEMENTS = list(placements())
FREE_CELLS = [c for c in range(CELLS) if c not in {cell_index(x, y) for x, y in CENTRE}]


def ex15_moves() -> list[tuple[int, int]]:
    return [("RGBY".index(word[0]), "NESW".index(word[1])) for word in EX15.split()]


def assert_valid(board: Board, robots: Sequence[int], target: Target, moves: Moves, rule: bool) -> None:
    """An independent check of RR-10..RR-15: legal slides, one arrival at the end, a ricochet."""
    goal = board.targets[target]
    finishers = range(len(robots)) if target.is_vortex else [COLOURS.index(target.colour)]
    cells = list(robots)
    for number, (robot, direction) in enumerate(moves, start=1):
        end = board.slide(cells, robot, direction)
        assert end != cells[robot], "RR-11: a move must move the robot"
        cells[robot] = end
        arrived = robot in finishers and end == goal
        assert arrived == (number == len(moves)), "RR-14: the solution ends at the first arrival"
    if rule:
        last = moves[-1][0]
        own = [direction for robot, direction in moves if robot == last]
        assert any((a ^ b) & 1 for a, b in itertools.pairwise(own)), "RR-15: no ricochet"


def solve_code(code: str, rule: bool) -> Solution | None:
    puzzle = Puzzle.parse(code)
    return solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=rule)


# --------------------------------------------------------------------------- worked examples


@pytest.mark.parametrize(
    ("code", "with_rule", "classic"),
    [(P1, 3, 3), (P2, 3, 1), (P3, 2, 1), ("1A2A3A4A-8A44FF0FC3-RC", 3, 3)],
    ids=["rr_ex4", "rr_ex5", "rr_ex6_vortex", "rr_ex16_silver"],
)
def test_rr34_worked_examples_optimal_lengths(code: str, with_rule: int, classic: int) -> None:
    """RR-EX-4 (3/3), RR-EX-5 (3/1), RR-EX-6 vortex (2/1), RR-EX-16 (silver helps, never scores red)."""
    puzzle = Puzzle.parse(code)
    for rule, expected in ((True, with_rule), (False, classic)):
        solution = solve_code(code, rule)
        assert solution is not None and solution.optimal
        assert solution.length == expected == solution.lower_bound
        assert_valid(puzzle.board(), puzzle.robot_cells(), puzzle.target, solution.moves, rule)


def test_rr15_straight_arrival_is_refused() -> None:
    """RR-EX-5: with the rule the solver never ends with red's first, straight move."""
    solution = solve_code(P2, True)
    assert solution is not None and solution.moves == ((0, 1), (0, 3), (0, 0))


def test_rr_ex15_published_solution_replays() -> None:
    """RR-EX-15: the 25-move solution is valid under both settings and ends as the spec says."""
    puzzle = Puzzle.parse(HARDEST)
    board, robots = puzzle.board(), puzzle.robot_cells()
    for rule in (True, False):
        assert_valid(board, robots, puzzle.target, ex15_moves(), rule)
    cells = list(robots)
    for robot, direction in ex15_moves():
        cells[robot] = board.slide(cells, robot, direction)
    assert cells == [cell_index(*xy) for xy in ((2, 14), (8, 11), (9, 12), (9, 11))]


@pytest.mark.parametrize("done", [11, 14])
def test_rr_ex15_tail_is_optimal(done: int) -> None:
    """RR-EX-15, classic: after ``done`` published moves the rest is optimal, 25 - done moves."""
    puzzle = Puzzle.parse(HARDEST)
    board, cells = puzzle.board(), list(puzzle.robot_cells())
    for robot, direction in ex15_moves()[:done]:
        cells[robot] = board.slide(cells, robot, direction)
    solution = solve(board, cells, puzzle.target, must_ricochet=False)
    assert solution is not None and solution.length == 25 - done


@pytest.mark.parametrize(("code", "length"), [(HARDEST, 25), (SECOND_HARDEST, 24)])
@pytest.mark.parametrize("rule", [True, False])
def test_rr_ex15_hard_positions(code: str, length: int, rule: bool) -> None:
    """RR-EX-15 (25 moves) and a 24-move position, both settings (about ten seconds each)."""
    puzzle = Puzzle.parse(code)
    solution = solve_code(code, rule)
    assert solution is not None and solution.length == length
    assert_valid(puzzle.board(), puzzle.robot_cells(), puzzle.target, solution.moves, rule)


# --------------------------------------------------------------------------- API


def test_rr34_max_depth_below_optimum_gives_none() -> None:
    puzzle = Puzzle.parse(P1)
    board, robots = puzzle.board(), puzzle.robot_cells()
    assert solve(board, robots, puzzle.target, max_depth=2) is None
    found = solve(board, robots, puzzle.target, max_depth=3)
    assert found is not None and found.optimal and found.length == 3
    assert optimal_length(board, robots, puzzle.target) == 3


def test_rr34_timeout_reports_unknown_optimum() -> None:
    """RR-34: a search stopped by its timeout is not optimal, has no moves and a proven lower bound."""
    puzzle = Puzzle.parse(HARDEST)
    solution = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, timeout=1e-9)
    assert solution is not None and not solution.optimal
    assert solution.moves == () and 1 <= solution.lower_bound <= 25


def test_unreachable_target_has_no_solution() -> None:
    """A target walled in on all four sides cannot be reached."""
    walls = list(_closed_board())
    goal = cell_index(3, 3)
    for direction in range(4):
        _add_wall(walls, goal, direction)
    target = Target("red", "circle")
    board = Board(("1A", "2A", "3A", "4A"), tuple(walls), {target: goal}, frozenset())
    assert solve(board, [0, 1, 2, 3], target) is None
    assert solve_all(board, [0, 1, 2, 3], target) == []


def test_rr3_open_board_edge_is_refused() -> None:
    """RR-3: the solver needs a closed outer edge (its slides would leave the board)."""
    walls = _closed_board()
    walls[cell_index(5, 0)] &= ~1
    target = Target("red", "circle")
    board = Board(("1A", "2A", "3A", "4A"), tuple(walls), {target: cell_index(3, 3)}, frozenset())
    with pytest.raises(ValueError, match="outer edge"):
        solve(board, [0, 1, 2, 3], target)


def test_rr34_solve_all_lists_every_optimal_solution() -> None:
    """RR-EX-4: every 3-move solution, each valid, distinct, and the published one among them."""
    puzzle = Puzzle.parse(P1)
    board, robots = puzzle.board(), puzzle.robot_cells()
    solutions = solve_all(board, robots, puzzle.target)
    assert ((0, 3), (1, 1), (0, 0)) in solutions
    assert len(set(solutions)) == len(solutions)
    for moves in solutions:
        assert len(moves) == 3
        assert_valid(board, robots, puzzle.target, moves, True)
    assert len(solve_all(board, robots, puzzle.target, limit=2)) == 2


def test_rank_by_robots_moved_prefers_fewer_robots() -> None:
    one = ((0, 1), (0, 2))
    two = ((1, 1), (0, 2))
    three = ((1, 1), (2, 2), (0, 0))
    assert rank_by_robots_moved([three, two, one]) == [one, two, three]


# --------------------------------------------------------------------------- properties


def _closed_board() -> list[int]:
    walls = [0] * CELLS
    for i in range(SIZE):
        walls[cell_index(i, 0)] |= 1
        walls[cell_index(SIZE - 1, i)] |= 2
        walls[cell_index(i, SIZE - 1)] |= 4
        walls[cell_index(0, i)] |= 8
    return walls


def _add_wall(walls: list[int], cell: int, direction: int) -> None:
    """A wall on one side of a cell, mirrored on the neighbour (RR-3)."""
    walls[cell] |= 1 << direction
    x, y = cell % SIZE + DX[direction], cell // SIZE + DY[direction]
    if 0 <= x < SIZE and 0 <= y < SIZE:
        walls[cell_index(x, y)] |= 1 << OPPOSITE[direction]


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[Board, list[int], Target]:
    """A closed room of at most 16 cells with random inner walls: deep searches stay cheap for BFS."""
    count = draw(st.sampled_from([4, 4, 5]))
    width = draw(st.integers(3, 4))
    height = draw(st.integers(3, (16 if count == 4 else 12) // width))
    left, top = draw(st.integers(0, SIZE - width)), draw(st.integers(0, SIZE - height))
    room = [cell_index(left + x, top + y) for y in range(height) for x in range(width)]
    walls = _closed_board()
    for cell in room:
        for direction in range(4):
            x, y = cell % SIZE + DX[direction], cell // SIZE + DY[direction]
            inside = left <= x < left + width and top <= y < top + height
            if not inside or (direction in (1, 2) and draw(st.integers(0, 3)) == 0):
                _add_wall(walls, cell, direction)
    robots = draw(st.lists(st.sampled_from(room), min_size=count, max_size=count, unique=True))
    target = draw(
        st.sampled_from([Target(colour, "circle") for colour in COLOURS] + [Target("multi", "vortex")])
    )
    board = Board(("1A", "2A", "3A", "4A"), tuple(walls), {target: draw(st.sampled_from(room))}, frozenset())
    return board, robots, target


@st.composite
def real_positions(draw: st.DrawFn) -> tuple[Board, list[int], Target]:
    board = assemble(draw(st.sampled_from(PLACEMENTS)))
    count = draw(st.sampled_from([4, 4, 5]))
    robots = draw(st.lists(st.sampled_from(FREE_CELLS), min_size=count, max_size=count, unique=True))
    return board, robots, draw(st.sampled_from(ALL_TARGETS))


def check_against_bfs(board: Board, robots: list[int], target: Target, rule: bool, depth: int) -> None:
    expected = bfs_solve(board, robots, target, must_ricochet=rule, max_depth=depth)
    solution = solve(board, robots, target, must_ricochet=rule, max_depth=depth)
    if expected is None:
        assert solution is None
        return
    assert solution is not None and solution.optimal
    assert solution.length == len(expected)
    assert_valid(board, robots, target, solution.moves, rule)


@settings(max_examples=120, deadline=None)
@given(position=real_positions(), rule=st.booleans())
def test_rr34_solver_matches_bfs_on_real_boards(
    position: tuple[Board, list[int], Target], rule: bool
) -> None:
    """RR-34, RR-14, RR-15: same optimal length as BFS (within 6 moves, 5 with silver), valid replay."""
    board, robots, target = position
    check_against_bfs(board, robots, target, rule, 6 if len(robots) == 4 else 5)


@settings(max_examples=300, deadline=None)
@given(position=small_positions(), rule=st.booleans())
def test_rr34_solver_matches_bfs_on_small_rooms(
    position: tuple[Board, list[int], Target], rule: bool
) -> None:
    """RR-34 on crowded custom rooms: long detours, straight arrivals, robots starting on the target."""
    board, robots, target = position
    check_against_bfs(board, robots, target, rule, 9)


@settings(max_examples=60, deadline=None)
@given(position=small_positions(), rule=st.booleans())
def test_rr34_solve_all_solutions_are_all_optimal(
    position: tuple[Board, list[int], Target], rule: bool
) -> None:
    """Every listed solution is valid and as short as the one :func:`solve` finds."""
    board, robots, target = position
    best = solve(board, robots, target, must_ricochet=rule, max_depth=12)
    if best is None:
        return
    solutions = solve_all(board, robots, target, must_ricochet=rule, limit=20)
    assert solutions and len(set(solutions)) == len(solutions)
    for moves in solutions:
        assert len(moves) == best.length
        assert_valid(board, robots, target, moves, rule)


@settings(max_examples=40, deadline=None)
@given(position=real_positions(), rule=st.booleans())
def test_rr34_helper_pruning_keeps_the_optimum(position: tuple[Board, list[int], Target], rule: bool) -> None:
    """The helper-relevance pruning changes the work, never the optimal length (deeper than BFS can go)."""
    board, robots, target = position
    pruned = solve(board, robots, target, must_ricochet=rule, max_depth=12)
    saved, solver.RELEVANCE_AFTER = solver.RELEVANCE_AFTER, 1 << 62
    try:
        plain = solve(board, robots, target, must_ricochet=rule, max_depth=12)
    finally:
        solver.RELEVANCE_AFTER = saved
    assert (pruned and pruned.length) == (plain and plain.length)
    if pruned is not None:
        assert_valid(board, robots, target, pruned.moves, rule)


def test_warm_up_prepares_the_kernel_and_kernel_ready_says_so() -> None:
    """Issue 12: the first solve compiled for seconds in silence. ``warm_up`` (``robotable warmup``)
    builds or loads the kernel; ``kernel_ready`` tells a face whether the next solve is quick."""
    import time

    from robotable import games
    from robotable.games.ricochet import kernel_build

    games.get("ricochet").warm_up()
    assert solver.kernel_ready()
    in_use = solver._kernels_in_use
    assert in_use is not None and all(hasattr(in_use, name) for name in kernel_build.SIGNATURES)
    begin = time.perf_counter()
    for _ in range(100):
        solver.kernel_ready()
    assert time.perf_counter() - begin < 0.1  # cheap enough to ask before every solve


def test_kernel_ready_is_false_while_the_first_use_must_build_or_compile(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from robotable.games.ricochet import kernel_build

    monkeypatch.setenv("ROBOTABLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(kernel_build, "HERE", tmp_path / "package")  # nothing built there either
    monkeypatch.setattr(solver, "_kernels_in_use", None)
    monkeypatch.setattr(solver, "_jit_cache_ready", lambda: False)  # numba's cache cold too
    assert not solver.kernel_ready()  # nothing built: the first use builds
    kernel_build.failure_path().write_text("no compiler")
    assert not solver.kernel_ready()  # the build failed here: the JIT kernel, not compiled yet
    monkeypatch.setattr(solver, "_jit_cache_ready", lambda: True)
    assert solver.kernel_ready()
