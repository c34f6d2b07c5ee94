"""Ricochet puzzle files (issue 30): load_puzzle, prove, run, and the shipped course and book."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.core.errors import PuzzleError
from robotable.games.ricochet.puzzle_file import MAX_ATTEMPT, load_puzzle, prove, run, series
from robotable.games.ricochet.search import bfs_solve, replay
from robotable.games.ricochet.solver import MAX_DEPTH
from tests.ricochet.conftest import P1, P2, P3


def puzzle_data(code: str = P1, **fields: Any) -> dict[str, Any]:
    return {"game": "ricochet", "format": 1, "title": {"en": "T", "fr": "T"},
            "lesson": {"en": "L", "fr": "L"}, "code": code, **fields}  # fmt: skip


def test_rr_ex_4_run_scores_an_attempt_with_its_trace() -> None:
    outcome = run(load_puzzle(puzzle_data()), ["red W", "green E", "red N"])
    assert outcome.solved and outcome.score == (3,)
    assert [(s.robot, s.direction, s.start, s.end) for s in outcome.trace] == [
        ("red", "W", (8, 10), (4, 10)), ("green", "E", (4, 4), (15, 4)), ("red", "N", (4, 10), (4, 1))
    ]  # fmt: skip
    assert outcome.robots[0] == (4, 1)


def test_rr_ex_5_a_straight_arrival_ends_the_attempt_unsolved() -> None:
    outcome = run(load_puzzle(puzzle_data(P2)), ["red N"])
    assert not outcome.solved and outcome.straight and outcome.over
    with pytest.raises(PuzzleError, match="ended before this move"):
        run(load_puzzle(puzzle_data(P2)), ["red N", "red S"])
    assert run(load_puzzle(puzzle_data(P2, must_ricochet=False)), ["red N"]).solved


def test_an_unfinished_attempt_is_not_solved() -> None:
    outcome = run(load_puzzle(puzzle_data()), ["red W"])
    assert not outcome.solved and not outcome.over and outcome.score == (1,)


@pytest.mark.parametrize(
    ("attempt", "reason"),
    [
        (["red N"], "does not move"),  # RR-11, RR-EX-2
        (["silver N"], "no silver robot"),
        (["bid 5"], "not a robot's move"),
        (["purple N"], "unknown robot"),
        ([7], "not a robot's move"),
        ("red N", "a list"),
        (["red W"] * (MAX_ATTEMPT + 1), f"at most {MAX_ATTEMPT}"),
    ],
)
def test_bad_attempts_are_refused_in_words(attempt: Any, reason: str) -> None:
    with pytest.raises(PuzzleError, match=reason) as refused:
        run(load_puzzle(puzzle_data()), attempt)
    assert refused.value.fr  # the pages say it in French too


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"game": "delivery"}, "not a Ricochet puzzle"),
        ({"format": 2}, "not a Ricochet puzzle"),
        ({"title": {"en": "only English"}}, "English and French"),
        ({"lesson": {"en": "x" * 301, "fr": "x"}}, "1 to 300"),
        ({"code": "1A1B3A4A-8A44FF0F-RC"}, "pieces 1, 2, 3 and 4"),
        ({"code": None}, "is text"),
        ({"optimum": 3}, "list of one number"),
        ({"optimum": [0]}, "list of one number"),
        ({"must_ricochet": "yes"}, "true or false"),
        ({"solution": ["red X"]}, "unknown direction"),
    ],
)
def test_bad_puzzle_files_are_refused_in_words(fields: dict[str, Any], reason: str) -> None:
    with pytest.raises(PuzzleError, match=reason):
        load_puzzle(puzzle_data() | fields)


def test_prove_finds_the_optimum_or_says_the_limit_was_hit() -> None:
    proof = prove(load_puzzle(puzzle_data(P3)), limit=10)  # RR-EX-6: the vortex in 2
    assert proof.optimum == (2,) and run(load_puzzle(puzzle_data(P3)), proof.solution).solved
    short = prove(load_puzzle(puzzle_data()), limit=2)  # RR-EX-4 needs 3
    assert short.optimum is None and short.too_large and not short.unsolvable and short.limit == 2
    with pytest.raises(PuzzleError, match=f"1 to {MAX_DEPTH}"):
        prove(load_puzzle(puzzle_data()), limit=MAX_DEPTH + 1)


def test_prove_agrees_with_brute_force_on_small_course_puzzles() -> None:
    for puzzle in series("course")[:6]:  # 3 and 4 moves: the plain BFS is quick
        position = puzzle.position
        found = bfs_solve(position.board(), position.robot_cells(), position.target)
        assert found is not None and (len(found),) == prove(puzzle, limit=10).optimum == puzzle.optimum


PROVEN_HERE = 16
"""Optima proven again by the suite: the course whole and the book to its expert level, about a
second in all (measured: ``python benchmarks/ricochet_puzzle_files.py measure``). The four master
puzzles of 17 to 20 moves take 0.2 to 1.9 s each and the 25-move legend 6 s (RR-EX-15, proven by
tests/ricochet/test_solver.py): the suite replays their stored solutions, the benchmark proves them."""


@pytest.mark.parametrize("name", ["course", "book"])
def test_every_shipped_optimum_is_proven_again(name: str) -> None:
    """Each stored solution is valid and as long as the optimum, and no shorter one exists: a
    search to one move less finds none (the proof)."""
    for puzzle in series(name):
        (optimum,) = puzzle.optimum
        position = puzzle.position
        assert len(puzzle.solution) == optimum
        moves = [(m.robot, m.direction) for m in puzzle.solution]
        assert replay(position.board(), position.robot_cells(), position.target, moves)
        if optimum <= PROVEN_HERE:
            assert prove(puzzle, limit=optimum - 1).too_large, puzzle.extra["id"]


def test_the_course_is_graded_and_worded() -> None:
    course = series("course")
    lengths = [puzzle.optimum[0] for puzzle in course]
    assert len(course) >= 20 and lengths == sorted(lengths) and lengths[0] == 3 and lengths[-1] == 15
    assert len({str(puzzle.position) for puzzle in course}) == len(course)
    assert [puzzle.extra["id"] for puzzle in course] == [f"course-{n}" for n in range(1, len(course) + 1)]


def test_the_book_has_several_puzzles_per_level_from_5_to_over_20_moves() -> None:
    book = series("book")
    levels: dict[str, list[int]] = {}
    for puzzle in book:
        levels.setdefault(puzzle.extra["level"], []).append(puzzle.optimum[0])
    assert list(levels) == ["easy", "medium", "hard", "expert", "master"]
    assert all(len(lengths) >= 4 for lengths in levels.values())
    assert min(levels["easy"]) == 5 and max(levels["master"]) > 20


def test_french_refusals_say_it_all_in_french() -> None:
    with pytest.raises(PuzzleError) as refused:
        run(load_puzzle(puzzle_data()), ["red X"])
    assert refused.value.fr == "coup 1 : 'red X' n’est pas un déplacement lisible, comme « red N » ou « R N »"
    with pytest.raises(PuzzleError) as refused:
        load_puzzle(puzzle_data("nonsense"))
    assert refused.value.fr is not None and "FFFFFFFF" not in refused.value.fr and "code" in refused.value.fr


HOSTILE: list[Any] = [None, True, 0, -1, 10**40, 2.5, "", "x" * 5000, [], [None], {}, {"en": 1},
                      [3, 4], ["red N"] * 300, "1A2A3A4A-8A44FF0F-ZZ", "2A3A1A4B-1F0A47A0-GC"]  # fmt: skip


def test_a_hostile_puzzle_file_is_a_puzzle_error_and_nothing_else() -> None:
    """Seeded mutants of a shipped puzzle's JSON (what a file from anyone may hold): refused in
    English and French, or loaded when the change is harmless; never another exception."""
    import json
    import random
    from importlib import resources

    shipped = resources.files("robotable.games.ricochet").joinpath("data/puzzles/course.json")
    good = json.loads(shipped.read_text("utf-8"))[4]
    rng, refused = random.Random(11), 0
    for _ in range(400):
        data = dict(good)
        for _ in range(rng.randint(1, 3)):
            key = rng.choice([*good, "extra"])
            if rng.random() < 0.2:
                data.pop(key, None)
            else:
                data[key] = rng.choice(HOSTILE)
        try:
            load_puzzle(data)
        except PuzzleError as exc:
            refused += 1
            assert str(exc) and exc.fr
    assert refused > 300
