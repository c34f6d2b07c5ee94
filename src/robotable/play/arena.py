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
- **No rematch while others play**: a group that is exactly the table its bots just finished is
  broken up with another group when there is one; one left over, while other bots are still
  playing, waits for them (at most :data:`MIX_WAIT` seconds). Otherwise tables ending one at a
  time would each be paired again alone, the same bots for ever.
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
MIX_WAIT = 120.0
"""Seconds bots that just played each other wait, while others play on, to meet someone else."""

Key = TypeVar("Key")


@dataclass(frozen=True)
class Entrant(Generic[Key]):
    """One bot in a game's arena: its ``key`` (whatever the caller finds it by) and its rating."""

    key: Key
    skill: Skill
    last_table: str | None = None
    """The table of its last finished game in this arena (None: none yet)."""
    free_since: float = 0.0
    """When it came free: the end of its last game, or its joining."""


def pairings(
    entrants: Sequence[Entrant[Key]], seats: int, draw: random.Random, *, playing: int = 0, now: float = 0.0
) -> list[list[Entrant[Key]]]:
    """The tables of one round: the free ``entrants`` cut into groups of ``seats``, neighbours by
    shaken rating together, no rematch while ``playing`` bots may yet come free (see the
    module's description). When they do not fill whole tables, the ones who wait a round are
    drawn first: not always the best or the worst."""
    seated = draw.sample(list(entrants), len(entrants) - len(entrants) % seats)  # who waits: drawn
    shaken = sorted(seated, key=lambda entrant: entrant.skill.mu + draw.gauss(0.0, SHAKE))
    groups = _mixed([shaken[start : start + seats] for start in range(0, len(shaken), seats)])
    if playing:
        groups = [group for group in groups if not rematch(group) or waited(group, now)]
    for group in groups:
        draw.shuffle(group)  # who sits first is drawn too: seat 0 moves first in most games
    return groups


def rematch(group: Sequence[Entrant[Key]]) -> bool:
    """Whether ``group`` is exactly the table its bots last played at, together."""
    tables = {entrant.last_table for entrant in group}
    return len(tables) == 1 and None not in tables


def waited(group: Sequence[Entrant[Key]], now: float) -> bool:
    return all(now - entrant.free_since >= MIX_WAIT for entrant in group)


def _mixed(groups: list[list[Entrant[Key]]]) -> list[list[Entrant[Key]]]:
    """The groups, each rematch broken up by swapping its first bot with another group's first
    bot where that leaves neither a rematch."""
    for group in groups:
        if not rematch(group):
            continue
        for other in groups:
            if other is group:
                continue
            group[0], other[0] = other[0], group[0]
            if not rematch(group) and not rematch(other):
                break
            group[0], other[0] = other[0], group[0]  # no better: undone
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
