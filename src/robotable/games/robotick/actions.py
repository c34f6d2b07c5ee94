"""Robotick actions and their notation.

==============  ===========================================================
notation        meaning
==============  ===========================================================
``pass B9``     choose one card to give to the player on your left (RT-9);
                secret, two of them lock your choice
``B9``          play a card into the trick (``play B9`` is read too)
==============  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.errors import NotationError
from robotable.core.game import Action
from robotable.games.robotick.cards import card, name


@dataclass(frozen=True)
class Pass(Action):
    """One of the two cards given to the left neighbour; nobody else may see it."""

    secret = True
    card: int

    def __str__(self) -> str:
        return f"pass {name(self.card)}"


@dataclass(frozen=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return name(self.card)


def parse_action(text: str) -> Action:
    """Read one action.

    >>> parse_action("pass b9"), parse_action("A13"), parse_action("play C2")
    (Pass(card=21), Play(card=12), Play(card=27))
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty action: type a card like B9, or 'pass B9' while passing")
    head = words[0].lower()
    if head in ("pass", "give", "play") and len(words) == 2:
        value = card(words[1])
        return Pass(value) if head != "play" else Play(value)
    if len(words) == 1:
        return Play(card(words[0]))
    raise NotationError("play a card like 'B9', or pass one with 'pass B9'")
