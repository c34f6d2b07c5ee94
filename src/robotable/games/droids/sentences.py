"""Readable sentences for Droids events, for the terminal log."""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------- en français (les mots du livret)

PIONS_FR = {
    "M1": "avancer de 1",
    "MD": "diagonale de 1",
    "M2": "avancer de 2",
    "MM": "avancer au maximum",
    "W1": "nager de 1",
    "WD": "nager en diagonale de 1",
    "G1": "réparateur : avancer de 1",
    "GM": "réparateur : avancer au maximum",
    "G2": "réparateur : avancer de 2",
    "GR": "réparer",
    "SH": "tirer",
    "TP": "prendre/poser",
    "O1": "envoi d'ordre 1 (repousser)",
    "O2": "envoi d'ordre 2 (ramener)",
    "O3": "envoi d'ordre 3 (quart de tour à gauche)",
    "O4": "envoi d'ordre 4 (quart de tour à droite)",
}
BACS_FR = {"violet": "violet", "blue": "bleu", "grey": "gris", "red": "rouge"}
OBJETS_FR = {"container": "le conteneur", "mine": "la mine", "statue": "la statue", "obstacle": "l'obstacle"}
RAISONS_FR = {
    "the edge of the board": "le bord du plateau",
    "nothing to take": "rien à prendre",
    "the cell is not free": "la case n'est pas libre",
    "nothing to take and nowhere to put": "rien à prendre et nulle part où poser",
    "in the river: only water orders": "dans la rivière : seulement les ordres d'eau",
    "its shot hits nothing: no player robot in sight": (
        "son tir ne touche rien : aucun robot de joueur en vue"
    ),
    "no damaged player robot to repair": "aucun robot de joueur endommagé à réparer",
    "sent no order this turn": "n'a envoyé aucun ordre ce tour",
    "not a player in play": "pas un joueur en jeu",
    "only water orders in the river": "dans la rivière, seulement les ordres d'eau",
    "water orders only in the river": "les ordres d'eau seulement dans la rivière",
    "garden complete": "jardin complet",
    "garden complete at the end of setup": "jardin complet dès la mise en place",
    "the killer is straitjacketed": "le tueur a sa camisole",
    "every container is scored": "tous les conteneurs sont ramenés",
    "the statue is home": "la statue est arrivée",
    "the player sent no order and is eliminated": "le joueur n'a envoyé aucun ordre et est éliminé",
    "turn limit reached": "limite de tours atteinte",
    "every remaining player was eliminated at once": "tous les joueurs restants sont éliminés à la fois",
    "last player left": "dernier joueur en lice",
    "the opponent is a prisoner": "l'adversaire est prisonnier",
    "both robots are prisoners": "les deux robots sont prisonniers",
    "the killer's rocket hit the player": "la roquette du tueur a touché le joueur",
}
ROBOTS_FR = {
    "Yellow": "Jaune",
    "Blue": "Bleu",
    "Red": "Rouge",
    "Green": "Vert",
    "statue": "la statue",
    "killer": "le tueur",
}
COLOURS = re.compile(r"\b(Yellow|Blue|Red|Green)\b")


def _robot(name: str) -> str:
    """A robot's name in French: its colour, ``réparateur 2``, the statue, the killer."""
    if name.startswith("repairer "):
        return "réparateur " + name.removeprefix("repairer ")
    return ROBOTS_FR.get(name, name)


def _raison(reason: str) -> str:
    """A reason the game gives in English, in French when it is one of the known ones (a
    detail in brackets after it, such as the containers' count, keeps its numbers)."""
    head, bracket, detail = reason.partition(" (")
    if bracket and head in RAISONS_FR:
        return f"{RAISONS_FR[head]} ({COLOURS.sub(lambda m: ROBOTS_FR[m.group(1)], detail)}"
    if reason in RAISONS_FR:
        return RAISONS_FR[reason]
    for english, french in (
        ("cannot move ", "ne peut pas aller vers "),
        ("no robot to the ", "aucun robot vers "),
    ):
        if reason.startswith(english):
            return french + reason.removeprefix(english)
    if reason.startswith("no robot in sight to the "):
        return "aucun robot en vue vers " + reason.removeprefix("no robot in sight to the ")
    return reason


def _bac(colour: str) -> str:
    return BACS_FR.get(colour, colour)


def _qui(seat: int, name: Namer) -> str:
    return "le tueur" if seat == -2 else name(seat)


def _pion(kind: str, direction: str) -> str:
    return f"{PIONS_FR.get(kind, kind)} {direction}".strip()


def _ordre_tueur(order: str) -> str:
    if order == "shoot":
        return "tirer dans les quatre directions"
    count, _, letter = order.partition(" ")
    where = {"F": "en avant", "B": "en arrière", "L": "à gauche", "R": "à droite"}.get(letter, letter)
    return f"avancer de {count} {where}".strip()


