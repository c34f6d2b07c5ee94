"""Readable sentences for DR2D events: the turn report, register by register.

Moves say both what the register said and where the robot went: by default (DR-12) a letter
is read in the robot's own frame, so ``N`` is forward, not north.

>>> describe_event({"kind": "moved", "seat": 0, "register": 2, "start": [1, 1], "end": [1, 2],
...                 "direction": "S", "order": "forward"}, lambda s: f"seat {s}")
'R2: seat 0 moves forward (N), heading south, from (1,1) to (1,2)'
>>> describe_event({"kind": "moved", "seat": 0, "register": 2, "start": [1, 1], "end": [1, 0],
...                 "direction": "N", "order": ""}, lambda s: f"seat {s}")
'R2: seat 0 moves N (north) from (1,1) to (1,0)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Namer = Callable[[Any], str]
DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
ORDER_LETTERS = {"forward": "N", "right": "E", "back": "S", "left": "W"}


def _tile(value: Sequence[int] | None) -> str:
    return "off the board" if value is None else f"({value[0]},{value[1]})"


def _when(event: Mapping[str, Any]) -> str:
    register = event.get("register")
    if register is None:
        return ""
    return {0: "start: ", 6: "end of turn: "}.get(register, f"R{register}: ")


def _to(event: Mapping[str, Any]) -> str:
    end = event["end"]
    return "off the board" if end is None else f"to {_tile(end)}"


def _compass(direction: str) -> str:
    return DIRECTION_WORDS.get(direction, direction)


def _moved(event: Mapping[str, Any], name: Namer) -> str:
    """DR-12: "moves forward (N), heading south" (relative) or "moves N (north)" (absolute)."""
    direction = event["direction"]
    compass = DIRECTION_WORDS.get(direction, direction)
    order = event.get("order") or ""
    how = (
        f"moves {order} ({ORDER_LETTERS[order]}), heading {compass},"
        if order in ORDER_LETTERS
        else f"moves {direction} ({compass})"
    )
    return f"{name(event['seat'])} {how} from {_tile(event['start'])} " + (
        "off the board" if event["end"] is None else f"to {_tile(event['end'])}"
    )


def _programs(event: Mapping[str, Any], name: Namer) -> str:
    parts = [f"{name(seat)} {' '.join(p)}" for seat, p in enumerate(event["programs"]) if p is not None]
    late = (
        f" (no program in time: {', '.join(name(s) for s in event['timed_out'])})"
        if event["timed_out"]
        else ""
    )
    return f"turn {event['turn']} programs revealed: " + ("; ".join(parts) or "none") + late


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "turn-started": lambda e, n: f"--- turn {e['turn']} ---",
    "placed": lambda e, n: f"{n(e['seat'])} places its robot on {_tile(e['tile'])} facing {e['facing']}",
    "programmed": lambda e, n: f"{n(e['seat'])} program so far: {' '.join(e['registers']) or '(empty)'}",
    "locked": lambda e, n: f"{n(e['seat'])} has locked a program",
    "revealed": _programs,
    "fumbled": lambda e, n: (
        f"{n(e['seat'])} fumbles: registers {e['first']} and {e['second']} swapped, "
        f"runs {' '.join(e['program'])}"
    ),
    "standby": lambda e, n: f"{n(e['seat'])} declares standby (PC {e['pc']})",
    "standby-auto": lambda e, n: (
        f"{n(e['seat'])} is down to 1 PC: automatic standby, remaining registers cancelled"
    ),
    "rebooted": lambda e, n: f"{n(e['seat'])} wakes from standby with 7 PC but stays inactive this turn",
    "skipped": lambda e, n: f"{n(e['seat'])} is stuck in a pit ({e['left']} more slot(s) to lose)",
    "moved": _moved,
    "blocked": lambda e, n: (
        f"{n(e['seat'])} on {_tile(e['tile'])} cannot move {_compass(e['direction'])}: "
        + ("a wall" if e["reason"] == "wall" else "the robot ahead cannot be pushed")
    ),
    "collided": lambda e, n: f"{n(e['seat'])} collides on {_tile(e['tile'])} (1 damage)",
    "pushed": lambda e, n: f"{n(e['seat'])} is pushed by {n(e['by'])} from {_tile(e['start'])} {_to(e)}",
    "conveyed": lambda e, n: f"{n(e['seat'])} is conveyed from {_tile(e['start'])} {_to(e)}",
    "rotated": lambda e, n: (
        f"{n(e['seat'])} is turned {'clockwise' if e['sense'] == 'R' else 'anticlockwise'} "
        f"on {_tile(e['tile'])}, now facing {e['facing']}"
    ),
    "shoved": lambda e, n: f"{n(e['seat'])} is shoved by a pusher from {_tile(e['start'])} {_to(e)}",
    "burned": lambda e, n: (
        f"{n(e['seat'])} is burned by the laser at {_tile(e['laser'])} "
        f"firing {DIRECTION_WORDS.get(e['direction'], e['direction'])}"
    ),
    "crushed": lambda e, n: f"{n(e['seat'])} is crushed by the press on {_tile(e['tile'])} (2 damage)",
    "fell": lambda e, n: (
        f"{n(e['seat'])} falls into the pit on {_tile(e['tile'])}, losing {e['slots']} action(s)"
    ),
    "damaged": lambda e, n: f"{n(e['seat'])} takes {e['damage']} damage, PC now {e['pc']}",
    "left": lambda e, n: f"{n(e['seat'])} leaves the board from {_tile(e['exit'])}; it returns next turn",
    "reentered": lambda e, n: f"{n(e['seat'])} re-enters on {_tile(e['tile'])} facing {e['facing']}",
    "repaired": lambda e, n: f"{n(e['seat'])} is repaired +{e['amount']} PC, now {e['pc']}",
    "downloaded": lambda e, n: f"{n(e['seat'])} downloads law {e['law']}",
    "finished": lambda e, n: f"{n(e['seat'])} holds all three laws and leaves the factory (turn {e['turn']})",
    "window": lambda e, n: f"standby window open after register {e['register']}",
    "game-over": lambda e, n: (
        f"game over ({e['reason']}): "
        + ", ".join(
            f"{rank}. {n(seat)}" for seat, rank in sorted(enumerate(e["ranks"]), key=lambda sr: sr[1])
        )
    ),
}


# ---------------------------------------------------------------- en français (les mots du livret)

BOUSSOLE = {"N": "le nord", "E": "l'est", "S": "le sud", "W": "l'ouest"}
ORDRES = {"forward": "en avant", "right": "à droite", "back": "en arrière", "left": "à gauche"}


def _dalle(value: Sequence[int] | None) -> str:
    return "hors du plateau" if value is None else f"({value[0]},{value[1]})"


def _quand(event: Mapping[str, Any]) -> str:
    register = event.get("register")
    if register is None:
        return ""
    return {0: "début : ", 6: "fin du tour : "}.get(register, f"R{register} : ")


def _vers(event: Mapping[str, Any]) -> str:
    end = event["end"]
    return "hors du plateau" if end is None else f"vers {_dalle(end)}"


def _vers_boussole(direction: str) -> str:
    return BOUSSOLE.get(direction, direction)


def _avance(event: Mapping[str, Any], name: Namer) -> str:
    """DR-12 : « avance en avant (N), vers le sud » (relatif) ou « avance N (vers le nord) »."""
    direction = event["direction"]
    order = event.get("order") or ""
    how = (
        f"se déplace {ORDRES[order]} ({ORDER_LETTERS[order]}), vers {_vers_boussole(direction)},"
        if order in ORDRES
        else f"se déplace {direction} (vers {_vers_boussole(direction)})"
    )
    return f"{name(event['seat'])} {how} de {_dalle(event['start'])} " + (
        "hors du plateau" if event["end"] is None else f"à {_dalle(event['end'])}"
    )


def _programmes(event: Mapping[str, Any], name: Namer) -> str:
    parts = [f"{name(seat)} {' '.join(p)}" for seat, p in enumerate(event["programs"]) if p is not None]
    late = (
        f" (pas de programme à temps : {', '.join(name(s) for s in event['timed_out'])})"
        if event["timed_out"]
        else ""
    )
    return f"tour {event['turn']}, programmes révélés : " + ("; ".join(parts) or "aucun") + late


def _degats(count: int) -> str:
    return f"{count} dégât" if count == 1 else f"{count} dégâts"


def _actions(count: int) -> str:
    return "1 action" if count == 1 else f"{count} actions"


def _fin(reason: str) -> str:
    """The game's reason (``every robot finished``, ``turn limit 12 reached``) in French."""
    if reason == "every robot finished":
        return "tous les robots ont quitté l'usine"
    if reason.startswith("turn limit ") and reason.endswith(" reached"):
        return f"limite de {reason.removeprefix('turn limit ').removesuffix(' reached')} tours atteinte"
    return reason


