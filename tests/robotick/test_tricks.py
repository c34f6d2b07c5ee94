"""Tricks: leading, following, winning and captures (RT-10..RT-17, RT-26)."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.games.robotick.actions import Pass, Play
from robotable.games.robotick.cards import DROCO, cards

from .conftest import H, hand, play, played_by, refused, start, table


def winner_of(trump: str, *trick: str) -> int:
    """The player (index in play order) who wins a trick led by the first card."""
    state = table(droco="A1", p0="A2", p1="A3", p2="A4", trump=trump)
    state.trick = [[i, c] for i, c in enumerate(cards(" ".join(trick)))]
    return state.trick_winner()


def test_rt_ex_4_rule_a_led_type_wins() -> None:
    """RT-EX-4, RT-13 (A): no trump played, B5 led, B9 C13 B2 follow: B9 wins, C13 cannot."""
    assert winner_of("A7", "B5", "B9", "C13", "B2") == 1


def test_rt_ex_5_rule_b_trump_wins() -> None:
    """RT-EX-5, RT-13 (B): trump D, A12 led, A13 D2 A1 follow: D2 wins."""
    assert winner_of("D7", "A12", "A13", "D2", "A1") == 2


def test_rt13_strongest_trump_among_several() -> None:
    """RT-13 (B): with several trumps the strongest trump wins, whatever was led."""
    assert winner_of("D7", "A12", "D3", "D11", "A13") == 2


def test_rt_ex_9_opening_tricks_of_round_1() -> None:
    """RT-EX-9, RT-10, RT-11, RT-15, RT-16: the spec's first four tricks, card by card."""
    state = table(ai="01", trump="C8", droco=H, p0="D13 A5 A1 B3", p1="D12 A11 B2 C4", p2="C2 A13 A3 B4")
    events = start(state)  # RT-10: Droco leads trick 1
    assert played_by(events, DROCO) == ["D10"] and state.to_act() == [1]
    events = play(state, (1, "D12"), (2, "C2"), (0, "D13"))
    won = next(e for e in events if e.kind == "trick-won")
    assert (won.winner, won.captured, won.face_up) == (2, "D10", True)  # C2, a trump, wins
    assert state.view(None)["captures"][2] == {"up": ["D10"], "down": []}
    assert state.to_act() == [2]  # the winner leads
    # trick 2, order P2, P0, Droco, P1
    events = play(state, (2, "A13"), (0, "A5"))
    assert played_by(events, DROCO) == ["A2"] and state.to_act() == [1]
    events = play(state, (1, "A11"))
    assert [e.winner for e in events if e.kind == "trick-won"] == [2]
    assert state.view(None)["captures"][2]["up"] == ["D10", "A2"]  # in capture order
    # trick 3: Droco's A4 is the strongest A, and Droco wins (RT-15)
    events = play(state, (2, "A3"), (0, "A1"))
    assert played_by(events, DROCO) == ["A4"]
    events = play(state, (1, "B2"))
    won = next(e for e in events if e.kind == "trick-won")
    assert won.winner == DROCO and won.negatives == ("A1", "B2", "A3")
    captures = state.view(None)["captures"]
    assert [c["down"] for c in captures] == [["A1"], ["B2"], ["A3"]]
    assert state.view(None)["round_score"] == [-1, -2, 12 - 3]
    # trick 4: Droco leads again, Ouvre Forte keeps A10 alone
    assert played_by(events, DROCO) == ["A10"]
    assert hand(state, DROCO) == ["A8", "B1", "B9", "C3", "C5", "C7", "D5", "D6"]


def test_rt12_following() -> None:
    """RT-12: must play the led type when holding it; otherwise any card, trump or not."""
    state = table(droco="A1 B1", p0="B4 C13 D2", p1="C12 D3 D4", p2="A5 A6 A7", trump="C8", leader=1)
    assert [str(a) for a in state.legal_actions(1)] == ["C12", "D3", "D4"]  # the leader plays anything
    play(state, (1, "D3"))
    assert [str(a) for a in state.legal_actions(2)] == ["A5", "A6", "A7"]  # no D: anything
    play(state, (2, "A5"))
    assert [str(a) for a in state.legal_actions(0)] == ["D2"]


