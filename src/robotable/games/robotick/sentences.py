"""Readable sentences for Robotick's events, for the terminal log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from robotable.core.game import Outcome
from robotable.games.robotick.cards import COLUMN_TITLES, DROCO, column_label

Namer = Callable[[Any], str]


def _who(player: int, name: Namer) -> str:
    return "Droco" if player == DROCO else name(player)


def _scores(values: Sequence[int], name: Namer) -> str:
    return ", ".join(f"{name(s)} {v:+d}" for s, v in enumerate(values))


def _listing(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def ordinal(rank: int) -> str:
    """``1st``, ``2nd``, ``3rd`` (three players: no more is needed)."""
    return f"{rank}{_SUFFIXES.get(rank, 'th')}"


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """RT-24: rank 1 is the highest total; equal totals share a rank (as the game's outcome)."""
    return Outcome.from_scores(list(totals)).ranks


def verdict(totals: Sequence[int], name: Namer) -> str:
    """RT-24 in words: who wins, or who shares the win."""
    winners = [seat for seat, rank in enumerate(ranks(totals)) if rank == 1]
    best = totals[winners[0]]
    if len(winners) == 1:
        return f"{name(winners[0])} wins with {best:+d}"
    return f"tie: {_listing([name(w) for w in winners])} share the win with {best:+d}"


def _round_started(e: Mapping[str, Any], s: Namer) -> str:
    return (
        f"round {e['round']}: AI card {e['ai_card']}, trump {e['trump_card']}, "
        f"Droco sits left of {s(e['droco_after'])} with {' '.join(e['droco_hand'])}"
    )


def _pass_chosen(e: Mapping[str, Any], s: Namer) -> str:
    what = e["card"] if e["card"] is not None else "a card"
    return f"{s(e['seat'])} sets {what} aside to pass ({e['chosen']}/2)"


def _cards_passed(e: Mapping[str, Any], s: Namer) -> str:
    what = " ".join(e["cards"]) if e["cards"] is not None else "2 cards"
    return f"{s(e['giver'])} passes {what} to {s(e['receiver'])}"


def _played(e: Mapping[str, Any], s: Namer) -> str:
    column = f", AI card column: {column_label(e['column'])}" if e.get("column") else ""
    return f"{_who(e['player'], s)} plays {e['card']}{column}"


def _trick_won(e: Mapping[str, Any], s: Namer) -> str:
    if e["winner"] == DROCO:
        lost = ", ".join(f"{s(i)} {c}" for i, c in enumerate(e["negatives"]))
        return f"Droco wins trick {e['trick']}: face down {lost}"
    side = "face up" if e["face_up"] else "face down (hangars full)"
    return f"{s(e['winner'])} wins trick {e['trick']} and captures {e['captured']} {side}"


SENTENCES: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "round-started": _round_started,
    "pass-chosen": _pass_chosen,
    "cards-passed": _cards_passed,
    "played": _played,
    "trick-won": _trick_won,
    "round-scored": lambda e, s: f"round {e['round']} scores: {_scores(e['scores'], s)}",
    "game-over": lambda e, s: f"game over; totals {_scores(e['totals'], s)}; {verdict(e['totals'], s)}",
}


# ---------------------------------------------------------------- en français (les mots du livret)


def _liste(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def verdict_fr(totals: Sequence[int], name: Namer) -> str:
    """RT-24 en mots : qui gagne, ou qui partage la victoire."""
    winners = [seat for seat, rank in enumerate(ranks(totals)) if rank == 1]
    best = totals[winners[0]]
    if len(winners) == 1:
        return f"{name(winners[0])} gagne avec {best:+d}"
    return f"égalité : {_liste([name(w) for w in winners])} partagent la victoire avec {best:+d}"


def _manche(e: Mapping[str, Any], s: Namer) -> str:
    return (
        f"manche {e['round']} : carte IA {e['ai_card']}, atout {e['trump_card']}, "
        f"Droco s'assied à gauche de {s(e['droco_after'])} avec {' '.join(e['droco_hand'])}"
    )


def _mise_de_cote(e: Mapping[str, Any], s: Namer) -> str:
    what = e["card"] if e["card"] is not None else "une carte"
    return f"{s(e['seat'])} met {what} de côté pour la donner ({e['chosen']}/2)"


def _don(e: Mapping[str, Any], s: Namer) -> str:
    what = " ".join(e["cards"]) if e["cards"] is not None else "2 cartes"
    return f"{s(e['giver'])} donne {what} à {s(e['receiver'])}"


def _joue(e: Mapping[str, Any], s: Namer) -> str:
    column = ""
    if e.get("column"):
        column = f", colonne de la carte IA : {COLUMN_TITLES.get(e['column'], e['column'])}"
    return f"{_who(e['player'], s)} joue {e['card']}{column}"


def _pli(e: Mapping[str, Any], s: Namer) -> str:
    if e["winner"] == DROCO:
        lost = ", ".join(f"{s(i)} {c}" for i, c in enumerate(e["negatives"]))
        return f"Droco remporte le pli {e['trick']} : face cachée {lost}"
    side = "face visible" if e["face_up"] else "face cachée (hangars pleins)"
    return f"{s(e['winner'])} remporte le pli {e['trick']} et capture {e['captured']} {side}"


SENTENCES_FR: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "round-started": _manche,
    "pass-chosen": _mise_de_cote,
    "cards-passed": _don,
    "played": _joue,
    "trick-won": _pli,
    "round-scored": lambda e, s: f"décompte de la manche {e['round']} : {_scores(e['scores'], s)}",
    "game-over": lambda e, s: (
        f"fin de la partie ; totaux {_scores(e['totals'], s)} ; {verdict_fr(e['totals'], s)}"
    ),
}

LANGUAGES = {"en": SENTENCES, "fr": SENTENCES_FR}
"""The sentences in each language the pages offer (English for any other)."""


def describe_event(event: Mapping[str, Any], name: Namer, lang: str = "en") -> str | None:
    sentence = LANGUAGES.get(lang, SENTENCES).get(event["kind"])
    return sentence(event, name) if sentence else None
