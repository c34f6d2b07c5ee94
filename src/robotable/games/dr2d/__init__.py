"""Des Robots et Des Dalles (DR2D): a simultaneous-programming race through a robot factory.

See ``rules/en.md`` and the spec's DR rules.
"""

from robotable.games.dr2d.game import DR2DGame

GAME = DR2DGame()

__all__ = ["GAME", "DR2DGame"]