def test_rt_ex_13_following_refused() -> None:
    """RT-EX-13, RT-26: B led, P0 holds B4 and plays C13: refused; without B, C13 is accepted."""
    state = table(droco="B1 A1", p0="B4 C13", p1="B9 A2", p2="A3 A4", trump="C8", leader=1, ai="02")
    play(state, (1, "B9"))  # Droco follows, then P2 and P0
    play(state, (2, "A3"))
    assert refused(state, 0, "C13") == "you must follow B: you hold a B card"
    state = table(droco="B1 A1", p0="D4 C13", p1="B9 A2", p2="A3 A4", trump="C8", leader=1, ai="02")
    play(state, (1, "B9"), (2, "A3"), (0, "C13"))
    assert "C13" not in hand(state, 0)


def test_rt26_bad_plays_refused_without_change() -> None:
    """RT-26: out of turn, a card not in hand, a move for Droco, an unknown seat: refused."""
    state = table(droco=H, p0="D13 A5", p1="D12 A11", p2="C2 A13")
    start(state)
    assert "P1's turn" in refused(state, 0, "D13")
    assert "not in your hand" in refused(state, 1, "C2")
    assert "not a seat" in refused(state, DROCO, "A8")  # Droco's cards are played by the engine
    assert "not a seat" in refused(state, 5, "D12")
    play(state, (1, "D12"), (2, "C2"))
    assert refused(state, 1, "A11") == "it is P0's turn, not yours"


@pytest.mark.parametrize("action", [Play(52), Play(-1), Play("B9"), Pass(99)])  # type: ignore[arg-type]
def test_rt26_non_cards_refused(action: Play | Pass) -> None:
    """RT-26: an action naming no robot card is refused cleanly (not a crash, not a wrong card)."""
    state = table(droco=H, p0="D13 A5", p1="D12 A11 D1", p2="C2 A13")
    start(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a Robotick action"):
        state.apply(1, action)
    assert state.to_json() == before


def test_rt_ex_6_hangars() -> None:
    """RT-EX-6, RT-16: with 3 face-up captures C11 goes face down; with hangars=4 face up."""
    for hangars, face_up in ((3, False), (4, True)):
        state = table(droco="C11 A1", p0="C2 A2", p1="C12 A3", p2="C3 A4", trump="D8", hangars=hangars)
        state.up[1] = cards("A9 B9 D9")
        start(state)
        events = play(state, (1, "C12"), (2, "C3"), (0, "C2"))
        won = next(e for e in events if e.kind == "trick-won")
        assert (won.winner, won.captured, won.face_up) == (1, "C11", face_up)
        assert (cards("C11")[0] in state.up[1]) is face_up
        assert state.round_score(1) == 27 + (11 if face_up else -11)


def test_rt16_next_round_empties_hangars() -> None:
    """RT-16, RT-EX-6, RT-17: after the 12th trick the hangars start again from 0 in the next round."""
    state = table(droco="C11", p0="C2", p1="C12", p2="C3", trump="D8")
    state.up[1] = cards("A9 B9 D9")
    start(state)
    events = play(state, (1, "C12"), (2, "C3"), (0, "C2"))
    assert [e.kind for e in events][-3:] == ["trick-won", "round-scored", "round-started"]
    assert state.round == 1 and state.phase == "pass"
    assert state.view(None)["captures"][1] == {"up": [], "down": []}
    assert state.scores == [[0, 27 - 11, 0]]


def test_rt_ex_7_droco_wins() -> None:
    """RT-EX-7, RT-15: Droco's D5 beats P2 D3, P0 D4, P1 D2: each keeps their card face down."""
    state = table(droco="D5", p0="D4", p1="D2", p2="D3", trump="A8", round=2)
    events = start(state)
    assert played_by(events, DROCO) == ["D5"] and state.to_act() == [2]
    events = play(state, (2, "D3"), (0, "D4"), (1, "D2"))
    won = next(e for e in events if e.kind == "trick-won")
    assert won.winner == DROCO and won.captured is None and won.negatives == ("D4", "D2", "D3")
    assert state.scores[-1] == [-4, -2, -3]


def test_rt17_round_ends_when_hands_are_empty() -> None:
    """RT-17: the trick phase ends only when every hand is empty."""
    state = table(droco="A1 A2", p0="B1 B2", p1="C1 C2", p2="D1 D2", trump="D13")
    start(state)
    play(state, (1, "C1"), (2, "D1"), (0, "B1"))
    assert state.round == 0 and state.phase == "play"
    events = play(state, *[(s, hand(state, s)[0]) for s in state.to_act()])
    while state.round == 0:
        seat = state.to_act()[0]
        events += play(state, (seat, hand(state, seat)[0]))
    assert "round-scored" in [e.kind for e in events]
