"""Dealing unseen cards under constraints, for :meth:`RobotickState.determinize`.

Holders (hands, the set-aside pile) have a capacity and may be void in some types
(a player who did not follow suit holds none of that type). A deal exists exactly
when, for every set of types, the cards of those types fit in the holders that
accept at least one of them (Hall's theorem on cards and holder slots). Dealing one
card at a time and keeping that condition true never dead-ends.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from robotable.core.rng import Rng
from robotable.games.robotick.cards import kind

_SUBSETS = range(1, 16)


def feasible(counts: Sequence[int], capacity: Sequence[int], void: Sequence[int]) -> bool:
    """Can ``counts[t]`` cards of each type fill ``capacity`` without breaking a ``void`` mask?"""
    return all(_need(counts, subset) <= _room(capacity, void, subset) for subset in _SUBSETS)


def _need(counts: Sequence[int], subset: int) -> int:
    return sum(counts[t] for t in range(4) if subset >> t & 1)


def _room(capacity: Sequence[int], void: Sequence[int], subset: int) -> int:
    return sum(cap for cap, banned in zip(capacity, void, strict=True) if subset & ~banned)


def constrained_deal(
    pool: Sequence[int], capacity: Sequence[int], void: Sequence[int], rng: Rng
) -> list[list[int]]:
    """Deal ``pool`` into holders of ``capacity`` cards, holder ``h`` taking no type in mask ``void[h]``.

    >>> constrained_deal([0, 13, 14], [1, 2], [0b10, 0], Rng(1))
    [[0], [13, 14]]
    """
    counts = [0, 0, 0, 0]
    for c in pool:
        counts[kind(c)] += 1
    if sum(capacity) != len(pool) or not feasible(counts, capacity, void):
        raise ValueError("no deal fits these constraints")
    order = list(pool)
    rng.shuffle(order)
    if not any(void):  # nothing to respect: cut the shuffled pool
        cuts = [sum(capacity[:h]) for h in range(len(capacity) + 1)]
        return [sorted(order[a:b]) for a, b in itertools.pairwise(cuts)]
    # slack[subset] = room - need. Giving a type-t card to holder h (not void in t) lowers
    # the room of every subset h accepts and the need of those holding t, so only the
    # subsets h accepts without t lose one: they must have some slack to spare.
    slack = [0] + [_room(capacity, void, s) - _need(counts, s) for s in _SUBSETS]
    accepts = [[s for s in _SUBSETS if s & ~banned] for banned in void]
    left = list(capacity)
    hands: list[list[int]] = [[] for _ in capacity]
    for c in order:
        bit = 1 << kind(c)
        options = [
            h
            for h, banned in enumerate(void)
            if left[h] and not banned & bit and all(slack[s] > 0 for s in accepts[h] if not s & bit)
        ]
        holder = _weighted(options, left, rng)
        for s in accepts[holder]:
            if not s & bit:
                slack[s] -= 1
        left[holder] -= 1
        hands[holder].append(c)
    return [sorted(hand) for hand in hands]


def _weighted(options: list[int], weights: Sequence[int], rng: Rng) -> int:
    """A holder chosen in proportion to its free room, which keeps deals near uniform."""
    roll = rng.randrange(sum(weights[h] for h in options))
    for h in options:
        roll -= weights[h]
        if roll < 0:
            return h
    return options[-1]
