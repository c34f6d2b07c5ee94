"""Checking a saved DR2D state before a game is built from it.

A state read from a file or the wire (``Game.state_from_dict``) is hostile until proven
otherwise: a ``seats`` of ``10**9`` must not build a billion-element list, and a ``pc`` of
``3.0`` or a tile of ``500`` must not reach the engine, where it would fail turns later. Every
field is checked here for its type, its size and its range, raising ``TypeError`` or
``ValueError`` naming the field (the contract turns them into a ``StateError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.fields import flag, listing, mapping, short, whole
from robotable.core.numbers import MAX_INT
from robotable.games.dr2d.board import OFF, RING, TILES

REGISTER_COUNT = 5
CODES = 5  # N E S W STAY
MAX_PC = 7
MAX_SKIP = 999  # pit slots still to lose: at most 9 a register are added, one a register runs out
MAX_PATH = 64  # tiles of one robot's route in a turn (5 registers, a few steps each)
PHASES = ("placement", "programming", "window", "over")

FLEET_BOUNDS: dict[str, tuple[int, int] | None] = {
    "pos": (OFF, TILES - 1),
    "facing": (0, 3),
    "pc": (1, MAX_PC),
    "laws": (0, 0b111),
    "skip": (0, MAX_SKIP),
    "finished": (0, 999),
    "finish_pc": (0, MAX_PC),
    "repair": (0, MAX_PC),
    "exit": (OFF, TILES - 1),
    "left": (0, MAX_INT),
    "inactive": None,  # None: true or false
    "pending": None,
    "cancelled": None,
    "placed": None,
}


def program(value: object, field: str, *, complete: bool) -> list[int]:
    """Register codes 0..4: exactly 5 when ``complete`` (a revealed program), else a draft."""
    items = listing(value, field, REGISTER_COUNT if complete else None, REGISTER_COUNT)
    return [whole(code, f"{field}[{k}]", 0, CODES - 1) for k, code in enumerate(items)]


def seat_list(value: object, field: str, seats: int) -> list[int]:
    items = listing(value, field, most=seats)
    out = [whole(seat, f"{field}[{k}]", 0, seats - 1) for k, seat in enumerate(items)]
    if len(set(out)) != len(out):
        raise ValueError(f"{field} names a seat twice")
    return out


def member(data: Mapping[str, Any], key: str, prefix: str) -> Any:
    """``data[key]``; a missing key is named with its path (``fleet.pc``)."""
    if key not in data:
        raise KeyError(f"{prefix}.{key}")
    return data[key]


def check_fleet(data: object, seats: int, turn: int) -> Mapping[str, Any]:
    """The robots' lists: one entry per seat, each in its range, no two robots on one tile."""
    fleet = mapping(data, "fleet")
    if member(fleet, "n", "fleet") != seats or type(fleet["n"]) is not int:
        raise ValueError(f"fleet.n must be the number of seats ({seats}), not {short(fleet['n'])}")
    leave_count = whole(member(fleet, "leave_count", "fleet"), "fleet.leave_count", 0, MAX_INT)
    for name, bounds in FLEET_BOUNDS.items():
        items = listing(member(fleet, name, "fleet"), f"fleet.{name}", seats)
        for i, value in enumerate(items):
            if bounds is None:
                flag(value, f"fleet.{name}[{i}]")
            else:
                whole(value, f"fleet.{name}[{i}]", *bounds)
    for i, value in enumerate(listing(member(fleet, "program", "fleet"), "fleet.program", seats)):
        if value is not None:
            program(value, f"fleet.program[{i}]", complete=True)
    on_board = [p for p in fleet["pos"] if p != OFF]
    if len(set(on_board)) != len(on_board):
        raise ValueError("fleet.pos puts two robots on one tile (DR-5)")
    for i in range(seats):
        _check_robot(fleet, i, turn, leave_count)
    return fleet


def _check_robot(fleet: Mapping[str, Any], i: int, turn: int, leave_count: int) -> None:
    """Where a robot can be: placed before it plays, off the board only when it finished or
    left from a rim tile (its exit tile, where DR-32 re-enters it)."""
    pos, exit_tile, finished = fleet["pos"][i], fleet["exit"][i], fleet["finished"][i]
    if finished and (pos != OFF or finished > turn):
        raise ValueError(f"fleet.finished[{i}]: a finished robot is off the board, finished by now")
    if fleet["left"][i] > leave_count:
        raise ValueError(f"fleet.left[{i}] is past fleet.leave_count")
    if exit_tile != OFF and exit_tile not in RING:
        raise ValueError(f"fleet.exit[{i}] must be a rim tile (robots leave the board from the rim)")
    if not fleet["placed"][i] and (pos != OFF or turn > 0):
        raise ValueError(f"fleet.placed[{i}]: every robot is placed before turn 1, and only placed ones")
    if fleet["placed"][i] and not finished and (pos == OFF) != (exit_tile != OFF):
        raise ValueError(f"fleet.exit[{i}]: a robot off the board has an exit tile, one on it none")


def check_turn_fields(data: Mapping[str, Any], seats: int, turn_limit: int) -> None:
    """Everything of the saved state but the options, the generator and the fleet."""
    order = listing(data["order"], "order", seats)
    if sorted(whole(s, "order[]", 0, seats - 1) for s in order) != list(range(seats)):
        raise ValueError("order must name every seat once")
    turn = whole(data["turn"], "turn", 0, turn_limit)
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {short(phase)}")
    placing = whole(data["placing"], "placing", 0, seats)
    if phase == "placement" and (placing == seats or turn != 0):
        raise ValueError("placement happens before turn 1, while a seat is still to place")
    if phase != "placement" and turn == 0:
        raise ValueError(f"turn 0 is the placement, not the {phase} phase")
    drafts = listing(data["drafts"], "drafts", seats)
    for i, (draft, locked) in enumerate(zip(drafts, listing(data["locked"], "locked", seats), strict=True)):
        program(draft, f"drafts[{i}]", complete=flag(locked, f"locked[{i}]"))
        if draft and phase != "programming":
            raise ValueError(f"drafts[{i}]: programs are entered only in the programming phase")
    register = whole(data["register"], "register", 0, REGISTER_COUNT - 1)
    if phase == "window" and register == 0:
        raise ValueError("a standby window follows a register 1 to 4")
    seat_list(data["waiting"], "waiting", seats)
    for i, last in enumerate(listing(data["last_programs"], "last_programs", seats)):
        if last is not None:
            program(last, f"last_programs[{i}]", complete=True)
    for i, path in enumerate(listing(data["paths"], "paths", seats)):
        for k, tile in enumerate(listing(path, f"paths[{i}]", most=MAX_PATH)):
            whole(tile, f"paths[{i}][{k}]", OFF, TILES - 1)
