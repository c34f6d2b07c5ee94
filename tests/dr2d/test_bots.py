"""Bots: the heuristic bot plays legal moves from its view alone and beats random players."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.agents import RandomAgent
from robotable.agents.levels import bots_of
from robotable.core.game import Action, Agent, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.dr2d import GAME, bots
from robotable.games.dr2d.actions import LOCK, REGISTERS
from robotable.games.dr2d.bots import HeuristicBot, Planner, candidates, law_distances, planned
from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.state import DR2DState
from robotable.play.clock import VirtualClock
from robotable.play.match import Match
from tests.agents.test_search import turn_for
from tests.dr2d.conftest import DEFAULT, game_with


def decision_state() -> tuple[DR2DState, int]:
    """Two robots face to face, seat 0 to program: their programs meet."""
    return game_with([((4, 2), "E"), ((5, 2), "W")]), 0


def test_heuristic_is_the_first_bot() -> None:
    assert next(iter(GAME.bots())) == "heuristic"


def test_law_distances_respect_walls() -> None:
    dist = law_distances(DEFAULT)
    assert dist[0][DEFAULT.laws[0]] == 0
    # (10,5) is next to law 2 at (9,5); the wall S of (5,0) makes (5,0) 4 moves from law 1 at (5,2)
    assert dist[1][10 + 5 * 12] == 1 and dist[0][5] == 4


def test_planner_walks_onto_a_law_and_stays() -> None:
    """From (4,2) facing E the law 1 tile is one step away: the plan ends the turn there."""
    state = game_with([((4, 2), "E"), ((9, 10), "N")])
    plan = Planner(state.view(0), 0).decide()
    assert plan is not None and LETTERS[plan[0]] == "N"


def test_planner_takes_standby_when_broken_and_far() -> None:
    """With PC 2, stuck in a pit for the whole turn, a voluntary standby beats any program."""
    state = game_with([((2, 9), "N", 2), ((9, 10), "N")])
    state.fleet.skip[0] = 5
    assert Planner(state.view(0), 0).decide() is None


def test_a_remembered_plan_is_the_planners_and_a_copy() -> None:
    """The search levels replay the heuristic from the same positions: its plan is remembered
    by position, and handing it out twice must not let one caller change the other's."""
    state = game_with([((4, 2), "E"), ((9, 10), "N")])
    first = planned(state.view(0), 0)
    assert first == Planner(state.view(0), 0).decide()
    assert first is not None
    first[0] = 4
    assert planned(state.view(0), 0) == Planner(state.view(0), 0).decide()


def test_the_search_levels_answer_the_program_the_other_robot_would_write() -> None:
    """DR2D's candidates: the heuristic's program first, then the best answers to the other
    robot's expected program (the heuristic's, from public facts), all whole programs."""
    state = game_with([((4, 2), "E"), ((5, 2), "W")])
    turn = Turn(0, state.view(0), state.legal_actions(0), GAME)
    found = candidates(HeuristicBot(), turn, 5)
    mine = Planner(state.view(0), 0).decide()
    assert mine is not None and found[0] == [*(REGISTERS[c] for c in mine), LOCK]
    theirs = planned(state.view(1), 1)
    answer = Planner(state.view(0), 0, {1: theirs}).ranked_programs()[0][1]
    assert [*(REGISTERS[c] for c in answer), LOCK] in found
    assert all(len(c) == 6 and c[-1] == LOCK for c in found) and len(found) == len(set(map(tuple, found)))


def test_expert_also_answers_the_other_robots_other_equal_best_programs() -> None:
    """Beyond hard's six candidates (unchanged), expert's go on with the best answer to each of
    the other robot's other equal-best programs: a seeded heuristic (medium) draws among them."""
    state = game_with([((4, 2), "E"), ((5, 2), "W")])
    turn = Turn(0, state.view(0), state.legal_actions(0), GAME)
    hard, expert = candidates(HeuristicBot(), turn, 6), candidates(HeuristicBot(), turn, 16)
    assert expert[:6] == hard and len(expert) == 16 == len(set(map(tuple, expert)))
    ties = bots._best_programs(state.view(1), 1)
    assert ties is not None and len(ties) > 2  # the position has ties to answer
    for tie in ties[1:3]:
        answer = Planner(state.view(0), 0, {1: list(tie)}).ranked_programs()[0][1]
        assert [*(REGISTERS[c] for c in answer), LOCK] in expert


