"""Seeded variety: a seeded bot draws among equally good choices with its own generator.

A 2-player DR2D game's seed draws only the seat order (DR-4) and the fumbles (DR-11); the
board, the law tiles (DR-3) and the start tiles are the board file's, and the robots are
placed by choice (DR-7). Bots that always took the first of equal programs therefore played
the same few games over and over whatever the seed; a seeded heuristic, and the search
levels' guesses of the other robot's secret program, now draw among the equals instead.
"""

from __future__ import annotations

from robotable.agents.levels import bots_of
from robotable.core.game import Agent, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.dr2d import GAME
from robotable.games.dr2d.bots import HeuristicBot, Planner, planned, refine
from robotable.games.dr2d.state import DR2DState
from robotable.play.clock import VirtualClock
from robotable.play.match import Match, Played
from robotable.play.tournament import bot_agent
from tests.dr2d.conftest import game_with

TIED = [((10, 6), "N"), ((9, 11), "N")]
"""Seat 0 on (10,6) facing N: four programs reach the best score (checked below)."""


def first_program(bot: HeuristicBot, state: DR2DState) -> list[int]:
    """The registers ``bot`` writes for seat 0 of ``state`` (a copy is played)."""
    state = state.clone()
    while len(state.drafts[0]) < 5:
        action = bot.act(Turn(0, state.view(0), state.legal_actions(0), GAME))
        assert not isinstance(action, Wait)
        state.apply(0, action)
    return list(state.drafts[0])


def test_a_seeded_heuristic_writes_one_of_the_equally_best_programs_and_not_always_the_same() -> None:
    state = game_with(TIED)
    planner = Planner(state.view(0), 0)
    ranked = planner.ranked_programs()
    best = planner.best_programs(ranked)
    assert best is not None and len(best) >= 3
    value = {tuple(program): score for score, program in ranked}
    assert all(abs(value[tuple(p)] - ranked[0][0]) < 1e-9 for p in best)  # no weaker program
    chosen = [first_program(HeuristicBot(seed=seed), state) for seed in range(12)]
    assert all(program in best for program in chosen)
    assert len({tuple(p) for p in chosen}) >= 2
    # the same seed writes the same program
    assert first_program(HeuristicBot(seed=5), state) == chosen[5]


def test_without_a_seed_the_heuristic_takes_the_first_best_program_as_before() -> None:
    state = game_with(TIED)
    best = Planner(state.view(0), 0).best_programs()
    assert best is not None
    assert first_program(HeuristicBot(), state) == best[0] == planned(state.view(0), 0)


def play(agents: list[Agent], seed: int, **options: int) -> tuple[tuple[int, str], ...]:
    """A whole game of ``agents`` (6 turns unless told), as its seats and actions."""
    state = GAME.new_state({"turn_limit": 6, **options}, seed=seed, seats=len(agents))
    played: list[Played] = []
    Match(GAME, state, agents, VirtualClock(), on_events=played.append).run()
    return tuple((p.seat, str(p.action)) for p in played)


def test_one_game_seed_gives_different_games_to_differently_seeded_heuristics() -> None:
    """The game's seed fixed (same seat order, same fumble draws): only the bots' seeds vary."""
    games = [play([HeuristicBot(seed=s), HeuristicBot(seed=s + 100)], seed=7) for s in range(6)]
    assert len(set(games)) >= 4
    assert play([HeuristicBot(seed=2), HeuristicBot(seed=102)], seed=7) == games[2]
    unseeded = {play([HeuristicBot(), HeuristicBot()], seed=7) for _ in range(2)}
    assert len(unseeded) == 1


def test_the_search_guesses_one_of_the_other_robots_best_programs_and_counts_it_locked() -> None:
    """DR-10: the other robot writes its program without seeing ours, so the guess is played
    as submitted; where it has several equal best programs, the search's generator picks."""
    state = game_with(list(reversed(TIED)))  # seat 1 is the tied robot, seat 0 searches
    best = Planner(state.view(1), 1).best_programs()
    assert best is not None and len(best) >= 3
    guesses = set()
    for seed in range(12):
        world = state.determinize(0, Rng(seed))
        refine(world, 0, Rng(seed))
        assert world.locked[1] and world.drafts[1] in best
        guesses.add(tuple(world.drafts[1]))
    assert len(guesses) >= 2


def test_the_search_levels_vary_with_their_seeds() -> None:
    """``hard`` (seat 1, so the heuristic's program is locked when it guesses) against a seeded
    heuristic on one game seed: hard's own seed changes the game; a seeded game still repeats
    exactly through the tournament's factory."""
    hard = bots_of(GAME)["hard"]
    games = {play([HeuristicBot(seed=1), hard(seed=s)], seed=3, turn_limit=6) for s in range(3)}
    assert len(games) >= 2
    twice = {
        play([bot_agent(GAME, "bot:heuristic", 0, 9), bot_agent(GAME, "bot:hard", 1, 9)], 9, turn_limit=3)
        for _ in range(2)
    }
    assert len(twice) == 1


def test_the_medium_level_is_the_seeded_heuristic() -> None:
    """``medium`` gets its seed (the ladder measures it as ``bot:heuristic`` with that seed):
    its games vary with the seed, and a seed repeats its game."""
    medium = bots_of(GAME)["medium"]
    games = [play([medium(seed=s), medium(seed=s + 100)], seed=7) for s in range(4)]
    assert len(set(games)) >= 3
    assert play([medium(seed=1), medium(seed=101)], seed=7) == games[1]
    assert games[2] == play([HeuristicBot(seed=2), HeuristicBot(seed=102)], seed=7)
