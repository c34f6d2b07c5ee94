"""What happens in a DR2D game, in order: the turn report, animation and tests read these.

Every event of a turn carries ``register``: 0 for the start of the turn and programming,
1..5 for the registers, 6 for the end of the turn. Tiles are ``(x, y)``; directions and
facings are letters N, E, S, W.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from robotable.core.game import Event

Tile = tuple[int, int]
START, END = 0, 6


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn-started"
    turn: int


@dataclass(frozen=True)
class Placed(Event):
    kind: ClassVar[str] = "placed"
    seat: int
    tile: Tile
    facing: str


@dataclass(frozen=True)
class Programmed(Event):
    """One register entered; secret: only its seat sees it (``events_for``)."""

    kind: ClassVar[str] = "programmed"
    seat: int
    registers: tuple[str, ...]


@dataclass(frozen=True)
class Locked(Event):
    kind: ClassVar[str] = "locked"
    seat: int


@dataclass(frozen=True)
class Revealed(Event):
    kind: ClassVar[str] = "revealed"
    turn: int
    programs: tuple[tuple[str, ...] | None, ...]  # by seat; None: no program this turn
    timed_out: tuple[int, ...] = ()  # seats whose missing program became five STAY


@dataclass(frozen=True)
class Fumbled(Event):
    kind: ClassVar[str] = "fumbled"
    seat: int
    first: int  # register numbers 1..5
    second: int
    program: tuple[str, ...]  # as it will run


@dataclass(frozen=True)
class StandbyDeclared(Event):
    kind: ClassVar[str] = "standby"
    seat: int
    register: int
    pc: int


@dataclass(frozen=True)
class AutoStandby(Event):
    kind: ClassVar[str] = "standby-auto"
    seat: int
    register: int


@dataclass(frozen=True)
class Rebooted(Event):
    """Standby engaged: PC 7, inactive for this turn (DR-30)."""

    kind: ClassVar[str] = "rebooted"
    seat: int
    register: int


@dataclass(frozen=True)
class Skipped(Event):
    kind: ClassVar[str] = "skipped"
    seat: int
    register: int
    left: int  # slots still to lose after this one


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    register: int
    start: Tile
    end: Tile | None  # None: off the board
    direction: str  # on the board (compass)
    order: str = ""  # DR-12 relative reading: "forward", "right", "back" or "left"; "" when absolute


@dataclass(frozen=True)
class Blocked(Event):
    kind: ClassVar[str] = "blocked"
    seat: int
    register: int
    tile: Tile
    direction: str
    reason: str  # "wall", "push"


@dataclass(frozen=True)
class Collided(Event):
    kind: ClassVar[str] = "collided"
    seat: int
    register: int
    tile: Tile
    direction: str


@dataclass(frozen=True)
class Pushed(Event):
    kind: ClassVar[str] = "pushed"
    seat: int
    by: int
    register: int
    start: Tile
    end: Tile | None  # None: off the board


@dataclass(frozen=True)
class Conveyed(Event):
    kind: ClassVar[str] = "conveyed"
    seat: int
    register: int
    start: Tile
    end: Tile | None


@dataclass(frozen=True)
class Rotated(Event):
    kind: ClassVar[str] = "rotated"
    seat: int
    register: int
    tile: Tile
    sense: str  # "L" anticlockwise, "R" clockwise
    facing: str


@dataclass(frozen=True)
class Shoved(Event):
    """Moved by a pusher (DR-22)."""

    kind: ClassVar[str] = "shoved"
    seat: int
    register: int
    start: Tile
    end: Tile | None


@dataclass(frozen=True)
class Burned(Event):
    kind: ClassVar[str] = "burned"
    seat: int
    register: int
    laser: Tile  # mount tile
    direction: str


@dataclass(frozen=True)
class Crushed(Event):
    kind: ClassVar[str] = "crushed"
    seat: int
    register: int
    tile: Tile


@dataclass(frozen=True)
class FellInPit(Event):
    kind: ClassVar[str] = "fell"
    seat: int
    register: int
    tile: Tile
    slots: int  # register slots lost by this fall


@dataclass(frozen=True)
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    seat: int
    register: int
    damage: int
    pc: int  # after


@dataclass(frozen=True)
class LeftBoard(Event):
    kind: ClassVar[str] = "left"
    seat: int
    register: int
    exit: Tile


@dataclass(frozen=True)
class Reentered(Event):
    kind: ClassVar[str] = "reentered"
    seat: int
    tile: Tile
    facing: str
    register: int = START


@dataclass(frozen=True)
class Repaired(Event):
    kind: ClassVar[str] = "repaired"
    seat: int
    amount: int
    pc: int
    register: int = START


@dataclass(frozen=True)
class Downloaded(Event):
    kind: ClassVar[str] = "downloaded"
    seat: int
    law: int
    register: int = END


@dataclass(frozen=True)
class Finished(Event):
    kind: ClassVar[str] = "finished"
    seat: int
    turn: int
    register: int = END


@dataclass(frozen=True)
class WindowOpened(Event):
    kind: ClassVar[str] = "window"
    register: int


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "game-over"
    ranks: tuple[int, ...]
    reason: str
