"""``robotable ricochet solve`` and ``robotable ricochet puzzle`` (issue 3, items 3 and 4)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from robotable.cli.main import app
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import bfs_solve

P1 = "1A2A3A4A-8A44FF0F-RC"
P2 = "1A2A3A4A-4ACCFF0F-RC"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_solve_prints_the_solution_and_the_board() -> None:
    result = run("ricochet", "solve", P1)
    assert result.exit_code == 0, result.output
    assert "3 moves (must ricochet)" in result.output
    assert "+---+---+" in result.output  # the board drawing


def test_solve_json_fields() -> None:
    result = run("ricochet", "solve", P2, "--json")
    data = json.loads(result.output)
    assert set(data) == {"code", "length", "moves", "seconds"}
    assert (data["code"], data["length"]) == (P2, 3)
    classic = json.loads(run("ricochet", "solve", P2, "--json", "--classic").output)
    assert (classic["length"], classic["moves"]) == (1, ["red N"])


def test_solve_all_lists_every_optimal_solution() -> None:
    result = run("ricochet", "solve", P1, "--all", "--json")
    solutions = json.loads(result.output)["all"]
    assert len(solutions) == len({tuple(s) for s in solutions}) >= 2
    assert all(len(s) == 3 for s in solutions)
    robots_moved = [len({move.split()[0] for move in s}) for s in solutions]
    assert robots_moved == sorted(robots_moved)  # fewest robots moved first


def test_solve_draws_an_svg(tmp_path: Path) -> None:
    path = tmp_path / "p1.svg"
    result = run("ricochet", "solve", P1, "-o", str(path))
    assert result.exit_code == 0
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")


def test_bad_code_is_one_red_line_and_exit_2() -> None:
    result = run("ricochet", "solve", "1A1B3A4A-8A44FF0F-RC")
    assert result.exit_code == 2
    assert "pieces 1, 2, 3 and 4 once each" in result.output


def test_batch_goes_on_after_a_bad_line(tmp_path: Path) -> None:
    """A bad line gets an error line naming the line number; the others are solved."""
    codes = tmp_path / "codes.txt"
    codes.write_text(f"{P1}\n\n1A2A3A4A-8A44FF77-RC\n{P2}\n")
    result = run("ricochet", "solve", "--batch", str(codes))
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [line.get("length") for line in lines] == [3, None, 3]
    assert lines[1]["line"] == 3 and "centre cell" in lines[1]["error"]
    assert result.exit_code == 1


def test_batch_from_standard_input_matches_breadth_first_search() -> None:
    codes = ["1A2A3A4A-6B2B0108-MV", P1, P2, "4B3B2B1A-2E03B221-RC"]
    result = run("ricochet", "solve", "--batch", "-", input="\n".join(codes))
    assert result.exit_code == 0
    for line in (json.loads(x) for x in result.stdout.splitlines() if x.startswith("{")):
        puzzle = Puzzle.parse(line["code"])
        reference = bfs_solve(puzzle.board(), puzzle.robot_cells(), puzzle.target)
        assert line["length"] == len(reference)


def test_puzzle_command_makes_the_asked_length() -> None:
    result = run("ricochet", "puzzle", "--moves", "6", "--seed", "4", "--json")
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["length"] == 6
    solved = json.loads(run("ricochet", "solve", data["code"], "--json").output)
    assert solved["length"] == 6


def test_daily_puzzle_for_a_given_date() -> None:
    first = run("ricochet", "puzzle", "--daily", "--date", "2026-11-23", "--json")
    again = run("ricochet", "puzzle", "--daily", "--date", "2026-11-23", "--json")
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert json.loads(first.stdout)["length"] == 5  # Mondays are the easiest


def test_hint_in_terminal_play() -> None:
    """Solo play: 'hint' tells the length, a second 'hint' the first move."""
    result = run("play", "ricochet", "--seats", "human", "--puzzle", P1, input="hint\nhint\nquit\n")
    assert "the shortest solution takes 3 moves" in result.output
    assert "a shortest solution starts with" in result.output


def test_solve_on_a_users_own_board(tmp_path: Path) -> None:
    """--faces: the solver works on a custom faces file (without the wall that stops red on its target)."""
    from tests.ricochet.test_board import house_board

    path = house_board(tmp_path)
    shipped = json.loads(run("ricochet", "solve", P2, "--json", "--classic").output)
    house = json.loads(run("ricochet", "solve", P2, "--json", "--classic", "--faces", str(path)).output)
    assert (shipped["length"], house["length"]) == (1, 6)  # red N no longer stops on the target


def test_a_generated_puzzle_can_be_played_alone() -> None:
    """Issue 3: solo puzzle mode starts from a generated puzzle (--play)."""
    result = run("ricochet", "puzzle", "--moves", "4", "--seed", "2", "--play", input="hint\nquit\n")
    assert "the shortest solution takes 4 moves" in result.output


def test_outputs_into_a_missing_folder_are_refused_before_any_work(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "x.svg"
    for args in (
        ("ricochet", "solve", P1, "-o", str(missing)),
        ("ricochet", "puzzle", "--moves", "5", "-o", str(missing)),
        ("render", "ricochet", "--puzzle", P1, "-o", str(missing)),
        ("play", "ricochet", "--seats", "bot,bot", "--record", str(missing)),
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "there is no folder" in result.output or "cannot write" in result.output


def test_bad_date_and_binary_batch_are_clear_errors(tmp_path: Path) -> None:
    result = run("ricochet", "puzzle", "--daily", "--date", "notadate")
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.output
    binary = tmp_path / "codes.bin"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    result = run("ricochet", "solve", "--batch", str(binary))
    assert result.exit_code == 2 and "is not UTF-8 text" in result.output


def test_options_lists_every_option_and_default() -> None:
    result = run("options", "ricochet")
    assert result.exit_code == 0
    for name in ("must_ricochet", "silver_robot", "chips_to_win", "faces_file", "solver_timeout_s"):
        assert name in result.output
    assert run("options", "chess").exit_code == 2


# --------------------------------------------------------------------------- issue 12


def test_batch_with_a_code_or_a_drawing_is_refused(tmp_path: Path) -> None:
    """Issue 12: `solve CODE --batch FILE` ignored CODE silently."""
    codes = tmp_path / "codes.txt"
    codes.write_text(P1 + "\n")
    for extra in ([P1], ["-o", str(tmp_path / "x.svg")], ["--all"]):
        result = run("ricochet", "solve", "--batch", str(codes), *extra)
        assert result.exit_code == 2, extra
        assert "--batch solves the codes of a file: give it without" in result.output
        assert "{" not in result.stdout  # nothing was solved


def test_one_move_is_singular() -> None:
    """Issue 12: "1 moves", "1 optimal solutions"."""
    result = run("ricochet", "solve", P2, "--classic", "--all")
    assert result.exit_code == 0, result.output
    assert "1 move (classic rules)" in result.output and "1 optimal solution (the only one)" in result.output
    assert "1 moves" not in result.output and "1 optimal solutions" not in result.output
    assert "3 moves (must ricochet)" in run("ricochet", "solve", P2).output


def test_solve_prints_the_board_legend() -> None:
    result = run("ricochet", "solve", P1)
    assert "a robot's marker" in result.output and ".  a path" in result.output


def test_numeric_options_are_read_like_every_number() -> None:
    nines = "9" * 5000
    for args, reason in (
        (["ricochet", "solve", P1, "--all", "--limit", "３"], "digits 0-9"),
        (["ricochet", "solve", P1, "--all", "--limit", "0"], "from 1 to 10000"),
        (["ricochet", "solve", P1, "--all", "--limit", nines], "too large"),
        (["ricochet", "solve", P1, "--timeout", "nan"], "above 0"),
        (["ricochet", "solve", P1, "--timeout", "inf"], "above 0"),
        (["ricochet", "solve", P1, "--timeout", "-1"], "above 0"),
        (["ricochet", "solve", P1, "--timeout", "1e400"], "above 0"),
        (["ricochet", "puzzle", "--moves", "²"], "digits 0-9"),
        (["ricochet", "puzzle", "--moves", "5", "--seed", nines], "too large"),
        (["ricochet", "puzzle", "--daily", "--date", "２０２６-11-23"], "YYYY-MM-DD"),
        (["ricochet", "puzzle", "--daily", "--date", "2026-02-30"], "no such day"),
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert reason in " ".join(result.output.split()), (args, result.output)
        assert nines not in result.output
    ok = run("ricochet", "solve", P2, "--json", "--timeout", "30", "--all", "--limit", "2")
    assert ok.exit_code == 0 and len(json.loads(ok.output)["all"]) <= 2


def test_a_non_ascii_code_is_refused() -> None:
    result = run("ricochet", "solve", "1A2A3A4A-8A44\ufb000F-RC")
    assert result.exit_code == 2 and "ASCII only" in result.output


def test_the_first_run_says_the_solver_is_being_prepared(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 12: the first solve compiled for seconds in silence; now a spinner says why."""
    from robotable.cli import ricochet
    from robotable.games.ricochet import solver

    warmed: list[bool] = []
    monkeypatch.setattr(solver, "kernel_ready", lambda: bool(warmed))
    monkeypatch.setattr(solver, "warm_up", lambda: warmed.append(True))
    printed: list[str] = []

    class Console:
        def status(self, text: str):  # type: ignore[no-untyped-def]
            printed.append(text)
            from contextlib import nullcontext

            return nullcontext()

    monkeypatch.setattr(ricochet, "err", Console)
    with ricochet.preparing_solver():
        pass
    with ricochet.preparing_solver():  # ready now: nothing shown, nothing done
        pass
    assert warmed == [True] and printed == ["preparing the solver (first run only)..."]


def test_batch_from_a_special_file_is_refused_without_reading_it() -> None:
    """`--batch /dev/zero` read forever, growing in memory."""
    result = run("ricochet", "solve", "--batch", "/dev/zero")
    assert result.exit_code == 2 and "not a regular file" in result.output
