"""The bot arena's rules (issue 32), apart from any server: who plays whom, how a game moves
the arena's ratings, and when a bot that keeps running out of time is paused.

The arena is its own ladder. Everyone in it, robotable's levels included, starts at the same
rating and moves with each game: unlike the site's rated tables, where the levels are fixed
anchors (:mod:`.rated`), the arena measures programs against programs, so a level placed
where its ladder measured it would decide the order before a game was played. The model and
the scale are the site's (OpenSkill's Plackett-Luce, :func:`.rated.shown`).

- **Pairing** (:func:`pairings`): the free entrants that do not fill a whole table, drawn at
  random, wait a round; the others are sorted by rating, each rating first shaken by a draw
  of :data:`SHAKE` (in ``mu``), then cut into tables of the arena's size in that order.
  Neighbours by rating meet most, yet the groups change from one round to the next, so every
  rating is compared with more than one other (a plain sort would pair the same two forever
  and never compare the pairs with each other).
- **Rating** (:func:`rated_after`): a seat that ran out of time or was away at the end (its
  game played by a stand-in) is ranked last, behind every seat that played on: the stand-in's
  result is not the program's, and a bot that stops answering must not gain by it.
- **Pausing** (:func:`strikes_after`): :data:`STRIKES` timed-out games in a row pause a bot
  for :data:`PAUSE` seconds; a game it plays to the end clears its strikes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from robotable.play.rated import Skill, rate_game

SHAKE = 3.0
"""The spread (``mu``, about 90 points shown) of the draw each rating is shaken by before a round's
sort: about the gap between two neighbouring levels of a game."""
STRIKES = 3
"""Games in a row run out of time (or left to a stand-in) that pause a bot."""
PAUSE = 3600.0
"""Seconds a bot is paused after :data:`STRIKES` such games: its owner sees until when."""

Key = TypeVar("Key")


@dataclass(frozen=True)
class Entrant(Generic[Key]):
    """One bot in a game's arena: its ``key`` (whatever the caller finds it by) and its rating."""

    key: Key
    skill: Skill


def pairings(entrants: Sequence[Entrant[Key]], seats: int, draw: random.Random) -> list[list[Entrant[Key]]]:
    """The tables of one round: the free ``entrants`` cut into groups of ``seats``, neighbours by
    shaken rating together (see the module's description). When they do not fill whole tables,
    the ones who wait a round are drawn first: not always the best or the worst."""
    seated = draw.sample(list(entrants), len(entrants) - len(entrants) % seats)  # who waits: drawn
    shaken = sorted(seated, key=lambda entrant: entrant.skill.mu + draw.gauss(0.0, SHAKE))
    groups = [shaken[start : start + seats] for start in range(0, len(shaken), seats)]
    for group in groups:
        draw.shuffle(group)  # who sits first is drawn too: seat 0 moves first in most games
    return groups


def arena_ranks(ranks: Sequence[int], timed_out: Sequence[bool]) -> list[int]:
    """The ranks the arena rates: the seats that played on in the game's order (1, 2, ... with
    shared places kept), then every seat that ``timed_out``, sharing the last place."""
    places = sorted({rank for rank, out in zip(ranks, timed_out, strict=True) if not out})
    place_of = {rank: number for number, rank in enumerate(places, start=1)}
    last = len(places) + 1  # everyone out of time: they share the first place
    return [last if out else place_of[rank] for rank, out in zip(ranks, timed_out, strict=True)]


def rated_after(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Every seat's arena rating after a game whose :func:`arena_ranks` are ``ranks`` (nobody
    is an anchor in the arena)."""
    return rate_game(skills, ranks, [False] * len(skills))


def strikes_after(strikes: int, timed_out: bool, now: float) -> tuple[int, float | None]:
    """A bot's strikes after a game, and until when it is paused (None: not paused)."""
    if not timed_out:
        return 0, None
    if strikes + 1 >= STRIKES:
        return 0, now + PAUSE
    return strikes + 1, None
