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
from robotable.games.delivery.cards import LETTERS, parse_card


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


def _slot(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 9:
        raise NotationError(f"a slot is a number 1 to 4, not {text!r}")
    return int(text)


def parse_action(text: str) -> Action:
    """Read one action.

    >>> parse_action("slot 2 fwd"), parse_action("fn a 3 loop"), parse_action("submit")
    (Program(slot=2, card='FWD'), PlaceFunction(board='A', slot=3, card='LOOP'), Word(word='submit'))
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    if len(words) == 1 and head in WORDS:
        return WORDS[head]
    if head == "slot" and len(words) == 3:
        return Program(_slot(words[1]), parse_card(words[2]))
    if head == "take" and len(words) == 2:
        return Take(_slot(words[1]))
    if head == "fn" and len(words) == 3 and len(words[1]) == 2:  # compact "fn A3 FWD"
        words = [head, words[1][0], words[1][1], words[2]]
    if head == "fn" and len(words) == 4:
        letter = words[1].upper()
        if letter not in LETTERS:
            raise NotationError(f"a function board is A, B, C or D, not {words[1]!r}")
        return PlaceFunction(letter, _slot(words[2]), parse_card(words[3]))
    raise NotationError("try 'slot 1 FWD', 'take 1', 'fn A 2 LOOP' or 'submit'")
