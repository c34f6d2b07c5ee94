"""Difficulty levels: every game offers easy, medium, hard and expert; each plays whole games
and repeats them with the same seed; the hard level of a game with secrets decides from its
seat's view alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from robotable import games
from robotable.agents.levels import LEVELS, NoisyAgent, bots_of
from robotable.agents.search import SearchAgent
from robotable.core.game import Action, Agent, Outcome, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.play.tournament import GameResult, bot_agent, play_one
from tests.agents.test_search import HIDDEN, decision_point, turn_for

SHORT_GAMES = [
    ("robotick", {}, 3),
    ("dr2d", {"turn_limit": 2}, 2),
    ("delivery", {"turn_limit": 3}, 2),
    ("droids", {"scenario": 1, "turn_limit": 2}, 2),
]
TINY = 3
"""Iterations per decision of the search levels in these tests (the levels' own are larger)."""


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_offers_the_four_levels_and_each_takes_a_seed(game_id: str) -> None:
    bots = bots_of(games.get(game_id))
    assert set(LEVELS) <= set(bots)
    for name in bots:
        agent = bots[name](seed=5)
        assert callable(agent.act)


def test_ricochet_levels_are_its_solver_bots_by_depth() -> None:
    from robotable.games.ricochet.bots import LEVEL_OF

    assert LEVEL_OF == {"easy": "novice", "medium": "human", "hard": "bfs", "expert": "perfect"}
    assert games.get("ricochet").bots()["expert"]().name == "perfect"


def small(game_id: str) -> Callable[[str, int, int], Agent]:
    """Agents as a tournament makes them, the search levels with a tiny budget."""
    game = games.get(game_id)

    def factory(label: str, seat: int, seed: int) -> Agent:
        level = label.removeprefix("bot:")
        if level in ("hard", "expert"):
            return bots_of(game)[level](seed=seed * 1000 + seat, iterations=TINY)
        return bot_agent(game, label, seat, seed)

    return factory


@pytest.mark.parametrize(("game_id", "options", "seats"), SHORT_GAMES, ids=[g[0] for g in SHORT_GAMES])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_game_and_repeats_it(
    game_id: str, options: dict[str, Any], seats: int, level: str
) -> None:
    game = games.get(game_id)
    lineup = [f"bot:{level}"] + ["bot:medium"] * (seats - 1)
    checked = game.validate_options(options)

    def play() -> GameResult:
        return play_one(game, lineup, small(game_id), seed=9, shift=0, options=checked, max_actions=20_000)

    result = play()
    assert result.ranks is not None and result.actions > 0
    assert play() == result


def test_a_search_level_is_a_search_with_its_budget_unless_told() -> None:
    bots = bots_of(games.get("robotick"))
    hard, expert = bots["hard"](), bots["expert"]()
    assert isinstance(hard, SearchAgent) and isinstance(expert, SearchAgent)
    assert hard.iterations is not None and expert.iterations is not None
    assert hard.iterations < expert.iterations
    assert bots["hard"](iterations=7).iterations == 7


@pytest.mark.parametrize(("game_id", "options", "seats"), HIDDEN, ids=[h[0] for h in HIDDEN])
def test_the_hard_level_decides_from_its_view_alone(game_id: str, options: dict, seats: int) -> None:
    state, seat = decision_point(game_id, options, seats, seed=11, steps=15)
    one, other = state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))
    assert one.view(seat) == other.view(seat) and one.to_dict() != other.to_dict()
    make = bots_of(games.get(game_id))["hard"]
    decisions = {make(seed=7, iterations=20).act(turn_for(world, seat)) for world in (one, other)}
    assert len(decisions) == 1


class Scripted:
    """Always the first legal action: whatever else a noisy agent plays is its own choice."""

    name = "scripted"

    def act(self, turn: Turn) -> Action | Wait:
        return turn.legal[0]


def programming_with_undo() -> Turn:
    """A DR2D seat halfway through its program: ``undo`` is among its actions."""
    game = games.get("dr2d")
    state = game.new_state(game.validate_options({}), seed=2, seats=2)
    rng = Rng(2)
    while True:
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            if any(game.takes_back(a) for a in legal) and len(legal) >= 3:
                return turn_for(state, seat)
        acting = [s for s in state.to_act() if state.legal_actions(s)]
        seat = rng.choice(acting)
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if not game.takes_back(a)]))


def test_easy_plays_a_seeded_share_of_random_moves_never_a_take_back() -> None:
    turn = programming_with_undo()
    own = turn.legal[0]
    undo = next(a for a in turn.legal if turn.game.takes_back(a))
    assert own != undo

    def picks(seed: int) -> list[Action | Wait]:
        noisy = NoisyAgent(Scripted(), share=0.5, seed=seed)
        return [noisy.act(turn) for _ in range(200)]

    chosen = picks(3)
    assert chosen == picks(3)
    assert 60 < chosen.count(own) < 160  # about half its own, half random (a random pick may match)
    assert undo not in chosen
    with pytest.raises(ValueError, match="between 0 and 1"):
        NoisyAgent(Scripted(), share=1.5)


class Suggests:
    """A prior that always suggests one action."""

    name = "suggests"

    def __init__(self, action: Action) -> None:
        self.action = action

    def act(self, turn: Turn) -> Action | Wait:
        return self.action


def test_the_heuristics_move_stands_unless_the_search_overrules_it_clearly() -> None:
    state, seat = decision_point("robotick", {}, 3, seed=4, steps=12)
    turn = turn_for(state, seat)
    plain = SearchAgent(seed=3, iterations=30).act(turn)
    other = next(a for a in turn.legal if a != plain)
    # overrule 0: the prior changes nothing; overrule 1: nothing can beat the prior's move
    assert SearchAgent(seed=3, iterations=30, prior=Suggests(other), overrule=0.0).act(turn) == plain
    assert SearchAgent(seed=3, iterations=30, prior=Suggests(other), overrule=1.0).act(turn) == other


def test_a_rollout_cut_short_is_judged_by_the_estimate() -> None:
    state, seat = decision_point("robotick", {}, 3, seed=4, steps=12)
    judged: list[int] = []

    def estimate(world: State) -> Outcome:
        judged.append(1)
        return Outcome.from_scores([0.0] * world.seats)

    SearchAgent(seed=3, iterations=10, rollout_limit=5, estimate=estimate).act(turn_for(state, seat))
    assert len(judged) == 10
    SearchAgent(seed=3, iterations=10, estimate=estimate).act(turn_for(state, seat))
    assert len(judged) == 10  # rollouts that reach the end are not estimated
