"""The ``robotable`` command, driven through Typer's test runner."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from robotable import games
from robotable.cli.main import app
from robotable.core.game import Turn

P1 = "1A2A3A4A-8A44FF0F-RC"  # red circle in 3: red W, green E, red N
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def bot_game(path: Path, *extra: str):
    return run("play", "ricochet", "--seats", "bot,bot", "--seed", "1", "--record", str(path), *extra)


def test_games_lists_playable_and_coming() -> None:
    result = run("games")
    assert result.exit_code == 0
    for game in games.all_games():
        assert game.id in result.output and game.title in result.output
    for game_id in games.PLANNED:
        assert game_id in result.output and "coming" in result.output


def test_bot_game_prints_the_log_and_winner_and_its_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    result = bot_game(record, "--option", "chips_to_win=1", "--puzzle", P1)
    assert result.exit_code == 0, result.output
    assert "virtual clock" in result.output
    assert "seat 0 (bot:perfect): bid 3" in result.output
    assert "winner: seat 0 (bot:perfect)" in result.output
    data = json.loads(record.read_text())
    assert data["seats"] == ["bot:perfect", "bot:perfect"]
    assert data["options"]["chips_to_win"] == 1
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "verified: winner: seat 0 (bot:perfect)" in replayed.output


def test_quiet_bot_game_on_a_random_board(tmp_path: Path) -> None:
    result = bot_game(tmp_path / "r.json", "-q", "-O", "chips_to_win=1")
    assert result.exit_code == 0, result.output
    assert "referee" not in result.output
    assert "winner:" in result.output


def test_tampered_record_is_refused_naming_the_action(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    assert bot_game(record, "-q", "-O", "chips_to_win=1", "--puzzle", P1).exit_code == 0
    data = json.loads(record.read_text())
    assert data["actions"][3] == [0, "red W"]
    data["actions"][3] = [0, "red N"]  # red cannot move north from (8,10)
    record.write_text(json.dumps(data))
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert "action 4" in result.output and "cannot move north" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_missing_file_exits_1(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 1
    assert "cannot read" in result.output


def test_bad_input_exits_2_with_one_line() -> None:
    cases = [
        (["play", "ricochet", "--seats", "bot,bot", "-O", "colour=blue"], "unknown option 'colour'"),
        (["play", "ricochet", "--seats", "bot,bot", "-O", "max_bid=0"], "at least 1"),
        (["play", "ricochet", "--seats", "bot,bot", "-O", "oops"], "key=value"),
        (["play", "ricochet", "--seats", "bot,bot", "--puzzle", "1A1B3A4A-8A44FF0F-RC"], "option 'puzzle'"),
        (["play", "ricochet", "--seats", "bot,wizard"], "unknown seat 'wizard'"),
        (["play", "ricochet", "--seats", "bot:nobody"], "unknown bot 'nobody'"),
        (["play", "chess"], "unknown game 'chess'"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_planned_game_is_named_as_coming(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.PLANNED, "chess", "Chess")
    result = run("render", "chess")
    assert result.exit_code == 2
    assert "not playable yet" in result.output


def test_rules_summary_is_printed() -> None:
    result = run("rules", "ricochet")
    assert result.exit_code == 0, result.output
    assert "Ricochet" in result.output
    french = run("rules", "ricochet", "--lang", "fr")
    assert french.exit_code == 0, french.output
    assert french.output != result.output


def test_render_writes_an_svg_file(tmp_path: Path) -> None:
    out = tmp_path / "p1.svg"
    result = run("render", "ricochet", "--puzzle", P1, "-o", str(out))
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    assert root.tag.endswith("svg")


def test_render_prints_svg_without_output_file() -> None:
    result = run("render", "ricochet", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert ET.fromstring(result.output).tag.endswith("svg")


def test_solo_human_refused_move_leaves_the_state_unchanged(tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    typed = "red N\nred W, green E, red N\nquit\n"
    result = run("play", "ricochet", "--seats", "human", "--puzzle", P1, "--record", str(record), input=typed)
    assert result.exit_code == 0, result.output
    assert "refused: red N: the red robot cannot move north" in result.output
    assert "solved in 3 moves: optimal" in result.output
    assert "game abandoned" in result.output
    actions = json.loads(record.read_text())["actions"]
    assert actions == [[0, "red W"], [0, "green E"], [0, "red N"]]


def test_human_bidding_refusals_and_help() -> None:
    typed = "help\nred N\nbid 0\nbogus words here\n\nquit\n"
    result = run("play", "ricochet", "--seats", "human,bot", "--puzzle", P1, "--seed", "2", input=typed)
    assert result.exit_code == 0, result.output
    assert "real clock" in result.output
    assert "several actions on one line" in result.output
    assert "robots move only during a demonstration" in result.output
    assert "a bid must be between 1 and 99" in result.output
    assert "cannot read 'bogus words here'" in result.output
    assert "seat 1 (bot:perfect): bid 3" in result.output


def test_every_command_has_help_with_an_example() -> None:
    for command in ("games", "play", "replay", "rules", "render"):
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "robotable " + command in result.output


def test_step_pauses_after_every_event() -> None:
    """--step: one Enter per event, so a trace or turn report can be read at one's pace."""
    import io

    from rich.console import Console

    from robotable.cli.play import PlayRequest, run_play

    class CountingStdin(io.StringIO):
        reads = 0

        def readline(self, *args: object) -> str:  # type: ignore[override]
            CountingStdin.reads += 1
            return "\n"

    screen = io.StringIO()
    request = PlayRequest("ricochet", "bot,bot", 1, None, ["chips_to_win=1"], P1, step=True)
    request.stdin = CountingStdin()
    outcome = run_play(request, Console(file=screen, width=120))
    assert outcome is not None
    events = sum(line.startswith(" " * 11) for line in screen.getvalue().splitlines())
    assert events > 5
    assert CountingStdin.reads == events


