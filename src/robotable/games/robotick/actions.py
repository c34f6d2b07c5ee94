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

VERBS = ("pass", "give", "play")
"""``give`` is read as ``pass``; ``play`` may precede a card."""


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
    """Read one action; every number goes through the shared reader (ASCII digits, bounded).

    >>> parse_action("pass b9"), parse_action("A13"), parse_action("play C2")
    (Pass(card=21), Play(card=12), Play(card=27))
    >>> parse_action("pass B²")
    Traceback (most recent call last):
    ...
    robotable.core.errors.NotationError: card B's strength is written with the digits 0-9, not '²'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action: type a card like B9, or 'pass B9' while passing")
    head = words[0].lower()
    if head in VERBS and len(words) == 2:
        value = card(words[1])
        return Play(value) if head == "play" else Pass(value)
    if head in VERBS and len(words) == 1:
        raise NotationError(f"{head} which card? Write it after the word, like '{head} B9'")
    if len(words) == 1:
        return Play(card(words[0]))
    if head in ("pass", "give"):
        raise NotationError("pass one card at a time, like 'pass B9' then 'pass C3'")
    raise NotationError("play a card like 'B9', or pass one with 'pass B9'")
