"""Command lines and records a hostile or careless user can reach (issue 12's acceptance
review): each is refused in one line, without a traceback, or shown without harm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable.cli.main import app

P1 = "1A2A3A4A-8A44FF0F-RC"  # red circle in 3: red W, green E, red N
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def one_line_refusal(result, code: int, message: str) -> None:
    assert result.exit_code == code, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("flag", ["-O", "-D"])
def test_an_option_nested_thousands_deep_is_refused_not_a_recursion_error(flag: str) -> None:
    deep = "[" * 50_000 + "]" * 50_000
    command = "play" if flag == "-O" else "render"
    extra = ["--seats", "bot,bot"] if command == "play" else []
    result = run(command, "dr2d", *extra, flag, f"turn_limit={deep}")
    one_line_refusal(result, 2, "nested too deeply")


def test_a_record_folder_and_a_zero_action_limit_are_refused_before_the_game(tmp_path: Path) -> None:
    one_line_refusal(run("play", "dr2d", "--seats", "bot,bot", "--record", str(tmp_path)), 2, "is a folder")
    one_line_refusal(run("play", "dr2d", "--seats", "bot,bot", "--max-actions", "0"), 2, "at least 1")


def test_a_record_that_cannot_be_written_keeps_the_result_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder vanished or the disk filled during the game: it used to end in a traceback."""

    def full_disk(path: object, record: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("robotable.cli.play.write_record", full_disk)
    result = run("play", "ricochet", "--seats", "bot,bot", "--seed", "1", "-q", "-O", "chips_to_win=1",
                 "--puzzle", P1, "--record", str(tmp_path / "r.json"))  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "winner: seat 0" in result.output and "Traceback" not in result.output
    assert "cannot write the record to" in result.output and "No space left on device" in result.output
    assert "record written" not in result.output


def test_seat_names_of_a_record_reach_the_terminal_escaped_and_cut(tmp_path: Path) -> None:
    """A record's seat names are any text: an escape sequence would clear or retitle the
    terminal of whoever replays it, and a huge name would flood it."""
    record = tmp_path / "r.json"
    played = run("play", "ricochet", "--seats", "bot,bot", "--seed", "1", "-q", "-O", "chips_to_win=1",
                 "--puzzle", P1, "--record", str(record))  # fmt: skip
    assert played.exit_code == 0, played.output
    data = json.loads(record.read_text())
    data["seats"] = ["\x1b[2J\x1b]0;owned\x07x", "b" * 10_000]
    record.write_text(json.dumps(data))
    for args in (["replay", str(record)], ["replay", str(record), "--watch"]):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\x07" not in result.output
        assert "'\\x1b[2J\\x1b]0;owned\\x07x'" in result.output.replace("\n", "")
        assert "b" * 1000 not in result.output


def test_render_refuses_zero_players_and_a_seed_past_64_bits() -> None:
    """`--players 0` drew two players; a seed past 2^64 aliased a smaller one."""
    from typer.testing import CliRunner

    from robotable.cli.main import app

    runner = CliRunner()
    zero = runner.invoke(app, ["render", "dr2d", "--players", "0"])
    assert zero.exit_code == 2 and "not 0" in zero.output
    huge = runner.invoke(app, ["render", "dr2d", "--seed", str(2**70)])
    assert huge.exit_code == 2 and "--seed must be a whole number" in huge.output
