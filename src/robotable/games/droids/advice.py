"""What a Droids player is told while playing, read from a view alone (so it can tell nothing
the view hides): each seat's counters, and for the seat deciding, which emitter faces its robot,
which placed orders can be sent (DD-15, DD-16), and the ``stop`` that would leave it with no
order to send, which eliminates it at the end of the turn (DD-31).

An order can be sent only from an emitter in line with its recipient: the player's own robot for
violet, blue and red orders, a repairer for grey ones (DD-16). A player with nothing sendable at
its first go of phase 3 is finished at once (DD-17) and, having sent nothing, eliminated (DD-31),
unless another robot pushes its own into line first: the words say "unless".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat
from robotable.games.droids.phases import DRAW, PLACE, SEND
from robotable.games.droids.pieces import PLAYER, REPAIRER
from robotable.games.droids.tokens import COLOUR_NAMES, SIDE_OF, bin_of, directions_for, line_of

View = Mapping[str, Any]
LINE = range(10)


def counters(view: View) -> list[list[dict[str, JSON]]]:
    """Per seat: emitters left, score, orders sent this turn, and whether it is eliminated."""
    out = []
    for seat, emitters in enumerate(view["emitters"]):
        left = sum(1 for emitter in emitters if not emitter["destroyed"])
        row: list[dict[str, JSON]] = [
            {"key": "emitters", "value": left},
            {"key": "score", "value": view["scores"][seat]},
            {"key": "sent", "value": view["sent"][seat]},
        ]
        if view["eliminated"][seat]:
            row.append({"key": "eliminated", "value": True})
        out.append(row)
    return out


def guidance(view: View, seat: Seat | None) -> dict[str, JSON]:
    """What the seat should do in this phase, the emitter facing its robot (lit on the board),
    and a confirmation before a ``stop`` or a last order that leaves nothing to send."""
    stage = f"{view['turn']}/{view['phase']}"
    robot = _own_robot(view, seat)
    if seat is None or robot is None or view["eliminated"][seat] or seat not in view["to_act"]:
        return {"stage": stage}
    facing = _facing(view, seat, robot)
    out: dict[str, Any] = {
        "stage": stage,
        "now": [],
        "confirm": {},
        "marks": {
            "cells": _line_cells(view, seat, robot),
            "elements": [["data-emitter", f"{COLOUR_NAMES[view['colours'][seat]]} e{facing}"]],
        },
    }
    phase = view["phase"]
    if phase == DRAW:
        out["now"].append(_fact("draw"))
    elif phase == PLACE:
        out["now"] += _placing_facts(view, seat, robot, facing)
        out["confirm"] = _placing_confirms(view, seat, robot, facing)
    elif phase == SEND:
        out["now"].append(_fact("send", emitters=_names(_sendable(view, seat, view["emitters"][seat]))))
    return out


def _placing_facts(view: View, seat: int, robot: Mapping[str, Any], facing: int) -> list[dict[str, JSON]]:
    emitters = view["emitters"][seat]
    facts = [_fact("place")]
    if emitters[facing]["destroyed"]:
        facts.append(_fact("facing_destroyed", robot=robot["name"], emitter=f"e{facing}"))
    else:
        facts.append(_fact("facing", robot=robot["name"], emitter=f"e{facing}"))
    sendable = _sendable(view, seat, emitters)
    if sendable:
        facts.append(_fact("sendable", emitters=_names(sendable)))
    elif _placed(emitters):
        facts.append(_fact("none_sendable", emitter=f"e{facing}"))
    return facts


def _placing_confirms(
    view: View, seat: int, robot: Mapping[str, Any], facing: int
) -> dict[str, dict[str, JSON]]:
    """``stop`` with nothing sendable; the arrow of a last order that would leave nothing sendable."""
    emitters = view["emitters"][seat]
    loses = _fact("stop_loses", robot=robot["name"], emitter=f"e{facing}")
    placing = view.get("placing") or []
    if not placing:
        return {} if _sendable(view, seat, emitters) else {"stop": loses}
    if len(placing) < 3 or not _last_placement(view, emitters):
        return {}
    token, emitter, slot = placing
    after = [dict(em, slots=list(em["slots"])) for em in emitters]
    after[emitter]["slots"][slot - 1] = f"{token}:?"
    if _sendable(view, seat, after):
        return {}
    last = _fact("last_loses", robot=robot["name"], emitter=f"e{facing}")
    return {direction: last for direction in directions_for(token)}


def _last_placement(view: View, emitters: list[Mapping[str, Any]]) -> bool:
    """Whether the placement being made is the seat's last this turn (its hand or its slots run out)."""
    free = sum(1 for em in emitters if not em["destroyed"] for token in em["slots"] if token is None)
    return len(view.get("hand") or []) <= 1 or free <= 1


def _own_robot(view: View, seat: Seat | None) -> Mapping[str, Any] | None:
    for robot in view["robots"]:
        if robot["kind"] == PLAYER and robot["seat"] == seat and robot["cell"] is not None:
            return robot
    return None


def _side(view: View, seat: int) -> str:
    return SIDE_OF[view["colours"][seat]]


def _facing(view: View, seat: int, robot: Mapping[str, Any]) -> int:
    """DD-16: the emitter whose line the seat's robot stands in."""
    return line_of(_side(view, seat), *robot["cell"])


def _sendable(view: View, seat: int, emitters: list[Mapping[str, Any]]) -> list[int]:
    """DD-15, DD-16: the emitters whose candidate (the filled slot nearest the board) has its
    recipient in line: the seat's robot, or a repairer for a grey order."""
    side = _side(view, seat)
    own = _own_robot(view, seat)
    own_line = None if own is None else line_of(side, *own["cell"])
    repairer_lines = {
        line_of(side, *robot["cell"])
        for robot in view["robots"]
        if robot["kind"] == REPAIRER and robot["cell"] is not None
    }
    found = []
    for e, emitter in enumerate(emitters):
        candidate = next((token for token in emitter["slots"] if token is not None), None)
        if emitter["destroyed"] or candidate is None:
            continue
        grey = bin_of(candidate.split(":")[0]) == "grey"
        if (e in repairer_lines) if grey else (e == own_line):
            found.append(e)
    return found


def _placed(emitters: list[Mapping[str, Any]]) -> bool:
    return any(token is not None for em in emitters for token in em["slots"])


def _line_cells(view: View, seat: int, robot: Mapping[str, Any]) -> list[str]:
    """The cells between the seat's emitters and its robot's line: the line the facing emitter sends on."""
    facing = _facing(view, seat, robot)
    if _side(view, seat) in ("N", "S"):
        return [f"{facing} {y}" for y in LINE]
    return [f"{x} {facing}" for x in LINE]


def _names(emitters: list[int]) -> str:
    return ", ".join(f"e{e}" for e in emitters)


def _fact(code: str, **params: JSON) -> dict[str, JSON]:
    return {"code": code, "params": params}


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: the next step of the placement it planned by
    simulating its own sending, the next order of that plan to send, or stopping when nothing
    left improves its position."""
    words = action.split()
    phase = view.get("phase")
    if words[0] == "send":
        return {"code": "send", "params": {"emitter": words[1].removeprefix("e")}}
    if words[0] == "draw":
        return {"code": "draw", "params": {"bin": words[1]}}
    if action == "stop":
        return {"code": "stop", "params": {}}
    if words[0] == "obstacle":
        return {"code": "obstacle", "params": {}, "marks": {"cells": [f"{words[1]} {words[2]}"]}}
    if phase == PLACE:
        return {"code": "place", "params": {}}
    return {}
