"""The search over whole decisions: it keeps the heuristic's decision unless playing the
candidates out shows another clearly better, it plays the chosen decision step by step, and it
refuses a budget that cannot search."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

import pytest

from robotable import games
from robotable.agents.decisions import DecisionBudget, DecisionSearchAgent, Scripted, play_on
from robotable.agents.levels import bots_of, decision_budget
from robotable.core.game import Action, Agent, Seat, State, Turn, Wait
from robotable.core.rng import Rng
from robotable.games.dr2d.actions import LOCK, REGISTERS, STANDBY
from robotable.games.dr2d.bots import HeuristicBot
from robotable.games.dr2d.state import DR2DState
from tests.agents.test_search import turn_for

EAST = [*(REGISTERS[1] for _ in range(5)), LOCK]
STILL = [*(REGISTERS[4] for _ in range(5)), LOCK]


def first_programming() -> tuple[DR2DState, Seat]:
    """DR2D after both robots are placed: seat 0 programs first (a match asks bots in seat order)."""
    game = games.get("dr2d")
    state = game.new_state(game.validate_options({}), seed=3, seats=2)
    bot = HeuristicBot()
    while state.phase == "placement":
        seat = state.to_act()[0]
        state.apply(seat, bot.act(turn_for(state, seat)))
    assert isinstance(state, DR2DState)
    return state, 0


def agent(
    judge: Callable[[State, Seat], float], options: list[list[Action]], worlds: int = 2
) -> DecisionSearchAgent:
    return DecisionSearchAgent(
        heuristic=HeuristicBot,
        candidates=lambda _heuristic, _turn, count: options[:count],
        judge=judge,
        budget=DecisionBudget(candidates=4, worlds=worlds, horizon=6),
        seed=1,
    )


def programmed(world: State, seat: Seat) -> list[int]:
    assert isinstance(world, DR2DState)
    return world.drafts[seat] or world.last_programs[seat] or []


def test_the_heuristics_decision_stands_when_no_other_is_clearly_better() -> None:
    state, seat = first_programming()
    bot = agent(lambda _world, _seat: 0.0, [STILL, EAST])
    assert bot.act(turn_for(state, seat)) == STILL[0]


def test_a_candidate_that_plays_out_clearly_better_is_chosen_and_played_to_its_end() -> None:
    state, seat = first_programming()
    bot = agent(lambda world, s: float(programmed(world, s) == [1] * 5), [STILL, EAST])
    played = []
    while seat in state.to_act():
        action = bot.act(turn_for(state, seat))
        assert not isinstance(action, Wait)
        played.append(action)
        state.apply(seat, action)
    assert played == EAST


def test_a_candidate_with_a_step_refused_in_its_play_out_is_never_chosen() -> None:
    """A decision the game cannot take as listed (here ``lock`` after one register) would loop
    the bot between it and the heuristic: its play-out tells, whatever its judgement."""
    state, seat = first_programming()
    broken = [REGISTERS[1], LOCK]
    bot = DecisionSearchAgent(
        heuristic=HeuristicBot,
        candidates=lambda _heuristic, _turn, count: [STILL, broken][:count],
        judge=lambda world, s: float(programmed(world, s)[:2] != [4, 4]),  # anything but STILL
        budget=DecisionBudget(candidates=2, worlds=2, horizon=2),
    )
    assert bot.act(turn_for(state, seat)) == STILL[0]


def test_a_decision_overtaken_is_thought_again() -> None:
    """A planned step that is no longer legal is dropped: the bot asks for candidates again."""
    state, seat = first_programming()
    bot = agent(lambda world, s: float(programmed(world, s) == [1] * 5), [STILL, EAST])
    bot.act(turn_for(state, seat))
    bot.plan = [STANDBY]  # as if the position had changed under the plan
    state.apply(seat, REGISTERS[1])  # a register entered: standby is no longer legal
    turn = turn_for(state, seat)
    assert bot.act(turn) in turn.legal
    assert STANDBY not in bot.plan


def test_scripted_plays_its_script_then_the_other_agent() -> None:
    state, seat = first_programming()

    class Stands:
        name = "stands"

        def act(self, turn: Turn) -> Action | Wait:
            return STANDBY if STANDBY in turn.legal else turn.legal[0]

    agents: list[Agent] = [Scripted([REGISTERS[2], REGISTERS[4]], Stands()), HeuristicBot()]
    world = state.clone()
    play_on(world, agents, horizon=2)
    assert world.drafts[seat] == [2, 4]
    agents[seat] = Scripted([LOCK], Stands())  # not legal with two registers: the other agent plays
    play_on(world, agents, horizon=1)
    assert world.drafts[seat] == [2, 4, 0]


@pytest.mark.parametrize(
    "budget", [{"candidates": 0, "worlds": 2}, {"candidates": 3, "worlds": 0}], ids=["candidates", "worlds"]
)
def test_a_budget_that_cannot_search_is_refused(budget: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="candidates and worlds"):
        DecisionSearchAgent(
            heuristic=HeuristicBot,
            candidates=lambda *_: [],
            judge=lambda *_: 0.0,
            budget=DecisionBudget(**budget),
        )


WHOLE_DECISIONS = [
    ("dr2d", {"turn_limit": 6}, 2),
    ("delivery", {}, 2),
    ("droids", {"scenario": 1}, 2),
    ("droids", {"scenario": 6}, 2),
]


def weighed_decision(game_id: str, options: dict, seats: int, seed: int, skip: int) -> tuple[State, Seat]:
    """A game played by heuristics until, after ``skip`` earlier ones, a seat faces a decision
    the game offers several whole candidates for (a program, a placement)."""
    game = games.get(game_id)
    module = importlib.import_module(f"robotable.games.{game_id}.bots")
    state = game.new_state(game.validate_options(options), seed=seed, seats=seats)
    bots = [module.LEVEL_PARTS["heuristic"]() for _ in range(seats)]
    for _ in range(5_000):
        for seat in state.to_act():
            turn = turn_for(state, seat)
            if turn.legal and len(module.candidates(module.LEVEL_PARTS["heuristic"](), turn, 4)) > 1:
                if skip == 0:
                    return state, seat
                skip -= 1
        play_on(state, bots, horizon=1)
    raise AssertionError(f"{game_id}: no decision with candidates")


@pytest.mark.parametrize(("game_id", "options", "seats"), WHOLE_DECISIONS, ids=lambda v: str(v))
def test_a_whole_decision_is_taken_from_the_seats_view_alone_and_repeats_with_its_seed(
    game_id: str, options: dict, seats: int
) -> None:
    """Two positions the seat cannot tell apart (other hands, secret programs, bins and the
    chance to come redrawn) get the same decision; the same seed decides the same."""
    state, seat = weighed_decision(game_id, options, seats, seed=5, skip=2)
    one, other = state.determinize(seat, Rng(1)), state.determinize(seat, Rng(2))
    assert one.view(seat) == other.view(seat) and one.to_dict() != other.to_dict()
    make = bots_of(games.get(game_id))["hard"]
    decisions = {make(seed=7, iterations=2).act(turn_for(world, seat)) for world in (one, other)}
    assert len(decisions) == 1
    assert make(seed=7, iterations=2).act(turn_for(state, seat)) in decisions


def test_a_play_out_stops_where_the_game_says_it_has_settled() -> None:
    """Droids judges a play-out at the start of the turn after next, whatever the action cap:
    every candidate is weighed at the same point of the game."""
    from robotable.games.droids import bots as droids_bots

    state, seat = weighed_decision("droids", {"scenario": 6}, 2, seed=5, skip=0)
    world = state.determinize(seat, Rng(3))
    start = world.clone()
    heuristics = [droids_bots.HeuristicBot() for _ in range(world.seats)]
    play_on(world, heuristics, horizon=10_000, until=droids_bots.settled(start))
    assert world.is_over() or (world.turn == start.turn + droids_bots.SETTLE_TURNS and world.phase == "draw")
    capped = start.clone()
    play_on(capped, heuristics, horizon=5, until=droids_bots.settled(start))
    assert capped.turn == start.turn  # the cap still holds


def test_no_world_is_added_once_the_work_budget_is_spent() -> None:
    """The heuristics count their work; a decision stops adding worlds once its budget is
    spent (after two), so its think time is bounded by a count and a seeded game repeats."""
    state, seat = first_programming()

    class Counting(HeuristicBot):
        def __init__(self) -> None:
            super().__init__()
            self.work = 0

        def act(self, turn: Turn) -> Action | Wait:
            self.work += 1
            return super().act(turn)

    def worlds_played(work: int | None) -> int:
        played = []
        bot = DecisionSearchAgent(
            heuristic=Counting,
            candidates=lambda _heuristic, _turn, count: [STILL, EAST][:count],
            judge=lambda world, s: float(programmed(world, s) == [1] * 5),
            budget=DecisionBudget(candidates=2, worlds=5, horizon=20, work=work),
        )
        original = bot.play_out
        bot.play_out = lambda world, turn, option, seeds=None: (
            played.append(1) or original(world, turn, option, seeds)
        )  # type: ignore[method-assign]
        bot.act(turn_for(state, seat))
        return len(played) // 2

    assert worlds_played(None) == 5
    assert worlds_played(1) == 2
    assert worlds_played(10**9) == 5  # a budget never spent changes nothing


def test_a_rival_budget_guesses_every_second_world_as_a_searching_rival_would() -> None:
    """With ``rival``, the game's refine is asked in the second, fourth... world to guess the
    others' hidden decisions as a search of that budget would take them: the rival search
    decides among the game's candidates for the other seat."""
    state, seat = first_programming()
    calls: list[list[Action] | None] = []

    def refine(world: State, me: Seat, rng: Rng, rival=None, seen=None) -> None:
        if me != seat:  # the rival's own search guessing us: it is given no rival of its own
            assert rival is None and seen is None
            return
        if rival is None:
            calls.append(None)
            return
        assert seen == [shown.view]  # what the seat was shown, and nothing else
        probe = world.clone()
        assert isinstance(probe, DR2DState)
        other = 1 - me
        probe.drafts[other], probe.locked[other] = [], False
        turn = Turn(other, probe.view(other), probe.legal_actions(other), probe.game, world=probe)
        calls.append(rival(turn))

    bot = DecisionSearchAgent(
        heuristic=HeuristicBot,
        candidates=lambda _heuristic, _turn, count: [STILL, EAST][:count],
        judge=lambda world, s: float(programmed(world, s) == [1] * 5),
        budget=DecisionBudget(
            candidates=2, worlds=4, horizon=8, rival=DecisionBudget(candidates=2, worlds=1, horizon=8)
        ),
        refine=refine,
    )
    assert bot.budget.rival == DecisionBudget(candidates=2, worlds=1, horizon=8)
    shown = turn_for(state, seat)
    bot.act(shown)
    assert calls[0::2] == [None, None]
    assert len(calls) == 4 and all(decision in (STILL, EAST) for decision in calls[1::2])


