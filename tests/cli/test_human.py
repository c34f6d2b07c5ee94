"""The terminal player on its own: lines in, actions out."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from robotable import games
from robotable.cli.human import TerminalPlayer
from robotable.core.errors import IllegalAction
from robotable.core.game import Turn, Wait
from robotable.games.ricochet.actions import Bid, Move
from robotable.play import MatchAbandoned

GAME = games.get("ricochet")
P1 = "1A2A3A4A-8A44FF0F-RC"


def player(typed: str) -> tuple[TerminalPlayer, io.StringIO]:
    screen = io.StringIO()
    return TerminalPlayer("seat 0", Console(file=screen, width=100), io.StringIO(typed)), screen


def turn(phase: str = "demonstration") -> Turn:
    state = GAME.new_state({"puzzle": P1}, seed=1)
    view = state.view(0) | {"phase": phase}
    return Turn(0, view, state.legal_actions(0), GAME, 0.0, {"timers": [], "wake": None})


def test_a_comma_line_gives_one_action_per_turn() -> None:
    human, _ = player("red W, green E\n")
    assert human.act(turn()) == Move(0, 3)
    assert human.act(turn()) == Move(1, 1)


def test_refusal_is_shown_and_the_rest_of_the_line_dropped() -> None:
    human, screen = player("red N, green E\n")
    action = human.act(turn())
    human.refused(action, IllegalAction("the red robot cannot move north"))
    assert human.pending == []
    assert "refused: red N: the red robot cannot move north" in screen.getvalue()
    assert "not played: green E" in screen.getvalue()


def test_queued_moves_are_dropped_when_the_phase_changes() -> None:
    human, screen = player("red W, green E\nbid 4\n")
    assert human.act(turn("demonstration")) == Move(0, 3)
    assert human.act(turn("solving")) == Bid(4)
    assert "not played: green E" in screen.getvalue()


def test_empty_line_passes_and_unreadable_text_is_explained() -> None:
    human, screen = player("\nred up\nbid 3\n")
    assert human.act(turn("solving")) == Wait()
    assert human.act(turn("solving")) == Bid(3)
    assert "unknown direction 'up'" in screen.getvalue()


@pytest.mark.parametrize("typed", ["quit\n", ""])
def test_quit_or_end_of_input_leaves(typed: str) -> None:
    human, _ = player(typed)
    with pytest.raises(MatchAbandoned):
        human.act(turn())


def test_board_is_drawn_once_until_it_changes() -> None:
    human, screen = player("\n\n")
    human.act(turn("solving"))
    human.act(turn("solving"))
    text = screen.getvalue()
    assert text.count("0   1   2   3") == 1  # the column labels: one board
    assert text.count("seat 0> ") == 2
