"""Difficulty levels, named the same in every game: ``easy``, ``medium``, ``hard``, ``expert``.

- ``easy``: the game's heuristic, but a share of its decisions (seeded) is a random legal
  action, so it blunders like a beginner and can be beaten by one;
- ``medium``: the game's heuristic as it is (given the seed where it takes one: DR2D's
  breaks ties between equally good programs with it);
- ``hard`` and ``expert``: a search with a larger budget at ``expert``: over whole decisions
  (:mod:`robotable.agents.decisions`) in a game whose ``LEVEL_PARTS`` proposes candidates
  (``candidates``, ``judge``, ``decision_budgets``, optionally ``refine``, ``adopt`` and
  ``settled``), else
  information-set MCTS (:class:`SearchAgent`) whose rollouts the game's cheap policy plays.

A game says what its levels are made of in its ``bots.py`` (``LEVEL_PARTS``: its heuristic, a
cheap rollout policy that reads the guessed world, the budgets, and for long games where
rollouts are cut and how a cut one is judged); they are put together here because
games sit below the generic agents in the layers and may not import them. Ricochet names its
four levels itself (its solver bots). :func:`bots_of` gives a game's own bots and its levels.

Every factory takes an optional ``seed`` keyword (a level with an iteration budget then plays
the same game twice); the search levels also take ``iterations`` so tests can play whole games
with a tiny budget without changing what the levels are.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from robotable.agents.decisions import DecisionBudget, DecisionSearchAgent
from robotable.agents.search import OVERRULE, ROLLOUT_LIMIT, Estimate, Policy, SearchAgent, random_policy
from robotable.core.game import Action, Agent, Game, Turn, Wait
from robotable.core.rng import Rng

LEVELS = ("easy", "medium", "hard", "expert")

EASY_RANDOM_SHARE = 0.3
"""Share of ``easy``'s decisions taken at random: enough to lose to the heuristic most of the
time, not so much that it plays like a random player."""


class NoisyAgent:
    """Another agent that, for a seeded share of its decisions, plays a random legal action
    instead. Take-back actions (undo) are never the random choice: undoing what the agent just
    did would only loop."""

    def __init__(self, inner: Agent, *, share: float, seed: int = 0) -> None:
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"the random share must be between 0 and 1, not {share}")
        self.inner = inner
        self.name = getattr(inner, "name", "bot")
        self.share = share
        self.rng = Rng(seed)

    def act(self, turn: Turn) -> Action | Wait:
        onward = [a for a in turn.legal if not turn.game.takes_back(a)]
        if onward and self.rng.random() < self.share:
            return self.rng.choice(onward)
        return self.inner.act(turn)


@dataclass(frozen=True)
class Level:
    """One level of a game: how it is made and what it is, in a line for ``robotable bots``."""

    name: str
    about: str
    make: Callable[..., Agent]


@dataclass(frozen=True)
class SearchBudget:
    """The search levels' budgets for one game (iterations per decision)."""

    hard: int
    expert: int
    rollout_limit: int = ROLLOUT_LIMIT
    estimate: Estimate | None = None
    """Judges a rollout cut at ``rollout_limit`` (see :class:`SearchAgent`)."""
    guided: bool = False
    """The heuristic is the search's prior: its move stands unless the search overrules it
    (for games whose cheap rollouts alone lose to the heuristic)."""
    overrule: float = OVERRULE
    """How clearly the search must prefer another move to overrule the heuristic (a share of
    the iterations, see :class:`SearchAgent`)."""


SEARCH_PARTS = tuple(f.name for f in fields(SearchBudget))


def seeded(heuristic: Callable[..., Agent], seed: int) -> Agent:
    """The game's heuristic, given ``seed`` when it takes one: DR2D's draws among equally good
    programs with it, so seeded games vary (a deterministic medium would play one game per
    setup); the others are deterministic and take none."""
    try:
        takes_seed = "seed" in inspect.signature(heuristic).parameters
    except (TypeError, ValueError):  # a builtin or a callable without a signature
        takes_seed = False
    return heuristic(seed=seed) if takes_seed else heuristic()


def decision_budget(fields: Mapping[str, Any]) -> DecisionBudget:
    """A budget as a game's ``LEVEL_PARTS`` writes it: its fields, a rival's budget as its own."""
    rival = fields.get("rival")
    if isinstance(rival, Mapping):
        fields = {**fields, "rival": DecisionBudget(**rival)}
    return DecisionBudget(**fields)