def test_a_rival_budget_is_refused_where_it_could_not_work() -> None:
    rival = DecisionBudget(candidates=2, worlds=1)
    with pytest.raises(ValueError, match="2 worlds"):
        DecisionBudget(candidates=4, worlds=1, rival=rival)  # no second world to guess it in


def test_rivals_are_asked_only_while_the_work_budget_lasts_and_their_work_counts() -> None:
    """With ``work`` and ``rival``, the rival searches' play-outs count in the decision's work,
    and none is asked once it is spent: they cannot make a decision's worst case."""
    state, seat = first_programming()

    def answers(work: int | None) -> tuple[list[list[Action] | None], int]:
        asked: list[list[Action] | None] = []

        def refine(world: State, me: Seat, rng: Rng, rival=None, seen=None) -> None:
            if rival is None:
                return
            probe = world.clone()
            assert isinstance(probe, DR2DState)
            other = 1 - me
            probe.drafts[other], probe.locked[other] = [], False
            legal = probe.legal_actions(other)
            asked.append(rival(Turn(other, probe.view(other), legal, probe.game, world=probe)))

        bot = DecisionSearchAgent(
            heuristic=HeuristicBot,
            candidates=lambda _heuristic, _turn, count: [STILL, EAST][:count],
            judge=lambda world, s: float(programmed(world, s) == [1] * 5),
            budget=DecisionBudget(
                candidates=2,
                worlds=4,
                horizon=12,
                work=work,
                rival=DecisionBudget(candidates=2, worlds=1, horizon=12),
            ),
            refine=refine,
        )
        own: list[int] = []  # the work of this search's own play-outs
        original = bot.play_out

        def play_out(
            world: State, turn: Turn, option: list[Action], seeds: list[int] | None = None
        ) -> tuple[float, bool, int]:
            value, whole, work = original(world, turn, option, seeds)
            own.append(work)
            return value, whole, work

        bot.play_out = play_out  # type: ignore[method-assign]
        bot.act(turn_for(state, seat))
        return asked, bot.spent - sum(own)

    unbounded, rivals_work = answers(None)
    assert len(unbounded) == 2 and all(answer in (STILL, EAST) for answer in unbounded)
    assert rivals_work > 0  # DR2D's heuristic counts the registers its planner runs
    assert answers(10**9) == (unbounded, rivals_work)  # a budget never spent changes nothing
    assert answers(1) == ([None], 0)  # spent by the first world: two worlds, no rival searched