def test_heuristic_only_reads_its_view_and_plays_legal_actions() -> None:
    state = GAME.new_state(seed=3, seats=4)
    bot = HeuristicBot()
    for _ in range(60):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bot.act(Turn(seat, state.view(seat), legal, GAME))
        assert action in legal
        state.apply(seat, action)


def test_heuristic_beats_three_random_players() -> None:
    """A small sample of the benchmark (the report's figure uses 200 games)."""
    wins = 0
    for seed in range(6):
        agents = [HeuristicBot() if s == seed % 4 else RandomAgent(seed * 10 + s) for s in range(4)]
        state = GAME.new_state({"turn_limit": 25}, seed=seed, seats=4)
        outcome = Match(GAME, state, agents, VirtualClock()).run()
        wins += outcome.ranks[seed % 4] == 1
    assert wins >= 5


def test_hint_suggests_a_program() -> None:
    state = game_with([((4, 2), "E"), ((9, 10), "N")])
    assert GAME.hint(state.view(0), 1) == "start with N (forward: your robot faces E, so it heads east)"
    assert GAME.hint(state.view(0), 2).startswith("program N")


def searcher_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's memory shows the other robots as searchers: ``refine`` asks the rival always."""
    monkeypatch.setattr(bots, "searching", lambda _seen, _other: 1.0)


def test_a_searching_rivals_program_is_put_in_the_guess_and_decided_from_its_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``refine`` with a rival: the other robot's program in the guess is the rival's, asked
    at that robot's own turn with its program still to write."""
    searcher_seen(monkeypatch)
    state, seat = decision_state()
    other = 1 - seat
    world = state.determinize(seat, Rng(4))
    asked: list[Turn] = []

    def rival(turn: Turn) -> list[Action]:
        asked.append(turn)
        return [*(REGISTERS[3] for _ in range(5)), LOCK]

    bots.refine(world, seat, Rng(5), rival=rival)
    assert world.drafts[other] == [3] * 5 and world.locked[other]
    (turn,) = asked
    assert turn.seat == other and turn.view["program"] == [] and REGISTERS[0] in turn.legal
    assert turn.world is not None and turn.world.view(other) == turn.view


def test_a_rival_sees_the_tables_lock_flags_not_the_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """With three robots, the heuristic's guess of robot 1 marks it locked in the world; the
    rival asked for robot 2 must still see robot 1 as the table shows it: not locked."""
    searcher_seen(monkeypatch)
    state = game_with([((4, 2), "E"), ((5, 2), "W"), ((9, 10), "N")])
    world = state.determinize(0, Rng(4))
    seen: dict[int, list[bool]] = {}

    def rival(turn: Turn) -> list[Action]:
        seen[turn.seat] = [robot["locked"] for robot in turn.view["robots"]]
        return [*(REGISTERS[3] for _ in range(5)), LOCK]

    bots.refine(world, 0, Rng(5), rival=rival)
    assert seen == {1: [False, False, False], 2: [False, False, False]}
    assert world.locked == [False, True, True]


def test_a_rivals_decision_that_is_no_program_keeps_the_heuristics_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searcher_seen(monkeypatch)
    state, seat = decision_state()
    world = state.determinize(seat, Rng(4))
    guessed = world.clone()
    bots.refine(guessed, seat, Rng(5))
    bots.refine(world, seat, Rng(5), rival=lambda turn: [REGISTERS[3], "undo", LOCK])
    assert world.drafts[1 - seat] == guessed.drafts[1 - seat] and world.locked[1 - seat]


