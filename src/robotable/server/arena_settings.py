"""What the server's host chooses for the bot arena (``robotable serve --arena-every ...``),
apart from the arena itself (:mod:`.arena`) so that the command line reads it without loading
the server, and hands it to ``--workers`` as JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ARENA_GAMES = ("ricochet", "dr2d", "droids", "delivery", "robotick")
ARENA_LEVELS = ("easy", "medium", "hard", "expert")
"""robotable's levels (:data:`robotable.agents.levels.LEVELS`; a test checks that they agree)."""


@dataclass(frozen=True)
class ArenaSettings:
    every: float = 0.0
    """Seconds between two pairings; 0: no arena on this server."""
    games: tuple[str, ...] = ARENA_GAMES
    levels: tuple[str, ...] = ARENA_LEVELS
    """robotable's levels that take part in each game's arena."""
    bank: int = 600
    """Seconds each seat of an arena table has for the whole game (a game that can wait)."""
    per_move: int = 10
    """Seconds a move adds back to its seat's bank."""
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Each game's options at the arena's tables (the game's defaults otherwise)."""

    @property
    def on(self) -> bool:
        return self.every > 0

    def plays(self, game: str) -> bool:
        return self.on and game in self.games

    def to_json(self) -> str:
        return json.dumps({**self.__dict__, "options": {g: dict(o) for g, o in self.options.items()}})

    @classmethod
    def from_json(cls, text: str) -> ArenaSettings:
        found = json.loads(text)
        return cls(**{**found, "games": tuple(found["games"]), "levels": tuple(found["levels"])})


NO_ARENA = ArenaSettings()
"""A server without an arena (the default)."""
