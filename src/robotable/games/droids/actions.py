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
_EMITTER = re.compile(r"^e?(\d)$")
_PLACE_AT = re.compile(r"^e?(\d)[.:/](\d)$")


def _emitter(text: str, whole: str) -> int:
    m = _EMITTER.match(text.lower())
    if not m:
        raise NotationError(f"an emitter is e0..e9, not {text!r} in {whole!r}")
    return int(m.group(1))


def parse_action(text: str) -> Action:
    """Read one action.

    >>> parse_action("m2"), parse_action("e3.1"), parse_action("n"), parse_action("send e3")
    (Token(token='M2'), Slot(emitter=3, slot=1), Arrow(direction='N'), Send(emitter=3))
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    if len(words) == 1 and head in WORDS:
        return WORDS[head]
    if len(words) == 1:
        word = words[0].upper()
        if word in TYPES:
            return Token(word)
        if word in DIRS:
            return Arrow(word)
        m = _PLACE_AT.match(head)
        if m:
            return Slot(int(m.group(1)), int(m.group(2)))
    if head == "draw" and len(words) == 2:
        name = _BIN_WORDS.get(words[1].lower())
        if name is None:
            raise NotationError(f"unknown bin {words[1]!r}: violet, blue, grey or red")
        return Draw(name)
    if head == "pick" and len(words) == 2:
        token = words[1].upper()
        if token not in TYPES:
            raise NotationError(f"unknown token {words[1]!r}: one of {', '.join(TYPES)}")
        return Pick(token)
    if head == "place":
        raise NotationError("a placement is three steps on one line, token, slot, arrow: like 'M2, e3.1, N'")
    if head == "send" and len(words) == 2:
        return Send(_emitter(words[1], text))
    if head in ("damage", "repair") and len(words) == 2:
        return Choose(head, _emitter(words[1], text))
    if head == "obstacle" and len(words) in (2, 3):
        numbers = re.findall(r"\d+", " ".join(words[1:]))
        if len(numbers) != 2:
            raise NotationError(
                f"an obstacle goes on a cell 'obstacle x y' (like 'obstacle 4 7'), not {text!r}"
            )
        return Obstacle(int(numbers[0]), int(numbers[1]))
    raise NotationError(
        f"cannot read {text!r}: try 'draw violet', 'M2, e3.1, N' (token, slot, arrow), 'back', 'stop', "
        "'send e3', 'obstacle 4 7', 'damage e3', 'repair e3'"
    )
