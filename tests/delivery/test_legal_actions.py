"""legal_actions against the rules it summarises (RD-6, RD-9..RD-11, RD-29): in states met along
seeded random games, it lists exactly the actions check_rules accepts, in the documented order
(card by card then slot; takes; board, slot, card; submit). Seeded games and golden records
depend on that order, so the fast construction of the list must keep it."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.core.game import Action
from robotable.core.rng import Rng
from robotable.games.delivery.actions import SUBMIT, PlaceFunction, Program, Take
from robotable.games.delivery.cards import ALL_CARDS, SLOTS, sort_cards
from robotable.games.delivery.state import DeliveryState

from .conftest import new


def accepted(state: DeliveryState, seat: int, action: Action) -> bool:
    try:
        state.check_rules(seat, action)
    except IllegalAction:
        return False
    return True


def reference_legal(state: DeliveryState, seat: int) -> list[Action]:
    """Every well-formed candidate, in the documented order, kept when the rules accept it."""
    slots = range(1, SLOTS + 1)
    kinds = sort_cards(set(state.hands[seat]))
    candidates: list[Action] = [Program(slot, card) for card in kinds for slot in slots]
    candidates += [Take(slot) for slot in slots]
    candidates += [
        PlaceFunction(letter, slot, card)
        for letter in state.fboards[seat]
        for slot in slots
        for card in kinds
    ]
    candidates.append(SUBMIT)
    return [action for action in candidates if accepted(state, seat, action)]


@pytest.mark.parametrize(
    ("seats", "boards", "seed"),
    [(2, "per_colour", 0), (3, "per_colour", 1), (2, "per_player_ad", 2), (4, "per_player_ad", 3)],
)
def test_legal_actions_are_what_the_rules_accept_in_order(seats: int, boards: str, seed: int) -> None:
    state = new(seats, seed=seed, function_boards=boards)
    rng = Rng(seed)
    checked = placements = 0
    for _ in range(1500):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        assert legal == reference_legal(state, seat)
        checked += 1
        placements += any(isinstance(action, PlaceFunction) for action in legal)
        state.apply(seat, rng.choice(legal))
    assert checked > 300 and placements > 0  # the walk met many states, function placements among them


def test_every_card_has_ready_made_actions() -> None:
    """A hand of every card kind: each is offered in every empty slot, LOOP in full ones too."""
    state = new()
    state.hands[0] = list(ALL_CARDS)
    state.program[0] = [["FWD"], ["LOOP"], [], []]
    legal = state.legal_actions(0)
    assert legal == reference_legal(state, 0)
    assert Program(1, "LOOP") in legal and Program(1, "FWD") not in legal and Program(2, "FWD") in legal
