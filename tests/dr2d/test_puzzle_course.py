"""The DR2D course (issue 30): every stored optimum proven again, a graded series in two languages."""

from __future__ import annotations

import pytest

from robotable.games.dr2d.puzzles import notation, prove, run
from robotable.games.dr2d.puzzles.course import course_data, load_course

COURSE = load_course()


@pytest.mark.parametrize("number", range(len(COURSE)))
def test_every_stored_optimum_is_proven_again(number: int) -> None:
    puzzle = COURSE[number]
    proof = prove(puzzle, limit=50_000)
    assert proof.optimum is not None and proof.optimum == puzzle.optimum
    outcome = run(puzzle, notation(proof.solution))
    assert outcome.solved and outcome.score == puzzle.optimum


def test_a_graded_course_in_english_and_french() -> None:
    assert len(COURSE) >= 12
    assert COURSE[0].optimum == (1, 1)  # one register
    assert (COURSE[-1].board.width, COURSE[-1].board.height) == (12, 12)  # the whole factory
    titles = [p.title["en"] for p in COURSE]
    assert len(set(titles)) == len(titles)
    for puzzle in COURSE:
        assert puzzle.title["en"] != puzzle.title["fr"] and puzzle.lesson["en"] != puzzle.lesson["fr"]
    # the elements are introduced one by one: conveyors, turntables, pits, pushers, lasers, presses
    factories = [" ".join(data["factory"]) for data in course_data()]
    first = {
        mark: next(i for i, f in enumerate(factories) if mark in f) for mark in (">", "R", "O", "[pushers]")
    }
    assert sorted(first.values()) == list(first.values())


def test_the_course_files_round_trip() -> None:
    for data, puzzle in zip(course_data(), COURSE, strict=True):
        assert puzzle.to_dict()["optimum"] == data["optimum"]
