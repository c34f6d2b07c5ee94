"""Invariants over seeded random games of every scenario: tokens are conserved, one robot
per cell, objects never under robots, states survive JSON and cloning, views hide hands."""

from __future__ import annotations

import json

import pytest

from robotable.core.game import REFEREE
from robotable.core.rng import Rng
from robotable.games.droids.tokens import full_bins

from .conftest import GAME


def tokens_in_play(s) -> int:  # type: ignore[no-untyped-def]
    on_emitters = sum(1 for ems in s.emitters for em in ems for t in em[1:] if t)
    return sum(s.bins.values()) + sum(len(h) for h in s.hands) + on_emitters


@pytest.mark.parametrize(("scenario", "seats"), [(1, 3), (2, 4), (3, 2), (4, 3), (5, 2), (6, 2), (7, 1)])
def test_random_games_keep_the_invariants(scenario: int, seats: int) -> None:
    """DD-6, DD-18, DD-3, DD-4, DD-46."""
    for seed in range(3):
        s = GAME.new_state({"scenario": scenario}, seed=seed, seats=seats)
        total = sum(full_bins(s.scenario.removed).values())
        rng = Rng(seed)
        while s.outcome() is None:
            assert tokens_in_play(s) == total
            cells = [r.cell for r in s.robots if r.cell >= 0]
            assert len(cells) == len(set(cells))
            assert not set(cells) & set(s.objects)
            assert all(not s.board.is_rock(c) for c in cells)
            actors = s.to_act()
            seat = actors[0] if actors else REFEREE
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        again = GAME.state_from_dict(json.loads(s.to_json()))
        assert again == s and s.clone() == s


def test_timer_only_while_someone_chooses() -> None:
    """DD-25: the referee's 'auto' exists only while a damaged or repaired player chooses."""
    s = GAME.new_state({}, seed=1, seats=2)
    assert s.timers() == [] and s.legal_actions(REFEREE) == []
    s.pending_hits = [[1, "damage", 2]]
    assert [str(a) for a in s.legal_actions(REFEREE)] == ["auto"] and s.to_act() == [1]
    assert s.timers()[0].seconds == 30.0


def test_hint_names_an_action() -> None:
    s = GAME.new_state({}, seed=2, seats=2)
    seat = s.to_act()[0]
    assert "would play 'obstacle" in GAME.hint(s.view(seat), 1)
    assert GAME.hint(s.view(1 - seat), 1) == "it is not your turn"
