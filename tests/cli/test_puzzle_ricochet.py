"""Ricochet puzzles in the terminal (issue 30): playing one with typed moves, undo and hints, and
checking a puzzle file's stored optimum."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from robotable.cli.puzzle_ricochet import check, find, play
from robotable.core.errors import PuzzleError
from robotable.games.ricochet.puzzle_file import RicochetPuzzle, series


def typed(*lines: str) -> Callable[[str], str]:
    answers = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None)


def test_a_course_puzzle_played_with_a_wrong_move_an_undo_and_two_hints() -> None:
    puzzle = find("course-3")
    moves = [str(move) for move in puzzle.solution]
    screen = console()
    solved = play(puzzle, screen, typed("hint", "hint", "purple N", moves[0], "undo", *moves))
    said = screen.file.getvalue()
    assert solved and "solved in 3: optimal!" in said
    assert "takes 3 moves" in said and f"starts with {moves[0]}" in said
    assert "unknown robot" in said  # refused in words, and the game goes on


def test_quitting_or_running_out_of_input_is_not_solved() -> None:
    assert not play(find("easy-1"), console(), typed("quit"))
    assert not play(find("easy-1"), console(), typed())


def test_check_proves_a_file_and_says_when_its_stored_optimum_is_wrong(tmp_path: Path) -> None:
    data = _as_file(series("course")[4])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    report = check(find(str(good)))
    assert report["agrees"] and report["optimum"] == report["stored"] == data["optimum"]
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data | {"optimum": [data["optimum"][0] + 1]}))
    assert not check(find(str(wrong)))["agrees"]
    short = check(find(str(good)), limit=1)
    assert short["optimum"] is None and short["proof"] == "too large: none within 1 moves"


@pytest.mark.parametrize(
    ("content", "reason"), [("{not json", "not a JSON file"), ("x" * 100_001, "at most 100,000 bytes")]
)
def test_bad_files_are_refused_in_words(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(PuzzleError, match=reason):
        find(str(path))
    with pytest.raises(PuzzleError, match="neither a puzzle"):
        find(str(tmp_path / "missing.json"))


def _as_file(puzzle: RicochetPuzzle) -> dict[str, object]:
    """A shipped puzzle written back as a file's JSON."""
    assert puzzle.optimum is not None
    return {"game": "ricochet", "format": 1, "title": dict(puzzle.title), "lesson": dict(puzzle.lesson),
            "code": str(puzzle.position), "optimum": list(puzzle.optimum)}  # fmt: skip


def test_the_puzzle_commands_play_and_check_a_ricochet_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from robotable.cli.main import app

    data = _as_file(series("course")[2])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    checked = CliRunner().invoke(app, ["puzzle", "check", str(good)])
    assert checked.exit_code == 0 and f"optimum: {data['optimum'][0]} moves" in checked.output
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data | {"optimum": [1]}))
    before = wrong.read_bytes()
    refused = CliRunner().invoke(app, ["puzzle", "check", str(wrong)])
    assert refused.exit_code == 1 and "the file stores an optimum of 1 move," in refused.output
    assert wrong.read_bytes() == before  # nothing written without --store
    stored = CliRunner().invoke(app, ["puzzle", "check", str(wrong), "--store"])
    assert stored.exit_code == 0 and json.loads(wrong.read_text())["optimum"] == data["optimum"]
    solution = [str(move) for move in series("course")[2].solution]
    played = CliRunner().invoke(app, ["puzzle", "ricochet", str(good)], input="\n".join(solution) + "\n")
    assert played.exit_code == 0 and "optimal!" in played.output
