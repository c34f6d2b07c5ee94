"""Series of seeded bot games and their statistics: how much better is one bot than another?

A series plays ``games`` games with the same line-up of players (``labels``). Game ``i``
uses seed ``seed + i`` and rotates the line-up by ``i`` seats, so every player sits in
every seat equally often (the first seat may have an edge). Results are kept per player,
not per seat.
"""

from __future__ import annotations

import contextlib
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from robotable.core.game import JSON, Agent, Game, Outcome
from robotable.core.records import Record, Recorder
from robotable.play.clock import VirtualClock
from robotable.play.match import Match, MatchError

AgentFactory = Callable[[str, int, int], Agent]
"""``factory(label, seat, seed)``: a fresh agent for one seat of one game."""

Z95 = 1.959964  # two-sided 95 % normal quantile


@dataclass(frozen=True)
class GameResult:
    """One game of a series, per player (index in the line-up, not seat)."""

    seed: int
    scores: tuple[float, ...] | None  # None: no result within the action limit
    ranks: tuple[int, ...] | None
    actions: int


@dataclass
class Series:
    labels: list[str]
    results: list[GameResult] = field(default_factory=list)

    @property
    def finished(self) -> list[GameResult]:
        return [r for r in self.results if r.ranks is not None]

    def first_places(self, player: int) -> int:
        """Games ``player`` finished first in (a shared first place counts)."""
        return sum(1 for r in self.finished if r.ranks[player] == 1)  # type: ignore[index]

    def sole_wins(self, player: int) -> int:
        """Games ``player`` won alone."""
        return sum(1 for r in self.finished if r.ranks.count(1) == 1 and r.ranks[player] == 1)  # type: ignore[union-attr,index]

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Share of first places with its 95 % Wilson interval (over all games played)."""
        return wilson(self.first_places(player), len(self.results))

    def mean_score(self, player: int) -> tuple[float, float]:
        """Mean score over finished games and the half-width of its 95 % interval."""
        return mean_ci([r.scores[player] for r in self.finished])  # type: ignore[index]

    def score_margin(self, player: int) -> tuple[float, float]:
        """Mean per-game difference: ``player``'s score minus the others' average, with 95 % CI.

        Paired per game, so the luck of the deal common to all players cancels out.
        """
        margins = []
        for result in self.finished:
            scores = result.scores
            others = [s for i, s in enumerate(scores) if i != player]  # type: ignore[arg-type]
            margins.append(scores[player] - sum(others) / len(others))  # type: ignore[index]
        return mean_ci(margins)


def wilson(successes: int, trials: int) -> tuple[float, float, float]:
    """Proportion and its 95 % Wilson score interval (good near 0 and 1, unlike p ± 2σ)."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95 % normal interval."""
    if not values:
        return math.nan, math.nan
    if len(values) == 1:
        return float(values[0]), math.inf
    return statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))


def play_series(
    game: Game,
    labels: Sequence[str],
    factory: AgentFactory,
    *,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 100_000,
    on_game: Callable[[GameResult], None] | None = None,
) -> Series:
    """Play ``games`` seeded games of ``labels`` on a virtual clock."""
    series = Series(list(labels))
    for number in range(games):
        result = play_one(
            game, labels, factory, seed=seed + number, shift=number, options=options, max_actions=max_actions
        )
        series.results.append(result)
        if on_game is not None:
            on_game(result)
    return series


def play_one(
    game: Game,
    labels: Sequence[str],
    factory: AgentFactory,
    *,
    seed: int,
    shift: int,
    options: Mapping[str, Any] | None,
    max_actions: int,
) -> GameResult:
    """One game with the line-up rotated by ``shift`` seats; results given per player. Nothing
    is recorded (a series keeps results only): see :func:`record_one` for the record."""
    seats = rotated(labels, shift)
    agents = [factory(label, seat, seed) for seat, label in enumerate(seats)]
    state = game.new_state(game.validate_options(options), seed=seed, seats=len(seats))
    match = Match(game, state, agents, VirtualClock(), max_actions=max_actions)
    with contextlib.suppress(MatchError):  # no result within the limit (or stalled): outcome None
        match.run()
    return per_player(state.outcome(), seed, shift, match.table.version)


def rotated(labels: Sequence[str], shift: int) -> list[str]:
    """Who sits where when the line-up is rotated by ``shift``: seat ``s`` holds player ``s + shift``."""
    return [labels[(seat + shift) % len(labels)] for seat in range(len(labels))]


def record_one(
    game: Game,
    labels: Sequence[str],
    factory: AgentFactory,
    *,
    seed: int,
    shift: int,
    options: Mapping[str, Any] | None,
    max_actions: int,
    meta: Mapping[str, JSON] | None = None,
) -> Record:
    """One game with the line-up rotated by ``shift`` seats, as its record (seats in seat order).

    A game with no result within ``max_actions`` (or stalled) is kept with outcome None."""
    seats = rotated(labels, shift)
    agents = [factory(label, seat, seed) for seat, label in enumerate(seats)]
    recorder = Recorder(game, options, seed=seed, seats=seats, meta=meta)
    match = Match(game, recorder.state, agents, VirtualClock(), recorder, max_actions=max_actions)
    with contextlib.suppress(MatchError):  # the record says how far it got; its outcome stays None
        match.run()
    return recorder.record


def result_of(record: Record, shift: int) -> GameResult:
    """A record's result per player of the line-up it was rotated from by ``shift``."""
    return per_player(record.outcome, record.seed, shift, len(record.actions))


def per_player(outcome: Outcome | None, seed: int, shift: int, actions: int) -> GameResult:
    """A game's outcome (in seat order) per player of the line-up rotated by ``shift``."""
    if outcome is None:
        return GameResult(seed, None, None, actions)
    n = len(outcome.ranks)
    scores = [0.0] * n
    ranks = [0] * n
    for seat in range(n):
        player = (seat + shift) % n
        scores[player] = outcome.scores[seat]
        ranks[player] = outcome.ranks[seat]
    return GameResult(seed, tuple(scores), tuple(ranks), actions)


def bot_agent(game: Game, label: str, seat: int, seed: int) -> Agent:
    """The program for a seat label (``random``, ``bot``, ``bot:NAME``), the same in every
    face: ``random`` and the bots that draw random numbers (levels, searches) get their own
    stream per seat from the game's ``seed``, so a seeded game repeats exactly."""
    from robotable.agents import RandomAgent
    from robotable.agents.levels import bots_of

    own_seed = seed * 1000 + seat
    if label == "random":
        return RandomAgent(seed=own_seed)
    return bots_of(game)[label.removeprefix("bot:")](seed=own_seed)
