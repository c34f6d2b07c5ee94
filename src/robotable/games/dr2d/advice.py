"""What a panel shows of each DR2D seat, read from a view alone: its robots' program counter
(PC), laws and finishing turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON

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
