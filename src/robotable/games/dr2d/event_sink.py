"""Where the DR2D engine tells what happens: one method per kind of event.

The engine calls its sink unconditionally, with its own values (seats, tile numbers, direction
codes). :data:`NO_EVENTS` (an :class:`EventSink`) hears nothing and builds nothing: the bots'
simulations pass it and pay one empty call per event. An :class:`EventLog` writes every call
as an event of :mod:`~robotable.games.dr2d.events` (tiles as ``(x, y)``, directions as letters)
into a list, for the state's turn report.
"""

from __future__ import annotations

from robotable.core.game import Event
from robotable.games.dr2d import events as E
from robotable.games.dr2d.board import DIRS, OFF, xy


def _tile_or_off(tile: int) -> tuple[int, int] | None:
    return None if tile == OFF else xy(tile)


class EventSink:
    """Hears every event and keeps none (the bots' fast simulations)."""

    __slots__ = ()

    def skipped(self, seat: int, register: int, slots_left: int) -> None:
        pass

    def blocked(self, seat: int, register: int, tile: int, direction: int, reason: str) -> None:
        pass

    def collided(self, seat: int, register: int, tile: int, direction: int) -> None:
        pass

    def moved(self, seat: int, register: int, start: int, end: int, direction: int, order: str) -> None:
        pass

    def pushed(self, seat: int, by: int, register: int, start: int, end: int) -> None:
        pass

    def conveyed(self, seat: int, register: int, start: int, end: int) -> None:
        pass

    def shoved(self, seat: int, register: int, start: int, end: int) -> None:
        pass

    def rotated(self, seat: int, register: int, tile: int, clockwise: bool, facing: int) -> None:
        pass

    def burned(self, seat: int, register: int, mount: int, direction: int) -> None:
        pass

    def crushed(self, seat: int, register: int, tile: int) -> None:
        pass

    def fell_in_pit(self, seat: int, register: int, tile: int, slots: int) -> None:
        pass

    def left_board(self, seat: int, register: int, exit_tile: int) -> None:
        pass

    def damaged(self, seat: int, register: int, damage: int, pc: int) -> None:
        pass

    def auto_standby(self, seat: int, register: int) -> None:
        pass

    def downloaded(self, seat: int, law: int) -> None:
        pass

    def finished(self, seat: int, turn: int) -> None:
        pass

    def rebooted(self, seat: int, register: int) -> None:
        pass

    def repaired(self, seat: int, amount: int, pc: int) -> None:
        pass

    def reentered(self, seat: int, tile: int, facing: int) -> None:
        pass


NO_EVENTS = EventSink()
"""The sink of simulations that want no events (one shared instance: it holds nothing)."""


class EventLog(EventSink):
    """Writes every event the engine tells into ``events``, in order."""

    __slots__ = ("events",)

    def __init__(self, events: list[Event]) -> None:
        self.events = events

    def skipped(self, seat: int, register: int, slots_left: int) -> None:
        self.events.append(E.Skipped(seat, register, slots_left))

    def blocked(self, seat: int, register: int, tile: int, direction: int, reason: str) -> None:
        self.events.append(E.Blocked(seat, register, xy(tile), DIRS[direction], reason))

    def collided(self, seat: int, register: int, tile: int, direction: int) -> None:
        self.events.append(E.Collided(seat, register, xy(tile), DIRS[direction]))

    def moved(self, seat: int, register: int, start: int, end: int, direction: int, order: str) -> None:
        self.events.append(E.Moved(seat, register, xy(start), _tile_or_off(end), DIRS[direction], order))

    def pushed(self, seat: int, by: int, register: int, start: int, end: int) -> None:
        self.events.append(E.Pushed(seat, by, register, xy(start), _tile_or_off(end)))

    def conveyed(self, seat: int, register: int, start: int, end: int) -> None:
        self.events.append(E.Conveyed(seat, register, xy(start), _tile_or_off(end)))

    def shoved(self, seat: int, register: int, start: int, end: int) -> None:
        self.events.append(E.Shoved(seat, register, xy(start), _tile_or_off(end)))

    def rotated(self, seat: int, register: int, tile: int, clockwise: bool, facing: int) -> None:
        self.events.append(E.Rotated(seat, register, xy(tile), "R" if clockwise else "L", DIRS[facing]))

    def burned(self, seat: int, register: int, mount: int, direction: int) -> None:
        self.events.append(E.Burned(seat, register, xy(mount), DIRS[direction]))

    def crushed(self, seat: int, register: int, tile: int) -> None:
        self.events.append(E.Crushed(seat, register, xy(tile)))

    def fell_in_pit(self, seat: int, register: int, tile: int, slots: int) -> None:
        self.events.append(E.FellInPit(seat, register, xy(tile), slots))

    def left_board(self, seat: int, register: int, exit_tile: int) -> None:
        self.events.append(E.LeftBoard(seat, register, xy(exit_tile)))

    def damaged(self, seat: int, register: int, damage: int, pc: int) -> None:
        self.events.append(E.Damaged(seat, register, damage, pc))

    def auto_standby(self, seat: int, register: int) -> None:
        self.events.append(E.AutoStandby(seat, register))

    def downloaded(self, seat: int, law: int) -> None:
        self.events.append(E.Downloaded(seat, law))

    def finished(self, seat: int, turn: int) -> None:
        self.events.append(E.Finished(seat, turn))

    def rebooted(self, seat: int, register: int) -> None:
        self.events.append(E.Rebooted(seat, register))

    def repaired(self, seat: int, amount: int, pc: int) -> None:
        self.events.append(E.Repaired(seat, amount, pc))

    def reentered(self, seat: int, tile: int, facing: int) -> None:
        self.events.append(E.Reentered(seat, xy(tile), DIRS[facing]))