def _envoye(e: Mapping[str, Any], name: Namer) -> str:
    if e["seat"] == -2:
        return f"le tueur joue la case {e['emitter']} de sa feuille : {_ordre_tueur(e['token'])}"
    order = _pion(e["token"], e["direction"])
    return f"{_qui(e['seat'], name)} envoie « {order} » de l'émetteur {e['emitter']} à {_robot(e['robot'])}"


def _emetteurs(count: int) -> str:
    return "1 émetteur" if count == 1 else f"{count} émetteurs"


def _tir(e: Mapping[str, Any], name: Namer) -> str:
    if e["roll"] is None and e["hits"] == 0:
        return f"{_robot(e['robot'])} tire sur {_robot(e['target'])} : sans effet (pas un joueur en jeu)"
    roll = f", fait {e['roll']} au dé" if e["roll"] is not None else ""
    if e.get("fatal"):
        result = f"touché : la roquette détruit {_robot(e['target'])}"
    elif e["hits"]:
        result = f"touché : {_robot(e['target'])} perd {_emetteurs(e['hits'])}"
    else:
        needed = "un 0 rate toujours" if e["roll"] == 0 else f"il fallait {e['distance']} ou plus"
        result = f"raté ({needed})"
    cells = "1 case" if e["distance"] == 1 else f"{e['distance']} cases"
    return f"{_robot(e['robot'])} tire sur {_robot(e['target'])} ({cells}{roll}) : {result}"


def _fin(e: Mapping[str, Any], name: Namer) -> str:
    winners = [name(s) for s in e["winners"]]
    if not winners:
        return f"fin de la partie ({_raison(e['reason'])}) ; aucun gagnant"
    said = "gagnant" if len(winners) == 1 else "gagnants"
    return f"fin de la partie ({_raison(e['reason'])}) ; {said} : {', '.join(winners)}"


SENTENCES_FR: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "turn-started": lambda e, n: f"début du tour {e['turn']} ; {n(e['first'])} commence",
    "obstacle-placed": lambda e, n: f"{n(e['seat'])} pose un obstacle en {_cell(e['cell'])}",
    "drawn": lambda e, n: (
        f"{n(e['seat'])} tire « {PIONS_FR.get(e['token'], e['token'])} » dans le bac {_bac(e['bin'])}"
        if e["token"]
        else f"{n(e['seat'])} tire un pion dans le bac {_bac(e['bin'])}"
    ),
    "placed": lambda e, n: (
        f"{n(e['seat'])} pose « {_pion(e['token'], e['direction'])} » "
        f"sur l'émetteur {e['emitter']}, case {e['slot']} (saisi {e['token']}, e{e['emitter']}.{e['slot']}, "
        f"{e['direction']})"
    ),
    "stopped": lambda e, n: f"{n(e['seat'])} arrête de poser",
    "sent": _envoye,
    "moved": lambda e, n: f"{_robot(e['robot'])} se déplace {_cell(e['start'])} -> {_cell(e['end'])}",
    "no-effect": lambda e, n: f"{_robot(e['robot'])} : sans effet ({_raison(e['reason'])})",
    "shot": _tir,
    "damaged": lambda e, n: (
        f"{n(e['seat'])} perd l'émetteur {e['emitter']}"
        + (f" ({e['returned']} pion(s) retournent aux bacs)" if e["returned"] else "")
    ),
    "repaired": lambda e, n: f"{n(e['seat'])} répare l'émetteur {e['emitter']}",
    "taken": lambda e, n: (
        f"{_robot(e['robot'])} prend {OBJETS_FR.get(e['thing'], e['thing'])} en {_cell(e['cell'])}"
    ),
    "put": lambda e, n: (
        f"{_robot(e['robot'])} pose {OBJETS_FR.get(e['thing'], e['thing'])} en {_cell(e['cell'])}"
    ),
    "mine-laid": lambda e, n: f"une mine est posée en {_cell(e['cell'])}",
    "mine-exploded": lambda e, n: (
        f"la mine portée par {_robot(e['robot'])} explose en {_cell(e['cell'])} (0 au dé)"
        if e["carried"]
        else f"{_robot(e['robot'])} fait exploser la mine en {_cell(e['cell'])}"
    ),
    "scored": lambda e, n: f"{n(e['seat'])} ramène un conteneur ({e['total']} en tout)",
    "finished-sending": lambda e, n: f"{_qui(e['seat'], n)} a fini d'envoyer ({e['sent']} ordre(s))",
    "killer-sheet": lambda e, n: (
        f"la feuille du tueur est posée : dé {e['die']}, tueur sur la ligne {e['line']}"
    ),
    "eliminated": lambda e, n: f"{n(e['seat'])} est éliminé : {_raison(e['reason'])}",
    "game-over": _fin,
}

LANGUAGES = {"en": SENTENCES, "fr": SENTENCES_FR}
"""The sentences in each language the pages offer (English for any other)."""


def describe_event(event: Mapping[str, Any], name: Namer, lang: str = "en") -> str | None:
    sentence = LANGUAGES.get(lang, SENTENCES).get(str(event["kind"]))
    return sentence(event, name) if sentence else None