def test_expert_decides_from_its_view_alone_with_its_rival_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Expert's second world guesses the other robot as a searching rival: two positions the
    seat cannot tell apart still get the same decision, and the same seed decides the same."""
    searcher_seen(monkeypatch)
    state, seat = decision_state()
    one, other = state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))
    assert one.view(seat) == other.view(seat) and one.to_dict() != other.to_dict()
    make = bots_of(games.get("dr2d"))["expert"]
    decisions = {make(seed=7, iterations=2).act(turn_for(world, seat)) for world in (one, other)}
    assert len(decisions) == 1


class Recording:
    """A seat's heuristic that keeps every view it is shown, as the search levels' memory does."""

    def __init__(self, seed: int) -> None:
        self.inner = HeuristicBot(seed=seed)
        self.name = "recording"
        self.seen: list[dict] = []

    def act(self, turn: Turn) -> Action | Wait:
        self.seen.append(turn.view)
        return self.inner.act(turn)


class Stubborn(HeuristicBot):
    """Places as the heuristic does, then programs five STAY every turn: never the heuristic's."""

    def act(self, turn: Turn) -> Action | Wait:
        if turn.view["phase"] == "programming" and turn.legal:
            draft = turn.view["program"] or []
            return LOCK if len(draft) == 5 else REGISTERS[4]
        return super().act(turn)


def seen_against(other: Agent, turns: int = 10) -> list[dict]:
    me = Recording(seed=1)
    state = GAME.new_state({"turn_limit": turns}, seed=2, seats=2)
    Match(GAME, state, [me, other], VirtualClock()).run()
    return me.seen


def test_a_heuristic_opponent_never_departs_and_soon_looks_like_no_searcher() -> None:
    """``departures`` compares the other robot's revealed programs with the heuristic's best
    from the views the seat was shown: a seeded heuristic, which draws among
    its equal best, never departs, and ``searching`` falls with every turn it is seen to keep."""
    seen = seen_against(HeuristicBot(seed=9))
    departed, told = bots.departures(seen, 1)
    assert departed == 0 and told >= 4
    assert bots.searching(seen, 1) < 0.1 < bots.searching(seen[:1], 1) == 0.2


def test_an_opponent_that_ignores_the_heuristic_is_seen_to_depart() -> None:
    seen = seen_against(Stubborn())
    departed, told = bots.departures(seen, 1)
    assert told >= 4 and departed == told
    assert bots.searching(seen, 1) > 0.99


def test_departures_read_the_views_alone() -> None:
    """The memory is the views the seat was shown: views with the other's draft and hidden
    parts redrawn (``determinize``) are the same views, and give the same count."""
    state, seat = decision_state()
    views = [state.view(seat)]
    guesses = [state.determinize(seat, Rng(n)).view(seat) for n in range(3)]
    assert all(guess == views[0] for guess in guesses)
    assert {bots.departures([guess], 1) for guess in guesses} == {bots.departures(views, 1)}


def test_expert_asks_the_rival_only_as_often_as_the_other_robot_looks_like_a_searcher() -> None:
    """With a memory that shows a heuristic opponent, refine's rival is almost never asked;
    with one that shows a robot departing every turn, it is almost always asked."""
    for opponent, low, high in ((HeuristicBot(seed=9), 0, 8), (Stubborn(), 36, 40)):
        seen = seen_against(opponent)
        state, seat = decision_state()
        asked = 0

        def rival(turn: Turn) -> list[Action]:
            nonlocal asked
            asked += 1
            return [*(REGISTERS[3] for _ in range(5)), LOCK]

        for n in range(40):
            bots.refine(state.determinize(seat, Rng(n)), seat, Rng(100 + n), rival=rival, seen=seen)
        assert low <= asked <= high


def test_refine_says_whether_it_drew_the_other_robot_as_a_searcher() -> None:
    """Given the seat's memory, ``refine`` draws the other robot as a searcher as often as that
    memory says it searches, rival or not, and says so (the search then does not vary its
    play-outs' ties in that world); without memory or rival it draws nothing. The program in
    the guess is the heuristic's when no rival is asked."""
    state, seat = decision_state()
    for opponent, low, high in ((HeuristicBot(seed=9), 0, 8), (Stubborn(), 36, 40)):
        seen = seen_against(opponent)
        drawn = 0
        for n in range(40):
            world = state.determinize(seat, Rng(n))
            drawn += bots.refine(world, seat, Rng(100 + n), seen=seen)
            assert world.drafts[1 - seat] in bots._best_programs(state.view(1 - seat), 1 - seat)
        assert low <= drawn <= high
    assert not any(bots.refine(state.determinize(seat, Rng(n)), seat, Rng(n)) for n in range(10))
