"""Robot Delivery drawn for a terminal with Rich: the board, then each player's boards.

Each cell is three characters: ``###`` wall, `` P `` pickup, `` D `` drop, `` ^ `` a
conveyor (``^ > v <``), ``⇈ » ⇊ «`` an express (2-arrow) conveyor, `` . `` floor. A pawn is
its colour letter and a facing arrow (``R▶``), with ``*`` when it carries a parcel.
:data:`SYMBOL_LEGEND` under the board says so for the player; while a seat programs, the
card codes and what to type are explained under its hand (:func:`card_legend`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from robotable.games.delivery.cards import CARD_LEGEND, HOW_TO_TYPE

COLOURS = {"red": "red1", "blue": "dodger_blue1", "green": "green3", "yellow": "yellow1"}
ARROWS = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}
CELL_STYLES = {
    "#": Style(color="grey50", bold=True),
    "P": Style(color="magenta", bold=True),
    "D": Style(color="cyan", bold=True),
}
CONVEYOR_STYLE = Style(color="orange3")
LABEL = Style(dim=True)
SYMBOL_LEGEND = (
    " .  floor  ### wall   P  pickup point   D  drop point   ^ > v <  conveyor (carries 1 cell)",
    "⇈ » ⇊ «  express conveyor (faster)   R▶ pawn: colour letter and facing   R▶* pawn carrying a parcel",
)


def board_text(view: Mapping[str, Any]) -> Text:
    rows = view["board"]["rows"]
    pawns = {tuple(p["cell"]): p for p in view["players"]}
    text = Text(no_wrap=True, overflow="crop")
    text.append("    " + "".join(f" {x:<2}" for x in range(len(rows[0]))) + "\n", LABEL)
    for y, row in enumerate(rows):
        text.append(f"{y:>3} ", LABEL)
        for x, char in enumerate(row):
            if (x, y) in pawns:
                pawn = pawns[(x, y)]
                style = Style(color=COLOURS[pawn["colour"]], bold=True, reverse=True)
                text.append(pawn["colour"][0].upper() + ARROWS[pawn["facing"]], style)
                text.append("*" if pawn["parcel"] else " ", Style(color="magenta", bold=True))
            elif char == "#":
                text.append("###", CELL_STYLES["#"])
            elif char in "PD":
                text.append(f" {char} ", CELL_STYLES[char])
            elif char == ".":
                text.append(" . ", LABEL)
            else:
                text.append(f" {char} ", CONVEYOR_STYLE)
        text.append("\n")
    for line in SYMBOL_LEGEND:
        text.append(line + "\n", LABEL)
    return text


def _slots(slots: list[list[str]] | None, counts: list[int]) -> str:
    if slots is None:
        return " | ".join("?" * n or "-" for n in counts)
    return " | ".join("+".join(cards) or "-" for cards in slots)


def players_table(view: Mapping[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("player", "pawn", "parcels", "hand/draw/disc.", "onPlay 1 | 2 | 3 | 4", "ready"):
        table.add_column(column)
    first = view["first_player"]
    for seat, p in enumerate(view["players"]):
        name = Text(f"{seat} {p['colour']} ({p['letter']})", Style(color=COLOURS[p["colour"]], bold=True))
        if seat == first:
            name.append(" [1st]", LABEL)
        parcels = f"{p['delivered']} delivered" + (" + carrying" if p["parcel"] else "")
        piles = f"{p['hand_size']}/{p['draw_size']}/{len(p['discard'])}"
        if p["bugs_on_top"]:
            piles += f" ({p['bugs_on_top']} BUG on top)"
        cell = f"({p['cell'][0]},{p['cell'][1]}) {p['facing']}"
        ready = "yes" if p["submitted"] else "..."
        table.add_row(name, cell, parcels, piles, _slots(p["program"], p["program_counts"]), ready)
    return table


def functions_text(view: Mapping[str, Any]) -> Text:
    text = Text()
    for board in view["function_boards"]:
        if view["function_boards_mode"] == "per_player_ad":
            label = f"function {board['letter']} of {board['owner']}"
        else:
            label = f"function {board['letter']}"
        text.append(f"{label} (1 | 2 | 3 | 4): ", Style(bold=True))
        text.append(_slots(board["slots"], []) + "\n")
    return text


def card_legend() -> Text:
    """What the card codes mean and how to type an action (wrapped to the terminal's width)."""
    text = Text("cards: ", Style(bold=True))
    text.append(" · ".join(CARD_LEGEND) + "\n", LABEL)
    text.append("type: ", Style(bold=True))
    text.append(" · ".join(HOW_TO_TYPE) + " (several actions on one line: commas between)", LABEL)
    return text


def render_text(view: Mapping[str, Any]) -> Group:
    status = Text(
        f"Robot Delivery - round {view['round']}/{view['turn_limit']} - {view['phase']} - "
        f"bug pile {view['bug_pile']}",
        Style(bold=True),
    )
    parts: list[Any] = [status, board_text(view), players_table(view), functions_text(view)]
    if view.get("hand") is not None:
        parts.append(Text("your hand: " + (" ".join(view["hand"]) or "(empty)"), Style(bold=True)))
        if view["phase"] == "programming":
            parts.append(card_legend())
    last = view.get("last")
    if last:
        revealed = []
        for seat in last["order"]:
            slots = ["+".join(c) if c is not None else "?" for c in last["programs"][seat]]
            revealed.append(f"{view['players'][seat]['colour']}: {' | '.join(slots)}")
        parts.append(Text(f"round {last['round']} programs: " + "; ".join(revealed), LABEL))
    if view.get("winner") is not None:
        parts.append(Text(f"winner: {view['players'][view['winner']]['colour']}", Style(bold=True)))
    return Group(*parts)
