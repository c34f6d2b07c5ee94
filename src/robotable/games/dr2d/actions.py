"""DR2D actions and their notation.

========================  ==========================================================
notation                  meaning
========================  ==========================================================
``place 2 0 S``           DR-7: put your robot on tile (2,0) facing S (facing N if left out)
``N`` ``E`` ``S`` ``W``   DR-10: the next register of your program (secret); ``O`` = ``W``
``STAY``                  DR-10: the next register does nothing (secret)
``undo``                  take back the last register entered (secret)
``lock``                  DR-10: submit the 5 registers; they cannot change afterwards
``standby``               DR-31: standby instead of a program, or in a standby window
``go``                    carry on with the program in a standby window (DR-31)
``time-up``               referee: the programming time ran out (DR-10)
``window-closed``         referee: the standby window closed (DR-31)
========================  ==========================================================

A program is typed as six actions, ``N, E, S, W, STAY, lock`` (the terminal accepts them
on one line separated by commas).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from robotable.core.errors import NotationError
from robotable.core.game import Action, Word
from robotable.games.dr2d.board import DIRECTION_WORDS, DIRS
from robotable.games.dr2d.engine import LETTERS, STAY


@dataclass(frozen=True)
class Place(Action):
    x: int
    y: int
    facing: int

    def __str__(self) -> str:
        return f"place {self.x} {self.y} {DIRS[self.facing]}"


@dataclass(frozen=True)
class Register(Action):
    """One register of the program being entered: 0..3 = N E S W, 4 = STAY."""

    secret: ClassVar[bool] = True
    code: int

    def __str__(self) -> str:
        return LETTERS[self.code]


@dataclass(frozen=True)
class SecretWord(Word):
    secret: ClassVar[bool] = True


UNDO = SecretWord("undo")
LOCK = Word("lock")
STANDBY = Word("standby")
GO = Word("go")
TIME_UP = Word("time-up")
WINDOW_CLOSED = Word("window-closed")
WORDS: dict[str, Word] = {w.word: w for w in (UNDO, LOCK, STANDBY, GO, TIME_UP, WINDOW_CLOSED)}
REFEREE_WORDS = frozenset((TIME_UP.word, WINDOW_CLOSED.word))  # called on timers, never typed by players
REGISTERS = tuple(Register(code) for code in range(5))


def parse_action(text: str) -> Action:
    """Read one action.

    >>> parse_action("n"), parse_action("stay"), parse_action("place 2 0 S")
    (Register(code=0), Register(code=4), Place(x=2, y=0, facing=2))
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    if len(words) == 1:
        upper = words[0].upper()
        if upper == "STAY":
            return REGISTERS[STAY]
        if upper in DIRECTION_WORDS:
            return REGISTERS[DIRECTION_WORDS[upper]]
        if head in WORDS:
            return WORDS[head]
    if head == "place":
        return _place(" ".join(words[1:]).replace(",", " ").split(), text)
    known = ", ".join(word for word in WORDS if word not in REFEREE_WORDS)
    raise NotationError(f"a register is N, E, S, W or STAY; a placement 'place X Y F'; or one of {known}")


def _place(words: list[str], text: str) -> Place:
    """``X Y [F]`` (``X,Y`` also reads, but a comma separates actions at the terminal)."""
    if len(words) not in (2, 3) or not all(w.isdigit() for w in words[:2]):
        raise NotationError(f"a placement is 'place X Y F', like 'place 2 0 S', not {text!r}")
    facing = 0  # DR-6: facing N unless chosen
    if len(words) == 3:
        letter = words[2].upper()
        if letter not in DIRECTION_WORDS:
            raise NotationError(f"unknown facing {words[2]!r}: N, E, S or W")
        facing = DIRECTION_WORDS[letter]
    return Place(int(words[0]), int(words[1]), facing)