def decision_levels(parts: Mapping[str, Any]) -> dict[str, Level]:
    """``hard`` and ``expert`` as searches over whole decisions, for a game whose
    ``LEVEL_PARTS`` gives ``candidates``, ``judge`` and ``decision_budgets`` (see
    :mod:`robotable.agents.decisions`)."""
    heuristic: Callable[[], Agent] = parts["heuristic"]
    budgets = {name: decision_budget(fields) for name, fields in parts["decision_budgets"].items()}

    def searcher(name: str) -> Callable[..., Agent]:
        def make(*, seed: int = 0, iterations: int | None = None) -> Agent:
            budget = budgets[name] if iterations is None else replace(budgets[name], worlds=iterations)
            return DecisionSearchAgent(
                heuristic=heuristic,
                candidates=parts["candidates"],
                judge=parts["judge"],
                refine=parts.get("refine"),
                adopt=parts.get("adopt"),
                settled=parts.get("settled"),
                budget=budget,
                seed=seed,
                name=name,
            )

        return make

    def about(budget: DecisionBudget) -> str:
        reach = "to the end" if budget.horizon is None else f"for {budget.horizon} actions"
        if "settled_about" in parts:  # the game's judging point comes first
            reach = f"{parts['settled_about']} (at most {budget.horizon} actions)"
        text = (
            f"search over whole decisions: the heuristic's and up to {budget.candidates - 1} others, "
            f"each played out in {budget.worlds} guessed world{'s' if budget.worlds != 1 else ''} "
            f"by heuristics {reach}, then judged"
        )
        if budget.rival is not None:
            rival = budget.rival
            text += (
                "; every second world may guess the other seats' hidden decisions as a search of "
                f"{rival.candidates} x {rival.worlds} would take them from their own view (as often "
                "as what this seat has seen says they search)"
            )
        if budget.work is not None:  # what bounds the rare long decision
            unit = parts.get("work_about", "units of work")
            bounded = "no rival searched" if budget.rival is not None else "no world added"
            text += f"; {bounded} once {budget.work:,} {unit} have been spent"
        return text

    return {name: Level(name, about(budgets[name]), searcher(name)) for name in ("hard", "expert")}


def standard_levels(parts: Mapping[str, Any]) -> dict[str, Level]:
    """The four levels of a game from its ``LEVEL_PARTS`` (see the games' ``bots.py``)."""
    heuristic: Callable[[], Agent] = parts["heuristic"]
    policy: Policy = parts.get("policy", random_policy)
    # the budget's defaults stand for any part the game leaves out
    budget = SearchBudget(**{name: parts[name] for name in SEARCH_PARTS if name in parts})

    def easy(*, seed: int = 0) -> Agent:
        return NoisyAgent(heuristic(), share=EASY_RANDOM_SHARE, seed=seed)

    def medium(*, seed: int = 0) -> Agent:
        return seeded(heuristic, seed)

    def searcher(name: str, default: int) -> Callable[..., Agent]:
        def make(*, seed: int = 0, iterations: int | None = None) -> Agent:
            return SearchAgent(
                iterations=default if iterations is None else iterations,
                seed=seed,
                policy=policy,
                rollout_limit=budget.rollout_limit,
                estimate=budget.estimate,
                prior=heuristic() if budget.guided else None,
                overrule=budget.overrule,
                name=name,
            )

        return make

    def about_search(iterations: int) -> str:
        text = f"search (ISMCTS), {iterations} iterations per decision, {parts.get('policy_about', 'random')}"
        text += " rollouts"
        if budget.estimate is not None:
            text += f", cut after {budget.rollout_limit} actions and judged"
        return text + (", overruling the heuristic's move" if budget.guided else "")

    share = round(EASY_RANDOM_SHARE * 100)
    levels = {
        "easy": Level("easy", f"the heuristic, with {share} % of its decisions random (seeded)", easy),
        "medium": Level("medium", "the heuristic", medium),
        "hard": Level("hard", about_search(budget.hard), searcher("hard", budget.hard)),
        "expert": Level("expert", about_search(budget.expert), searcher("expert", budget.expert)),
    }
    if "candidates" in parts:
        levels.update(decision_levels(parts))
    return levels


def game_levels(game: Game) -> dict[str, Level]:
    """A game's levels built from its ``LEVEL_PARTS``; none for a game that names its levels
    itself (Ricochet's solver bots)."""
    module = importlib.import_module(f"robotable.games.{game.id}.bots")
    parts = getattr(module, "LEVEL_PARTS", None)
    return {} if parts is None else standard_levels(parts)


def bots_of(game: Game) -> dict[str, Callable[..., Agent]]:
    """Every bot of a game by name: its own (``Game.bots()``) and its levels."""
    return {**game.bots(), **factories(game_levels(game))}


def factories(levels: dict[str, Level]) -> dict[str, Callable[..., Any]]:
    """``Game.bots()``'s shape: name -> factory."""
    return {name: level.make for name, level in levels.items()}
