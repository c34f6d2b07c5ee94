"""The cached Solver (issue 17): same answers as fresh solvers, honest timings, bounded memory."""

from __future__ import annotations

import random

import pytest

from robotable.games.ricochet import solver
from robotable.games.ricochet.board import ALL_TARGETS, CENTRE, assemble, cell_index, placements
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import bfs_solve
from robotable.games.ricochet.solver import (
    DEFAULT_MAX_MEMORY,
    MIN_TABLE_BYTES,
    MemoryLimitError,
    Solver,
    solve,
    solver_for,
    table_budget,
    table_levels,
)
from tests.ricochet.conftest import P1, P3
from tests.ricochet.test_solver import assert_valid

CENTRE_CELLS = {cell_index(x, y) for x, y in CENTRE}


def random_cells(rng: random.Random, count: int) -> list[int]:
    return rng.sample([c for c in range(256) if c not in CENTRE_CELLS], count)


def test_a_cached_solver_answers_as_fresh_solvers_across_boards_and_targets() -> None:
    """One Solver per board, kept across every target and many placements (its lower-bound and
    relevance tables reused, the shared transposition table re-stamped), gives the lengths a new
    Solver gives for each call, and valid solutions, under both rules."""
    rng = random.Random(17)
    boards = [assemble(faces) for faces in rng.sample(list(placements()), 4)]
    kept = {board.faces: Solver(board) for board in boards}
    for round_ in range(3):
        for board in boards:
            for target in ALL_TARGETS:
                cells = random_cells(rng, 5 if round_ == 2 else 4)
                rule = rng.random() < 0.7
                cached = kept[board.faces].solve(cells, target, must_ricochet=rule, max_depth=9)
                fresh = Solver(board).solve(cells, target, must_ricochet=rule, max_depth=9)
                assert (cached and cached.length) == (fresh and fresh.length), (board.code, cells, target)
                if cached is not None:
                    assert_valid(board, cells, target, cached.moves, rule)


def test_the_module_cache_survives_more_boards_than_it_keeps() -> None:
    """``solve`` keeps 32 Solvers: a 40-board round trip evicts and rebuilds, answers unchanged."""
    rng = random.Random(3)
    boards = [assemble(faces) for faces in list(placements())[:40]]
    cells = random_cells(rng, 4)
    first = [solve(board, cells, ALL_TARGETS[5], max_depth=8) for board in boards]
    again = [solve(assemble(board.faces), cells, ALL_TARGETS[5], max_depth=8) for board in boards]
    assert [s and s.length for s in first] == [s and s.length for s in again]
    assert solver_for(boards[-1]) is solver_for(boards[-1])
    assert len(solver._SOLVERS) <= 32  # evicted, not grown
    assert solver_for(assemble(boards[-1].faces)) is solver_for(boards[-1])  # an equal board: the cache


def test_seconds_is_the_search_and_build_seconds_the_preparation() -> None:
    """The first solve of a target on a new Solver reports the table builds apart; a second
    solve of the same target builds nothing."""
    puzzle = Puzzle.parse(P1)
    fresh = Solver(puzzle.board())
    first = fresh.solve(puzzle.robot_cells(), puzzle.target)
    again = fresh.solve(puzzle.robot_cells(), puzzle.target)
    assert first is not None and again is not None
    assert first.build_seconds > 0 and again.build_seconds == 0
    assert first.seconds > 0 and again.seconds > 0
    assert first.moves == again.moves and first.length == 3


def test_prepare_takes_the_build_time_so_the_solve_reports_none() -> None:
    """``Solver.prepare`` (the command line's solve) builds a target's tables and hands over the
    seconds spent, once: the solve after it, and a second prepare, report no build."""
    puzzle = Puzzle.parse(P1)
    fresh = Solver(puzzle.board())
    built = fresh.prepare(puzzle.target)
    assert built > 0 and fresh.prepare(puzzle.target) == 0
    found = fresh.solve(puzzle.robot_cells(), puzzle.target)
    assert found is not None and found.build_seconds == 0 and found.length == 3


def test_a_target_the_board_does_not_list_is_refused() -> None:
    puzzle = Puzzle.parse(P1)
    board = puzzle.board()
    board.targets.pop(ALL_TARGETS[3], None)
    with pytest.raises(ValueError, match="has no"):
        Solver(board).solve(puzzle.robot_cells(), ALL_TARGETS[3])
    with pytest.raises(ValueError, match="has no"):
        Solver(board).prepare(ALL_TARGETS[3])


