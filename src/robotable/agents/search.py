"""Information-set Monte Carlo tree search: a bot for any game of the contract.

Each thinking iteration draws a guess of the whole game from the seat's view
(``turn.world.determinize(seat, rng)``: what the seat sees is true, the hidden hands,
programs and chance are redrawn), plays it down the search trees, then at random to the end,
and credits every decision on the way with its player's result.

There is one tree per seat (multiple-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a
seat's tree is keyed by the actions *as that seat sees them*, so another seat's secret action
(a card programmed face down, cards passed) is one and the same branch whatever it was. A
modelled opponent therefore cannot answer a secret it has not seen, and simultaneous phases
(programs written at once, bids) are sound: nobody, the bot included, acts on what the others
chose in secret. In a game without secrets the trees all agree and this is plain UCT.

The same seed and an iteration budget give the same decisions; a time budget depends on the
machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from robotable.core.errors import RobotableError
from robotable.core.game import REFEREE, Action, Agent, Outcome, Seat, State, Turn, Wait
from robotable.core.rng import Rng

Policy = Callable[[State, Seat, Sequence[Action], Rng], Action]
"""How a rollout chooses: (world, seat, its legal actions, random numbers) -> one of them."""

Estimate = Callable[[State], Outcome]
"""How a rollout cut at ``rollout_limit`` is judged: the outcome if the game ended now."""


ROLLOUT_LIMIT = 2000
"""Actions after which a rollout is cut, unless told otherwise."""

OVERRULE = 0.25
"""How clearly (a share of the iterations) the search must prefer another move to overrule its
prior's, unless told otherwise."""


def random_policy(_world: State, _seat: Seat, legal: Sequence[Action], rng: Rng) -> Action:
    return rng.choice(legal)


@dataclass(slots=True)
class Edge:
    """One action from a node, as its tree's seat sees it."""

    visits: int = 0
    reward: float = 0.0
    """The acting seat's results summed over the visits."""
    available: int = 0
    """Iterations in which the action could be taken here (in some guesses it cannot)."""
    child: Node | None = None


@dataclass(slots=True)
class Node:
    edges: dict[Hashable, Edge] = field(default_factory=dict)

    def follow(self, key: Hashable) -> Node:
        edge = self.edges.get(key)
        if edge is None:
            edge = self.edges[key] = Edge()
        if edge.child is None:
            edge.child = Node()
        return edge.child


def results(outcome: Outcome) -> list[float]:
    """Each seat's result in [0, 1]: the share of the other seats it beat, a tie counting half;
    alone, 1 for a win and 0 for a loss."""
    ranks = outcome.ranks
    if len(ranks) == 1:
        return [1.0 if ranks[0] == 1 else 0.0]
    return [
        (sum(r > mine for r in ranks) + 0.5 * (sum(r == mine for r in ranks) - 1)) / (len(ranks) - 1)
        for mine in ranks
    ]


