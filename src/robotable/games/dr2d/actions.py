"""DR2D actions and their notation.

========================  ==========================================================
notation                  meaning
========================  ==========================================================
``place 2 0 S``           DR-7: put your robot on tile (2,0) facing S (facing N if left out)
``N`` ``E`` ``S`` ``W``   DR-10: the next register of your program (secret); ``O`` = ``W``;
                          DR-12: forward, right, back, left in the robot's frame (not
                          compass directions unless ``absolute_directions``)
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
from robotable.core.numbers import read_int
from robotable.games.dr2d.board import DIRECTION_WORDS, DIRS, SIZE
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


RELATIVE_MEANING = (
    "N = forward (the way the robot faces), E = its right, S = backwards, W = its left "
    "(not compass directions)"
)
ABSOLUTE_MEANING = "N, E, S, W = north, east, south, west on the board (compass: the facing does not matter)"


def register_meaning(absolute: bool) -> str:
    """DR-12: what the letters of a program mean under the game's ``absolute_directions`` option."""
    return ABSOLUTE_MEANING if absolute else RELATIVE_MEANING


def parse_action(text: str) -> Action:
    """Read one action. Words are ASCII (``'ſ'.upper()`` is ``'S'``: a long s is no register)
    and numbers are read by :func:`~robotable.core.numbers.read_int`.

    >>> parse_action("n"), parse_action("stay"), parse_action("place 2 0 S")
    (Register(code=0), Register(code=4), Place(x=2, y=0, facing=2))
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower() if words[0].isascii() else ""
    if len(words) == 1 and head:
        upper = head.upper()
        if upper == "STAY":
            return REGISTERS[STAY]
        if upper in DIRECTION_WORDS:
            return REGISTERS[DIRECTION_WORDS[upper]]
        if head in WORDS:
            return WORDS[head]
    if head == "place":
        return _place(" ".join(words[1:]).replace(",", " ").split(), text)
    known = ", ".join(word for word in WORDS if word not in REFEREE_WORDS)
    raise NotationError(
        "a register is N, E, S, W or STAY (N = forward, E = right, S = back, W = left, in the robot's "
        "own frame; compass directions with absolute_directions); a placement 'place X Y F'; "
        f"or one of {known}"
    )


def _place(words: list[str], text: str) -> Place:
    """``X Y [F]`` (``X,Y`` also reads, but a comma separates actions at the terminal).
    Board coordinates are never negative: no sign is read."""
    if len(words) not in (2, 3):
        raise NotationError(f"a placement is 'place X Y F', like 'place 2 0 S', not {_quoted(text)}")
    x = read_int(words[0], "the column X of a placement", minimum=0, maximum=SIZE - 1)
    y = read_int(words[1], "the row Y of a placement", minimum=0, maximum=SIZE - 1)
    facing = 0  # DR-6: facing N unless chosen
    if len(words) == 3:
        letter = words[2].upper() if words[2].isascii() else ""
        if letter not in DIRECTION_WORDS:
            raise NotationError(f"unknown facing {_quoted(words[2])}: N, E, S or W (the way the robot looks)")
        facing = DIRECTION_WORDS[letter]
    return Place(x, y, facing)


def _quoted(text: str, limit: int = 30) -> str:
    """``text`` quoted for a one-line message, cut when long."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"
