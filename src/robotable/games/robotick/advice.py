"""What a panel shows of each Robotick seat, read from a view alone: this round's score, the
total, the cards in hand, and its hangars: the round's face-up captures, which score positively
while fewer than ``hangars`` (RT-16), and the face-down ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat

View = Mapping[str, Any]


def counters(view: View) -> list[list[dict[str, JSON]]]:
    """Per player seat: round score, total, hand size, hangars filled and face-down captures."""
    out = []
    for seat, total in enumerate(view["totals"]):
        captures = view["captures"][seat]
        out.append(
            [
                {"key": "round_score", "value": view["round_score"][seat], "round": view["round"]},
                {"key": "total", "value": total},
                {"key": "hand", "value": view["hand_sizes"][seat]},
                {"key": "hangars", "value": len(captures["up"]), "of": view["hangars"]},
                {"key": "face_down", "value": len(captures["down"])},
            ]
        )
    return out


def why(view: View, seat: Seat, action: str) -> dict[str, JSON]:
    """Why the medium bot plays ``action``: the card it passes is among those most likely to be
    lost to Droco; the card it plays has the best expected score once Droco's answer to each
    card is worked out (Droco's open hand and AI card decide it)."""
    words = action.split()
    if words[0] == "pass":
        return {"code": "pass", "params": {"card": words[1]}, "marks": {"pieces": [words[1]]}}
    if len(words) == 1:
        return {"code": "play", "params": {"card": action}, "marks": {"pieces": [action]}}
    return {}
