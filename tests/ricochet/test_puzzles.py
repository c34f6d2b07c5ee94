"""The puzzle generator and the daily puzzle (issue 3, item 4)."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from robotable.core.errors import RobotableError
from robotable.games.ricochet.board import cell_xy
from robotable.games.ricochet.puzzles import daily, generate, search_puzzles
from robotable.games.ricochet.solver import solve


def optimum(puzzle, must_ricochet: bool = True) -> int:
    found = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet)
    assert found is not None
    return found.length


@pytest.mark.parametrize("moves", [2, 5, 9, 12, 14])
def test_generated_puzzles_have_the_asked_optimal_length(moves: int) -> None:
    puzzle = generate(moves, seed=11)
    assert optimum(puzzle) == moves
    targets = {cell_xy(c) for c in puzzle.board().targets.values()}
    assert not targets & set(puzzle.robots)  # RR-8, RR-30: no robot on any target


def test_classic_generation_uses_the_classic_optimum() -> None:
    puzzle = generate(1, seed=2, must_ricochet=False)
    assert optimum(puzzle, must_ricochet=False) == 1


def test_generation_is_reproducible() -> None:
    assert generate(7, seed=5) == generate(7, seed=5)


def test_one_move_is_impossible_with_the_ricochet_rule() -> None:
    with pytest.raises(RobotableError, match="2 to 20 moves"):
        generate(1)


def test_daily_puzzle_is_the_same_for_everyone_on_a_date() -> None:
    day = dt.date(2026, 11, 22)  # a Sunday: the hardest of the week
    first, moves = daily(day)
    assert daily(day) == (first, moves) and moves == 11
    assert optimum(first) == 11
    assert daily(dt.date(2026, 11, 23))[0] != first


def test_search_puzzles_gives_distinct_puzzles_with_their_exact_lengths() -> None:
    """Issue 17: a puzzle book. Every placement is solved for all its targets; each puzzle found
    is new, in the asked range, and its stated length is the optimum (RR-34)."""
    found = list(itertools.islice(search_puzzles(8, 10, seed=3), 6))
    codes = [str(puzzle) for puzzle, _ in found]
    assert len(set(codes)) == 6
    for puzzle, length in found:
        assert 8 <= length <= 10 and optimum(puzzle) == length


def test_a_book_holds_no_near_copies() -> None:
    """After a placement gives puzzles, the climb starts afresh: no two puzzles of a book share
    board and target with the robots one move of the climb apart (a single robot moved)."""
    found = [puzzle for puzzle, _ in itertools.islice(search_puzzles(12, 20, seed=5), 3)]
    # each climb started afresh (without the restart the next puzzle comes from the same board)
    assert all(a.faces != b.faces for a, b in itertools.pairwise(found))
    for a, b in itertools.combinations(found, 2):
        if (a.faces, a.target) == (b.faces, b.target):
            moved = sum(x != y for x, y in zip(a.robots, b.robots, strict=True))
            assert moved > 1, (str(a), str(b))


def test_the_generator_reports_its_progress() -> None:
    """Progress (placements tried, longest optimum so far) after every placement, for the CLI."""
    seen: list[tuple[int, int]] = []
    generate(10, seed=4, on_step=lambda placements, longest: seen.append((placements, longest)))
    assert seen and [p for p, _ in seen] == list(range(1, len(seen) + 1))
    assert all(a <= b for (_, a), (_, b) in itertools.pairwise(seen))
    assert seen[-1][1] >= 10


def test_classic_book_lengths_use_the_classic_optimum() -> None:
    puzzle, length = next(search_puzzles(5, 5, seed=1, must_ricochet=False))
    assert length == 5 and optimum(puzzle, must_ricochet=False) == 5
