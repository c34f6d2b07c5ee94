"""Ricochet Robots (Alex Randolph, 1999): see ``rules/en.md`` and the spec's RR rules.

``GAME`` is made on first use: the board, the puzzle codes and the solver need not load the game
itself (issue 17: `robotable ricochet solve CODE` imports only what it uses).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from robotable.games.ricochet.game import RicochetGame

    GAME: RicochetGame

__all__ = ["GAME", "RicochetGame"]
_MAKING = threading.Lock()  # one GAME, even when two threads ask first


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from robotable.games.ricochet import game

    with _MAKING:
        if "GAME" not in globals():
            globals().update(RicochetGame=game.RicochetGame, GAME=game.RicochetGame())
    return globals()[name]
