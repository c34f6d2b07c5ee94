"""What a new player needs on the terminal (issue 12): a legend under the board, the log's cells
written as the board's axes, every command of the phase in ``help``, and a solo series with
nothing solved that names no winner."""

from __future__ import annotations

from rich.console import Console

from robotable import games
from robotable.core.game import REFEREE
from robotable.games.ricochet.sentences import describe_event
from tests.ricochet.conftest import P1, new, play

GAME = games.get("ricochet")


def _plain(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_terminal_board_has_a_legend_of_every_symbol() -> None:
    state = new(P1)
    play(state, 0, "bid 3")
    state.apply_text(REFEREE, "time-up")
    play(state, 0, "red W")  # a marker shows where red started
    text = _plain(GAME.render_text(state.view(0)))
    board, legend = text.split("+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+---+\n")[-2:]
    assert "rRT" in board and ">RC" in board and "M*" in board
    for words in (
        "R G B Y   robots: red, green, blue, yellow",
        "r g b y   a robot's marker",
        "C circle",
        "T triangle, Q square, H hexagon",
        "M*        the vortex",
        ">RC       this round's target",
        "RGQ  robot R on target GQ",
        "walls",
        "###  centre block",
        "x is 0-F across, y is 0-F down",
    ):
        assert words in legend, words
    assert max(len(line) for line in legend.splitlines()) <= 68  # no wider than the board
    silver = _plain(GAME.render_text(new("1A2A3A4A-8A44FF0FC3-RC").view(None)))
    assert "R G B Y S robots: red, green, blue, yellow, silver" in silver


def test_the_log_writes_cells_as_the_axes_do() -> None:
    """Issue 12: the log said (8,10) where the board's axes say column 8, row A."""
    state = new(P1)
    play(state, 0, "bid 3")
    state.apply_text(REFEREE, "time-up")
    events = state.apply_text(0, "red W")
    line = describe_event(events[0].to_dict(), str)
    assert line == "red W: (8,A) -> (4,A) (move 1)"
    board = _plain(GAME.render_text(state.view(None))).splitlines()
    assert board[0].split()[8] == "8" and board[2 + 2 * 10].split()[0] == "A"  # column 8, row A
    drawn = describe_event({"kind": "chip-drawn", "target": "GC", "cell": [13, 11]}, str)
    assert drawn == "chip drawn: GC at (D,B)"


def test_log_sentences_say_1_move() -> None:
    won = describe_event({"kind": "chip-won", "seat": 0, "target": "RC", "moves": 1}, str)
    scored = describe_event({"kind": "attempt-scored", "moves": 1, "rating": "optimal"}, str)
    started = describe_event({"kind": "demonstration-started", "seat": 1, "bid": 1}, str)
    assert won == "0 wins chip RC in 1 move" and scored == "solved in 1 move: optimal"
    assert started == "1 demonstrates 1 move"


def test_help_lists_every_command_of_the_phase() -> None:
    """Issue 12: reset, reveal and next were missing from help while not legal at that moment."""
    solo = new(P1, seats=1)
    text = GAME.phase_help(solo.view(0))
    for command in ("red N", "reset", "reveal", "next"):
        assert command in text
    assert "reset" not in [str(a) for a in solo.legal_actions(0)]  # not legal yet, still listed
    bidding = new(P1)
    assert "bid N" in GAME.phase_help(bidding.view(0)) and "1 to 99" in GAME.phase_help(bidding.view(0))
    play(bidding, 0, "bid 3")
    bidding.apply_text(REFEREE, "time-up")
    demonstrator = GAME.phase_help(bidding.view(0))
    assert "give-up" in demonstrator and "red N" in demonstrator
    assert "another player demonstrates" in GAME.phase_help(bidding.view(1))


def test_rr32_a_solo_series_with_nothing_solved_has_no_winner() -> None:
    """Issue 12: 0 of 17 solved said 'winner: seat 0'. Decision (the spec names no series winner):
    the series is won when at least one puzzle was solved."""
    state = new(P1, seats=1)
    state.results = [{"target": "RC", "best": None, "optimum": 3, "solved": False}] * 17
    state.phase, state.chip = "over", None
    outcome = state.outcome()
    assert outcome.winners == () and outcome.detail.startswith("solved 0/17")
    assert (
        describe_event({"kind": "game-over", "winners": list(outcome.winners)}, str) == "game over; no winner"
    )
    state.results[5] = {"target": "GT", "best": 4, "optimum": 3, "solved": True}
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.detail == "solved 1/17, 0 optimal, +1 move over"
