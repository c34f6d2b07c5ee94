"""Readable sentences for Robot Delivery's events, for the terminal log and program traces.

Trace events are indented by the depth of their call stack and start with the stack
itself, so a reader follows the program as it runs::

    seat 0 reveals slot 2: FN-B + LOOP
      [slot 2 > F:B] seat 0 enters function B
        [slot 2 > F:B > B slot 1] seat 0 plays forward
        [slot 2 > F:B > B slot 1] seat 0 moves (3,3) -> (3,2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.games.delivery.cards import CARD_WORDS

Namer = Callable[[Any], str]


def _cell(value: Sequence[int]) -> str:
    return f"({value[0]},{value[1]})"


def _cards(cards: Sequence[str] | None) -> str:
    return " + ".join(cards) if cards else "nothing"


def _card(card: str | None) -> str:
    return CARD_WORDS.get(card, card) if card else "a card"


def _moved(e: Mapping[str, Any], s: Namer) -> str:
    how = {"card": "moves", "pushed": "is pushed", "conveyor": "rides the conveyor"}[e["cause"]]
    return f"{s(e['seat'])} {how} {_cell(e['start'])} -> {_cell(e['end'])}"


def _laser(e: Mapping[str, Any], s: Namer) -> str:
    if e["hit"] is None:
        return f"{s(e['seat'])} fires the laser: it hits nobody"
    parts = [f"{s(e['seat'])} fires the laser and hits {s(e['hit'])}"]
    if e["bug_given"]:
        parts.append(f"a BUG goes on top of {s(e['hit'])}'s draw pile")
    if e["parcel_taken"]:
        parts.append("the parcel changes hands")
    return "; ".join(parts)


def _bug_draw(e: Mapping[str, Any], s: Namer) -> str:
    if e["card"] is None:
        return f"{s(e['seat'])}'s bug draws nothing: both piles are empty"
    shuffled = " (discard reshuffled)" if e["reshuffled"] else ""
    return f"{s(e['seat'])}'s bug draws {e['card']}{shuffled}"


def _drew(e: Mapping[str, Any], s: Namer) -> str:
    cards = f": {', '.join(e['cards'])}" if e.get("cards") else ""
    shuffled = " (discard reshuffled)" if e["reshuffled"] else ""
    return f"{s(e['seat'])} draws {e['count']} card(s){cards}{shuffled}"


def _over(e: Mapping[str, Any], s: Namer) -> str:
    who = ", ".join(s(w) for w in e["winners"]) or "nobody"
    why = "second parcel delivered" if e["reason"] == "delivered" else "round limit reached"
    return f"game over ({why}); winner: {who}"


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "programmed": lambda e, s: f"{s(e['seat'])} programs {e['card'] or 'a card'} in slot {e['slot']}",
    "slot-taken": lambda e, s: f"{s(e['seat'])} takes back slot {e['slot']}",
    "function-card": lambda e, s: (
        f"{s(e['seat'])} adds {e['card']} to function board {e['board']}, slot {e['slot']}"
    ),
    "submitted": lambda e, s: (
        f"{s(e['seat'])} "
        + ("runs out of time; program completed" if e["filled_by_referee"] else "submits a program")
    ),
    "slot-revealed": lambda e, s: f"{s(e['seat'])} reveals slot {e['slot']}: {_cards(e['cards'])}",
    "loop": lambda e, s: f"loop: {e['card']} {e['iteration']} of {e['times']}",
    "card": lambda e, s: f"{s(e['seat'])} plays {_card(e['card'])}",
    "function-entered": lambda e, s: (
        f"{s(e['seat'])} enters function {e['board']}" + (" (empty)" if e["empty"] else "")
    ),
    "function-left": lambda e, s: f"{s(e['seat'])} leaves function {e['board']}",
    "bug-draw": _bug_draw,
    "moved": _moved,
    "blocked": lambda e, s: f"{s(e['seat'])} cannot move {e['direction']} from {_cell(e['cell'])}: blocked",
    "turned": lambda e, s: f"{s(e['seat'])} turns {e['start']} -> {e['end']}",
    "laser": _laser,
    "budget-exhausted": lambda e, s: f"{s(e['seat'])}'s slot stops after {e['limit']} card executions",
    "picked": lambda e, s: f"{s(e['seat'])} picks up a parcel at {_cell(e['cell'])}",
    "delivered": lambda e, s: (
        f"{s(e['seat'])} delivers a parcel at {_cell(e['cell'])} ({e['delivered']} delivered)"
    ),
    "won": lambda e, s: f"{s(e['seat'])} wins with a second delivery",
    "round": lambda e, s: f"round {e['number']} begins; {s(e['first_player'])} plays first",
    "drew": _drew,
    "game-over": _over,
}


def describe_event(event: Mapping[str, Any], name: Namer) -> str | None:
    """One sentence; trace events are indented by their stack depth and show the stack."""
    sentence = SENTENCES.get(event["kind"])
    if sentence is None:
        return None
    text = sentence(event, name)
    stack = event.get("stack")
    if not stack or event["kind"] == "slot-revealed":
        return text
    return "  " * len(stack) + f"[{' > '.join(stack)}] {text}"
