"""What a DR2D player is told, read from a view alone: each seat's program counter (PC), laws
and finishing turn for the panels, and for the seat deciding what this phase asks of it: where its
robot may start (DR-7, the free start tiles lit), which register it is programming and how the
letters read from its robot's facing (DR-10, DR-12), that a complete program waits to be locked,
and the standby window (DR-31)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat
from robotable.games.dr2d.board import load_board, xy

REGISTERS = 5

View = Mapping[str, Any]


def counters(view: View) -> list[list[dict[str, JSON]]]:
    """Per seat (one robot each, which the seat's panel names): its PC, laws held and the turn it
    finished on, if it did."""
    seats = 1 + max((robot["seat"] for robot in view["robots"]), default=-1)
    out: list[list[dict[str, JSON]]] = [[] for _ in range(seats)]
    for robot in view["robots"]:
        row = out[robot["seat"]]
        row.append({"key": "pc", "value": robot["pc"]})
        row.append({"key": "laws", "value": len(robot["laws"])})
        if robot["finished"] is not None:
            row.append({"key": "finished", "value": robot["finished"]})
    return out


def guidance(view: View, seat: Seat | None) -> dict[str, JSON]:
    """What the seat should do in this phase; nothing for a spectator or a robot that waits."""
    stage = f"{view['turn']}/{view['phase']}/{view['register']}"
    robots = view["robots"]
    if seat is None or not 0 <= seat < len(robots):
        return {"stage": stage}
    robot, phase = robots[seat], view["phase"]
    if phase == "placement":
        return {"stage": stage, **_placing(view, seat)}
    if phase == "programming":
        return {"stage": stage, "now": _programming(view, robot)}
    if phase == "window" and not robot["cancelled"] and not robot["standby_pending"]:
        return {"stage": stage, "now": [_fact("window", register=view["register"])]}
    return {"stage": stage}


def _placing(view: View, seat: int) -> dict[str, JSON]:
    if view["to_place"] != seat:
        return {}
    if view["options"]["start_placement"] == "free":
        return {"now": [_fact("place_free")]}
    taken = {tuple(robot["tile"]) for robot in view["robots"] if robot["tile"] is not None}
    starts = [xy(tile) for tile in load_board(view["options"]["board_file"]).starts]
    free = [f"{x} {y}" for x, y in starts if (x, y) not in taken]
    return {"now": [_fact("place")], "marks": {"cells": free}}


def _programming(view: View, robot: Mapping[str, Any]) -> list[dict[str, JSON]]:
    if robot["tile"] is None or robot["finished"] is not None:
        return []
    if robot["inactive"]:
        return [_fact("inactive")]
    if robot["locked"]:
        return [_fact("locked")]
    program = view["program"] or []
    if len(program) >= REGISTERS:
        return [_fact("lock", program=" ".join(program))]
    relative = not view["options"]["absolute_directions"]
    reading = _fact("relative", facing=robot["facing"]) if relative else _fact("absolute")
    return [_fact("program", register=len(program) + 1, of=REGISTERS), reading]


def _fact(code: str, **params: JSON) -> dict[str, JSON]:
    return {"code": code, "params": params}


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: where it starts (a start tile and facing tried on a
    copy of the factory), the next card of the program it scored best, locking a complete
    program, or a standby when its PC is low."""
    words = action.split()
    if words[0] == "place":
        return {"code": "place", "params": {}, "marks": {"cells": [f"{words[1]} {words[2]}"]}}
    if action in ("lock", "go", "undo", "standby"):  # go: carry on after a standby window
        return {"code": action, "params": {}}
    if len(words) == 1 and action.isalpha() and action.isupper():
        return {"code": "program", "params": {"card": action}}
    return {}
