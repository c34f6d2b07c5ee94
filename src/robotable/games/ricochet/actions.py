"""Ricochet Robots actions and their notation.

========================  ==========================================
notation                  meaning
========================  ==========================================
``red N`` / ``R N``       slide a robot north, east, south or west
``bid 5``                 bid a number of moves (RR-16)
``give-up``               the demonstrator abandons (RR-21)
``reset``                 solo: robots back to their markers (RR-31)
``reveal``                solo: show an optimal solution (RR-32)
``next``                  solo: keep the best attempt, next puzzle
``countdown``             referee: the anti-stall countdown (RR-19)
``time-up``               referee: the running timer ran out
========================  ==========================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from robotable.core.errors import NotationError
from robotable.core.game import Action, Word
from robotable.core.numbers import read_int
from robotable.games.ricochet.board import DIRECTIONS
from robotable.games.ricochet.code import ROBOT_NAMES

_DIRECTION_WORDS = {"N": 0, "NORTH": 0, "E": 1, "EAST": 1, "S": 2, "SOUTH": 2, "W": 3, "WEST": 3}
_ROBOT_WORDS = {name.upper(): i for i, name in enumerate(ROBOT_NAMES)} | {
    name[0].upper(): i for i, name in enumerate(ROBOT_NAMES)
}


@dataclass(frozen=True)
class Move(Action):
    """Slide robot ``robot`` (0 red .. 4 silver) in ``direction`` (0 N, 1 E, 2 S, 3 W)."""

    robot: int
    direction: int

    def __str__(self) -> str:
        return f"{ROBOT_NAMES[self.robot]} {DIRECTIONS[self.direction]}"


@dataclass(frozen=True)
class Bid(Action):
    moves: int

    def __str__(self) -> str:
        return f"bid {self.moves}"


GIVE_UP = Word("give-up")
RESET = Word("reset")
REVEAL = Word("reveal")
NEXT = Word("next")
COUNTDOWN = Word("countdown")
TIME_UP = Word("time-up")
WORDS = {w.word: w for w in (GIVE_UP, RESET, REVEAL, NEXT, COUNTDOWN, TIME_UP)}


_SPACES = re.compile(r"[ \t\r\n\f\v]+")
PLAYER_WORDS = ("give-up", "reset", "reveal", "next")  # the referee's words are not offered to players


def parse_action(text: str) -> Action:
    """Read one action.

    >>> parse_action("R n"), parse_action("bid 7"), parse_action("give-up")
    (Move(robot=0, direction=0), Bid(moves=7), Word(word='give-up'))
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = [word for word in _SPACES.split(text.replace("_", "-")) if word]  # ASCII spaces only
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    if head == "bid":
        if len(words) != 2:
            raise NotationError(f"a bid is 'bid N' with N a whole number, not {_shown(text)}")
        # RR-16's range (1 to max_bid, an option) is a rule: the state refuses a bid of 0 or
        # 100 with the rule's reason; the notation only bounds the digits
        return Bid(read_int(words[1], "a bid"))
    if not text.isascii():  # upper() and lower() would turn some letters into ASCII ones
        bad = next(ch for ch in text if not ch.isascii())
        raise NotationError(f"cannot read {_shown(text)}: {bad!r} is not part of the notation (ASCII only)")
    if len(words) == 1 and head in WORDS:
        return WORDS[head]
    if len(words) == 1 and len(head) == 2:  # compact "RN"
        words = [head[0], head[1]]
    if len(words) == 2:
        robot = _ROBOT_WORDS.get(words[0].upper())
        direction = _DIRECTION_WORDS.get(words[1].upper())
        if robot is None:
            raise NotationError(f"unknown robot {_shown(words[0])}: red, green, blue, yellow or silver")
        if direction is None:
            raise NotationError(f"unknown direction {_shown(words[1])}: N, E, S or W")
        return Move(robot, direction)
    known = ", ".join(PLAYER_WORDS)
    raise NotationError(f"cannot read {_shown(text)}: try a move like 'red N', 'bid 5', or one of {known}")


def _shown(text: str, limit: int = 30) -> str:
    """``text`` quoted for a one-line message, cut when long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"
