"""Readable sentences for Robot Delivery's events, for the terminal log and program traces.

Trace events are indented by the depth of their call stack and start with the stack
itself, so a reader follows the program as it runs::

    seat 0 reveals slot 2: FN-B + LOOP
      [slot 2 > F:B] seat 0 enters function B
        [slot 2 > F:B > B slot 1] seat 0 plays forward
        [slot 2 > F:B > B slot 1] seat 0 moves (3,3) -> (3,2)
"""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------- en français (les mots du livret)

CARTES_FR = {
    "FWD": "Avancer",
    "BACK": "Reculer",
    "SL": "Glisser à gauche",
    "SR": "Glisser à droite",
    "RL": "Rotation gauche",
    "RR": "Rotation droite",
    "UT": "Demi-tour",
    "LOOP": "Boucle x2",
    "LASER": "Laser",
    "BUG": "Bug",
} | {f"FN-{letter}": f"Fonction {letter}" for letter in "ABCD"}


def _carte(card: str | None) -> str:
    return f"la carte {CARTES_FR.get(card, card)}" if card else "une carte"


def _cartes(cards: Sequence[str] | None) -> str:
    return " + ".join(cards) if cards else "rien"


def _deplace(e: Mapping[str, Any], s: Namer) -> str:
    how = {"card": "se déplace", "pushed": "est poussé", "conveyor": "est emporté par le tapis roulant"}[
        e["cause"]
    ]
    return f"{s(e['seat'])} {how} {_cell(e['start'])} -> {_cell(e['end'])}"


def _tir(e: Mapping[str, Any], s: Namer) -> str:
    if e["hit"] is None:
        return f"{s(e['seat'])} tire au laser : il ne touche personne"
    parts = [f"{s(e['seat'])} tire au laser et touche {s(e['hit'])}"]
    if e["bug_given"]:
        parts.append(f"une carte Bug va sur la pioche de {s(e['hit'])}")
    if e["parcel_taken"]:
        parts.append("le colis change de mains")
    return " ; ".join(parts)


def _bug(e: Mapping[str, Any], s: Namer) -> str:
    if e["card"] is None:
        return f"le Bug de {s(e['seat'])} ne pioche rien : pioche et défausse sont vides"
    shuffled = " (défausse remélangée)" if e["reshuffled"] else ""
    return f"le Bug de {s(e['seat'])} pioche {e['card']}{shuffled}"


def _pioche(e: Mapping[str, Any], s: Namer) -> str:
    cards = f" : {', '.join(e['cards'])}" if e.get("cards") else ""
    shuffled = " (défausse remélangée)" if e["reshuffled"] else ""
    count = "1 carte" if e["count"] == 1 else f"{e['count']} cartes"
    return f"{s(e['seat'])} pioche {count}{cards}{shuffled}"


def _fin(e: Mapping[str, Any], s: Namer) -> str:
    who = ", ".join(s(w) for w in e["winners"]) or "personne"
    why = "deuxième colis livré" if e["reason"] == "delivered" else "limite de manches atteinte"
    return f"fin de la partie ({why}) ; gagnant : {who}"


SENTENCES_FR: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "programmed": lambda e, s: (
        f"{s(e['seat'])} programme {e['card'] or 'une carte'} dans l'emplacement {e['slot']}"
    ),
    "slot-taken": lambda e, s: f"{s(e['seat'])} reprend l'emplacement {e['slot']}",
    "function-card": lambda e, s: (
        f"{s(e['seat'])} ajoute {e['card']} au plateau fonction {e['board']}, emplacement {e['slot']}"
    ),
    "submitted": lambda e, s: (
        f"{s(e['seat'])} "
        + ("n'a plus de temps : programme complété" if e["filled_by_referee"] else "valide son programme")
    ),
    "slot-revealed": lambda e, s: f"{s(e['seat'])} révèle l'emplacement {e['slot']} : {_cartes(e['cards'])}",
    "loop": lambda e, s: f"boucle : {e['card']} {e['iteration']} sur {e['times']}",
    "card": lambda e, s: f"{s(e['seat'])} joue {_carte(e['card'])}",
    "function-entered": lambda e, s: (
        f"{s(e['seat'])} entre dans la fonction {e['board']}" + (" (vide)" if e["empty"] else "")
    ),
    "function-left": lambda e, s: f"{s(e['seat'])} sort de la fonction {e['board']}",
    "bug-draw": _bug,
    "moved": _deplace,
    "blocked": lambda e, s: (
        f"{s(e['seat'])} ne peut pas aller {e['direction']} depuis {_cell(e['cell'])} : bloqué"
    ),
    "turned": lambda e, s: f"{s(e['seat'])} tourne {e['start']} -> {e['end']}",
    "laser": _tir,
    "budget-exhausted": lambda e, s: (
        f"l'emplacement de {s(e['seat'])} s'arrête après {e['limit']} cartes exécutées"
    ),
    "picked": lambda e, s: f"{s(e['seat'])} prend un colis en {_cell(e['cell'])}",
    "delivered": lambda e, s: (
        f"{s(e['seat'])} livre un colis en {_cell(e['cell'])} "
        f"({e['delivered']} colis livré{'s' if e['delivered'] > 1 else ''})"
    ),
    "won": lambda e, s: f"{s(e['seat'])} gagne avec une deuxième livraison",
    "round": lambda e, s: f"début de la manche {e['number']} ; {s(e['first_player'])} joue en premier",
    "drew": _pioche,
    "game-over": _fin,
}

STACK_FR = {"slot": "emplacement", "loop": "boucle"}
STACK_WORDS = re.compile(r"\b(slot|loop)\b")
"""The words of a call stack's frames (``slot 2 > F:B > B slot 1``), in French."""

LANGUAGES = {"en": SENTENCES, "fr": SENTENCES_FR}
"""The sentences in each language the pages offer (English for any other)."""


def describe_event(event: Mapping[str, Any], name: Namer, lang: str = "en") -> str | None:
    """One sentence; trace events are indented by their stack depth and show the stack."""
    sentence = LANGUAGES.get(lang, SENTENCES).get(event["kind"])
    if sentence is None:
        return None
    text = sentence(event, name)
    stack = event.get("stack")
    if not stack or event["kind"] == "slot-revealed":
        return text
    if lang == "fr":
        stack = [STACK_WORDS.sub(lambda m: STACK_FR[m.group(0)], frame) for frame in stack]
    return "  " * len(stack) + f"[{' > '.join(stack)}] {text}"