SENTENCES_FR: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "turn-started": lambda e, n: f"--- tour {e['turn']} ---",
    "placed": lambda e, n: f"{n(e['seat'])} place son robot sur {_dalle(e['tile'])}, orienté {e['facing']}",
    "programmed": lambda e, n: f"{n(e['seat'])}, programme en cours : {' '.join(e['registers']) or '(vide)'}",
    "locked": lambda e, n: f"{n(e['seat'])} a verrouillé son programme",
    "revealed": _programmes,
    "fumbled": lambda e, n: (
        f"{n(e['seat'])} cafouille : registres {e['first']} et {e['second']} inversés, "
        f"exécute {' '.join(e['program'])}"
    ),
    "standby": lambda e, n: f"{n(e['seat'])} se met en veille ({e['pc']} PC)",
    "standby-auto": lambda e, n: (
        f"{n(e['seat'])} n'a plus que 1 PC : mise en veille automatique, registres restants annulés"
    ),
    "rebooted": lambda e, n: f"{n(e['seat'])} sort de veille avec 7 PC mais reste inactif ce tour",
    "skipped": lambda e, n: (
        f"{n(e['seat'])} est coincé dans une trappe (encore {_actions(e['left'])} à perdre)"
    ),
    "moved": _avance,
    "blocked": lambda e, n: (
        f"{n(e['seat'])} sur {_dalle(e['tile'])} ne peut pas aller vers {_vers_boussole(e['direction'])} : "
        + ("un mur" if e["reason"] == "wall" else "le robot devant ne peut pas être poussé")
    ),
    "collided": lambda e, n: f"{n(e['seat'])} percute un robot sur {_dalle(e['tile'])} (1 dégât)",
    "pushed": lambda e, n: f"{n(e['seat'])} est poussé par {n(e['by'])} de {_dalle(e['start'])} {_vers(e)}",
    "conveyed": lambda e, n: (
        f"{n(e['seat'])} est transporté par le convoyeur de {_dalle(e['start'])} {_vers(e)}"
    ),
    "rotated": lambda e, n: (
        f"{n(e['seat'])} pivote dans le sens {'horaire' if e['sense'] == 'R' else 'antihoraire'} "
        f"sur {_dalle(e['tile'])}, désormais orienté {e['facing']}"
    ),
    "shoved": lambda e, n: f"{n(e['seat'])} est repoussé par un pousseur de {_dalle(e['start'])} {_vers(e)}",
    "burned": lambda e, n: (
        f"{n(e['seat'])} est brûlé par le laser en {_dalle(e['laser'])} "
        f"qui tire vers {_vers_boussole(e['direction'])}"
    ),
    "crushed": lambda e, n: f"{n(e['seat'])} est écrasé par la presse sur {_dalle(e['tile'])} (2 dégâts)",
    "fell": lambda e, n: (
        f"{n(e['seat'])} tombe dans la trappe en {_dalle(e['tile'])} et perd {_actions(e['slots'])}"
    ),
    "damaged": lambda e, n: f"{n(e['seat'])} subit {_degats(e['damage'])}, il lui reste {e['pc']} PC",
    "left": lambda e, n: (
        f"{n(e['seat'])} sort du plateau par {_dalle(e['exit'])} ; il revient au prochain tour"
    ),
    "reentered": lambda e, n: f"{n(e['seat'])} revient sur {_dalle(e['tile'])}, orienté {e['facing']}",
    "repaired": lambda e, n: f"{n(e['seat'])} est réparé de {e['amount']} PC, il en a {e['pc']}",
    "downloaded": lambda e, n: f"{n(e['seat'])} télécharge la loi {e['law']}",
    "finished": lambda e, n: f"{n(e['seat'])} détient les trois lois et quitte l'usine (tour {e['turn']})",
    "window": lambda e, n: f"la veille peut être déclarée après le registre {e['register']}",
    "game-over": lambda e, n: (
        f"fin de la partie ({_fin(e['reason'])}) : "
        + ", ".join(
            f"{rank}. {n(seat)}" for seat, rank in sorted(enumerate(e["ranks"]), key=lambda sr: sr[1])
        )
    ),
}

LANGUAGES = {"en": (SENTENCES, _when), "fr": (SENTENCES_FR, _quand)}
"""The sentences and register prefixes in each language the pages offer (English for any other)."""


def describe_event(event: Mapping[str, Any], name: Namer, lang: str = "en") -> str | None:
    sentences, when = LANGUAGES.get(lang, LANGUAGES["en"])
    sentence = sentences.get(event["kind"])
    if sentence is None:
        return None
    return when(event) + sentence(event, name)
