"""Hidden information: views and determinization (RT-25)."""

from __future__ import annotations

import json

from robotable.core.rng import Rng
from robotable.games.robotick.cards import DROCO, kind, name
from robotable.games.robotick.state import RobotickState, left_of

from .conftest import new, random_moves


def test_rt25_view_shows_public_and_own_only() -> None:
    """RT-25: a seat sees its own hand, Droco's, the trump and the captures; never another hand,
    the set-aside cards or cards passed between others."""
    state = new(seed=25)
    rng = Rng(25)
    random_moves(state, rng, lambda s: len(s.history) == 3)
    for seat in range(3):
        view = state.view(seat)
        text = json.dumps(view)
        assert view["hand"] == [name(c) for c in state.hands[seat]]
        assert view["droco_hand"] and view["trump_card"] == name(state.trump)
        for other in {0, 1, 2} - {seat}:
            unseen = set(state.hands[other]) - set(state.given[seat])  # its own gift it knows
            assert not any(f'"{name(c)}"' in text for c in unseen - _public(state))
        assert not any(f'"{name(c)}"' in text for c in state.aside)
    spectator = state.view(None)
    assert "hand" not in spectator and spectator["hand_sizes"] == [len(h) for h in state.hands]


def _public(state: RobotickState) -> set[int]:
    return set(state.hands[DROCO]) | {c for t in state.history for _, c in t["cards"]} | {state.trump}


def test_rt25_view_does_not_change_with_hidden_data() -> None:
    """RT-25: swapping two other players' hands or the set-aside pile leaves a seat's view alone."""
    state = new(seed=5)
    random_moves(state, Rng(5), lambda s: len(s.history) == 2)
    before = state.view(0)
    state.hands[1][0], state.aside[0] = state.aside[0], state.hands[1][0]
    assert state.view(0) == before


def check_world(state: RobotickState, seat: int | None, seed: int) -> None:
    world = state.determinize(seat, Rng(seed))
    assert world.view(seat) == state.view(seat)
    assert world.to_act() == state.to_act()
    if seat is not None:
        assert world.hands[seat] == state.hands[seat]
        assert world.legal_actions(seat) == state.legal_actions(seat)
        if state.phase == "play":  # cards it passed and that were not played stay with its left neighbour
            kept = [c for c in state.given[seat] if c in state.hands[left_of(seat)]]
            assert set(kept) <= set(world.hands[left_of(seat)])
    masks = state.voids()
    for player in range(3):
        assert len(world.hands[player]) == len(state.hands[player])
        assert not any(masks[player] >> kind(c) & 1 for c in world.hands[player])
    everything = [world.trump, *world.aside, *(c for h in world.hands for c in h)]
    played = [c for t in world.history for _, c in t["cards"]] + [c for _, c in world.trick]
    assert sorted(everything + played) == list(range(52))
    # and the world plays on
    if world.to_act():
        mover = world.to_act()[0]
        world.apply(mover, world.legal_actions(mover)[0])


def test_determinize_respects_voids_and_passed_cards() -> None:
    """RT-25: determinize(seat) deals only unseen cards, keeping shown voids and the seat's own gifts."""
    voids_seen = 0
    for seed in range(12):
        state = new(seed=seed)
        rng = Rng(seed)
        while not state.is_over() and state.round == 0:
            for seat in (0, 1, 2, None):
                check_world(state, seat, seed * 100 + len(state.history))
            voids_seen += any(state.voids()[:3])
            mover = rng.choice(state.to_act())
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert voids_seen > 100  # the constraint was really exercised


def test_determinize_hides_which_cards_others_hold() -> None:
    """RT-25: the unseen cards really are redealt (another world, same view)."""
    state = new(seed=3)
    random_moves(state, Rng(3), lambda s: s.phase == "play")
    worlds = {tuple(state.determinize(0, Rng(i)).hands[1]) for i in range(10)}
    assert len(worlds) > 5
    assert all(set(state.given[0]) <= set(hand) for hand in worlds)  # P0's gift stays with P1
