"""The heuristic bot: its choices in small positions, and its level against random play."""

from __future__ import annotations

from robotable.agents import RandomAgent
from robotable.core.game import Turn
from robotable.games.robotick.bots import HeuristicBot
from robotable.games.robotick.cards import cards
from robotable.games.robotick.state import RobotickState
from robotable.play.clock import VirtualClock
from robotable.play.match import Match

from .conftest import GAME, new, start, table


def choice(state: RobotickState, seat: int) -> str:
    turn = Turn(seat, state.view(seat), state.legal_actions(seat), GAME)
    return str(HeuristicBot().act(turn))


def test_bots_listed_heuristic_first() -> None:
    assert next(iter(GAME.bots())) == "heuristic"


def test_follows_low_when_droco_takes_the_trick() -> None:
    """Droco leads D13, which nobody can beat: P1 follows with its weakest D."""
    state = table(ai="06", droco="D13 A1", p0="A5 A6", p1="D2 D9", p2="A3 A4", trump="C8")
    start(state)
    assert choice(state, 1) == "D2"


def test_wins_droco_high_card_while_hangars_are_free() -> None:
    """Droco leads D10 (card 01, Ouvre Forte/Min); P1 takes it with D12 rather than under-follow."""
    state = table(ai="01", droco="D10 A1", p0="A5 A6", p1="D2 D12", p2="A3 A4", trump="C8")
    start(state)
    assert choice(state, 1) == "D12"


def test_avoids_winning_into_full_hangars() -> None:
    """Same trick with P1's hangars full: winning D10 would cost 10, so P1 plays D2."""
    state = table(ai="01", droco="D10 A1", p0="A5 A6", p1="D2 D12", p2="A3 A4", trump="C8")
    state.up[1] = cards("B1 B2 B3")
    start(state)
    assert choice(state, 1) == "D2"


def test_passes_cards_droco_can_beat() -> None:
    """Passing: a high card Droco can beat goes first; a trump or an unbeatable card stays."""
    state = new(seed=1)
    state.trump = cards("C5")[0]
    state.hands[0] = sorted(cards("A12 B13 C13 C12 D11 A2 B1 B2 D1 D2 A3 B3"))
    state.hands[3] = sorted(cards("A13 B4 B5 C1 C2 C3 D12 D4 D5 D6 D7 A1"))
    assert choice(state, 0) == "pass A12"  # beaten by A13 (12 PV) before D11 (beaten by D12)
    state.apply_text(0, "pass A12")
    assert choice(state, 0) == "pass D11"


def test_heuristic_beats_random_players() -> None:
    """Measured level in brief: over 30 games against two random seats, a clearly higher mean score."""
    diffs = []
    for g in range(30):
        seat = g % 3
        agents = [HeuristicBot() if s == seat else RandomAgent(seed=g * 10 + s) for s in range(3)]
        outcome = Match(GAME, new(seed=g), agents, VirtualClock()).run()
        others = [outcome.scores[s] for s in range(3) if s != seat]
        diffs.append(outcome.scores[seat] - sum(others) / 2)
    assert sum(diffs) / len(diffs) > 10


def test_hint_names_a_legal_card_and_droco_reply() -> None:
    """The hint is the heuristic's choice; level 2 adds Droco's predicted card (RT-18..RT-21)."""
    state = table(ai="01", droco="D10 A1", p0="A5 A6", p1="D2 D12", p2="A3 A4", trump="C8")
    start(state)
    assert GAME.hint(state.view(1), 1) == "try D12"
    assert GAME.hint(state.view(1), 2) == "try D12 (Droco's card in this trick: D10)"
