"""Readable sentences for Ricochet's events, for the terminal log and the pages, in English and
French (the rulebook's words: robot, cible, jeton, annonce, sablier, démonstration)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Namer = Callable[[Any], str]


HEX = "0123456789ABCDEF"


def _cell(value: Sequence[int]) -> str:
    """A cell as the board's axes write it: hex digits, x (column) then y (row), ``(A,3)``."""
    x, y = value
    return f"({HEX[x]},{HEX[y]})"


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _winners(seats: Sequence[int], name: Namer) -> str:
    if not seats:
        return "no winner"
    label = "winner" if len(seats) == 1 else "winners"
    return f"{label}: {', '.join(name(s) for s in seats)}"


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "chip-drawn": lambda e, s: f"chip drawn: {e['target']} at {_cell(e['cell'])}",
    "chip-returned": lambda e, s: f"chip {e['target']} goes back to the pile",
    "bid": lambda e, s: f"{s(e['seat'])} bids {e['moves']}",
    "countdown-started": lambda e, s: f"countdown started (by {e['by']})",
    "demonstration-started": lambda e, s: f"{s(e['seat'])} demonstrates {_moves(e['bid'])}",
    "moved": lambda e, s: (
        f"{e['robot']} {e['direction']}: {_cell(e['start'])} -> {_cell(e['end'])} (move {e['count']})"
    ),
    "demonstration-failed": lambda e, s: f"{s(e['seat'])} fails: {e['reason']}",
    "robots-reset": lambda e, s: "robots back on their markers",
    "chip-won": lambda e, s: f"{s(e['seat'])} wins chip {e['target']} in {_moves(e['moves'])}",
    "attempt-scored": lambda e, s: f"solved in {_moves(e['moves'])}: {e['rating']}",
    "attempt-failed": lambda e, s: f"attempt failed: {e['reason']}",
    "revealed": lambda e, s: "solution: " + ", ".join(e["solution"]),
    "puzzle-ended": lambda e, s: f"puzzle {e['target']} ended ({'solved' if e['solved'] else 'unsolved'})",
    "game-over": lambda e, s: "game over; " + _winners(e["winners"], s),
}


def _coups(count: int) -> str:
    return f"{count} coup" if count == 1 else f"{count} coups"


def _gagnants(seats: Sequence[int], name: Namer) -> str:
    if not seats:
        return "aucun gagnant"
    label = "gagnant" if len(seats) == 1 else "gagnants"
    return f"{label} : {', '.join(name(s) for s in seats)}"


ROBOTS_FR = {"red": "rouge", "green": "vert", "blue": "bleu", "yellow": "jaune", "silver": "argent"}
DIRECTIONS_FR = {"N": "le nord", "E": "l'est", "S": "le sud", "W": "l'ouest"}
COUNTDOWN_CAUSES_FR = {"bid": "première annonce", "stall": "personne n'a encore annoncé"}


def _note(rating: str) -> str:
    """A solo attempt's rating (``optimal``, ``+2``, ``+2 (optimum unknown)``) in French."""
    return rating.replace("(optimum unknown)", "(optimum inconnu)")


SENTENCES_FR: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "chip-drawn": lambda e, s: f"jeton tiré : {e['target']} en {_cell(e['cell'])}",
    "chip-returned": lambda e, s: f"le jeton {e['target']} retourne dans la pile",
    "bid": lambda e, s: f"{s(e['seat'])} annonce {_coups(e['moves'])}",
    "countdown-started": lambda e, s: (
        f"le sablier est retourné ({COUNTDOWN_CAUSES_FR.get(e['by'], e['by'])})"
    ),
    "demonstration-started": lambda e, s: f"{s(e['seat'])} fait sa démonstration en {_coups(e['bid'])}",
    "moved": lambda e, s: (
        f"le robot {ROBOTS_FR.get(e['robot'], e['robot'])} va vers "
        f"{DIRECTIONS_FR.get(e['direction'], e['direction'])} : "
        f"{_cell(e['start'])} -> {_cell(e['end'])} (coup {e['count']})"
    ),
    "demonstration-failed": lambda e, s: f"{s(e['seat'])} échoue : {_raison(e['reason'])}",
    "robots-reset": lambda e, s: "les robots reviennent sur leurs marqueurs",
    "chip-won": lambda e, s: f"{s(e['seat'])} remporte le jeton {e['target']} en {_coups(e['moves'])}",
    "attempt-scored": lambda e, s: f"résolu en {_coups(e['moves'])} : {_note(e['rating'])}",
    "attempt-failed": lambda e, s: f"tentative manquée : {_raison(e['reason'])}",
    "revealed": lambda e, s: "une solution : " + ", ".join(e["solution"]),
    "puzzle-ended": lambda e, s: (
        f"fin de la manche {e['target']} (" + ("cible atteinte" if e["solved"] else "cible manquée") + ")"
    ),
    "game-over": lambda e, s: "fin de la partie ; " + _gagnants(e["winners"], s),
}

REASONS_FR = {
    "gave up": "abandon",
    "ran out of time": "temps écoulé",
    "reached the target without a ricochet": "cible atteinte sans ricochet",
    "used the bid's only move": "le seul coup annoncé est joué",
}


def _raison(reason: str) -> str:
    """Why a demonstration or an attempt failed (the state's English reason), in French."""
    used = re.fullmatch(r"used all (\d+) moves of the bid", reason)
    if used:
        return f"les {used[1]} coups annoncés sont joués"
    return REASONS_FR.get(reason, reason)


LANGUAGES = {"en": SENTENCES, "fr": SENTENCES_FR}
"""The sentences in each language the pages offer (English for any other)."""


def describe_event(event: Mapping[str, Any], name: Namer, lang: str = "en") -> str | None:
    sentence = LANGUAGES.get(lang, SENTENCES).get(event["kind"])
    return sentence(event, name) if sentence else None
