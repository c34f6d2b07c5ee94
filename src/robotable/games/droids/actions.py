"""Droids actions and their notation.

=============================  ==============================================================
notation                       meaning
=============================  ==============================================================
``draw violet``                DD-13: draw one token from a bin (violet, blue, grey, red)
``pick TP``                    DD-41: scenario 7, choose one token freely
``M2``                         DD-14, placing step 1: choose a token of the hand
``e3.1``                       DD-14, placing step 2: the slot for it (emitter 3, slot 1)
``N``                          DD-14, placing step 3: its arrow; the placement is then made
``back``                       undo the pending step 1 or 2 of a placement
``stop``                       DD-14: "J'arrête", place nothing more this turn
``send e3``                    DD-17: send the candidate of emitter 3
``pass``                       DD-17: always refused while an order can be sent
``obstacle 4 7``               DD-35/DD-38: place a setup obstacle on cell x=4, y=7
``damage e3`` / ``repair e3``  DD-25/DD-27: choose an emitter to destroy / to repair
``auto``                       referee: the choice timer ran out, default choice
=============================  ==============================================================

A placement is three small decisions by the same player (token, slot, arrow) rather than one
out of several hundred, so bots and learners see a small action space (DESIGN.md); a person
types the three on one line, ``M2, e3.1, N``, which the terminal splits on the commas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from robotable.core.errors import NotationError
from robotable.core.game import Action, Word
from robotable.core.numbers import read_int
from robotable.games.droids.board import SIZE
from robotable.games.droids.phases import EMITTERS, SLOTS
from robotable.games.droids.tokens import BINS, DIRS, TYPES


@dataclass(frozen=True)
class Draw(Action):
    bin: str

    def __str__(self) -> str:
        return f"draw {self.bin}"


@dataclass(frozen=True)
class Pick(Action):
    secret: ClassVar[bool] = True
    token: str

    def __str__(self) -> str:
        return f"pick {self.token}"


@dataclass(frozen=True)
class Token(Action):
    """Placing step 1: the token (a type code of the hand)."""

    secret: ClassVar[bool] = True
    token: str

    def __str__(self) -> str:
        return self.token


@dataclass(frozen=True)
class Slot(Action):
    """Placing step 2: the emitter slot for the chosen token."""

    secret: ClassVar[bool] = True
    emitter: int
    slot: int

    def __str__(self) -> str:
        return f"e{self.emitter}.{self.slot}"


@dataclass(frozen=True)
class Arrow(Action):
    """Placing step 3: the arrow of the chosen token; completes the placement."""

    direction: str

    def __str__(self) -> str:
        return self.direction


@dataclass(frozen=True)
class Send(Action):
    emitter: int

    def __str__(self) -> str:
        return f"send e{self.emitter}"


@dataclass(frozen=True)
class Obstacle(Action):
    x: int
    y: int

    def __str__(self) -> str:
        return f"obstacle {self.x} {self.y}"


@dataclass(frozen=True)
class Choose(Action):
    """Damage (destroy) or repair one emitter."""

    what: str  # "damage" or "repair"
    emitter: int

    def __str__(self) -> str:
        return f"{self.what} e{self.emitter}"


STOP = Word("stop")
PASS = Word("pass")
AUTO = Word("auto")
BACK = Word("back")
WORDS = {w.word: w for w in (STOP, PASS, AUTO, BACK)}

_BIN_WORDS = {b: b for b in BINS} | {b[0]: b for b in BINS} | {"purple": "violet", "gray": "grey"}
_SLOT_MARKS = re.compile(r"[.:/]")
_CELL_SEPARATORS = re.compile(r"[\s,]+")
_EXAMPLES = (
    "try 'draw violet', 'M2, e3.1, N' (token, slot, arrow), 'back', 'stop', "
    "'send e3', 'obstacle 4 7', 'damage e3', 'repair e3'"
)


def _shown(text: str, limit: int = 30) -> str:
    """``text`` quoted for a one-line message, cut when long."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def _refuse_foreign(text: str) -> None:
    """The notation is plain ASCII: a look-alike letter (``ſ``, whose upper case is ``S``) or
    another script's digit (``²``, ``３``, ``٣``) is refused, never read as the ASCII one."""
    for char in text:
        if not (" " <= char <= "~" or char.isspace()):
            kind = "digit" if char.isdigit() or char.isnumeric() else "character"
            raise NotationError(
                f"{kind} {char!r} (U+{ord(char):04X}) is not part of the notation: "
                "numbers are written with the digits 0-9, words with plain letters"
            )


