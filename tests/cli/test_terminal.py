"""The terminal as a new player meets it: the shared keyboard, the status line, help, Ctrl-C,
``--step``, first-run warm-up, drawing options, ``-O`` values and ``replay --watch``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from robotable import games
from robotable.cli.common import parse_options
from robotable.cli.human import CLEAR_SCROLLBACK, HotSeat, Keyboard, TerminalPlayer, help_text
from robotable.cli.main import app
from robotable.cli.play import PlayRequest, run_play
from robotable.core.errors import InvalidOptions, NotationError
from robotable.core.game import Game, Turn
from robotable.games.ricochet.actions import Bid
from robotable.play import MatchAbandoned

P1 = "1A2A3A4A-8A44FF0F-RC"  # red circle in 3: red W, green E, red N
RICOCHET = games.get("ricochet")
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def terminal(screen: io.StringIO) -> Console:
    """A console that believes it writes to a terminal, without colours to read through."""
    return Console(file=screen, width=120, force_terminal=True, color_system=None)


def recorded(path: Path) -> list[list]:
    return json.loads(path.read_text())["actions"]


# ---------------------------------------------------------------------------- the shared keyboard


def test_hot_seat_keeps_the_keyboard_until_the_person_passes(tmp_path: Path) -> None:
    """The issue's case: seat 1 types 'S, S' while seat 0's program is still open; both S are
    played while seat 1 looks, and the keyboard goes back only when seat 1 is done."""
    record = tmp_path / "r.json"
    typed = [
        "",  # hand-over to seat 0
        "place 2 0 S",
        "",  # hand-over to seat 1
        "place 9 11 N",
        "",  # hand-over to seat 0 for the programs
        "N",
        "",  # seat 0 passes: the keyboard goes on
        "",  # hand-over to seat 1
        "S, S",
        "quit",
    ]
    screen = io.StringIO()
    request = PlayRequest("dr2d", "human,human", 1, record, stdin=io.StringIO("\n".join(typed) + "\n"))
    assert run_play(request, terminal(screen)) is None
    text = screen.getvalue()
    assert re.findall(r"Pass the keyboard to (seat \d)", text) == ["seat 0", "seat 1", "seat 0", "seat 1"]
    after_last_hand_over = text.rsplit("Pass the keyboard", 1)[1]
    assert "seat 0>" not in after_last_hand_over
    assert after_last_hand_over.count("seat 1> ") == 2  # 'S, S', then the board with both, then quit
    assert recorded(record) == [[0, "place 2 0 S"], [1, "place 9 11 N"], [0, "N"], [1, "S"], [1, "S"]]


def test_every_hand_over_clears_the_scrollback_too(tmp_path: Path) -> None:
    screen = io.StringIO()
    typed = "\nplace 2 0 S\n\nquit\n"
    request = PlayRequest("dr2d", "human,human", 1, None, stdin=io.StringIO(typed))
    run_play(request, terminal(screen))
    text = screen.getvalue()
    assert text.count("Pass the keyboard") == 2
    assert text.count(CLEAR_SCROLLBACK) == 2
    before_first = text.split("Pass the keyboard", 1)[0]
    assert CLEAR_SCROLLBACK in before_first


def test_no_escape_codes_when_the_output_is_not_a_terminal() -> None:
    screen = io.StringIO()
    HotSeat().hand_over("seat 1", Console(file=screen), Keyboard(io.StringIO("\n")))
    assert "\x1b" not in screen.getvalue()


def test_finishing_a_decision_hands_the_keyboard_on_in_robotick(tmp_path: Path) -> None:
    """Robotick passing (two cards each): after seat 0's second card it is seat 1's turn."""
    state = games.get("robotick").new_state({}, seed=9, seats=3)
    first, second = (str(a) for a in state.legal_actions(0)[:2])
    record = tmp_path / "r.json"
    typed = f"\n{first}, {second}\n\nquit\n"
    screen = io.StringIO()
    run_play(
        PlayRequest("robotick", "human,human,human", 9, record, stdin=io.StringIO(typed)), terminal(screen)
    )
    assert re.findall(r"Pass the keyboard to (seat \d)", screen.getvalue()) == ["seat 0", "seat 1"]
    assert recorded(record) == [[0, first], [0, second]]


# ---------------------------------------------------------------------------- the prompt


class TypingTakesTime(io.StringIO):
    """Standard input where each line takes ``seconds`` to type, on a fake clock."""

    def __init__(self, text: str, seconds: float) -> None:
        super().__init__(text)
        self.now = 0.0
        self.seconds = seconds

    def readline(self, *args: object) -> str:  # type: ignore[override]
        self.now += self.seconds
        return super().readline()


def test_status_line_counts_down_after_help_legal_and_hint() -> None:
    stdin = TypingTakesTime("help\nlegal\nhint\nbid 5\n", seconds=10.0)
    screen = io.StringIO()
    human = TerminalPlayer("seat 0", Console(file=screen, width=200), stdin, monotonic=lambda: stdin.now)
    state = RICOCHET.new_state({"puzzle": P1}, seed=1)
    state.apply(1, Bid(3))  # the sand timer runs: 60 s
    timers = [{"key": "t", "label": "bidding closes", "deadline": 60.0, "left": 60.0}]
    turn = Turn(0, state.view(0), state.legal_actions(0), RICOCHET, 0.0, {"timers": timers, "wake": None})
    assert human.act(turn) == Bid(5)
    shown = re.findall(r"bidding closes in (\d+) s", screen.getvalue())
    assert shown == ["60", "50", "40", "30"]


def test_help_lists_every_command_of_the_phase_ricochet_solo() -> None:
    """Solo Ricochet: reset and reveal once a robot moved, next once the puzzle is solved."""
    state = RICOCHET.new_state({"puzzle": P1}, seed=1, seats=1)
    state.apply_text(0, "red W")
    text = help_text(state.legal_actions(0))
    assert re.search(r"^  reveal, reset$", text, re.M), text
    assert re.search(r"^  green N\|E\|S\|W$", text, re.M), text
    for command in ("legal", "hint", "board", "help", "quit", "(empty line)"):
        assert command in text
    for move in ("green E", "red N"):
        state.apply_text(0, move)
    assert "next" in help_text(state.legal_actions(0)).split("At any prompt:")[0]


def test_help_puts_the_games_own_words_for_the_phase_first() -> None:
    """Before any move, solo Ricochet's help already names reset, reveal and next (the game's
    phase_help), and Delivery's explains every card code."""
    state = RICOCHET.new_state({"puzzle": P1}, seed=1, seats=1)
    text = help_text(state.legal_actions(0), RICOCHET.phase_help(state.view(0)))
    phase = text.split("Actions now:")[0]
    assert all(word in phase for word in ("reset", "reveal", "next")), phase
    delivery = games.get("delivery")
    view = delivery.new_state({}, seed=1, seats=2).view(0)
    text = help_text([], delivery.phase_help(view))
    assert "LOOP doubles the slot's card" in text and "slot 1 FWD" in text


