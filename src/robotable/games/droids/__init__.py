"""Droids (Dominique Ehrhard, 1991): see ``rules/en.md`` and the spec's DD rules."""

from robotable.games.droids.game import DroidsGame

GAME = DroidsGame()

__all__ = ["GAME", "DroidsGame"]
