"""Toy Duel: a sixth game that lives in one folder outside ``src/``, for the test that a game's
words reach the pages from its own catalogue (``words/en.json``, ``words/fr.json``) and from
nowhere under ``web/`` (``tests/web/test_toy_game.py``).

Two seats warm up (each says ``ready``, or the warm-up timer runs out), then take turns scoring
one or two points (``point``, ``double``) until one has three.
"""

from tests.web.toy_game.game import GAME, ToyGame

__all__ = ["GAME", "ToyGame"]