def test_help_lists_every_command_of_the_phase_dr2d() -> None:
    state = games.get("dr2d").new_state({}, seed=1, seats=2)
    assert "place N N N|E|S|W  (e.g. place 2 0 N)" in help_text(state.legal_actions(0))
    state.apply_text(0, "place 2 0 S")
    state.apply_text(1, "place 9 11 N")
    words = help_text(state.legal_actions(0)).split("At any prompt:")[0]
    assert re.search(r"^  N, E, S, W, STAY", words, re.M), words


def test_help_at_the_prompt_is_built_from_the_legal_actions() -> None:
    result = run("play", "ricochet", "--seats", "human", "--puzzle", P1, input="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Actions now:" in result.output and "reveal" in result.output


class Touchy(Game):
    """A game whose notation refuses everything with a message on three lines."""

    id = "touchy"
    title = "Touchy"
    min_seats = max_seats = 1
    rules_version = "1"

    def new_state(self, options=None, *, seed=0, seats=2):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def parse_action(self, text: str):  # type: ignore[no-untyped-def]
        raise NotationError(f"no\nthat is\nnot it: {text}")

    def decode_state(self, data):  # type: ignore[no-untyped-def]
        raise NotImplementedError


def test_every_refusal_at_the_prompt_is_one_line_and_long_text_is_cut() -> None:
    screen = io.StringIO()
    long_line = "9" * 5000
    human = TerminalPlayer(
        "seat 0", Console(file=screen, width=100_000), io.StringIO(f"x\n{long_line}\nquit\n")
    )
    turn = Turn(0, {}, [], Touchy(), 0.0, {"timers": [], "wake": None})
    with pytest.raises(MatchAbandoned, match="left the game"):
        human.act(turn)
    refusals = [line for line in screen.getvalue().splitlines() if "no that is not it" in line]
    assert len(refusals) == 2
    assert all(len(line.removeprefix("seat 0> ")) <= 300 for line in refusals)


def test_typed_control_characters_are_not_sent_back_to_the_terminal() -> None:
    screen = io.StringIO()
    human = TerminalPlayer(
        "seat 0", Console(file=screen, width=200), io.StringIO("red \x1b[2J, bid 3\nquit\n")
    )
    state = RICOCHET.new_state({"puzzle": P1}, seed=1)
    turn = Turn(0, state.view(0), state.legal_actions(0), RICOCHET, 0.0, {"timers": [], "wake": None})
    with pytest.raises(MatchAbandoned, match="left the game"):
        human.act(turn)
    assert "\x1b" not in screen.getvalue()


# ---------------------------------------------------------------------------- Ctrl-C and --step


class Interrupting(io.StringIO):
    """Standard input where the person presses Ctrl-C instead of typing."""

    def readline(self, *args: object) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_ctrl_c_says_what_happened_keeps_the_record_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    screen = io.StringIO()
    request = PlayRequest("ricochet", "human,bot", 1, record, puzzle=P1, stdin=Interrupting())
    with pytest.raises(typer.Exit) as stopped:
        run_play(request, Console(file=screen, width=200))
    assert stopped.value.exit_code == 130
    assert f"game abandoned: interrupted (Ctrl-C) after 1 action; the record so far is in {record}" in (
        screen.getvalue()
    )
    assert recorded(record) == [[1, "bid 3"]]


def test_ctrl_c_through_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Keyboard, "readline", Interrupting.readline)
    result = run("play", "ricochet", "--seats", "human", "--puzzle", P1)
    assert result.exit_code == 130
    assert "game abandoned: interrupted (Ctrl-C) before any action" in result.output
    assert "Traceback" not in result.output


