"""What happens in a game of Droids, for logs, animation and tests."""

from __future__ import annotations

from dataclasses import dataclass

from robotable.core.game import Event

Cell = tuple[int, int]


@dataclass(frozen=True)
class ObstaclePlaced(Event):
    kind = "obstacle-placed"
    seat: int
    cell: Cell


@dataclass(frozen=True)
class Drawn(Event):
    """``token`` is hidden from other seats (``events_for``)."""

    kind = "drawn"
    seat: int
    bin: str
    token: str | None


@dataclass(frozen=True)
class Placed(Event):
    kind = "placed"
    seat: int
    token: str
    direction: str
    emitter: int
    slot: int


@dataclass(frozen=True)
class Stopped(Event):
    kind = "stopped"
    seat: int


@dataclass(frozen=True)
class Sent(Event):
    kind = "sent"
    seat: int  # -2 for the killer
    token: str
    direction: str
    emitter: int  # the killer: the sheet cell
    robot: str


@dataclass(frozen=True)
class Moved(Event):
    kind = "moved"
    robot: str
    start: Cell
    end: Cell


@dataclass(frozen=True)
class NoEffect(Event):
    kind = "no-effect"
    robot: str
    reason: str


@dataclass(frozen=True)
class Shot(Event):
    """A shot that found a robot: ``hits`` emitters destroyed (0: missed, or no effect when
    ``roll`` is None); ``fatal`` when the level-6 killer's rocket hit (the player loses)."""

    kind = "shot"
    robot: str
    target: str
    distance: int
    roll: int | None
    hits: int
    fatal: bool = False


@dataclass(frozen=True)
class Damaged(Event):
    kind = "damaged"
    seat: int
    emitter: int
    returned: int  # tokens that went back to the bins


@dataclass(frozen=True)
class Repaired(Event):
    kind = "repaired"
    seat: int
    emitter: int


@dataclass(frozen=True)
class Taken(Event):
    kind = "taken"
    robot: str
    thing: str
    cell: Cell


@dataclass(frozen=True)
class Put(Event):
    kind = "put"
    robot: str
    thing: str
    cell: Cell


@dataclass(frozen=True)
class MineLaid(Event):
    kind = "mine-laid"
    cell: Cell


@dataclass(frozen=True)
class MineExploded(Event):
    kind = "mine-exploded"
    robot: str
    cell: Cell
    carried: bool
    roll: int | None


@dataclass(frozen=True)
class Scored(Event):
    kind = "scored"
    seat: int
    total: int


@dataclass(frozen=True)
class Finished(Event):
    kind = "finished-sending"
    seat: int
    sent: int


@dataclass(frozen=True)
class KillerSheet(Event):
    kind = "killer-sheet"
    die: int
    line: int


@dataclass(frozen=True)
class Eliminated(Event):
    kind = "eliminated"
    seat: int
    reason: str


@dataclass(frozen=True)
class TurnStarted(Event):
    kind = "turn-started"
    turn: int
    first: int


@dataclass(frozen=True)
class GameOver(Event):
    kind = "game-over"
    winners: tuple[int, ...]
    reason: str
