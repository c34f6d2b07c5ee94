"""Ricochet bots: whole games, the three difficulty levels, hints (issue 3, item 5)."""

from __future__ import annotations

from robotable import games
from robotable.core.game import Turn, Wait
from robotable.core.records import Recorder
from robotable.games import replay
from robotable.games.ricochet.actions import Bid
from robotable.games.ricochet.board import cell_index
from robotable.games.ricochet.bots import BOTS, lone_robot_length, thinking_time
from robotable.games.ricochet.code import Puzzle
from robotable.play import Match, VirtualClock
from tests.ricochet.conftest import P1, P2, new

GAME = games.get("ricochet")


def turn(state, seat: int, now: float = 0.0) -> Turn:
    return Turn(seat, state.view(seat), state.legal_actions(seat), GAME, now)


def bot_game(names: list[str], options: dict, seed: int = 1) -> Match:
    recorder = Recorder(GAME, options, seed=seed, seats=[f"bot:{n}" for n in names])
    match = Match(GAME, recorder.state, [BOTS[n]() for n in names], VirtualClock(), recorder)
    match.run()
    return match


def test_two_perfect_bots_play_a_whole_default_game() -> None:
    """Issue 2: two bots play a whole game (8 chips with 2 players, RR-26), and it replays."""
    match = bot_game(["perfect", "perfect"], {})
    outcome = match.recorder.record.outcome
    assert outcome is not None and max(outcome.scores) == 8
    assert replay(match.recorder.record).outcome() == outcome


def test_perfect_bids_the_optimum_at_once() -> None:
    state = new(P1)
    assert BOTS["perfect"]().act(turn(state, 0)) == Bid(3)


def test_novice_sees_only_short_solutions() -> None:
    """The 25-move position is beyond a novice: it waits instead of bidding."""
    state = new("1A2A3A4A-8A44FF0F-RC")
    assert BOTS["novice"]().act(turn(state, 0)) == Bid(3)
    long_one = new("4B3B2B1A-2E03B221-BT")
    assert isinstance(BOTS["novice"]().act(turn(long_one, 0)), Wait)


LONE_IS_LONGER = "1B4B2A3A-BFC9BB7B-RC"  # optimum 3 with a blue helper; red alone needs 5


def test_human_bids_late_and_first_what_the_lone_robot_can_do() -> None:
    """A 'human' first sees red's lone 5-move path and bids it, later the 3-move optimum."""
    puzzle = Puzzle.parse(LONE_IS_LONGER)
    goal = puzzle.board().targets[puzzle.target]
    lone = lone_robot_length(puzzle.board(), puzzle.robot_cells(), 0, goal, True)
    assert lone == 5
    bot = BOTS["human"]()
    state = new(LONE_IS_LONGER)
    first = bot.act(turn(state, 0, now=0.0))
    assert isinstance(first, Wait) and first.until == thinking_time(lone) * 0.5
    assert bot.act(turn(state, 0, now=first.until)) == Bid(lone)
    state.apply(0, Bid(lone))
    later = bot.act(turn(state, 0, now=first.until))
    assert isinstance(later, Wait) and later.until > first.until
    assert bot.act(turn(state, 0, now=later.until)) == Bid(3)


def test_human_against_perfect_loses_the_race() -> None:
    match = bot_game(["human", "perfect"], {"chips_to_win": 3})
    assert match.recorder.record.outcome.winners == (1,)


def test_lone_robot_length_follows_the_ricochet_rule() -> None:
    """P2: red alone reaches the red circle in 1 without the rule, 3 with it (RR-EX-5)."""
    puzzle = Puzzle.parse(P2)
    args = (puzzle.board(), puzzle.robot_cells(), 0, cell_index(4, 1))
    assert lone_robot_length(*args, False) == 1
    assert lone_robot_length(*args, True) == 3


def test_solo_bot_solves_a_series_optimally() -> None:
    match = bot_game(["perfect"], {"puzzle": P1})
    results = match.state.results
    assert len(results) == 17
    assert all(r["solved"] and r["best"] == r["optimum"] for r in results)


def test_hint_first_tells_the_length_then_the_first_move() -> None:
    view = new(P1).view(0)
    assert GAME.hint(view, 1) == "the shortest solution takes 3 moves"
    assert GAME.hint(view, 2).startswith("a shortest solution starts with ")
    assert GAME.hint(view, 2).split(" starts with ")[1] in {"red W", "green E", "green W"}
