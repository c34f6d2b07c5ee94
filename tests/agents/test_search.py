"""The search bot (ISMCTS): it never tells apart what its seat cannot, it repeats itself with
the same seed, and it plays whole games of every game within the contract."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.agents.search import SearchAgent, results
from robotable.core.game import REFEREE, Outcome, Seat, State
from robotable.core.rng import Rng
from robotable.play.table import agent_turn
from robotable.play.tournament import GameResult, play_one

HIDDEN = [
    ("robotick", {}, 3),
    ("dr2d", {"turn_limit": 3}, 2),
    ("delivery", {"turn_limit": 4}, 2),
    ("droids", {"scenario": 1}, 2),
]


def decision_point(game_id: str, options: dict, seats: int, seed: int, steps: int) -> tuple[State, Seat]:
    """A game played at random for about ``steps`` actions, stopped where a seat has a choice."""
    game = games.get(game_id)
    state = game.new_state(game.validate_options(options), seed=seed, seats=seats)
    rng = Rng(seed)
    for count in range(10_000):
        choosers = [s for s in state.to_act() if len(state.legal_actions(s)) > 1]
        if count >= steps and choosers:
            return state, choosers[0]
        acting = [s for s in state.to_act() if state.legal_actions(s)]
        if acting:
            seat = rng.choice(acting)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        elif state.timers():
            state.apply(REFEREE, state.timers()[0].action)
        else:
            break
    raise AssertionError(f"{game_id}: no decision after {steps} actions")


def turn_for(state: State, seat: Seat):
    return agent_turn(state, seat, [], 0.0, None, world=True)


@pytest.mark.parametrize(("game_id", "options", "seats"), HIDDEN, ids=[h[0] for h in HIDDEN])
@pytest.mark.parametrize("steps", [5, 25])
def test_two_positions_the_seat_cannot_tell_apart_get_the_same_decision(
    game_id: str, options: dict, seats: int, steps: int
) -> None:
    state, seat = decision_point(game_id, options, seats, seed=11, steps=steps)
    one, other = state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))
    assert one.view(seat) == other.view(seat)
    assert one.to_dict() != other.to_dict()  # the hidden parts (at least the chance) differ
    first, second = turn_for(one, seat), turn_for(other, seat)
    # the guess a bot is given depends on the view alone
    assert first.world is not None and second.world is not None
    assert first.world.to_dict() == second.world.to_dict()
    decisions = {SearchAgent(seed=7, iterations=40).act(turn) for turn in (first, second)}
    assert len(decisions) == 1


def test_the_same_seed_and_budget_give_the_same_decisions() -> None:
    state, seat = decision_point("robotick", {}, 3, seed=3, steps=12)
    turn = turn_for(state, seat)
    picks = [SearchAgent(seed=5, iterations=60).act(turn) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in turn.legal


def test_a_search_needs_its_world_and_a_budget() -> None:
    state, seat = decision_point("robotick", {}, 3, seed=3, steps=12)
    bare = agent_turn(state, seat, [], 0.0, None)
    with pytest.raises(Exception, match="must carry a world"):
        SearchAgent(iterations=5).act(bare)
    with pytest.raises(ValueError, match="budget"):
        SearchAgent(iterations=None, seconds=None)


def test_results_count_the_seats_beaten_and_half_the_ties() -> None:
    assert results(Outcome((3.0, 1.0, 2.0), (1, 3, 2))) == [1.0, 0.0, 0.5]
    assert results(Outcome((1.0, 1.0), (1, 1))) == [0.5, 0.5]
    assert results(Outcome((0.0,), (2,))) == [0.0]  # a lost solo game


WHOLE_GAMES = [
    ("robotick", {}, 3),
    ("dr2d", {"turn_limit": 2}, 2),
    ("delivery", {"turn_limit": 3}, 2),
    ("droids", {"scenario": 1}, 2),
    ("droids", {"scenario": 7, "killer_level": 1}, 1),
]


@pytest.mark.parametrize(("game_id", "options", "seats"), WHOLE_GAMES, ids=lambda v: str(v))
def test_search_bots_play_whole_games_through_a_match(game_id: str, options: dict, seats: int) -> None:
    game = games.get(game_id)

    def factory(_label: str, seat: int, seed: int) -> SearchAgent:
        return SearchAgent(iterations=4, seed=seed * 10 + seat, rollout_limit=120)

    checked = game.validate_options(options)

    def play() -> GameResult:
        lineup = ["search"] * seats
        return play_one(game, lineup, factory, seed=4, shift=0, options=checked, max_actions=20_000)

    result = play()
    assert result.ranks is not None and result.actions > 0
    again = play()
    assert again == result  # seeded bots with an iteration budget repeat the game exactly
