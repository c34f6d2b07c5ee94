"""Material and setup (RD-1..RD-5, RD-7, RD-8)."""

from __future__ import annotations

from collections import Counter

import pytest

from robotable.core.errors import InvalidOptions

from .conftest import BLUE, GREEN, RED, YELLOW, new, where

DEFAULT_DECK = {"FWD": 4, "BACK": 2, "SL": 2, "SR": 2, "RL": 2, "RR": 2, "UT": 1, "LOOP": 2, "LASER": 1}


def cycle(state, seat: int) -> Counter:
    return Counter(state.hands[seat] + state.draw[seat] + state.discard[seat])


def test_rd_1_two_to_four_players() -> None:
    """RD-1: 2 to 4 players, one colour each."""
    for seats in (2, 3, 4):
        state = new(seats)
        assert [p["colour"] for p in state.view(None)["players"]] == ["red", "blue", "green", "yellow"][
            :seats
        ]
    for seats in (1, 5):
        with pytest.raises(InvalidOptions, match="2 to 4"):
            new(seats)


def test_rd_4_decks_and_bug_pile() -> None:
    """RD-4: 20 cards per deck (the default composition) and 16 bugs; bug_pile is an option."""
    state = new(4)
    for seat in range(4):
        counts = cycle(state, seat)
        assert sum(counts.values()) == 20
        assert {k: v for k, v in counts.items() if not k.startswith("FN-")} == DEFAULT_DECK
    assert state.bug_pile == 16
    assert new(bug_pile=3).bug_pile == 3


def test_rd_ex_14_setup_gift_three_players() -> None:
    """RD-EX-14, RD-7: Red gives FN-A to Blue, Blue FN-B to Green, Green FN-C to Red."""
    state = new(3)
    functions = [sorted(c for c in cycle(state, s).elements() if c.startswith("FN-")) for s in range(3)]
    assert functions == [["FN-A", "FN-C"], ["FN-A", "FN-B"], ["FN-B", "FN-C"]]


def test_rd_ex_14_setup_gift_two_players() -> None:
    """RD-EX-14: two players: Red FN-A, FN-B; Blue FN-B, FN-A."""
    state = new(2)
    functions = [sorted(c for c in cycle(state, s).elements() if c.startswith("FN-")) for s in range(2)]
    assert functions == [["FN-A", "FN-B"], ["FN-A", "FN-B"]]


def test_rd_7_pawns_hands_and_first_player() -> None:
    """RD-7: start points in seat order with their facings, hands of 6, a random first player."""
    state = new(4)
    assert where(state, RED) == ((0, 4), "E")
    assert where(state, BLUE) == ((8, 6), "W")
    assert where(state, GREEN) == ((8, 4), "W")
    assert where(state, YELLOW) == ((0, 6), "E")
    assert [len(h) for h in state.hands] == [6] * 4
    assert [len(d) for d in state.draw] == [14] * 4
    firsts = {new(3, seed=seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}
    assert [len(h) for h in new(hand_size=8).hands] == [8, 8]


def test_rd_3_pawns_and_parcels_at_start() -> None:
    """RD-3: a pawn has a cell and a facing; nobody holds or has delivered a parcel."""
    view = new(3).view(None)
    assert [(p["parcel"], p["delivered"]) for p in view["players"]] == [(False, 0)] * 3
    assert view["players"][0]["facing"] == "E"


def test_rd_5_one_board_per_colour_by_default() -> None:
    """RD-5: each colour owns the board of its letter; per_player_ad gives four each."""
    state = new(3)
    assert [list(b) for b in state.fboards] == [["A"], ["B"], ["C"]]
    state = new(2, function_boards="per_player_ad")
    assert [list(b) for b in state.fboards] == [["A", "B", "C", "D"]] * 2
    assert state.view(None)["function_boards"][5] == {"owner": 1, "letter": "B", "slots": [[], [], [], []]}


def test_rd_6_boards_have_four_slots() -> None:
    """RD-6: onPlay and function boards have 4 slots."""
    state = new()
    assert len(state.program[RED]) == 4 and len(state.fboards[RED]["A"]) == 4


def test_rd_8_rounds_are_numbered_from_one() -> None:
    """RD-8: a round is programming, resolution, draw; then the token passes."""
    state = new()
    assert state.round == 1 and state.view(None)["phase"] == "programming"


def test_same_seed_same_game() -> None:
    """Chance uses the game's seeded generator: same seed, same state."""
    assert new(4, seed=9) == new(4, seed=9)
    assert new(4, seed=9) != new(4, seed=10)