def _emitter(text: str) -> int:
    """``e3`` or ``3``: an emitter number 0..9."""
    digits = text[1:] if text[:1] in ("e", "E") else text
    if not digits:
        raise NotationError(f"an emitter is e0..e9, not {_shown(text)}")
    return read_int(digits, "an emitter number (e0..e9)", minimum=0, maximum=EMITTERS - 1)


def _slot(word: str) -> Slot:
    """``e3.1`` (or ``3.1``, ``e3:1``, ``e3/1``): emitter 3, slot 1."""
    emitter, slot = _SLOT_MARKS.split(word, maxsplit=1)
    return Slot(_emitter(emitter), read_int(slot, "a slot number (1..3)", minimum=1, maximum=SLOTS))


def _obstacle(rest: str, text: str) -> Obstacle:
    """``x y``, also ``x,y`` and ``(x, y)`` as the log writes cells. Board coordinates are never
    negative: a sign is refused, never dropped (``obstacle -2 4`` is not ``obstacle 2 4``)."""
    inner = rest.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    numbers = [n for n in _CELL_SEPARATORS.split(inner) if n]
    if len(numbers) != 2:
        raise NotationError(
            f"an obstacle goes on a cell 'obstacle x y' (like 'obstacle 4 7'), not {_shown(text)}"
        )
    x = read_int(numbers[0], "the column x of the cell", minimum=0, maximum=SIZE - 1)
    y = read_int(numbers[1], "the row y of the cell", minimum=0, maximum=SIZE - 1)
    return Obstacle(x, y)


def parse_action(text: str) -> Action:
    """Read one action. Every number goes through :func:`~robotable.core.numbers.read_int`
    (ASCII digits, no sign, bounded).

    >>> parse_action("m2"), parse_action("e3.1"), parse_action("n"), parse_action("send e3")
    (Token(token='M2'), Slot(emitter=3, slot=1), Arrow(direction='N'), Send(emitter=3))
    >>> parse_action("obstacle -2 4")
    Traceback (most recent call last):
    ...
    robotable.core.errors.NotationError: the column x of the cell cannot be negative, not '-2'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    _refuse_foreign(text)
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    if len(words) == 1:
        return _one_word(words[0])
    if head == "draw" and len(words) == 2:
        name = _BIN_WORDS.get(words[1].lower())
        if name is None:
            raise NotationError(f"unknown bin {_shown(words[1])}: violet, blue, grey or red")
        return Draw(name)
    if head == "pick" and len(words) == 2:
        token = words[1].upper()
        if token not in TYPES:
            raise NotationError(f"unknown token {_shown(words[1])}: one of {', '.join(TYPES)}")
        return Pick(token)
    if head == "place":
        raise NotationError("a placement is three steps on one line, token, slot, arrow: like 'M2, e3.1, N'")
    if head == "send" and len(words) == 2:
        return Send(_emitter(words[1]))
    if head in ("damage", "repair") and len(words) == 2:
        return Choose(head, _emitter(words[1]))
    if head == "obstacle":
        return _obstacle(text.strip()[len(words[0]) :], text)
    raise NotationError(f"cannot read {_shown(text)}: {_EXAMPLES}")


def _one_word(word: str) -> Action:
    """A word (``stop``), a token of the hand (``M2``), an arrow (``N``) or a slot (``e3.1``)."""
    lower, upper = word.lower(), word.upper()
    if lower in WORDS:
        return WORDS[lower]
    if upper in TYPES:
        return Token(upper)
    if upper in DIRS:
        return Arrow(upper)
    if _SLOT_MARKS.search(word):
        return _slot(lower)
    if lower == "obstacle":
        return _obstacle("", word)
    raise NotationError(f"cannot read {_shown(word)}: {_EXAMPLES}")
