"""``robotable puzzle dr2d`` and ``robotable puzzle check FILE`` for DR2D (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app
from robotable.games.dr2d.puzzles.course import course_data
from tests.dr2d.puzzle_helpers import puzzle_data

runner = CliRunner()
SMALL = puzzle_data([". . > > ."], goal={"tile": [4, 0]})  # N N, then the belt: 1 turn, 2 moves


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- check


def test_check_proves_the_optimum_and_writes_nothing(tmp_path: Path) -> None:
    file = write(tmp_path / "p.json", SMALL)
    before = file.read_bytes()
    result = invoke("puzzle", "check", str(file))
    assert result.exit_code == 0, result.output
    assert "optimum: 1 turn(s), 2 move(s)" in result.output
    assert "a solution: N N STAY STAY STAY" in result.output
    assert "--store writes it" in result.output
    assert file.read_bytes() == before


def test_check_store_writes_the_proven_optimum(tmp_path: Path) -> None:
    file = write(tmp_path / "p.json", SMALL)
    assert invoke("puzzle", "check", str(file), "--store").exit_code == 0
    assert json.loads(file.read_text("utf-8"))["optimum"] == [1, 2]
    assert invoke("puzzle", "check", str(file)).exit_code == 0  # and it now agrees


def test_check_a_course_puzzle(tmp_path: Path) -> None:
    file = write(tmp_path / "course5.json", course_data()[4])
    result = invoke("puzzle", "check", str(file))
    assert result.exit_code == 0 and "optimum: 1 turn(s), 4 move(s)" in result.output


def test_a_wrong_stored_optimum_is_said(tmp_path: Path) -> None:
    file = write(tmp_path / "p.json", {**SMALL, "optimum": [1, 1]})
    result = invoke("puzzle", "check", str(file))
    assert result.exit_code == 1 and "optimum [1, 1] is wrong: the proven one is [1, 2]" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "a puzzle is a JSON object"),
        (json.dumps({**SMALL, "factory": ["[map]", ". " * 5000]}), "too long for a puzzle"),
        (json.dumps({**SMALL, "robot": {"tile": [40, 0], "facing": "E"}}), "must be a tile"),
        (json.dumps({**SMALL, "game": "chess"}), "no puzzle checker for the game 'chess'"),
        (json.dumps({**SMALL, "goal": {"tile": [0, 0]}, "turns": 99}), "from 1 to 10"),
        ("\xff\xfe", "not UTF-8"),
    ],
)
def test_a_bad_file_is_a_clear_error_and_nothing_is_written(
    tmp_path: Path, content: str, message: str
) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content.encode("latin-1") if content == "\xff\xfe" else content.encode("utf-8"))
    before = file.read_bytes()
    result = invoke("puzzle", "check", str(file), "--store")
    assert result.exit_code == 2, result.output
    assert "error:" in result.output and message in result.output
    assert "Traceback" not in result.output
    assert file.read_bytes() == before and list(tmp_path.iterdir()) == [file]


def test_a_missing_file(tmp_path: Path) -> None:
    result = invoke("puzzle", "check", str(tmp_path / "none.json"))
    assert result.exit_code == 2 and "cannot read it" in result.output


def test_unsolvable_and_too_large_are_said(tmp_path: Path) -> None:
    walled = write(tmp_path / "w.json", puzzle_data([". . .", ". . ."], walls=["2,0 W", "2,0 S"], turns=2))
    result = invoke("puzzle", "check", str(walled), "--store")
    assert (
        result.exit_code == 1 and "unsolvable: no program reaches the goal within 2 turn(s)" in result.output
    )
    assert "optimum" not in json.loads(walled.read_text("utf-8"))
    wide = write(tmp_path / "big.json", puzzle_data([". " * 12] * 12, goal={"tile": [11, 11]}, turns=5))
    result = invoke("puzzle", "check", str(wide), "--limit", "300")
    assert result.exit_code == 1 and "passed its limit of 300 states" in result.output


# --------------------------------------------------------------------------- play


def test_play_the_course_solves_the_first_puzzle_and_compares_with_the_optimum() -> None:
    result = invoke("puzzle", "dr2d", input="N . . . .\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Puzzle 1/17: One step" in result.output
    assert "R1: the robot moves forward (N), heading east, from (0,0) to (1,0)" in result.output
    assert "Solved in 1 turn(s) with 1 move(s)." in result.output
    assert "That is the proven optimum" in result.output
    assert "Puzzle 2/17: Five registers" in result.output


def test_play_says_when_the_optimum_is_better_and_takes_words() -> None:
    keys = "N N N N N\nundo\nhelp\nN N X\nN N N N N\nN N N S S\nretry\nN N N N N\nN N N S N\n"
    result = invoke("puzzle", "dr2d", "3", input=keys + "quit\n")
    assert "Puzzle 1/15: Another turn" in result.output
    assert "Type five registers" in result.output  # help
    assert "not 'n n x'" in result.output  # a bad program, refused in words
    assert "Not solved within 2 turn(s): undo, or retry." in result.output
    assert "undo or retry>" in result.output
    assert "Solved in 2 turn(s) with 10 move(s)." in result.output
    assert "The proven optimum is 2 turn(s) with 8 move(s)" in result.output


def test_play_in_french_and_a_file(tmp_path: Path) -> None:
    file = write(tmp_path / "p.json", SMALL)
    result = invoke("puzzle", "dr2d", str(file), "--lang", "fr", input="n n . . .\n")
    assert result.exit_code == 0, result.output
    assert "Leçon : Essaie" in result.output
    assert "Résolu en 1 tour(s) avec 2 déplacement(s)." in result.output
    assert "C'est l'optimum prouvé" in result.output


def test_play_refuses_a_bad_start() -> None:
    result = invoke("puzzle", "dr2d", "99")
    assert result.exit_code == 2 and "the course has puzzles 1 to 17" in result.output
    result = invoke("puzzle", "dr2d", "--lang", "de")
    assert result.exit_code == 2 and "no words in 'de'" in result.output


def test_a_standby_turn_is_played_at_once_and_undone_with_its_cause(tmp_path: Path) -> None:
    """PC 2 in a laser's beam: hit in register 1, PC 1, standby (DR-24); the next turn the robot
    programs nothing (DR-30), so it is not asked for."""
    data = puzzle_data([". . . . ."], start=(1, 0), pc=2, lasers=["0,0 E"], goal={"tile": [4, 0]}, turns=3)
    file = write(tmp_path / "laser.json", data)
    result = invoke("puzzle", "dr2d", str(file), input=". . . . .\nundo\n. . . . .\nN N N . .\n")
    assert result.exit_code == 0, result.output
    assert "turn 2: the robot is in standby, its registers are not played." in result.output
    assert "turn 2/3" not in result.output and result.output.count("turn 1/3") == 2  # undo took both
    assert "Solved in 3 turn(s) with 3 move(s)." in result.output
