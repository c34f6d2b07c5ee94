"""Droco's choice of card: columns, criteria and their order (RT-18..RT-22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from robotable.games.robotick.cards import AiCard, cards, load_ai_cards, name
from robotable.games.robotick.droco import apply_criterion, candidates, choose, column_for

from .conftest import H, played_by, start, table

DECK = {ai.id: ai for ai in load_ai_cards()}
B = 1  # type index of B
NO_B = "A13 A6 A2 C11 C9 C4 C1 D12 D3"


def pick(ai: str | AiCard, hand: str, led: int | None) -> str:
    card = DECK[ai] if isinstance(ai, str) else ai
    return name(choose(card, cards(hand), led))


def test_rt18_column_by_situation() -> None:
    """RT-18: Ouvre when leading, Suit when holding the led type, Ne suit pas otherwise."""
    assert column_for(cards(H), None) == "open"
    assert column_for(cards(H), B) == "follow"
    assert column_for(cards(NO_B), B) == "no-follow"


def test_rt19_candidates() -> None:
    """RT-19: Suit takes only the led type; Ouvre and Ne suit pas take the whole hand."""
    assert sorted(name(c) for c in candidates(cards(H), "follow", B)) == ["B1", "B9"]
    assert len(candidates(cards(NO_B), "no-follow", B)) == 9
    assert len(candidates(cards(H), "open", None)) == 12


def test_rt20_criteria() -> None:
    """RT-20: Faible/Forte keep the weakest/strongest; Max/Min compare whole columns of candidate types."""
    hand = cards(H)
    assert [name(c) for c in apply_criterion("Faible", hand, hand)] == ["B1"]
    assert sorted(name(c) for c in apply_criterion("Forte", hand, hand)) == ["A10", "D10"]
    assert {name(c)[0] for c in apply_criterion("Max", hand, hand)} == {"A"}
    assert {name(c)[0] for c in apply_criterion("Min", hand, hand)} == {"B"}
    # only candidate types compete: A10 and D10 left, B (smallest) has no candidate
    pool = cards("A10 D10")
    assert [name(c) for c in apply_criterion("Min", pool, hand)] == ["D10"]


def test_rt_ex_1_suit_faible() -> None:
    """RT-EX-1: trump C, B9 led, Droco holds B12 B7 B3 among others: Suit/Faible plays B3."""
    assert pick("01", "A5 B12 B7 B3 C1 D9", B) == "B3"
    state = table(droco="A5 B12 B7 B3 C1 D9", p0="B9 A1", p1="A2 A3", p2="A4 A6", trump="C8", leader=0)
    events = state.apply_text(0, "B9")
    assert played_by(events, 3) == ["B3"]
    assert events[-1].column == "follow"


def test_rt_ex_2_ouvre_forte_then_min() -> None:
    """RT-EX-2: card 01 leading with H: Forte keeps A10 and D10, Min (A 4, D 3) plays D10."""
    assert pick("01", H, None) == "D10"


def test_rt_ex_2b_type_priority() -> None:
    """RT-EX-2b, RT-21: with A and D columns both of 4, Min ties and A before D plays A10."""
    assert pick("01", "A10 A8 A4 A2 B9 B1 C7 C5 D10 D6 D5 D2", None) == "A10"


EX10 = [
    ("01", "D10", "B1", "C1"),
    ("02", "B1", "B9", "C1"),
    ("03", "A10", "B1", "C1"),
    ("04", "B9", "B9", "D3"),
    ("05", "B1", "B1", "A13"),
    ("06", "A10", "B9", "C11"),
    ("07", "B1", "B1", "D12"),
    ("08", "A2", "B9", "A13"),
    ("09", "A10", "B1", "C1"),
    ("10", "B1", "B9", "C1"),
]


@pytest.mark.parametrize(("ai", "opens", "follows", "no_follow"), EX10)
def test_rt_ex_10_all_ten_ai_cards(ai: str, opens: str, follows: str, no_follow: str) -> None:
    """RT-EX-10: what each default AI card makes Droco play (lead with H, B led with H, B led without B)."""
    assert (pick(ai, H, None), pick(ai, H, B), pick(ai, NO_B, B)) == (opens, follows, no_follow)


def test_rt_ex_11_column_criterion_first() -> None:
    """RT-EX-11: Max/Forte plays A9, Max/Faible plays A1, Forte/Max plays D12 at once."""
    hand = "A9 A5 A2 A1 B4 C9 C6 C2 C1 D12 D7 D3"
    assert (pick("03", hand, None), pick("08", hand, None), pick("06", hand, None)) == ("A9", "A1", "D12")


def test_rt_ex_16_strength_ignores_trump() -> None:
    """RT-EX-16, RT-20: card 02, trump A, B led, Droco holds A1 C5 D3: Faible keeps A1, a trump."""
    assert pick("02", "A1 C5 D3", B) == "A1"
    state = table(
        ai="02", trump="A7", droco="A1 C5 D3", p0="B5 B6 B7", p1="B8 B9 B10", p2="B11 B12 B13", leader=0
    )
    events = state.apply_text(0, "B5")
    assert played_by(events, 3) == ["A1"]
    events = state.apply_text(1, "B8") + state.apply_text(2, "B11")
    won = [e for e in events if e.kind == "trick-won"]
    assert [e.winner for e in won] == [3]  # the trump A1 won it


def test_rt_ex_17_engine_fallback(tmp_path: Path) -> None:
    """RT-EX-17, RT-21: Ouvre = Max with no secondary: Max keeps A and C, priority A, fallback weakest: A5."""
    path = tmp_path / "ai.txt"
    path.write_text("X1 | Faible - | Faible - | Max -\nX2 | Forte | Forte | Forte\nX3 | Faible | Min | Min\n")
    deck = load_ai_cards(str(path))
    assert deck[0].open == ("Max",)
    assert pick(deck[0], "A9 A5 C9 C6 D1", None) == "A5"


def test_rt21_secondary_skipped_when_primary_decides() -> None:
    """RT-21: the secondary line applies only when the primary leaves several candidates."""
    # card 06 Ouvre = Forte / Max: Forte alone keeps D12, although A is the biggest column
    assert pick("06", "A9 A5 A2 A1 B4 D12", None) == "D12"


def test_rt22_droco_always_follows() -> None:
    """RT-22, RT-14: whatever the AI card, Droco plays a card of the led type when it holds one."""
    for ai in DECK.values():
        assert name(choose(ai, cards(H), 2))[0] == "C"


def test_rt14_engine_plays_droco_at_its_turn() -> None:
    """RT-14: when Droco is due the engine plays for it; no human can play its card."""
    state = table(droco=H, p0="D13 A5", p1="D12 A11", p2="C2 A13")
    events = start(state)
    assert played_by(events, 3) == ["D10"] and events[0].column == "open"
    assert state.to_act() == [1]
