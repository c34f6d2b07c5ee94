"""``robotable puzzle delivery`` and ``robotable puzzle check FILE`` (issue 30, Robot Delivery)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app
from robotable.games.delivery.puzzles import course

runner = CliRunner()
FIRST = course()[0].to_dict()  # First steps: FWD FWD, optimum (2, 2)


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_play_shows_the_puzzle_runs_a_program_and_scores_it_against_the_optimum() -> None:
    result = invoke("puzzle", "delivery", input="FWD\nFWD FWD\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Puzzle 1 of 25: First steps" in result.output and "Lesson:" in result.output
    assert "Cards allowed: FWD x3" in result.output
    assert "Not solved: 0 of 1 parcel(s) delivered" in result.output  # FWD alone takes, never delivers
    assert "takes the parcel at (1,0)" in result.output and "delivers the parcel at (2,0)" in result.output
    assert "Solved with 2 card(s) and 2 instruction(s)." in result.output
    assert "The proven optimum: 2 card(s), 2 instruction(s)." in result.output
    assert "Puzzle 2 of 25: Turn" in result.output  # solved at its optimum: on to the next one


def test_play_in_french_refuses_a_program_in_plain_words_and_shows_the_call_frames() -> None:
    program = "FN-A+LOOP FN-A; A: FN-B FN-B; B: FWD SR"
    result = invoke("puzzle", "delivery", "-n", "24", "--lang", "fr", input=f"FWD+RR\n{program}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Puzzle 24 sur 25 : Jamais elle-même" in result.output
    assert "Refusé : une case contient une carte action et des cartes LOOP" in result.output
    assert "  fonction A (boucle 2/2)\n    fonction B\n" in result.output
    assert "Réussi avec 7 carte(s) et 21 instruction(s)." in result.output
    assert "Tu as atteint l'optimum !" in result.output


def test_play_a_solution_above_the_optimum_stays_on_the_puzzle(tmp_path: Path) -> None:
    file = tmp_path / "one.json"
    file.write_text(json.dumps(FIRST | {"cards": {"FWD": 3, "UT": 2}}), "utf-8")
    result = invoke("puzzle", "delivery", str(file), input="FWD UT+UT FWD\nFWD UT UT FWD\nnext\n")
    assert "Refused: a slot holds one action card" in result.output
    assert "Solved with 4 card(s) and 4 instruction(s)." in result.output
    assert "The optimum is lower: try again, or type next." in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "26"], "choose a number from 1 to 25"),
        (["-n", "0"], "choose a number from 1 to 25"),
        (["--lang", "de"], "no words in 'de'"),
        (["/no/such/puzzle.json"], "cannot read it"),
    ],
)
def test_play_refuses_bad_arguments_with_one_clear_line(args: list[str], message: str) -> None:
    result = invoke("puzzle", "delivery", *args, input="quit\n")
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_check_proves_the_optimum_of_a_file(tmp_path: Path) -> None:
    file = tmp_path / "one.json"
    file.write_text(json.dumps(FIRST), "utf-8")
    result = invoke("puzzle", "check", str(file))
    assert result.exit_code == 0, result.output
    assert "optimum 2 card(s), 2 instruction(s), for example FWD FWD" in result.output


def test_check_exits_1_for_an_unsolvable_puzzle_a_wrong_stored_optimum_or_a_limit_hit(tmp_path: Path) -> None:
    series = tmp_path / "series.json"
    walled = FIRST | {"board": [".P#D", "...."], "optimum": None}
    series.write_text(json.dumps([FIRST | {"optimum": [1, 1]}, walled]), "utf-8")
    result = invoke("puzzle", "check", str(series))
    assert result.exit_code == 1
    assert "the file stores the optimum [1, 1], but the proof finds [2, 2]" in result.output
    assert "series.json #2 First steps: unsolvable with the cards allowed" in result.output
    course_file = tmp_path / "course.json"
    course_file.write_text(json.dumps([p.to_dict() for p in course()[-1:]]), "utf-8")
    result = invoke("puzzle", "check", str(course_file), "--limit", "50")
    assert result.exit_code == 1 and "too large to prove within 50 nodes" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ('{"game": "delivery"}', "the puzzle has no 'board' field"),
        ('{"game": "chess"}', "no puzzle checker for the game 'chess'"),
        (json.dumps(FIRST | {"board": ["." * 30] * 3}), "at most 12 cells"),
        ("[]", "a list of 1 to 200"),
    ],
)
def test_check_refuses_a_bad_file_clearly_and_writes_nothing(tmp_path: Path, text: str, message: str) -> None:
    file = tmp_path / "bad.json"
    file.write_text(text, "utf-8")
    result = invoke("puzzle", "check", str(file))
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"] and file.read_text("utf-8") == text


def test_check_of_a_missing_file() -> None:
    result = invoke("puzzle", "check", "/no/such/file.json")
    assert result.exit_code == 2 and "cannot read it" in result.output
