"""Ratings and head-to-head results of a tournament, from its game records.

Ratings are OpenSkill's Plackett-Luce model (Weng and Lin 2011): a Bayesian rating with a
mean ``mu`` and an uncertainty ``sigma`` per bot, made for games of any number of players
with ties, as Robotick's three seats and Droids' shared places need (Elo and Bradley-Terry
are for two). The library is maintained and has no dependencies. Bots do not learn between
games, so their skill is not allowed to drift (``tau = 0``); and since an online rating
depends on the order of its games, the games are always rated in the plan's order (game 0 of
every line-up, then game 1...), whatever order the workers finished them in.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from robotable.core.records import Record
from robotable.play.round_robin import GameKey, Plan
from robotable.play.tournament import Z95, wilson


@dataclass(frozen=True)
class Rating:
    bot: str
    mu: float
    sigma: float
    games: int
    """Finished games the bot played (a bot seated twice in one game counts it once)."""
    firsts: int
    """Finished games in which one of its seats came first (shared first places count)."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the skill: ``mu`` ± 1.96 ``sigma``."""
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma


@dataclass(frozen=True)
class HeadToHead:
    """How often ``first`` finished ahead of ``second`` when they met (each pair of their seats
    in a finished game is one meeting)."""

    first: str
    second: str
    ahead: int
    behind: int
    level: int

    @property
    def meetings(self) -> int:
        return self.ahead + self.behind + self.level

    @property
    def win_rate(self) -> tuple[float, float, float]:
        """Share of meetings ``first`` finished ahead, with its 95 % Wilson interval."""
        return wilson(self.ahead, self.meetings)


def in_plan_order(plan: Plan, records: Mapping[GameKey, Record]) -> list[Record]:
    return [records[key] for key in plan.schedule() if key in records]


def rate(plan: Plan, records: Mapping[GameKey, Record]) -> list[Rating]:
    """Every bot's rating, best first (unfinished games are not rated)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    ratings = {bot: model.rating(name=bot) for bot in plan.bots}
    games = dict.fromkeys(plan.bots, 0)
    firsts = dict.fromkeys(plan.bots, 0)
    for record in in_plan_order(plan, records):
        if record.outcome is None:
            continue
        ranks = list(record.outcome.ranks)
        updated = model.rate([[ratings[bot]] for bot in record.seats], ranks=ranks)
        _apply(ratings, record.seats, [team[0] for team in updated])
        for bot in set(record.seats):
            games[bot] += 1
            firsts[bot] += any(r == 1 for seat, r in zip(record.seats, ranks, strict=True) if seat == bot)
    table = [Rating(bot, r.mu, r.sigma, games[bot], firsts[bot]) for bot, r in ratings.items()]
    return sorted(table, key=lambda rating: (-rating.mu, rating.bot))


def _apply(ratings: dict[str, Any], seats: list[str], updated: list[Any]) -> None:
    """Give each bot its new rating. A bot in several seats (two bots at a three-seat table)
    gets the sum of its seats' changes of ``mu``, and each seat's shrinking of the variance, as
    if it had learned from each seat separately."""
    for bot in set(seats):
        old = ratings[bot]
        mine = [new for seat, new in zip(seats, updated, strict=True) if seat == bot]
        mu = old.mu + sum(new.mu - old.mu for new in mine)
        variance = old.sigma**2
        for new in mine:
            variance *= new.sigma**2 / old.sigma**2
        old.mu, old.sigma = mu, variance**0.5


def head_to_head(plan: Plan, records: Mapping[GameKey, Record]) -> list[HeadToHead]:
    """For every pair of bots (in the order named), their meetings in finished games."""
    tallies = {pair: [0, 0, 0] for pair in itertools.combinations(plan.bots, 2)}
    order = {bot: i for i, bot in enumerate(plan.bots)}
    for record in in_plan_order(plan, records):
        if record.outcome is None:
            continue
        seated = list(zip(record.seats, record.outcome.ranks, strict=True))
        for (bot_a, rank_a), (bot_b, rank_b) in itertools.combinations(seated, 2):
            if bot_a == bot_b:
                continue
            if order[bot_a] > order[bot_b]:
                (bot_a, rank_a), (bot_b, rank_b) = (bot_b, rank_b), (bot_a, rank_a)
            tally = tallies[bot_a, bot_b]
            tally[0 if rank_a < rank_b else 1 if rank_a > rank_b else 2] += 1
    return [HeadToHead(a, b, *tally) for (a, b), tally in tallies.items()]
