"""Search over whole decisions: try a few complete plans for this turn, keep the best.

Some games decide in many small steps that make one decision together: DR2D's five registers
then ``lock``, a Delivery program card by card then ``submit``, a Droids placement token by
token. A tree over the small steps spends its budget on prefixes of programs nobody would
write. This agent instead asks the game for a handful of *candidate decisions*, each a whole
sequence of actions (the heuristic's own choice first, then its runners-up and variations),
and judges each by playing it out:

- ``worlds`` guesses of the whole game are drawn from the seat's view
  (``turn.world.determinize(seat, rng)``: what the seat sees is true, the hidden parts are
  redrawn; a game may refine a guess with what its heuristic would have chosen in secret,
  from public facts only);
- in every guess, each candidate is played, then every seat (the bot's own included) plays
  on as the game's heuristic would, for ``horizon`` actions or to the end of the game, or
  until the game says the play-out has *settled* (a Droids turn over: every candidate is
  then judged at the same point of the game, not some mid-phase the horizon fell on);
- the position reached is judged for the bot's seat by the game (a win or loss outright,
  otherwise a margin over the best other seat).

With a ``rival`` budget, every second guess has the other seats' hidden decisions taken as a
search of that budget would take them (from their view of the guess, where ours is hidden from
them): against an opponent that searches too, a decision that only pays against the
heuristic's choices is then not clearly better.

Every candidate meets the same guesses (common random numbers), so their comparison is not
drowned in the luck of the draw. The heuristic's candidate stands unless another beats its
mean by more than ``margin``: a search that cannot see a clear difference keeps the
heuristic's plan. The chosen sequence is then played step by step; if a step is no longer
legal (something changed), the bot thinks again. Decisions the game offers no candidates
for are the heuristic's.

This is one ply of policy improvement over the heuristic (Tesauro and Galperin's rollouts):
never blind to the heuristic's plan, and stronger wherever playing it out shows a better one.
The same seed and budget give the same decisions.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.game import REFEREE, Action, Agent, Game, Seat, State, Turn, Wait
from robotable.core.rng import Rng

Candidates = Callable[[Agent, Turn, int], list[list[Action]]]
"""``candidates(heuristic, turn, count)``: up to ``count`` whole decisions for the seat of
``turn``, each the sequence of its actions, the heuristic's own first; fewer than two when
there is nothing to weigh (the heuristic then decides)."""

Judge = Callable[[State, Seat], float]
"""How good a guessed world (finished or not) is for a seat; higher is better."""

Adopt = Callable[[Agent, Turn, list[Action]], None]
"""Tells a heuristic the decision chosen for it at ``turn``, so its later moves follow it
(a placement's plan decides the sending that comes after)."""

Settled = Callable[[State], Callable[[State], bool]]
"""``settled(start)``: for a play-out from ``start``, whether the position it has reached is a
point where judging it compares like with like (e.g. the turn it began in has ended). It reads
what it needs of ``start`` at once: the play-out then changes that state in place."""

Refine = Callable[..., "bool | None"]
"""``refine(world, seat, rng)``: changes a guess in place (the hidden choices other seats made,
guessed better than at random); may read only what the seat sees and the guess itself. With a
budget's ``rival``, it is called in every second world as ``refine(world, seat, rng,
rival=decide, seen=views)``: ``decide(turn)`` gives the decision a searching rival would take at
``turn`` (a turn of another seat in the guess, its ``world`` that guess with the decision still
open), or None; the game opens the decision, asks, and puts the answer in the guess. ``views``
(``Seen``) is what the seat has been shown so far: the game may judge from it whether the other
seats search at all (their revealed choices against its heuristic's), and ask the rival only as
often as they seem to. With a budget's ``varied``, the others' worlds get ``seen`` too, and
``refine`` may answer True: it guessed the other seats of this world as searchers, whose later
decisions a seeded heuristic's varied ties do not foretell (that world's play-outs are then
not varied)."""

Seen = Sequence[Mapping[str, Any]]
"""The views a search agent's seat was shown at its decisions, oldest first: its memory of the
game, public to it by construction (nothing else is put in)."""

Rival = Callable[[Turn], "list[Action] | None"]
"""What a searching rival decides at a turn of its own in a guess (see ``Refine``)."""


@dataclass(frozen=True)
class DecisionBudget:
    """How hard a decision search thinks: candidates weighed, worlds each is played in, and
    actions played out after it (``None``: to the end of the game)."""

    candidates: int
    worlds: int
    horizon: int | None = None
    margin: float = 0.0
    """How much better than the heuristic's own candidate another must score to be chosen."""
    doubt: float = 1.0
    """...and by how many standard errors of the paired differences (luck of the guesses)."""
    work: int | None = None
    """The most work the play-outs of one decision may do, as the game's heuristics count it
    (their ``work`` attribute, e.g. programs simulated): no world is added once it is spent,
    after two. A count, not seconds, so a seeded game repeats; it bounds the think time of
    the decisions whose play-outs cost far more than most."""
    rival: DecisionBudget | None = None
    """With a budget, every second guessed world has the other seats' hidden decisions guessed
    as a search of this budget would take them (through the game's ``refine``), the others as
    the heuristic would: an opponent that searches too departs from the heuristic just where
    it matters, and a decision that only pays against the heuristic's is then not clearly
    better. Needs two worlds at least. With ``work`` too, the rivals' play-outs count in it,
    and a rival is asked only while less than ``work`` has been spent (the world's others keep
    the heuristic's guess): the rival searches cannot make a decision's worst case."""

    varied: bool = False
    """Whether the play-outs' heuristics are given seeds drawn for each guessed world (the
    game's heuristic must take a ``seed``): a seeded heuristic draws among its equally good
    choices, as a seeded opponent does, so the worlds differ in how the others break their
    ties later on, not only in what is hidden now. Without it they take the first found. Not
    in a world whose other seats the game's ``refine`` guessed as searchers (see ``Refine``),
    and not at the seat's first decision (a placement, say) unless ``opening`` gives it more
    worlds: taken once and weighed in a few, it would be a coin toss between the answers the
    worlds happened to draw."""
    opening: int | None = None
    """Worlds for the seat's first decision of the game (its placement, say), not cut by
    ``work``: it is taken once, shapes the whole game, and meets the others' different answers
    to it (``varied``) only across worlds."""

    def __post_init__(self) -> None:
        if self.rival is not None and self.worlds < 2:
            raise ValueError(
                f"a rival budget guesses every second world: it needs 2 worlds, not {self.worlds}"
            )


class DecisionSearchAgent:
    """See the module docstring."""

    searches = True

    def __init__(
        self,
        *,
        heuristic: Callable[..., Agent],
        candidates: Candidates,
        judge: Judge,
        budget: DecisionBudget,
        refine: Refine | None = None,
        adopt: Adopt | None = None,
        settled: Settled | None = None,
        seed: int = 0,
        name: str = "decision search",
    ) -> None:
        if budget.candidates < 1 or budget.worlds < 1:
            raise ValueError(f"a decision search needs candidates and worlds, not {budget}")
        self.name = name
        self.make_heuristic = heuristic
        self.heuristic = heuristic()
        self.candidates = candidates
        self.judge = judge
        self.budget = budget
        self.refine = refine
        self.adopt = adopt
        self.settled = settled
        self.rng = Rng(seed)
        self.plan: list[Action] = []
        self.spent = 0
        """The work the play-outs of the last decision weighed did (``DecisionBudget.work``)."""
        self.seen: list[Mapping[str, Any]] = []
        """The views of the turns this agent thought about (``Seen``), for the game's ``refine``."""

    def act(self, turn: Turn) -> Action | Wait:
        if self.plan:
            step = self.plan.pop(0)
            if step in turn.legal:
                return step
            self.plan = []  # the decision was overtaken: think again
        self.seen.append(turn.view)
        options = self.candidates(self.heuristic, turn, self.budget.candidates)
        if len(options) < 2:
            return self.heuristic.act(turn)
        if turn.world is None:
            raise RobotableError(f"the {self.name} bot searches: its turn must carry a world")
        best = self.choose(turn, options)
        if self.adopt is not None:
            self.adopt(self.heuristic, turn, best)
        self.plan = list(best[1:])
        return best[0]

    def choose(self, turn: Turn, options: list[list[Action]]) -> list[Action]:
        """The candidate whose judgement beats the heuristic's own (the first) by the most on
        the same guessed worlds, if it does so clearly: by more than the margin, and by more
        than ``doubt`` standard errors of the paired differences."""
        assert turn.world is not None
        rng = Rng(self.rng.next_u64())
        scores: list[list[float]] = [[] for _ in options]
        broken = [False] * len(options)
        spent = 0
        opening = self.budget.opening is not None and len(self.seen) == 1
        worlds = max(self.budget.worlds, self.budget.opening or 0) if opening else self.budget.worlds
        varied = self.budget.varied and (len(self.seen) > 1 or opening)
        for played in range(worlds):
            if self.budget.work is not None and not opening and played >= 2 and spent >= self.budget.work:
                break
            world = turn.world.determinize(turn.seat, rng)
            searchers = None  # whether the game guessed the others of this world as searchers
            if self.refine is not None and self.budget.rival is not None and played % 2:
                rivals: list[int] = []  # the work of the rival searches asked in this world
                rival = self._rival(self.budget.rival, rng, rivals, spent)
                searchers = self.refine(world, turn.seat, rng, rival=rival, seen=self.seen)
                spent += sum(rivals)
            elif self.refine is not None and varied:
                searchers = self.refine(world, turn.seat, rng, seen=self.seen)
            elif self.refine is not None:
                self.refine(world, turn.seat, rng)
            seeds = [rng.next_u64() for _ in range(world.seats)] if varied and not searchers else None
            for index, option in enumerate(options):
                value, whole, work = self.play_out(world.clone(), turn, option, seeds)
                scores[index].append(value)
                broken[index] |= not whole
                spent += work
        self.spent = spent
        best, best_gain = 0, 0.0
        for index in range(1, len(options)):
            if broken[index]:  # a step was refused in some guess: not a decision to trust
                continue
            gain = self._clear_gain(scores[index], scores[0])
            if gain > best_gain:
                best, best_gain = index, gain
        return options[best]

    def _rival(self, budget: DecisionBudget, rng: Rng, works: list[int], spent: int) -> Rival:
        """How a rival searching with ``budget`` decides at its turns in a guess: like this
        search (the same candidates, judge and guesses of the hidden parts, which for it are
        ours), seeded from ``rng``. Each search's work goes into ``works``; once this
        decision's ``work`` is spent (``spent`` before the world, plus ``works``), it answers
        None: the heuristic's guess stays."""

        def decide(turn: Turn) -> list[Action] | None:
            if self.budget.work is not None and spent + sum(works) >= self.budget.work:
                return None
            rival = DecisionSearchAgent(
                heuristic=self.make_heuristic,
                candidates=self.candidates,
                judge=self.judge,
                budget=budget,
                refine=self.refine,
                adopt=self.adopt,
                settled=self.settled,
                seed=rng.next_u64(),
                name=f"{self.name}'s rival",
            )
            options = self.candidates(rival.heuristic, turn, budget.candidates)
            if len(options) < 2:
                return options[0] if options else None
            decision = rival.choose(turn, options)
            works.append(rival.spent)
            return decision

        return decide

    def _clear_gain(self, mine: list[float], base: list[float]) -> float:
        """The mean paired gain of ``mine`` over ``base``, or 0 when it is not clear."""
        gains = [a - b for a, b in zip(mine, base, strict=True)]
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        if mean <= self.budget.margin or mean - self.budget.doubt * error <= 0:
            return 0.0
        return mean

    def play_out(
        self, world: State, turn: Turn, option: list[Action], seeds: Sequence[int] | None = None
    ) -> tuple[float, bool, int]:
        """Play ``option`` for the seat of ``turn`` in ``world``, then heuristics for everyone
        (seeded with ``seeds``, one a seat, if given); the judgement, whether every step of
        ``option`` that came up was legal, and the work the heuristics say they did."""
        seat = turn.seat
        if seeds is None:
            heuristics = [self.make_heuristic() for _ in range(world.seats)]
        else:  # varied: the game's heuristic takes a seed
            heuristics = [self.make_heuristic(seed=seed) for seed in seeds]
        if self.adopt is not None:
            self.adopt(heuristics[seat], turn, option)
        agents: list[Agent] = list(heuristics)
        script = agents[seat] = Scripted(option, heuristics[seat])
        until = None if self.settled is None else self.settled(world)
        play_on(world, agents, self.budget.horizon, until)
        work = sum(getattr(agent, "work", 0) for agent in heuristics)
        return self.judge(world, seat), not script.broken, work


class Scripted:
    """Plays a fixed sequence of actions, then (or as soon as a step is not legal) another agent."""

    def __init__(self, script: Sequence[Action], then: Agent) -> None:
        self.script = list(script)
        self.then = then
        self.name = getattr(then, "name", "scripted")
        self.broken = False
        """Whether a step of the script was not legal when its turn came."""

    def act(self, turn: Turn) -> Action | Wait:
        if self.script:
            step = self.script.pop(0)
            if step in turn.legal:
                return step
            self.script, self.broken = [], True
        return self.then.act(turn)


def play_on(
    world: State,
    agents: Sequence[Agent],
    horizon: int | None,
    until: Callable[[State], bool] | None = None,
) -> None:
    """Play ``world`` forward with one agent per seat, asked in seat order like a match asks
    bots, for ``horizon`` actions, until the game ends or until ``until(world)`` holds; time
    passing fires the first timer."""
    game: Game = world.game
    steps = 0
    while not world.is_over() and (horizon is None or steps < horizon):
        if until is not None and until(world):
            return
        steps += 1
        for seat in world.to_act():
            legal = world.legal_actions(seat)
            if not legal:
                continue
            answer = agents[seat].act(Turn(seat, world.view(seat), legal, game))
            if not isinstance(answer, Wait):
                world.perform(seat, answer)
                break
        else:
            timers = world.timers()
            if not timers:
                return  # nobody can act and no timer runs: judged as it stands
            world.perform(REFEREE, timers[0].action)