def test_a_games_written_rival_budget_becomes_a_budget() -> None:
    budget = decision_budget({"candidates": 4, "worlds": 2, "rival": {"candidates": 2, "worlds": 1}})
    assert budget.rival == DecisionBudget(candidates=2, worlds=1)


class Recorded(HeuristicBot):
    """DR2D's heuristic, every instance's seed written down (None: made without one)."""

    seeds: ClassVar[list[int | None]] = []

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        Recorded.seeds.append(seed)


def seeds_of_play_outs(budget: DecisionBudget, decisions: int = 1) -> list[list[int | None]]:
    """The seeds the play-outs' heuristics were made with, per play-out, over ``decisions``
    decisions of one agent at the first programming."""
    state, seat = first_programming()
    bot = DecisionSearchAgent(
        heuristic=Recorded,
        candidates=lambda _heuristic, _turn, count: [STILL, EAST][:count],
        judge=lambda world, s: float(programmed(world, s) == [1] * 5),
        budget=budget,
        seed=4,
    )
    Recorded.seeds = []
    for _ in range(decisions):
        bot.plan = []  # think again, as at a later decision
        bot.act(turn_for(state, seat))
    made = Recorded.seeds[:]
    return [made[i : i + 2] for i in range(0, len(made), 2)]  # two seats a play-out


