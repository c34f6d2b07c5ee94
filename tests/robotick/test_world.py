"""A whole Robotick game made from one seat's view (RT-25: what a seat sees), for a searching
bot run away from the server: at every step of random games, for every seat, the world's own
view of that seat is the view it was made from, and it deals its hidden parts again as the
server's world does; a view changed on its way is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from robotable import games
from robotable.core.errors import RobotableError
from robotable.core.rng import Rng

GAME = games.get("robotick")


def as_sent(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))


def test_rt25_every_view_of_random_games_makes_a_world_that_shows_it_again() -> None:
    checked = 0
    for seed in range(6):
        state = GAME.new_state(GAME.validate_options({}), seed=seed, seats=3)
        moves = random.Random(seed)
        while not state.is_over():
            for seat in range(3):
                view = as_sent(state.view(seat))
                world = GAME.world_from_view(view, seed=checked)
                assert world is not None and as_sent(world.view(seat)) == view
                guessed = world.determinize(seat, Rng(checked))  # what a search plays out
                assert as_sent(guessed.view(seat)) == view
                checked += 1
            seat = state.to_act()[0]
            state.perform(seat, moves.choice(list(state.legal_actions(seat))))
    assert checked > 1000


def test_rt25_the_hidden_hands_are_guesses_not_the_true_ones() -> None:
    state = GAME.new_state(GAME.validate_options({}), seed=3, seats=3)
    view = as_sent(state.view(0))
    worlds = [GAME.world_from_view(view, seed=seed) for seed in range(5)]
    assert {tuple(world.hands[1]) for world in worlds} != {tuple(state.hands[1])}  # type: ignore[union-attr]
    assert all(world.hands[0] == state.hands[0] for world in worlds)  # type: ignore[union-attr]


def test_a_view_changed_on_its_way_is_refused() -> None:
    state = GAME.new_state(GAME.validate_options({}), seed=1, seats=3)
    view = as_sent(state.view(0))
    view["hand"] = [*view["hand"][:-1], view["droco_hand"][0][0]]  # a card Droco holds too
    with pytest.raises(RobotableError, match="no whole game shows it"):
        GAME.world_from_view(view)
    with pytest.raises(RobotableError, match="no whole game shows it"):
        GAME.world_from_view({"viewer": 0, "options": {}})
