"""The words of a drawing: what a game's SVG renderer writes, in the drawing's language.

Every word a renderer draws (a legend, a caption, a counter, a card's meaning) is a key of
the game's catalogue (``words/LANG.json``, :mod:`robotable.core.words`); notation, numbers
and names are drawn as they are. ``names`` are the seats' names when the face knows them
(a table's players); without them a seat is the catalogue's ``seat`` word (``P0``, ``J0``).

>>> say = DrawingWords("robotable.games.robotick", "fr")
>>> say.seat(1), DrawingWords("robotable.games.robotick", "en", ["Ada"]).seat(0)
('J1', 'Ada')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from robotable.core.errors import RobotableError
from robotable.core.words import LANGUAGES, catalogue, fill

MAX_NAME = 80
"""A seat's name is drawn whole up to this many characters, cut with an ellipsis beyond."""


class DrawingWords:
    """A game's catalogue in one language, and the seats' names, for one drawing."""

    def __init__(self, package: str, lang: str = "en", names: Sequence[str] | None = None) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.words: Mapping[str, str] = catalogue(package, self.lang)
        self.names = _checked_names(names)

    def __call__(self, key: str, **params: Any) -> str:
        """The catalogue's template ``key`` filled with ``params``."""
        return fill(self.words, key, params)

    def seat(self, seat: int) -> str:
        """The seat's name when the face gave one, else the catalogue's ``seat`` word."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self("seat", seat=seat)

    def phase(self, phase: str) -> str:
        """The phase as the drawing says it: the catalogue's phase word ("standby window", not
        the code "window")."""
        return self(f"phase.{phase}")


def _checked_names(names: Sequence[str] | None) -> tuple[str, ...]:
    if names is None:
        return ()
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise RobotableError(f"drawing option names: a list of the seats' names, not {names!r}")
    return tuple(name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…" for name in names)
