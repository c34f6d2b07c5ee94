"""``ricochet solve --batch --jobs``, ``--max-memory`` and ``ricochet puzzle --count`` (issue 17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app
from robotable.cli.ricochet import QUICK_STATES
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.quick import GaveUp, quick_solve
from robotable.games.ricochet.solver import solve

P1 = "1A2A3A4A-8A44FF0F-RC"
P2 = "1A2A3A4A-4ACCFF0F-RC"
P3 = "1A2A3A4A-6B2B0108-MV"
CODES = [
    P1,
    "4B3B2B1A-2E03B221-RC",
    P2,
    "1A2A3A4A-8A44FF77-RC",
    P3,
    "2A4B1A3B-56BAC021-GC",
    "3A4A2B1A-E5A9E0DE-RH",
]
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_batch_with_jobs_keeps_the_input_order_and_the_answers(tmp_path: Path) -> None:
    """Two worker processes: one line out per line in, in input order, the same lengths as one
    process, a bad line reported with its number; ``seconds`` and ``build_seconds`` on every line."""
    codes = tmp_path / "codes.txt"
    codes.write_text("\n".join(CODES) + "\n")
    alone = run("ricochet", "solve", "--batch", str(codes))
    shared = run("ricochet", "solve", "--batch", str(codes), "--jobs", "2")
    assert alone.exit_code == shared.exit_code == 1  # the centre-cell line
    one, two = json_lines(alone.stdout), json_lines(shared.stdout)
    assert [line["code"] for line in two] == CODES
    assert (
        [line.get("length") for line in two]
        == [line.get("length") for line in one]
        == [3, 8, 3, None, 2, 3, 3]
    )
    assert two[3]["line"] == 4 and "centre cell" in two[3]["error"]
    for line in two[:3] + two[4:]:
        assert line["seconds"] >= 0 and line["build_seconds"] >= 0


def test_jobs_must_be_a_sensible_count() -> None:
    result = run("ricochet", "solve", "--batch", "-", "--jobs", "0", input=P1)
    assert result.exit_code == 2 and "from 1 to 256" in result.output


def test_a_memory_limit_too_small_is_one_clear_line() -> None:
    """Not the OOM killer: a process that already uses more than the limit is told so."""
    result = run("ricochet", "solve", P1, "--max-memory", "10M")
    assert result.exit_code == 2
    assert "a memory limit of 10 MiB is too small: this process already uses" in result.output
    batch = run("ricochet", "solve", "--batch", "-", "--max-memory", "10M", input=P1)
    assert batch.exit_code == 2 and "too small" in batch.output and "{" not in batch.stdout


def test_a_roomy_memory_limit_solves_as_usual() -> None:
    result = run("ricochet", "solve", P1, "--max-memory", "4G", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["length"] == 3


def test_memory_sizes_are_read_strictly() -> None:
    for size in ("12x", "-5M", "0", "1e9", "M"):
        result = run("ricochet", "solve", P1, "--max-memory", size)
        assert result.exit_code == 2 and "memory size" in result.output, size


def test_puzzle_count_writes_distinct_codes_of_at_least_the_asked_length() -> None:
    """A puzzle book: K distinct codes, each with an optimum of at least N moves (checked here by
    the solver), and the same book again for the same seed."""
    result = run("ricochet", "puzzle", "--min-moves", "9", "--count", "4", "--seed", "2")
    assert result.exit_code == 0
    codes = result.stdout.split()
    assert len(codes) == len(set(codes)) == 4
    for code in codes:
        puzzle = Puzzle.parse(code)
        found = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target)
        assert found is not None and found.length >= 9
    again = run("ricochet", "puzzle", "--min-moves", "9", "--count", "4", "--seed", "2")
    assert again.stdout.split() == codes


def test_puzzle_count_with_exact_moves_as_json() -> None:
    result = run("ricochet", "puzzle", "--moves", "6", "--count", "3", "--json")
    lines = json_lines(result.stdout)
    assert result.exit_code == 0 and len(lines) == 3 and {line["length"] for line in lines} == {6}


def test_puzzle_count_needs_a_length_and_no_drawing() -> None:
    assert "--min-moves N goes with --count K" in run("ricochet", "puzzle", "--min-moves", "9").output
    no_length = run("ricochet", "puzzle", "--count", "2")
    assert no_length.exit_code == 2 and "--min-moves N (at least N moves) or --moves N" in no_length.output
    drawn = run("ricochet", "puzzle", "--min-moves", "9", "--count", "2", "--daily")
    assert drawn.exit_code == 2 and "without --daily" in drawn.output


@pytest.mark.parametrize(
    ("code", "length"), [(P1, 3), ("1A4A2A3B-5F741FBB-RC", 6), ("4B3B2B1A-2E03B221-RC", 8)]
)
def test_a_short_position_is_answered_without_loading_numba(code: str, length: int) -> None:
    """Issue 17 (startup): numba takes longer to load than most positions of up to about nine moves
    take to solve, so `solve CODE` first asks the exact plain-Python search (games/ricochet/quick.py)."""
    script = (
        "import sys\n"
        "from robotable.cli.main import app\n"
        f"sys.argv = ['robotable', 'ricochet', 'solve', {code!r}, '--json']\n"
        "try:\n"
        "    app()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('numba loaded' if 'numba' in sys.modules else 'numba not loaded')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    first, last = done.stdout.strip().splitlines()[0], done.stdout.strip().splitlines()[-1]
    assert json.loads(first)["length"] == length and last == "numba not loaded", done.stderr


def test_longer_positions_go_to_the_compiled_solver() -> None:
    """Past QUICK_STATES states the quick search gives up and the compiled solver answers."""
    code = "1A2B4B3B-302A0B71-BT"  # 11 moves
    puzzle = Puzzle.parse(code)
    with pytest.raises(GaveUp):
        quick_solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, max_states=QUICK_STATES)
    result = json.loads(run("ricochet", "solve", code, "--json").stdout)
    expected = solve(puzzle.board(), puzzle.robot_cells(), puzzle.target)
    assert expected is not None and result["length"] == expected.length == 11
    assert "build_seconds" not in result and len(result["moves"]) == 11
