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


def test_hot_seat_clears_the_screen_and_waits_for_the_next_person() -> None:
    """Two people at one keyboard in a game with secrets: each turn change is a hand-over."""
    from robotable.cli.human import HotSeat

    shared = HotSeat()
    stdin = io.StringIO("\nbid 5\n\nbid 7\n")
    screen = io.StringIO()
    console = Console(file=screen, width=100)
    first = TerminalPlayer("seat 0", console, stdin, hot_seat=shared)
    second = TerminalPlayer("seat 1", console, stdin, hot_seat=shared)
    assert first.act(turn("bidding")) == Bid(5)
    assert shared.current == "seat 0"
    assert second.act(turn("bidding")) == Bid(7)
    assert screen.getvalue().count("Pass the keyboard") == 2
    assert "Pass the keyboard to seat 1" in screen.getvalue()


def test_hot_seat_only_for_games_with_secrets_and_several_people() -> None:
    from robotable.cli.seats import make_agents

    agents = make_agents(GAME, ["human", "human"], seed=0)
    assert all(agent.hot_seat is None for agent in agents)  # type: ignore[attr-defined]
    secretive = type("SecretRicochet", (type(GAME),), {"hidden_information": True})()
    agents = make_agents(secretive, ["human", "bot:bfs", "human"], seed=0)
    assert agents[0].hot_seat is agents[2].hot_seat is not None  # type: ignore[attr-defined]
    assert make_agents(secretive, ["human", "bot:bfs"], seed=0)[0].hot_seat is None  # type: ignore[attr-defined]
