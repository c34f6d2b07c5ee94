"""Droco, the rule-driven fourth hand: which card it plays (RT-18..RT-22).

Droco is not a seat: the engine plays for it whenever its turn comes, from its open
hand and the round's AI card.

>>> from robotable.games.robotick.cards import AiCard, cards, name
>>> card01 = AiCard("01", ("Faible",), ("Faible", "Max"), ("Forte", "Min"))
>>> name(choose(card01, cards("A10 A8 A4 A2 B9 B1 C7 C5 C3 D10 D6 D5"), None))
'D10'
"""

from __future__ import annotations

from collections.abc import Sequence

from robotable.games.robotick.cards import AiCard, kind, strength


def column_for(hand: Sequence[int], led: int | None) -> str:
    """RT-18: Ouvre when leading, Suit when holding the led type, else Ne suit pas."""
    if led is None:
        return "open"
    return "follow" if any(kind(c) == led for c in hand) else "no-follow"


def candidates(hand: Sequence[int], column: str, led: int | None) -> list[int]:
    """RT-19: the led type's cards for Suit; the whole hand otherwise."""
    if column == "follow":
        return [c for c in hand if kind(c) == led]
    return list(hand)


def apply_criterion(criterion: str, pool: list[int], hand: Sequence[int]) -> list[int]:
    """RT-20: keep the candidates that the criterion prefers."""
    if criterion == "Faible":
        low = min(strength(c) for c in pool)
        return [c for c in pool if strength(c) == low]
    if criterion == "Forte":
        high = max(strength(c) for c in pool)
        return [c for c in pool if strength(c) == high]
    # Column criteria count the whole column in hand, comparing only candidate types.
    sizes = [0, 0, 0, 0]
    for c in hand:
        sizes[kind(c)] += 1
    present = {kind(c) for c in pool}
    pick = max if criterion == "Max" else min
    target = pick(sizes[t] for t in present)
    return [c for c in pool if sizes[kind(c)] == target]


def choose(ai: AiCard, hand: Sequence[int], led: int | None) -> int:
    """Droco's card; ``led`` is the led type, or None when Droco leads (RT-21)."""
    column = column_for(hand, led)
    pool = candidates(hand, column, led)
    for criterion in ai.criteria(column):
        if len(pool) == 1:
            break
        pool = apply_criterion(criterion, pool, hand)
    first_type = min(kind(c) for c in pool)  # priority A > B > C > D
    pool = [c for c in pool if kind(c) == first_type]
    return min(pool)  # engine fallback: the weakest (a decision; default cards never need it)
