"""What a Robot Delivery player is told while playing, read from a view alone: each seat's
counters (parcels delivered, hand and draw pile sizes), and for the seat programming, which of
its four slots still wants a card and whether its hand can still fill them (RD-9: every slot
needs at least one card before the program can be submitted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat

View = Mapping[str, Any]
PROGRAMMING = "programming"


def counters(view: View) -> list[list[dict[str, JSON]]]:
    """Per seat: parcels delivered, whether it carries one, cards in hand and in the draw pile."""
    out = []
    for player in view["players"]:
        row: list[dict[str, JSON]] = [
            {"key": "delivered", "value": player["delivered"]},
            {"key": "hand", "value": player["hand_size"]},
            {"key": "pile", "value": player["draw_size"]},
        ]
        if player["parcel"]:
            row.append({"key": "parcel", "value": True})
        if view["phase"] == PROGRAMMING and player["submitted"]:
            row.append({"key": "submitted", "value": True})
        out.append(row)
    return out


def guidance(view: View, seat: Seat | None) -> dict[str, JSON]:
    """The programming phase in words: the empty slots, a hand too short to fill them (take a
    card back from a slot holding two), or a complete program waiting to be submitted."""
    stage = f"{view['round']}/{view['phase']}"
    if seat is None or view["phase"] != PROGRAMMING:
        return {"stage": stage}
    player = view["players"][seat]
    if player["submitted"]:
        return {"stage": stage, "now": [_fact("submitted")]}
    empty = [slot for slot, count in enumerate(player["program_counts"], 1) if count == 0]
    hand = len(view.get("hand") or [])
    now = [_fact("program")]
    if not empty:
        now.append(_fact("ready"))
    else:
        now.append(_fact("empty_slots", slots=", ".join(map(str, empty)), count=len(empty)))
        if hand < len(empty):
            now.append(_fact("hand_short", hand=hand, count=len(empty)))
    return {"stage": stage, "now": now}


def _fact(code: str, **params: JSON) -> dict[str, JSON]:
    return {"code": code, "params": params}


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: the card belongs to the program of its hand that
    brings its pawn closest to its next pickup or delivery, or that program is complete."""
    words = action.split()
    if words[0] == "slot":
        marks: dict[str, JSON] = {"pieces": [str(seat)]}
        return {"code": "program", "params": {"slot": int(words[1]), "card": words[2]}, "marks": marks}
    if words[0] == "take":
        return {"code": "take", "params": {"slot": int(words[1])}}
    if action == "submit":
        return {"code": "submit", "params": {}, "marks": {"pieces": [str(seat)]}}
    return {}
