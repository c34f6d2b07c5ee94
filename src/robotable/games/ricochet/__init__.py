"""Ricochet Robots (Alex Randolph, 1999): see ``rules/en.md`` and the spec's RR rules."""

from robotable.games.ricochet.game import RicochetGame

GAME = RicochetGame()

__all__ = ["GAME", "RicochetGame"]
