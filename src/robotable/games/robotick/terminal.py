"""Robotick tables drawn for a terminal with Rich.

The plain text stays readable without colour: cards are written ``B9``, hidden cards
``##``, empty hangars ``[  ]``. Colour adds the card types (A red, B blue, C orange,
D green) and marks the trump type in bold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from robotable.games.robotick.cards import COLUMNS, CRITERIA_EXPLAINED, DROCO, HANDS, HUMANS, column_rule
from robotable.games.robotick.sentences import ordinal, ranks, verdict

TYPE_STYLES = {"A": "red1", "B": "dodger_blue1", "C": "dark_orange", "D": "green3"}
DIM = Style(dim=True)
BOLD = Style(bold=True)


def _card(text: Text, name: str, trump: str, width: int = 4) -> None:
    style = Style(color=TYPE_STYLES[name[0]], bold=name[0] == trump)
    text.append(name.ljust(width), style)


def _cards(text: Text, names: Sequence[str], trump: str) -> None:
    for name in names:
        _card(text, name, trump)
    if not names:
        text.append("-", DIM)


def _who(player: int, viewer: int | None) -> str:
    if player == DROCO:
        return "Droco"
    return f"P{player}" + (" (you)" if player == viewer else "")


def table_text(view: Mapping[str, Any]) -> Text:
    """The whole table as Rich text: header, AI card, Droco's columns, trick, seats."""
    trump = view["trump"]
    text = Text(no_wrap=True, overflow="crop")
    text.append(f"Robotick  round {view['round']}/{view['rounds']}", BOLD)
    text.append(f"  trick {view['trick_number']}/12  {view['phase']}  trump ")
    _card(text, view["trump_card"], trump, 0)
    text.append(f" (type {trump})  hangars {view['hangars']}\n")
    _ai_card(text, view["ai_card"])
    _droco(text, view)
    _trick(text, view)
    for seat in range(HUMANS):
        _seat(text, view, seat)
    if view["phase"] == "over":
        _result(text, view)
    return text


def _result(text: Text, view: Mapping[str, Any]) -> None:
    """RT-24: the final totals, ranks and the winner (or the tie)."""
    viewer, totals = view["viewer"], view["totals"]
    text.append("Game over: ", BOLD)
    place = ranks(totals)
    places = [f"{_who(s, viewer)} {total:+d} ({ordinal(place[s])})" for s, total in enumerate(totals)]
    text.append(", ".join(places) + "\n")
    text.append(verdict(totals, lambda s: _who(s, viewer)) + "\n", BOLD)


def _ai_card(text: Text, ai: Mapping[str, Any]) -> None:
    """The AI card's columns in English, each with the French printed on the card (RT-18..RT-21)."""
    text.append(f"AI card {ai['id']}", BOLD)
    text.append(": how Droco picks its card\n")
    for col in COLUMNS:
        text.append(f"  {column_rule(col, ai[col])}\n")
    for line in CRITERIA_EXPLAINED:
        text.append(f"  {line}\n", DIM)


def _droco(text: Text, view: Mapping[str, Any]) -> None:
    seating = view["seating"]
    after = seating[seating.index(DROCO) - 1]
    before = seating[(seating.index(DROCO) + 1) % HANDS]
    text.append(f"Droco (between P{after} and P{before}), open hand:\n", BOLD)
    columns = view["droco_hand"]
    text.append("  " + "".join(f"{t:<5}" for t in "ABCD") + "\n", DIM)
    for row in range(max((len(c) for c in columns), default=0)):
        text.append("  ")
        for col in columns:
            if row < len(col):
                _card(text, col[row], view["trump"], 5)
            else:
                text.append("     ")
        text.append("\n")


def _trick(text: Text, view: Mapping[str, Any]) -> None:
    viewer = view["viewer"]
    text.append("Trick: ", BOLD)
    if not view["trick"]:
        text.append("empty  ", DIM)
    for player, name in view["trick"]:
        text.append(f"{_who(player, viewer)} ")
        _card(text, name, view["trump"], 0)
        text.append("  ")
    if view["to_play"] is not None:
        text.append(f"-> {_who(view['to_play'], viewer)} to play", DIM)
    text.append("\n")
    if view["tricks"]:
        last = view["tricks"][-1]
        text.append("Last trick: ", DIM)
        text.append("  ".join(f"{_who(p, viewer)} {c}" for p, c in last["cards"]), DIM)
        text.append(f"  won by {_who(last['winner'], viewer)}\n", DIM)


def _seat(text: Text, view: Mapping[str, Any], seat: int) -> None:
    viewer, trump = view["viewer"], view["trump"]
    text.append(f"{_who(seat, viewer):<9}", BOLD if seat == viewer else Style())
    if seat == viewer:
        _cards(text, view["hand"], trump)
        if view.get("pass_chosen"):
            text.append("  passing: ")
            _cards(text, view["pass_chosen"], trump)
    else:
        text.append("## " * view["hand_sizes"][seat] + f"({view['hand_sizes'][seat]})", DIM)
    captures = view["captures"][seat]
    text.append("\n         hangars ")
    for i in range(view["hangars"]):
        text.append("[")
        if i < len(captures["up"]):
            _card(text, captures["up"][i], trump, 3)
        else:
            text.append("   ")
        text.append("]")
    text.append("  face down ")
    _cards(text, captures["down"], trump)
    total = view["totals"][seat]
    text.append(f"  round {view['round_score'][seat]:+d}  total {total:+d}\n")
