"""Generic players that work with every game through the contract alone."""

from robotable.agents.random import RandomAgent

__all__ = ["RandomAgent"]
