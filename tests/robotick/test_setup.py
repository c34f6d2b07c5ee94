"""Setting up a game and a round (RT-1..RT-8)."""

from __future__ import annotations

import pytest

from robotable.core.errors import InvalidOptions
from robotable.core.rng import Rng
from robotable.games.robotick.cards import DECK, DROCO, card, kind, load_ai_cards, load_pv, name, strength
from robotable.games.robotick.state import seating

from .conftest import GAME, new, random_moves


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_rt1_exactly_three_humans(seats: int) -> None:
    """RT-1, RT-26: a game with other than 3 humans is refused."""
    with pytest.raises(InvalidOptions, match="exactly 3 players"):
        GAME.new_state({}, seed=0, seats=seats)
    assert new().to_act() == [0, 1, 2]


def test_rt2_cards_and_pv_table() -> None:
    """RT-2: 52 cards, types A-D with strengths 1-13; PV from a table (default PV = strength)."""
    assert sorted(name(c) for c in range(DECK)) == sorted(f"{t}{s}" for t in "ABCD" for s in range(1, 14))
    assert all(load_pv()[c] == strength(c) for c in range(DECK))
    fifteen = load_pv(None, "fifteen")
    assert [fifteen[card(f"C{s}")] for s in (10, 11, 12, 13)] == [10, 12, 13, 15]


def test_rt3_ai_deck() -> None:
    """RT-3: ten AI cards, each column with a primary and an optional secondary criterion."""
    deck = load_ai_cards()
    assert [ai.id for ai in deck] == [f"{i:02d}" for i in range(1, 11)]
    assert deck[0].follow == ("Faible",) and deck[0].no_follow == ("Faible", "Max")
    assert deck[0].open == ("Forte", "Min")


def test_rt4_three_rounds_of_twelve_tricks() -> None:
    """RT-4, RT-17: a game is 3 rounds of 12 tricks, each round scored, then it ends."""
    state = new(seed=4)
    events = random_moves(state, Rng(4), lambda s: False)
    kinds = [e.kind for e in events]
    assert kinds.count("trick-won") == 36
    assert kinds.count("round-scored") == 3
    assert kinds.count("round-started") == 2  # rounds 2 and 3; round 1 starts with the game
    assert kinds[-1] == "game-over" and state.is_over() and state.to_act() == []


def test_rt5_droco_seat_moves_each_round() -> None:
    """RT-5: Droco sits between P0/P1, then P1/P2, then P2/P0."""
    assert [seating(r) for r in range(3)] == [[0, DROCO, 1, 2], [0, 1, DROCO, 2], [0, 1, 2, DROCO]]


def test_rt_ex_8_trick_one_order() -> None:
    """RT-EX-8, RT-11: trick 1 goes Droco, P1, P2, P0 / Droco, P2, P0, P1 / Droco, P0, P1, P2."""
    state = new(seed=8)
    orders = []
    for r in range(3):
        state.round = r
        order = [DROCO]
        while len(order) < 4:
            order.append(state.next_player(order[-1]))
        orders.append(order)
    assert orders == [[DROCO, 1, 2, 0], [DROCO, 2, 0, 1], [DROCO, 0, 1, 2]]
    # and in a real game: after passing, Droco has led and the next human acts
    state = new(seed=8)
    rng = Rng(8)
    for expected in ([1], [2], [0]):
        random_moves(state, rng, lambda s: s.phase == "play")
        assert state.to_act() == expected and [p for p, _ in state.trick] == [DROCO]
        current = state.round
        random_moves(state, rng, lambda s, r=current: s.round != r)


def test_rt6_ai_card_each_round_differs() -> None:
    """RT-6: one AI card is drawn per round and never returned."""
    state = new(seed=6)
    rng = Rng(6)
    drawn = []
    for r in range(3):
        drawn.append(state.ai_card.id)
        assert state.view(None)["ai_cards_drawn"] == drawn
        random_moves(state, rng, lambda s, r=r: s.round != r)
    assert len(set(drawn)) == 3


def test_rt_ex_15_fixed_ai_card() -> None:
    """RT-EX-15, RT-6: with fixed_ai_card the round-1 card governs rounds 2 and 3."""
    for seed in range(5):
        state = new(seed=seed, fixed_ai_card=True)
        rng = Rng(seed)
        first = state.ai_card.id
        for r in range(3):
            assert state.ai_card.id == first
            random_moves(state, rng, lambda s, r=r: s.round != r)
        assert state.view(None)["ai_cards_drawn"] == [first]


def test_rt7_deal() -> None:
    """RT-7: trump card face up, 3 set aside, 12 to each human and to Droco; all 52 distinct."""
    state = new(seed=7)
    everything = [state.trump, *state.aside, *(c for h in state.hands for c in h)]
    assert sorted(everything) == list(range(DECK))
    assert [len(h) for h in state.hands] == [12, 12, 12, 12] and len(state.aside) == 3
    view = state.view(None)
    assert view["trump_card"] == name(state.trump) and view["trump"] == "ABCD"[kind(state.trump)]


def test_rt8_droco_hand_open_in_columns() -> None:
    """RT-8: Droco's hand is public, in columns A-D, strongest first."""
    state = new(seed=3)
    columns = state.view(1)["droco_hand"]
    assert sum(len(col) for col in columns) == 12
    for letter, col in zip("ABCD", columns, strict=True):
        assert all(c[0] == letter for c in col)
        assert [int(c[1:]) for c in col] == sorted((int(c[1:]) for c in col), reverse=True)
    assert sorted(card(c) for col in columns for c in col) == state.hands[DROCO]
