"""Robot Delivery actions and their notation.

=====================  ==================================================================
notation               meaning
=====================  ==================================================================
``slot 2 FWD``         put a card from your hand face down in onPlay slot 2 (secret)
``take 2``             take the cards of onPlay slot 2 back into your hand (secret)
``fn A 3 LOOP``        put a card face up, for good, in slot 3 of function board A (RD-10)
``submit``             your program is ready (all four slots hold a card, RD-9)
``time-up``            referee: the programming time ran out (option ``program_timeout_s``)
=====================  ==================================================================

Card names: FWD BACK SL SR RL RR UT LOOP LASER BUG FN-A..FN-D (case does not matter).
"""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.errors import NotationError
from robotable.core.game import Action, Word
from robotable.core.numbers import read_int
from robotable.games.delivery.cards import LETTERS, SLOTS, parse_card, shown


@dataclass(frozen=True)
class Program(Action):
    """A card from the hand into an onPlay slot, face down."""

    secret = True
    slot: int  # 1..4
    card: str

    def __str__(self) -> str:
        return f"slot {self.slot} {self.card}"


@dataclass(frozen=True)
class Take(Action):
    """Every card of an onPlay slot back into the hand (a change of mind before submitting)."""

    secret = True
    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True)
class PlaceFunction(Action):
    """A card from the hand onto a function board, face up and for the rest of the game."""

    board: str  # letter A..D
    slot: int  # 1..4
    card: str

    def __str__(self) -> str:
        return f"fn {self.board} {self.slot} {self.card}"


SUBMIT = Word("submit")
TIME_UP = Word("time-up")
WORDS = {SUBMIT.word: SUBMIT, TIME_UP.word: TIME_UP}
HOW_TO_TYPE = "try 'slot 1 FWD', 'take 1', 'fn A 2 LOOP' or 'submit'"


def _slot(text: str) -> int:
    """A slot number. 5 to 9 are read so that the rules can answer that boards have 4 slots."""
    slot = read_int(text, "a slot")
    if not 1 <= slot <= 9:
        raise NotationError(f"a slot is a number 1 to {SLOTS}, not {slot}")
    return slot


def _letter(text: str) -> str:
    letter = text.upper()
    if len(letter) != 1 or letter not in LETTERS:  # one ASCII letter ("AB" is in "ABCD" too)
        raise NotationError(f"a function board is A, B, C or D, not {shown(text)}")
    return letter


def parse_action(text: str) -> Action:
    """Read one action. Every number goes through :func:`~robotable.core.numbers.read_int`
    (ASCII digits, at most 9 of them) and every word must be ASCII, so ``slot ² FWD``,
    ``fn A² FWD`` or a 5,000-digit slot are one-line :class:`NotationError`.

    >>> parse_action("slot 2 fwd"), parse_action("fn a 3 loop"), parse_action("submit")
    (Program(slot=2, card='FWD'), PlaceFunction(board='A', slot=3, card='LOOP'), Word(word='submit'))
    >>> parse_action("slot ² FWD")
    Traceback (most recent call last):
    ...
    robotable.core.errors.NotationError: a slot is written with the digits 0-9, not '²'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    # ASCII first: case folding maps some other letters onto ASCII ones (the Kelvin sign K lowers to k)
    head = words[0].lower() if words[0].isascii() else ""
    if len(words) == 1 and head in WORDS:
        return WORDS[head]
    if head == "slot" and len(words) == 3:
        return Program(_slot(words[1]), parse_card(words[2]))
    if head == "take" and len(words) == 2:
        return Take(_slot(words[1]))
    if head == "fn" and len(words) == 3 and len(words[1]) >= 2:  # compact "fn A3 FWD"
        words = [head, words[1][0], words[1][1:], words[2]]
    if head == "fn" and len(words) == 4:
        return PlaceFunction(_letter(words[1]), _slot(words[2]), parse_card(words[3]))
    raise NotationError(HOW_TO_TYPE)
