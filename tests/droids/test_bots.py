"""Bots: the heuristic first, plays every scenario, beats random in scenario 1."""

from __future__ import annotations

import pytest

from robotable.agents import RandomAgent
from robotable.play.clock import VirtualClock
from robotable.play.match import Match

from .conftest import GAME, board, new


def test_heuristic_is_first() -> None:
    assert next(iter(GAME.bots())) == "heuristic"


def play(scenario: int, seats: int, seed: int, heuristic_seats: set[int]):  # type: ignore[no-untyped-def]
    state = GAME.new_state({"scenario": scenario}, seed=seed, seats=seats)
    agents = [
        GAME.bots()["heuristic"]() if s in heuristic_seats else RandomAgent(seed=seed * 10 + s)
        for s in range(seats)
    ]
    return Match(GAME, state, agents, clock=VirtualClock()).run()


@pytest.mark.parametrize(("scenario", "seats"), [(1, 4), (2, 3), (3, 2), (4, 2), (5, 3), (6, 2), (7, 1)])
def test_heuristic_plays_every_scenario(scenario: int, seats: int) -> None:
    outcome = play(scenario, seats, 1, set(range(seats)))
    assert len(outcome.scores) == seats


def test_heuristic_beats_random_in_scenario_1() -> None:
    """Measured at 200/200 (2 players); here a quick sample of 20."""
    wins = sum(play(1, 2, seed, {seed % 2}).winners == (seed % 2,) for seed in range(20))
    assert wins >= 16


def test_state_from_view_matches_the_view() -> None:
    from robotable.games.droids.bots import state_from_view

    s = new(3, 3, seed=4)
    view = s.view(1)
    rebuilt = state_from_view(GAME, view).view(1)
    for key in ("robots", "objects", "emitters", "hand", "phase", "turn", "to_act", "eliminated", "scores"):
        assert rebuilt[key] == view[key], key


LABYRINTH = """
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
"""


def labyrinth(**pieces: tuple[int, int]):  # type: ignore[no-untyped-def]
    """Scenario 6 with Yellow and Red, and obstacles, where ``pieces`` say ('Y', 'R', 'o1'...)."""
    state = new(6)
    rows = [list(line.replace(" ", "")) for line in LABYRINTH.strip().splitlines()]
    for name, (x, y) in pieces.items():
        rows[y][x] = name[0]
    board(state, "\n".join("".join(row) for row in rows))
    return state


def test_reach_counts_the_steps_to_a_line_of_the_enemy() -> None:
    """DD-24, DD-29: a shot or a send-order token reaches along a row or a column."""
    from robotable.games.droids.bots import reach

    assert reach(labyrinth(Y=(2, 9), R=(2, 1)), 0, 1) == 0  # same column, the river between
    assert reach(labyrinth(Y=(1, 9), R=(9, 1)), 0, 1) == 8  # along row 9 to column 9
    # the river costs two: from (0,6) through (0,5) to row 3 at (0,3) is 4, not 3
    assert reach(labyrinth(Y=(0, 6), R=(9, 3)), 0, 1) == 4
    # walled in by the rock at (0,9) and two obstacles: no line can be reached
    assert reach(labyrinth(Y=(1, 9), R=(9, 1), o1=(2, 9), o2=(1, 8)), 0, 1) == 30


def test_labyrinth_search_plans_include_walking_towards_the_enemy() -> None:
    """Scenario 6: among the search's candidates is a plan after which the robot stands nearer
    a line of the enemy than after the heuristic's own (two heuristics sit on their sides of
    the river until the turn limit)."""
    from robotable.agents.decisions import Scripted, play_on
    from robotable.core.game import Turn
    from robotable.games.droids.bots import HeuristicBot, adopt, candidates, reach

    state = new(6, seed=1)
    while state.phase != "place":  # the draw, as the heuristic draws
        seat = state.to_act()[0]
        state.apply(seat, HeuristicBot().act(Turn(seat, state.view(seat), state.legal_actions(seat), GAME)))
    seat = state.to_act()[0]
    turn = Turn(seat, state.view(seat), state.legal_actions(seat), GAME)
    options = candidates(HeuristicBot(), turn, 8)
    reached = []
    for option in options:  # each played to the end of the turn, heuristics for the rest
        world = state.clone()
        bots = [HeuristicBot() for _ in range(world.seats)]
        adopt(bots[seat], turn, option)
        agents = list(bots)
        agents[seat] = Scripted(option, bots[seat])
        play_on(world, agents, None, lambda w: w.turn > state.turn)
        reached.append(reach(world, seat, 1 - seat))
    assert len(options) >= 3
    assert min(reached[1:]) < reached[0], reached
