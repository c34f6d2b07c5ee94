"""What a panel shows of each DR2D seat, read from a view alone: its robots' program counter
(PC), laws and finishing turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat

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


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: where it starts (a start tile and facing tried on a
    copy of the factory), the next card of the program it scored best, locking a complete
    program, or a standby when its PC is low."""
    words = action.split()
    if words[0] == "place":
        return {"code": "place", "params": {}, "marks": {"cells": [f"{words[1]} {words[2]}"]}}
    if action in ("lock", "go"):
        return {"code": "lock", "params": {}}
    if action == "undo":
        return {"code": "undo", "params": {}}
    if action == "standby":
        return {"code": "standby", "params": {}}
    if len(words) == 1 and action.isalpha() and action.isupper():
        return {"code": "program", "params": {"card": action}}
    return {}