def test_render_a_moment_of_a_record_as_one_seat_sees_it(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    assert bot_game(record, "-q", "-O", "chips_to_win=1", "--puzzle", P1).exit_code == 0
    picture = tmp_path / "at3.svg"
    result = run(
        "render", "ricochet", "--record", str(record), "--at", "3", "--seat", "1", "-o", f"{picture}"
    )
    assert result.exit_code == 0, result.output
    ET.fromstring(picture.read_text())  # well-formed SVG
    too_far = run("render", "ricochet", "--record", str(record), "--at", "999")
    assert too_far.exit_code == 2 and "not 999" in too_far.output
    assert "seats 0 to 1" in run("render", "ricochet", "--seat", "5").output
    assert "unknown drawing option 'foo'" in run("render", "ricochet", "-D", "foo=1").output


def test_step_pauses_once_per_program_instruction() -> None:
    """Events with the same call stack (one instruction of a trace) share one pause."""
    from robotable.cli.play import steps

    trace = [
        {"kind": "revealed"},
        {"kind": "card", "stack": ["slot 1"]},
        {"kind": "moved", "stack": ["slot 1"]},
        {"kind": "entered", "stack": ["slot 2", "F:A"]},
        {"kind": "moved", "stack": ["slot 2", "F:A"]},
        {"kind": "moved", "stack": ["slot 2"]},
        {"kind": "scored"},
        {"kind": "over"},
    ]
    assert [[e["kind"] for e in step] for step in steps(trace)] == [
        ["revealed"],
        ["card", "moved"],
        ["entered", "moved"],
        ["moved"],
        ["scored"],
        ["over"],
    ]


def test_default_seats_fit_the_game() -> None:
    """Without --seats: you and enough bots (Robotick needs three players)."""
    result = run("play", "robotick", "--seed", "1", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "seats 0: human, 1: bot:heuristic, 2: bot:heuristic" in result.output


def test_a_missing_record_names_the_whole_path(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "r.json"
    result = run("replay", str(missing))
    assert result.exit_code == 1
    assert f"{missing}: cannot read it (No such file or directory)" in result.output.replace("\n", "")


def test_draw_options_errors_name_the_draw_flag() -> None:
    result = run("render", "ricochet", "-D", "paths")
    assert result.exit_code == 2 and "--draw expects key=value" in result.output


def test_a_notation_error_is_said_once() -> None:
    from rich.console import Console

    from robotable.cli.human import TerminalPlayer
    from robotable.core.errors import NotationError

    class Strict:
        title = "strict"

        def parse_action(self, text: str) -> None:
            raise NotationError(f"cannot read {text!r}: nothing is readable here")

    screen = io.StringIO()
    human = TerminalPlayer("seat 0", Console(file=screen, width=200))
    turn = Turn(0, {}, [], Strict(), 0.0, {})  # type: ignore[arg-type]
    assert human._parse("xyz", turn) is None
    assert screen.getvalue().count("cannot read") == 1
