"""Ratings of people and bots per game, for the server's rated tables (issue 29).

The model is the tournaments' (:mod:`robotable.play.ratings`): OpenSkill's Plackett-Luce,
whose rating is a mean ``mu`` and an uncertainty ``sigma``, made for games of any number of
seats with shared places, so every seat of a 3- to 8-seat game is rated from the outcome's
ranks alone. Two differences with the tournaments:

- People learn, get tired, come back after months: their skill moves, so before each game
  their uncertainty grows by ``tau`` (:data:`PEOPLE_TAU`, OpenSkill's default ``25 / 300``),
  which keeps a rating able to follow a person who improves instead of freezing after a
  hundred games. The tournaments rate bots, which do not change, with ``tau = 0``.
- Bots are anchors: each level of each game keeps the rating its ladder measured
  (``agents/ladders/GAME.json``, hundreds of games between the levels) and never moves. A
  program plays no better for having beaten someone, and fixed anchors keep the scale from
  drifting as people come and go, so "expert ~ 1,800" means the same thing next year. Their
  games and wins are still counted for the leaderboard.

The number shown (:func:`shown`) is one scale for the whole site: ``1500 + 30 (mu - 25)``. A
new person (``mu = 25``) shows 1,500, and 30 points per unit of ``mu`` make the gaps read as
Elo's: between two settled players, 200 points more means winning about 3 games in 4 (the
Plackett-Luce odds of two players with ``mu`` 6.7 apart and small ``sigma``, as Elo's
200). A rating is *provisional* while its ``sigma`` is above :data:`PROVISIONAL_SIGMA` (a
handful of games): shown with a question mark, as on lichess.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from robotable import agents
from robotable.agents.levels import LEVELS

PEOPLE_TAU = 25.0 / 300.0
"""How much a person's uncertainty grows before each game (OpenSkill's default): their skill moves."""
START = (25.0, 25.0 / 3.0)
"""A new person's ``mu`` and ``sigma`` (OpenSkill's defaults): 1,500, provisional."""
SHOWN_AVERAGE = 1500
SHOWN_PER_MU = 30.0
"""Points shown per unit of ``mu`` (see the module's description)."""
PROVISIONAL_SIGMA = 6.0
"""Above this uncertainty a rating is provisional (a new person's is 8.3; about 6 two-seat games
bring it below, fewer at bigger tables)."""
UNMEASURED_STEP = 4.0
"""``mu`` between two levels of a game whose ladder did not measure them: about what the ladders
measured between neighbouring levels (3 to 8)."""
UNMEASURED_SIGMA = 3.0
LADDERS = Path(agents.__file__).parent / "ladders"


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float


def shown(mu: float) -> int:
    """The number people see for a rating's ``mu`` (see the module's description)."""
    return round(SHOWN_AVERAGE + SHOWN_PER_MU * (mu - START[0]))


def ranks_of(ratings: Sequence[int]) -> list[int]:
    """The rank of each of ``ratings`` (shown numbers, best first): equal numbers share a rank,
    the next one counts the lines above it (1, 2, 2, 4)."""
    ranks: list[int] = []
    for line, rating in enumerate(ratings):
        ranks.append(ranks[-1] if line and ratings[line - 1] == rating else line + 1)
    return ranks


def provisional(sigma: float) -> bool:
    return sigma > PROVISIONAL_SIGMA


@cache
def bot_seeds(game: str) -> dict[str, Skill]:
    """Each level's fixed rating at ``game``: its ladder's ``mu`` and ``sigma`` for the levels the
    ladder measured (played at least one game), else placed by :func:`_unmeasured` around them.
    A game without a ladder (Ricochet, whose levels are its solver bots: who finds a path
    first is mostly speed) gets medium at the average, the others a step apart."""
    measured: dict[str, Skill] = {}
    path = LADDERS / f"{game}.json"
    if path.is_file():
        for entry in json.loads(path.read_text(encoding="utf-8")).get("ratings", []):
            level = str(entry["bot"]).removeprefix("bot:")
            if level in LEVELS and entry.get("games", 0) > 0:
                measured[level] = Skill(float(entry["mu"]), float(entry["sigma"]))
    return {level: measured.get(level) or _unmeasured(level, measured) for level in LEVELS}


def _unmeasured(level: str, measured: dict[str, Skill]) -> Skill:
    """A level the ladder did not measure: a step below (or above) its nearest measured
    neighbour, or medium at the average and a step between levels when nothing was measured."""
    index = LEVELS.index(level)
    for distance in range(1, len(LEVELS)):
        for neighbour, sign in ((index + distance, -1), (index - distance, 1)):
            if 0 <= neighbour < len(LEVELS) and LEVELS[neighbour] in measured:
                mu = measured[LEVELS[neighbour]].mu + sign * distance * UNMEASURED_STEP
                return Skill(mu, UNMEASURED_SIGMA)
    return Skill(START[0] + (index - LEVELS.index("medium")) * UNMEASURED_STEP, UNMEASURED_SIGMA)


def rate_game(skills: Sequence[Skill], ranks: Sequence[int], anchors: Sequence[bool]) -> list[Skill]:
    """Every seat's rating after a game: ``skills`` before, in seat order, the outcome's
    ``ranks`` (1 first, equal ranks share the place), ``anchors`` the seats whose rating stays
    (bots). Each seat is one player (a table seats an account once; two seats of one bot level
    both keep the anchor's rating)."""
    from openskill.models import PlackettLuce

    if not len(skills) == len(ranks) == len(anchors):
        raise ValueError("one skill, one rank and one anchor flag per seat")
    model = PlackettLuce(tau=PEOPLE_TAU)
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    updated = model.rate(teams, ranks=list(ranks))
    return [
        old if anchor else Skill(team[0].mu, team[0].sigma)
        for old, anchor, team in zip(skills, anchors, updated, strict=True)
    ]
