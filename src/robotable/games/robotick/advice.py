"""What a Robotick player is told, read from a view alone. Panels: this round's score, the total,
the cards in hand, and the hangars: the round's face-up captures, which score positively while
fewer than ``hangars`` (RT-16), and the face-down ones. The seat deciding: how many cards are left
to pass (RT-9), whether it leads or must follow the led type (RT-12), the trump (RT-13), and full
hangars, after which a won trick puts Droco's card face down (RT-16)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import JSON, Seat
from robotable.games.robotick.cards import PASS_COUNT

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


def guidance(view: View, seat: Seat | None) -> dict[str, JSON]:
    """What the seat should do now; nothing for a spectator or a seat that waits for others."""
    stage = f"{view['round']}/{view['phase']}/{view['trick_number']}"
    if seat is None or view.get("viewer") != seat:
        return {"stage": stage}
    if view["phase"] == "pass":
        return {"stage": stage, "now": _passing(view, seat)}
    if view["phase"] == "play" and view["to_play"] == seat:
        return {"stage": stage, "now": _playing(view, seat)}
    return {"stage": stage}


def _passing(view: View, seat: int) -> list[dict[str, JSON]]:
    left = PASS_COUNT - len(view["pass_chosen"])
    return [_fact("pass", left=left)] if left > 0 else [_fact("passed")]


def _playing(view: View, seat: int) -> list[dict[str, JSON]]:
    led = view["led"]
    if led is None:
        facts = [_fact("lead")]
    elif any(card.startswith(led) for card in view["hand"]):
        facts = [_fact("follow", kind=led)]
    else:
        facts = [_fact("no_follow", kind=led)]
    facts.append(_fact("trump", kind=view["trump"]))
    if len(view["captures"][seat]["up"]) >= view["hangars"]:
        facts.append(_fact("hangars_full", hangars=view["hangars"]))
    return facts


def _fact(code: str, **params: JSON) -> dict[str, JSON]:
    return {"code": code, "params": params}


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
