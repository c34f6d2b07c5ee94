"""The course shipped with the game: graded, in two languages, every stored optimum proven again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from robotable.core.errors import PuzzleError
from robotable.games.delivery.puzzles import course, load_puzzle_file, prove, read_puzzles, run

COURSE = course()


def test_the_course_has_at_least_24_puzzles_graded_from_sequence_to_nested_functions() -> None:
    assert len(COURSE) >= 24
    kinds = [_kind(puzzle.solution or "") for puzzle in COURSE]
    assert kinds == sorted(kinds)  # sequence, then loops, then one function, then functions calling functions
    assert {kind: kinds.count(kind) >= 4 for kind in range(4)} == dict.fromkeys(range(4), True)


def _kind(solution: str) -> int:
    """0 a plain sequence, 1 with loops, 2 with one function board, 3 with boards calling boards."""
    onplay, *boards = solution.split(";")
    if any("FN-" in board for board in boards):
        return 3
    if boards:
        return 2
    return 1 if "LOOP" in onplay else 0


@pytest.mark.parametrize("number", range(len(COURSE)), ids=lambda n: f"puzzle {n + 1}")
def test_every_stored_optimum_is_proven_again_and_its_solution_reaches_it(number: int) -> None:
    puzzle = COURSE[number]
    proof = prove(puzzle, limit=200_000)
    assert proof.optimum == puzzle.optimum
    assert puzzle.solution is not None
    outcome = run(puzzle, puzzle.solution)
    assert outcome.solved and outcome.score == puzzle.optimum


def test_every_puzzle_has_a_title_and_a_one_line_lesson_in_english_and_french() -> None:
    for puzzle in COURSE:
        for words in (puzzle.title, puzzle.lesson):
            assert words["en"] and words["fr"]
            assert "\n" not in words["en"] + words["fr"]
    assert len({puzzle.title["en"] for puzzle in COURSE}) == len(COURSE)
    assert all(puzzle.lesson["en"] != puzzle.lesson["fr"] for puzzle in COURSE)


def test_a_file_holds_one_puzzle_or_a_series(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text('{"game": "delivery"}', "utf-8")
    with pytest.raises(PuzzleError, match=re.escape("one.json: the puzzle has no 'board' field")) as info:
        load_puzzle_file(one)
    assert info.value.fr and "one.json" in info.value.fr
    with pytest.raises(PuzzleError, match=re.escape("x.json, puzzle 2: a puzzle is a JSON object")):
        read_puzzles(json.dumps([COURSE[0].to_dict(), 3]), "x.json")
    with pytest.raises(PuzzleError, match="not JSON"):
        read_puzzles("{", "x.json")
    with pytest.raises(PuzzleError, match="cannot read it"):
        load_puzzle_file(tmp_path / "missing.json")
    series = tmp_path / "series.json"
    series.write_text(json.dumps([p.to_dict() for p in COURSE[:3]]), "utf-8")
    assert [p.title for p in load_puzzle_file(series)] == [p.title for p in COURSE[:3]]
