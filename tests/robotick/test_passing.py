"""Passing two cards to the left, secretly and simultaneously (RT-9, RT-26, RT-EX-12)."""

from __future__ import annotations

from robotable.games.robotick.actions import Pass
from robotable.games.robotick.cards import name, names

from .conftest import new, refused


def test_rt9_pass_two_cards_left_at_once() -> None:
    """RT-9: P0 -> P1, P1 -> P2, P2 -> P0; the cards change hands only when all three chose."""
    state = new(seed=9)
    before = [list(h) for h in state.hands]
    picks = {seat: before[seat][:2] for seat in range(3)}
    for seat in (2, 0, 1):  # any order: the choices are simultaneous
        assert seat in state.to_act()
        for c in picks[seat]:
            state.apply_text(seat, f"pass {name(c)}")
        assert state.phase == "pass" or seat == 1
        if seat != 1:
            assert state.hands == before  # nothing moves until everyone has chosen
    assert state.phase == "play"
    for seat in range(3):
        giver = (seat - 1) % 3
        expected = sorted(set(before[seat]) - set(picks[seat]) | set(picks[giver]))
        assert state.hands[seat] == expected and len(state.hands[seat]) == 12
        assert state.view(seat)["received"] == names(sorted(picks[giver]))
        assert state.view(seat)["given"] == names(sorted(picks[seat]))
    assert len(state.hands[3]) == 11  # Droco neither gives nor receives, and has led trick 1


def test_rt_ex_12_passing_refusals() -> None:
    """RT-EX-12, RT-26: three cards, a card not (yet) in hand, a second pass, passing later: refused."""
    state = new(seed=12)
    p0, p1 = state.hands[0], state.hands[1]
    state.apply_text(0, f"pass {name(p0[0])}")
    state.apply_text(0, f"pass {name(p0[1])}")
    # a card P0 passed to P1 is not P1's before the exchange completes
    assert "not in your hand" in refused(state, 1, f"pass {name(p0[0])}")
    state.apply_text(1, f"pass {name(p1[0])}")
    assert "already chose" in refused(state, 1, f"pass {name(p1[0])}")
    state.apply_text(1, f"pass {name(p1[1])}")
    assert "already passed your 2 cards" in refused(state, 1, f"pass {name(p1[2])}")  # a third card
    assert "already passed" in refused(state, 0, f"pass {name(p0[2])}")  # passing twice
    assert state.to_act() == [2]
    assert "first pass 2 cards" in refused(state, 2, name(state.hands[2][0]))  # playing too early
    state.apply_text(2, f"pass {name(state.hands[2][0])}")
    state.apply_text(2, f"pass {name(state.hands[2][1])}")
    seat = state.to_act()[0]
    assert "only before the first trick" in refused(state, seat, f"pass {name(state.hands[seat][0])}")


def test_rt9_received_cards_cannot_be_passed_on() -> None:
    """RT-9: once received, cards are in play; the passing step is over for the round."""
    state = new(seed=10)
    for seat in range(3):
        for c in list(state.hands[seat][:2]):
            state.apply(seat, Pass(c))
    received = state.given[0][0]  # now in P1's hand
    assert received in state.hands[1]
    assert Pass(received) not in state.legal_actions(1)


def test_rt9_pass_is_secret() -> None:
    """RT-9, RT-25: pass actions are secret; events show the cards only to giver and receiver."""
    state = new(seed=11)
    assert Pass.secret is True
    first = name(state.hands[0][0])
    events = state.apply_text(0, f"pass {first}")
    assert state.events_for(events, 0)[0]["card"] == first
    assert state.events_for(events, 1)[0]["card"] is None
    assert state.events_for(events, None)[0]["card"] is None
    assert state.view(1)["passes_chosen"] == [1, 0, 0] and "pass_chosen" not in state.view(None)
    assert state.view(0)["pass_chosen"] == [first]
    events = []
    for seat in range(3):
        for c in [c for c in state.hands[seat] if c not in state.chosen[seat]][: 2 - len(state.chosen[seat])]:
            events += state.apply(seat, Pass(c))
    exchange = [e for e in events if e.kind == "cards-passed"]
    assert [(e.giver, e.receiver) for e in exchange] == [(0, 1), (1, 2), (2, 0)]
    seen_by_2 = [d for d in state.events_for(events, 2) if d["kind"] == "cards-passed"]
    assert seen_by_2[0]["cards"] is None  # P0 -> P1 is none of P2's business
    assert seen_by_2[1]["cards"] is not None and seen_by_2[2]["cards"] is not None
