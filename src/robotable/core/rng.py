"""A small seeded random generator whose whole state is one integer.

Python's :mod:`random` would do the sampling, but its state is a 625-word tuple whose
format belongs to CPython. Games keep their generator inside the state and serialise
it with everything else, so we use SplitMix64: tiny, fast enough, and the same
numbers on every Python version, which makes records replay bit for bit forever.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64. ``Rng(seed)`` for any integer seed; ``Rng.from_state(rng.state)`` resumes."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        return cls(state)

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if not 0 < n <= 1 << 64:  # past 2^64 the rejection limit is 0 and the loop never ends
            raise ValueError(
                f"randrange needs a bound from 1 to 2^64, not {n if n < 10**20 else 'a larger one'}"
            )
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for bots, determinisation)."""
        return Rng(self.next_u64())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