class SearchAgent:
    """ISMCTS with a budget of ``iterations`` (and/or ``seconds``) per decision.

    ``exploration`` is UCB's constant; ``policy`` plays the rollouts (random by default);
    a rollout longer than ``rollout_limit`` actions counts as a draw for everyone, or is judged
    by ``estimate`` when given (long games: a rollout to the end would cost too much).

    ``prior`` is another agent (a game's heuristic) asked first at every decision, seeing the
    same turn; its suggestion is played unless the search finds an action visited more often by
    over ``overrule`` times the iterations: the search corrects the heuristic where it sees
    clearly, and keeps its plans where rollouts are too noisy to judge them.
    """

    searches = True

    def __init__(
        self,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int = 0,
        exploration: float = 0.7,
        policy: Policy = random_policy,
        rollout_limit: int = ROLLOUT_LIMIT,
        estimate: Estimate | None = None,
        prior: Agent | None = None,
        overrule: float = OVERRULE,
        name: str = "search",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.rng = Rng(seed)
        self.exploration = exploration
        self.policy = policy
        self.rollout_limit = rollout_limit
        self.estimate = estimate
        self.prior = prior
        self.overrule = overrule

    def act(self, turn: Turn) -> Action | Wait:
        # the prior sees every turn, so a heuristic that keeps plans follows the whole game
        suggestion = self.prior.act(turn) if self.prior is not None else None
        onward = [a for a in turn.legal if not turn.game.takes_back(a)] or list(turn.legal)
        if not onward:
            return Wait()
        if len(onward) == 1:
            return onward[0]
        if turn.world is None:
            raise RobotableError(f"the {self.name} bot searches: its turn must carry a world")
        search = Search(turn.world, turn.seat, Rng(self.rng.next_u64()), self.exploration, self)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            search.iterate()
            done += 1
        if isinstance(suggestion, Wait) or suggestion not in onward:
            return search.best(onward)
        return search.best(onward, favourite=suggestion, bonus=self.overrule * done)


class Search:
    """The trees of one decision."""

    def __init__(self, world: State, seat: Seat, rng: Rng, exploration: float, agent: SearchAgent) -> None:
        self.world = world
        self.game = world.game
        self.seat = seat
        self.rng = rng
        self.exploration = exploration
        self.policy = agent.policy
        self.rollout_limit = agent.rollout_limit
        self.estimate = agent.estimate
        self.roots = [Node() for _ in range(world.seats)]

    def iterate(self) -> None:
        world = self.world.determinize(self.seat, self.rng)
        cursors = list(self.roots)
        path: list[tuple[Edge, Seat]] = []
        growing, steps = True, 0
        while not world.is_over() and steps < self.rollout_limit:
            steps += 1
            actor, actions = self._next(world, first=steps == 1)
            if actor is None:  # nobody can act and no timer runs: count it a draw
                break
            if growing and actor != REFEREE:
                edge, action = self._select(cursors[actor], actor, actions)
                path.append((edge, actor))
                growing = edge.visits > 0  # a first visit ends the tree's part: roll out
            else:
                action = actions[0] if actor == REFEREE else self.policy(world, actor, actions, self.rng)
            world.perform(actor, action)
            if growing:
                cursors = [cursor.follow(_seen_by(k, actor, action)) for k, cursor in enumerate(cursors)]
        outcome = world.outcome()
        if outcome is None and self.estimate is not None and steps >= self.rollout_limit:
            outcome = self.estimate(world)
        credit = results(outcome) if outcome is not None else [0.5] * world.seats
        for edge, actor in path:
            edge.visits += 1
            edge.reward += credit[actor]

    def _next(self, world: State, *, first: bool) -> tuple[Seat | None, Sequence[Action]]:
        """Who acts next in this guess, and their actions: the searching seat first, then the
        seats to act in order; when none can, the referee's first running timer."""
        order = [self.seat] if first else world.to_act()
        for seat in order:
            actions = world.legal_actions(seat)
            if actions:
                onward = [a for a in actions if not self.game.takes_back(a)]
                return seat, onward or actions
        timers = world.timers()
        if timers:
            return REFEREE, [timers[0].action]
        return None, ()

    def _select(self, node: Node, actor: Seat, actions: Sequence[Action]) -> tuple[Edge, Action]:
        """UCB among the actions possible in this guess (each counted as available), an untried
        one first."""
        untried: list[tuple[Edge, Action]] = []
        best: tuple[Edge, Action] | None = None
        best_score = -math.inf
        edges = node.edges
        for action in actions:
            key = (actor, action)
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = Edge()
            edge.available += 1
            if edge.visits == 0:
                untried.append((edge, action))
                continue
            score = edge.reward / edge.visits + self.exploration * math.sqrt(
                math.log(edge.available) / edge.visits
            )
            if score > best_score:
                best, best_score = (edge, action), score
        if untried:
            return self.rng.choice(untried)
        assert best is not None
        return best

    def best(self, legal: Sequence[Action], favourite: Action | None = None, bonus: float = 0.0) -> Action:
        """The most visited of the legal actions (then the best mean, then the first listed);
        ``favourite`` counts ``bonus`` visits more."""
        edges = self.roots[self.seat].edges

        def rank(action: Action) -> tuple[float, float]:
            extra = bonus if action == favourite else 0.0
            edge = edges.get((self.seat, action))
            if edge is None or edge.visits == 0:
                return (extra, 0.0)
            return (edge.visits + extra, edge.reward / edge.visits)

        return max(legal, key=rank)


def _seen_by(observer: Seat, actor: Seat, action: Action) -> Hashable:
    """An action as ``observer`` sees it: another seat's secret action is only "a secret"."""
    if type(action).secret and actor != observer:
        return (actor, None)
    return (actor, action)
