"""What a Ricochet Robots player is told while playing, read from a view alone: each seat's
chips and current bid, and for the seat deciding, what this phase asks of it: find a path and
bid (the first bid turns the sand timer, RR-18), lower a bid already made, or show the solution
within the moves bid (RR-20)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat
from robotable.games.ricochet.code import ROBOT_NAMES as COLOURS

View = Mapping[str, Any]
BIDDING = ("solving", "countdown")


def counters(view: View) -> list[list[dict[str, JSON]]]:
    """Per seat: chips won, the bid standing this round, and who is showing a solution."""
    out = []
    for seat, chips in enumerate(view["chips"]):
        row: list[dict[str, JSON]] = [{"key": "chips", "value": len(chips)}]
        bid = view["bids"].get(str(seat))
        if bid is not None:
            row.append({"key": "bid", "value": bid["moves"]})
        if view["demonstrator"] == seat:
            row.append({"key": "demonstrating", "value": True})
        out.append(row)
    return out


def guidance(view: View, seat: Seat | None) -> dict[str, JSON]:
    """What to do in this phase; ``stage`` changes with each new target (a new round)."""
    stage = f"{view['round']} {view['target']}"
    return {"stage": stage, "now": _facts(view, seat)}


def _facts(view: View, seat: Seat | None) -> list[dict[str, JSON]]:
    phase = view["phase"]
    bids = view["bids"]
    if phase in BIDDING and seat is not None:
        mine = bids.get(str(seat))
        if mine is not None:
            return [_fact("bid_lower", moves=mine["moves"])]
        return [_fact("bid_first" if phase == "solving" else "bid_before_timer")]
    if phase == "demonstration":
        shower = view["demonstrator"]
        moves = bids[str(shower)]["moves"]
        if shower == seat:
            return [_fact("demonstrate", moves=moves, made=len(view["moves"]))]
        return [_fact("watch", seat=shower, moves=moves)]
    if phase == "puzzle" and seat is not None:
        return [_fact("puzzle")]
    return []


def _fact(code: str, **params: JSON) -> dict[str, JSON]:
    return {"code": code, "params": params}


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: the length of the path it found (a bid), the next
    move of its solution (a robot to move), or that it sees none within the bid (give up)."""
    words = action.split()
    if words[0] == "bid":
        return {"code": "bid", "params": {"moves": int(words[1])}}
    if words[0] == "give-up":
        return {"code": "give_up", "params": {}}
    if len(words) == 2 and words[0] in COLOURS:
        step = len(view["moves"]) + 1
        return {"code": "move", "params": {"colour": words[0], "step": step}, "marks": {"pieces": [words[0]]}}
    return {}
