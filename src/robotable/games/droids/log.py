"""Readable sentences for Droids events, for the terminal log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.games.droids.board import killer_order_text
from robotable.games.droids.tokens import TOKENS

Namer = Callable[[Any], str]


def _cell(value: Sequence[int]) -> str:
    return f"({value[0]} {value[1]})"  # as typed: x y, no comma


def _who(seat: int, name: Namer) -> str:
    return "the killer" if seat == -2 else name(seat)


def _token(kind: str, direction: str) -> str:
    label = TOKENS[kind][2] if kind in TOKENS else kind  # killer orders are plain text
    return f"{label} {direction}".strip()


def _sent(e: Mapping[str, Any], name: Namer) -> str:
    if e["seat"] == -2:
        return f"the killer plays sheet cell {e['emitter']}: {killer_order_text(e['token'])}"
    order = _token(e["token"], e["direction"])
    return f"{_who(e['seat'], name)} sends {order} from emitter {e['emitter']} to {e['robot']}"


def _shot(e: Mapping[str, Any], name: Namer) -> str:
    """Says whether the shot hit, and what: the robot and the emitters it loses (DD-24, DD-44)."""
    if e["roll"] is None and e["hits"] == 0:
        return f"{e['robot']} shoots at {e['target']}: no effect (not a player in play)"
    roll = f", rolls {e['roll']}" if e["roll"] is not None else ""
    if e.get("fatal"):
        result = f"hit: the rocket destroys {e['target']}"
    elif e["hits"]:
        result = f"hit: {e['target']} loses {_emitters(e['hits'])}"
    else:
        needed = "a 0 always misses" if e["roll"] == 0 else f"{e['distance']} or more needed"
        result = f"missed ({needed})"
    cells = "1 cell" if e["distance"] == 1 else f"{e['distance']} cells"
    return f"{e['robot']} shoots at {e['target']} ({cells}{roll}): {result}"


def _emitters(count: int) -> str:
    return "1 emitter" if count == 1 else f"{count} emitters"


def _over(e: Mapping[str, Any], name: Namer) -> str:
    winners = [name(s) for s in e["winners"]]
    if not winners:
        return f"game over ({e['reason']}); no winner"
    said = "winner" if len(winners) == 1 else "winners"
    return f"game over ({e['reason']}); {said}: {', '.join(winners)}"


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "turn-started": lambda e, n: f"turn {e['turn']} begins; {n(e['first'])} is first",
    "obstacle-placed": lambda e, n: f"{n(e['seat'])} places an obstacle on {_cell(e['cell'])}",
    "drawn": lambda e, n: (
        f"{n(e['seat'])} draws {TOKENS[e['token']][2]} from the {e['bin']} bin"
        if e["token"]
        else f"{n(e['seat'])} draws a token from the {e['bin']} bin"
    ),
    "placed": lambda e, n: (
        f"{n(e['seat'])} places {_token(e['token'], e['direction'])} "
        f"on emitter {e['emitter']}, slot {e['slot']} (typed {e['token']}, e{e['emitter']}.{e['slot']}, "
        f"{e['direction']})"
    ),
    "stopped": lambda e, n: f"{n(e['seat'])} stops placing",
    "sent": _sent,
    "moved": lambda e, n: f"{e['robot']} moves {_cell(e['start'])} -> {_cell(e['end'])}",
    "no-effect": lambda e, n: f"{e['robot']}: no effect ({e['reason']})",
    "shot": _shot,
    "damaged": lambda e, n: (
        f"{n(e['seat'])} loses emitter {e['emitter']}"
        + (f" ({e['returned']} token(s) back to the bins)" if e["returned"] else "")
    ),
    "repaired": lambda e, n: f"{n(e['seat'])} repairs emitter {e['emitter']}",
    "taken": lambda e, n: f"{e['robot']} takes the {e['thing']} at {_cell(e['cell'])}",
    "put": lambda e, n: f"{e['robot']} puts the {e['thing']} on {_cell(e['cell'])}",
    "mine-laid": lambda e, n: f"a mine is laid on {_cell(e['cell'])}",
    "mine-exploded": lambda e, n: (
        f"the mine carried by {e['robot']} explodes on {_cell(e['cell'])} (roll 0)"
        if e["carried"]
        else f"{e['robot']} sets off the mine on {_cell(e['cell'])}"
    ),
    "scored": lambda e, n: f"{n(e['seat'])} brings a container home ({e['total']} in all)",
    "finished-sending": lambda e, n: f"{_who(e['seat'], n)} has finished sending ({e['sent']} order(s))",
    "killer-sheet": lambda e, n: f"the killer's sheet is laid: die {e['die']}, killer on line {e['line']}",
    "eliminated": lambda e, n: f"{n(e['seat'])} is eliminated: {e['reason']}",
    "game-over": _over,
}


def describe_event(event: Mapping[str, Any], name: Namer) -> str | None:
    sentence = SENTENCES.get(str(event["kind"]))
    return sentence(event, name) if sentence else None