@pytest.mark.parametrize("bad", [256, -1, 1.0, "3"])
def test_a_cell_off_the_board_is_refused_before_the_kernel_sees_it(bad: object) -> None:
    """The kernel does not check its indices: a cell off the board is a clear error, not a read
    of memory that is not the solver's."""
    puzzle = Puzzle.parse(P1)
    cells = [bad, *puzzle.robot_cells()[1:]]
    with pytest.raises(ValueError, match="a robot's cell is a number from 0 to 255"):
        Solver(puzzle.board()).solve(cells, puzzle.target)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="a robot's cell is a number from 0 to 255"):
        bfs_solve(puzzle.board(), cells, puzzle.target)  # type: ignore[arg-type]


def test_the_default_table_bound_and_what_it_allows() -> None:
    """Documented: a 32 MiB table at most (40 MiB while it grows from the 8 MiB one)."""
    levels = table_levels(None)
    biggest = solver.ENTRY_BYTES << solver._TABLE_BITS[levels - 1]
    assert biggest == 32 << 20 and DEFAULT_MAX_MEMORY == 40 << 20
    assert table_levels(MIN_TABLE_BYTES) == 1
    assert table_levels(1 << 40) == len(solver._TABLE_BITS)


def test_a_memory_limit_below_any_table_is_a_clear_error() -> None:
    puzzle = Puzzle.parse(P1)
    with pytest.raises(MemoryLimitError, match="needs at least 128 KiB") as caught:
        solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, max_memory=1000)
    assert caught.value.limit == 1000 and caught.value.needed == MIN_TABLE_BYTES
    with pytest.raises(MemoryLimitError, match="this process already uses") as caught:
        table_budget(10 << 20)  # any Python with numba loaded uses more than 10 MiB
    assert caught.value.reason in str(caught.value)
    assert table_budget(1 << 40) == DEFAULT_MAX_MEMORY  # a roomy limit never raises the bound


def test_a_small_table_bound_keeps_the_optimum() -> None:
    """A table of 128 KiB overflows on a 12-move search: slower, never wrong (RR-34)."""
    rng = random.Random(5)
    board = assemble(("1A", "2A", "3A", "4A"))
    checked = 0
    while checked < 3:
        cells = random_cells(rng, 4)
        target = rng.choice(ALL_TARGETS)
        roomy = solve(board, cells, target, max_depth=14)
        if roomy is None or roomy.length < 10:
            continue
        tight = solve(board, cells, target, max_depth=14, max_memory=MIN_TABLE_BYTES)
        assert tight is not None and tight.length == roomy.length
        assert_valid(board, cells, target, tight.moves, True)
        checked += 1


def test_big_tables_are_let_go_after_their_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables past ``_KEEP_BITS`` (8 MiB) are freed once their search ends, so a server keeps no
    hard search's memory; here every table counts as big."""
    puzzle = Puzzle.parse(P3)
    monkeypatch.setattr(solver, "_KEEP_BITS", 0)
    monkeypatch.setattr(solver, "_KEPT_LEVELS", 0)
    found = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target)
    assert found is not None and found.length == 2
    assert all(table.data is None for table in solver._TABLES)


def test_solve_all_on_a_solver_matches_the_module_function() -> None:
    puzzle = Puzzle.parse(P1)
    mine = Solver(puzzle.board()).solve_all(puzzle.robot_cells(), puzzle.target, limit=50)
    assert sorted(mine) == sorted(
        solver.solve_all(puzzle.board(), puzzle.robot_cells(), puzzle.target, limit=50)
    )
    assert ((0, 3), (1, 1), (0, 0)) in mine


def test_threads_sharing_a_new_solver_get_the_answers_of_one_thread() -> None:
    """The game and the server may solve from several threads: a target's tables are built under
    the lock, so no thread searches with a bound table another is still filling."""
    import threading

    rng = random.Random(11)
    board = assemble(("2A", "3B", "4A", "1B"))
    tasks = [(random_cells(rng, 4), target) for target in ALL_TARGETS for _ in range(3)]
    expected = [Solver(board).solve(cells, target, max_depth=9) for cells, target in tasks]
    shared = Solver(board)
    results: dict[int, object] = {}

    def work(part: int) -> None:
        for k in range(part, len(tasks), 4):
            cells, target = tasks[k]
            results[k] = shared.solve(cells, target, max_depth=9)

    threads = [threading.Thread(target=work, args=(part,)) for part in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for k, want in enumerate(expected):
        got = results[k]
        assert (got and got.length) == (want and want.length), tasks[k]  # type: ignore[attr-defined]
