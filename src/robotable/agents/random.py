"""The baseline player: a uniformly random legal action."""

from __future__ import annotations

from robotable.core.game import Action, Turn, Wait
from robotable.core.rng import Rng


class RandomAgent:
    """Picks uniformly among ``turn.legal``; the same seed gives the same choices.

    It uses the core :class:`Rng` rather than :mod:`random` so that a match record plus
    the agent's seed reproduce a game on any Python version.
    """

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(seed)

    def act(self, turn: Turn) -> Action | Wait:
        if not turn.legal:  # nothing to choose yet: wait until something changes
            return Wait()
        return self.rng.choice(turn.legal)