def test_varied_play_outs_seed_the_heuristics_per_world_the_same_for_every_candidate() -> None:
    """With ``varied``, from the seat's second decision on, each guessed world gives the
    play-outs' heuristics seeds of its own (they break ties as seeded opponents do), the same
    for every candidate in it (common random numbers); the same agent seed gives the same seeds.
    At the first decision, and without ``varied``, they are made unseeded."""
    budget = DecisionBudget(candidates=2, worlds=3, horizon=6)
    plain = seeds_of_play_outs(budget, decisions=2)
    assert len(plain) == 12 and all(seed is None for pair in plain for seed in pair)
    made = seeds_of_play_outs(replace(budget, varied=True), decisions=2)
    first, varied = made[:6], made[6:]
    assert all(seed is None for pair in first for seed in pair)
    assert len(varied) == 6 and all(seed is not None for pair in varied for seed in pair)
    worlds = varied[0::2]
    assert varied[1::2] == worlds  # both candidates of a world meet the same heuristics
    assert len({tuple(pair) for pair in worlds}) == 3  # and every world its own
    assert seeds_of_play_outs(replace(budget, varied=True), decisions=2) == made


def test_a_world_whose_others_the_game_guessed_as_searchers_is_not_varied() -> None:
    """``refine`` answering True (the others of this guess search) keeps that world's
    play-outs unvaried; with ``varied`` it is given the seat's memory in every world."""
    state, seat = first_programming()
    memories: list[object] = []

    def refine(world: State, me: Seat, rng: Rng, rival=None, seen=None) -> bool:
        memories.append(seen)
        return len(memories) % 2 == 0  # the second, fourth... world: searchers

    bot = DecisionSearchAgent(
        heuristic=Recorded,
        candidates=lambda _heuristic, _turn, count: [STILL, EAST][:count],
        judge=lambda world, s: float(programmed(world, s) == [1] * 5),
        budget=DecisionBudget(candidates=2, worlds=4, horizon=6, varied=True),
        refine=refine,
        seed=4,
    )
    bot.act(turn_for(state, seat))  # the first decision: never varied
    memories.clear()
    Recorded.seeds = []
    bot.plan = []
    bot.act(turn_for(state, seat))
    assert memories == [bot.seen] * 4
    made = [Recorded.seeds[i : i + 2] for i in range(0, len(Recorded.seeds), 2)]
    per_world = [made[i] for i in range(0, 8, 2)]
    assert [all(seed is None for seed in pair) for pair in per_world] == [False, True, False, True]


def test_the_opening_decision_is_weighed_in_more_worlds_varied_and_not_cut_by_work() -> None:
    """``opening`` worlds for the seat's first decision of the game, even with its work spent,
    and varied there; ``worlds`` afterwards, cut by ``work`` as ever."""
    budget = DecisionBudget(candidates=2, worlds=3, horizon=20, varied=True, opening=5, work=1)
    made = seeds_of_play_outs(budget, decisions=2)
    first, later = made[: 2 * 5], made[2 * 5 :]
    assert all(seed is not None for pair in first for seed in pair)
    assert len(later) == 2 * 2  # the work of one register is spent after two worlds
    assert len(seeds_of_play_outs(replace(budget, opening=None), decisions=2)) == 2 * (2 + 2)