def test_text_typed_at_a_step_pause_is_the_next_input(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    typed = "bid 4\n" + "\n" * 6 + "quit\n"
    result = run(
        "play", "ricochet", "--seats", "human,bot", "--puzzle", P1, "--seed", "1", "--step",
        "--record", str(record), input=typed,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seat 0> bid 4" in result.output
    assert [0, "bid 4"] in recorded(record)


# ---------------------------------------------------------------------------- first run


def test_warmup_prepares_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    prepared: list[str] = []
    for game in games.all_games():
        monkeypatch.setattr(type(game), "warm_up", lambda self: prepared.append(self.id))
    result = run("warmup")
    assert result.exit_code == 0, result.output
    assert prepared == games.ids()
    for game_id in games.ids():
        assert re.search(rf"^{game_id}: ready \(\d+\.\d s\)$", result.output, re.M)


def test_play_prepares_the_game_under_a_spinner_first(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    calls: list[int] = []
    monkeypatch.setattr(type(RICOCHET), "warm_up", lambda self: calls.append(len(screen.getvalue())))
    request = PlayRequest("ricochet", "bot,bot", 1, None, ["chips_to_win=1"], P1, quiet=True)
    run_play(request, terminal(screen))
    assert len(calls) == 1
    text = screen.getvalue()
    assert "preparing ricochet (compiled once, then cached)..." in text
    assert text.index("preparing ricochet") < text.index("winner")


# ---------------------------------------------------------------------------- drawing options


def test_render_help_lists_each_games_drawing_options() -> None:
    result = run("render", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "Drawing options" in text
    assert 'every game: lang="en", names=null' in text  # the language and the seats' names
    for game in games.all_games():
        names = ", ".join(f"{opt.name}" for opt in game.drawing_options) or "none"
        assert f"{game.id}: " in text
        for name in names.split(", "):
            assert name in text


@pytest.mark.parametrize("game_id", games.ids())
def test_an_unknown_drawing_option_is_one_line_naming_the_known_ones(game_id: str) -> None:
    result = run("render", game_id, "-D", "colour=blue")
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "keyword" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    known = ", ".join(sorted(opt.name for opt in games.get(game_id).drawing_options)) or "none"
    assert f"unknown drawing option 'colour' for {game_id}; drawing options: {known}" in result.output


# ---------------------------------------------------------------------------- option values


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("9" * 5000, "too large (5000 digits; at most 9)"),
        ("-" + "9" * 10, "too large (10 digits; at most 9)"),
        ("NaN", "NaN is not a number an option takes"),
        ("Infinity", "Infinity is not a number an option takes"),
        ("-Infinity", "-Infinity is not a number an option takes"),
        ("1e999", "too large to be a number"),
        ("[1, NaN]", "NaN is not a number"),
    ],
)
def test_option_values_no_option_could_mean_are_refused(value: str, message: str) -> None:
    with pytest.raises(InvalidOptions, match=re.escape(message)):
        parse_options([f"turn_limit={value}"])


def test_option_values_that_are_fine() -> None:
    assert parse_options(["a=123456789", "b=1.5", "c=text", "d=[1, 2]", "e=null"]) == {
        "a": 123456789,
        "b": 1.5,
        "c": "text",
        "d": [1, 2],
        "e": None,
    }


@pytest.mark.parametrize("value", ["9" * 5000, "NaN", "Infinity", "1e999"])
def test_a_huge_or_non_finite_option_is_one_line_on_the_command_line(value: str) -> None:
    result = run("play", "dr2d", "--seats", "bot,bot", "-O", f"turn_limit={value}")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_seed_no_record_could_keep_is_refused() -> None:
    result = run("play", "dr2d", "--seats", "bot,bot", "--seed", str(2**64))
    assert result.exit_code == 2
    assert "--seed must be a whole number between -2^64 and 2^64" in result.output


@pytest.mark.parametrize("value", ["9" * 5000, "NaN", "Infinity"])
def test_replay_of_a_record_holding_a_huge_or_non_finite_value(tmp_path: Path, value: str) -> None:
    record = tmp_path / "r.json"
    assert run("play", "ricochet", "--seats", "bot,bot", "-q", "--seed", "1", "--puzzle", P1,
               "-O", "chips_to_win=1", "--record", str(record)).exit_code == 0  # fmt: skip
    text = record.read_text().replace('"chips_to_win": 1', f'"chips_to_win": {value}')
    record.write_text(text)
    for watch in ([], ["--watch"]):
        result = run("replay", str(record), *watch)
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


# ---------------------------------------------------------------------------- replay --watch


@pytest.fixture
def ricochet_record(tmp_path: Path) -> Path:
    record = tmp_path / "r.json"
    result = run("play", "ricochet", "--seats", "bot,bot", "-q", "--seed", "1", "--puzzle", P1,
                 "-O", "chips_to_win=1", "--record", str(record))  # fmt: skip
    assert result.exit_code == 0, result.output
    return record


def test_watch_steps_back_jumps_and_quits(ricochet_record: Path) -> None:
    total = len(recorded(ricochet_record))
    result = run("replay", str(ricochet_record), "--watch", input="\n\nb\n5\nq\n")
    assert result.exit_code == 0, result.output
    steps = re.findall(rf"action (\d+)/{total}", result.output)
    assert steps == ["1", "2", "1", "5"]
    assert "seat 0 (bot:perfect): bid 3" in result.output
    assert "end of the record" not in result.output


def test_watch_without_input_prints_every_step_to_the_end(ricochet_record: Path) -> None:
    total = len(recorded(ricochet_record))
    result = run("replay", str(ricochet_record), "--watch")
    assert result.exit_code == 0, result.output
    assert re.findall(rf"action (\d+)/{total}", result.output) == [str(n) for n in range(1, total + 1)]
    assert "robot" in result.output.lower() or "moved" in result.output  # the game's own sentences
    assert "end of the record: winner: seat 0 (bot:perfect)" in " ".join(result.output.split())


def test_watch_hides_other_seats_secrets(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    assert (
        run("play", "dr2d", "--seats", "bot,bot", "-q", "--seed", "1", "--record", str(record)).exit_code == 0
    )
    first_actions = "\n" * 6 + "q\n"  # the placements, then programs (secret)
    spectator = run("replay", str(record), "--watch", input=first_actions)
    assert "(secret)" in spectator.output
    seat0 = run("replay", str(record), "--watch", "--seat", "0", input=first_actions)
    lines = [line for line in seat0.output.splitlines() if "seat 0 (bot:heuristic): " in line]
    assert lines and not any("(secret)" in line for line in lines)
    wrong = run("replay", str(record), "--watch", "--seat", "7")
    assert wrong.exit_code == 1 and "seats 0 to 1" in wrong.output


@pytest.mark.parametrize("game_id", games.ids())
def test_options_lists_the_drawing_options_with_their_meaning(game_id: str) -> None:
    result = runner.invoke(app, ["options", game_id], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for opt in games.get(game_id).drawing_options:
        assert opt.name in result.output
    if games.get(game_id).drawing_options:
        assert "drawing options (render -D)" in result.output
