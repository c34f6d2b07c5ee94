"""Robot Delivery as a dependency-free SVG picture, drawn from a view.

The board (walls, pickups, drops, conveyors with one or two chevrons, start points), the
pawns with their facing and parcels, a legend, then one panel per player: parcels, the
four program slots (the rulebook's onPlay board; face-down cards as ``?`` for other seats) and
the function boards.
A seat's view also draws that seat's hand and its own face-down program as only it sees
them, with the card codes explained. ``path_slot=N`` draws each pawn's path during slot N
of the last resolution. Every word is the catalogue's (``words/LANG.json``) in the drawing's
language ``lang``; the seats are named ``names`` when given. Card codes stay as printed.

Pages point at its parts by name: ``data-piece`` (a pawn, its seat), ``data-cell="x y"`` and
``data-tile`` (a cell and what it is), ``data-hand`` and ``data-card`` (the seat's hand), ``data-seat``
with ``data-slot`` (an onPlay slot) or ``data-function`` (a function board, its ``data-slot``s),
``data-bug-pile``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from robotable.core.drawing_words import DrawingWords
from robotable.core.errors import RobotableError
from robotable.core.figures import robot_figure
from robotable.games.delivery.cards import SLOTS

CELL = 40
MARGIN = 24
LEGEND_W = 190
FILL = {"red": "#d62828", "blue": "#1d6fd6", "green": "#2a9d3a", "yellow": "#e0b000"}
FACING_ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}
ARROW_ANGLE = {"^": 0, ">": 90, "v": 180, "<": 270, "⇈": 0, "»": 90, "⇊": 180, "«": 270}
SLOT_W, SLOT_H = 58, 22
CARD_W, CARD_H = 50, 30  # a card of the hand
LEGEND_CHARS = 110  # characters of card legend per line of text (11 px sans-serif in 760 px)
CARD_CODES = ("FWD", "BACK", "SL/SR", "RL/RR", "UT", "LOOP", "LASER", "BUG", "FN")
"""The card legend's entries in order: the catalogue's ``card.<code>`` words."""


def render_svg(
    view: Mapping[str, Any],
    *,
    path_slot: int | None = None,
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> str:
    """The view's picture (see the module); its words in ``lang``, the seats named ``names``."""
    say = DrawingWords(__package__, lang, names)
    if path_slot is not None and (
        isinstance(path_slot, bool) or not isinstance(path_slot, int) or not 1 <= path_slot <= SLOTS
    ):
        raise RobotableError(f"drawing option path_slot: a slot number from 1 to {SLOTS}, not {path_slot!r}")
    rows = view["board"]["rows"]
    width, height = len(rows[0]), len(rows)
    board_w, board_h = width * CELL, height * CELL
    panel_h = 30 + len(view["players"]) * 86
    boards_per_player = max(1, len(view["function_boards"]) // len(view["players"]))
    panel_w = 4 * (SLOT_W + 4) + 14 + boards_per_player * (4 * 34 + 8)
    hand = view.get("hand")
    hand_h = 0 if hand is None else 60 + 18 * len(_legend_lines(say))
    hand_w = 0 if hand is None else len(hand) * (CARD_W + 6)
    total_w = MARGIN * 2 + max(board_w + LEGEND_W, panel_w, hand_w, 760)  # room for the longest line
    total_h = MARGIN * 2 + 30 + board_h + panel_h + hand_h
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" font-family="sans-serif" '
        # for pages that animate moves: cell (x, y) is drawn from origin + (x, y) * cell size
        f'data-grid="{width} {height}" data-cell-size="{CELL}" data-origin="{MARGIN} {MARGIN + 30}">',
        _defs(),
        f'<rect width="{total_w}" height="{total_h}" fill="white"/>',
        _text(MARGIN, MARGIN + 8, _caption(view, say), size=16, weight="bold"),
    ]
    top = MARGIN + 30
    parts += _board(rows, view["board"]["starts"], MARGIN, top, say)
    if path_slot is not None and view.get("last"):
        parts += _paths(view, path_slot, MARGIN, top)
    parts += _pawns(view["players"], MARGIN, top)
    parts += _legend(MARGIN + board_w + 20, top, view, path_slot, say)
    parts += _panels(view, MARGIN, top + board_h + 24, say)
    if hand is not None:
        parts += _hand(view, MARGIN, top + board_h + 24 + panel_h, say)
    parts.append("</svg>")
    return "\n".join(parts)


def puzzle_svg(
    rows: Sequence[str], pawn: Mapping[str, Any], *, taken: Sequence[Sequence[int]] = (), lang: str = "en"
) -> str:
    """A puzzle's board alone (no panels, legend nor hand: the page draws the program itself),
    with its one pawn (``cell``, ``facing``, ``parcel``) as seat 0, named ``data-piece="0"``;
    the pickup points ``taken`` ([x, y]) are drawn without their parcel (a puzzle's is taken once)."""
    say = DrawingWords(__package__, lang, None)
    width, height = len(rows[0]), len(rows)
    total_w, total_h = MARGIN * 2 + width * CELL, MARGIN * 2 + height * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" font-family="sans-serif" '
        f'data-grid="{width} {height}" data-cell-size="{CELL}" data-origin="{MARGIN} {MARGIN}">',
        _defs(),
        f'<rect width="{total_w}" height="{total_h}" fill="white"/>',
        *_board(rows, [], MARGIN, MARGIN, say),
        *(  # the pickup's colour over its parcel
            f'<rect x="{MARGIN + x * CELL + CELL / 2 - 9}" y="{MARGIN + y * CELL + CELL / 2 - 9}" '
            f'width="18" height="18" fill="#f3d9f7" data-taken="{x} {y}"/>'
            for x, y in taken
        ),
        *_pawns([{"colour": "red", **pawn}], MARGIN, MARGIN),
        "</svg>",
    ]
    return "\n".join(parts)


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 12,
    weight: str = "normal",
    anchor: str = "start",
    fill: str = "#222",
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" '
        f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>'
    )


def _defs() -> str:
    return (
        '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/>'
        "</marker></defs>"
    )


def _chevrons(cx: float, cy: float, char: str) -> str:
    count = 2 if char in "⇈»⇊«" else 1
    angle = ARROW_ANGLE[char]
    shapes = []
    for i in range(count):
        dy = 0 if count == 1 else (6 - 12 * i)
        shapes.append(
            f'<path d="M-9,{dy + 5} L0,{dy - 4} L9,{dy + 5}" fill="none" stroke="#8a4b00" '
            f'stroke-width="3" stroke-linejoin="round"/>'
        )
    return f'<g transform="translate({cx},{cy}) rotate({angle})">{"".join(shapes)}</g>'


def _caption(view: Mapping[str, Any], say: DrawingWords) -> str:
    step = say.phase(view["phase"])
    return say("caption", round=view["round"], rounds=view["turn_limit"], step=step, seen=_seen_by(view, say))


def _board(
    rows: Sequence[str], starts: Sequence[Sequence[Any]], left: float, top: float, say: DrawingWords
) -> list[str]:
    out = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            px, py = left + x * CELL, top + y * CELL
            cx, cy = px + CELL / 2, py + CELL / 2
            fill = {"#": "#444", "P": "#f3d9f7", "D": "#d4f1f4"}.get(char, "#f4f1ea")
            if char in ARROW_ANGLE:
                fill = "#ffd8a8" if char in "^>v<" else "#ffb870"
            out.append(  # named for the pages' pointers (a tutorial's "the pickup point at 3 5")
                f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#bbb" '
                f'data-cell="{x} {y}" data-tile="{TILE_NAMES.get(char, "floor")}"/>'
            )
            if char == "P":
                out.append(f'<rect x="{cx - 8}" y="{cy - 8}" width="16" height="16" fill="#a0522d" rx="2"/>')
                out.append(_text(cx, py + 11, say("tile.pickup"), size=8, anchor="middle"))
            elif char == "D":
                out.append(  # below its label, as the pickup's parcel is (the label no longer crosses it)
                    f'<circle cx="{cx}" cy="{cy + 4}" r="9" fill="none" stroke="#0b7285" stroke-width="3"/>'
                )
                out.append(_text(cx, py + 11, say("tile.drop"), size=8, anchor="middle"))
            elif char in ARROW_ANGLE:
                out.append(_chevrons(cx, cy, char))
    for x, y, facing in starts:
        cx, cy = left + x * CELL + CELL / 2, top + y * CELL + CELL / 2
        out.append(
            f'<g transform="translate({cx},{cy}) rotate({FACING_ANGLE[facing]})"><path d="M0,-15 L6,-9 '
            f'L-6,-9 z" fill="#888"/></g>'
        )
    w, h = len(rows[0]) * CELL, len(rows) * CELL
    out.append(
        f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" stroke="#222" stroke-width="3"/>'
    )
    return out


def _pawns(players: Sequence[Mapping[str, Any]], left: float, top: float) -> list[str]:
    out = []
    for seat, p in enumerate(players):
        x, y = p["cell"]
        cx, cy = left + x * CELL + CELL / 2, top + y * CELL + CELL / 2
        colour = FILL[p["colour"]]
        out.append(f'<g data-piece="{seat}">')  # the pawn as the events name it: its seat
        # the ring on the floor turned to the pawn's facing (its arrow on the edge), and the
        # robot standing upright on it, in its colour with its seat on its chest
        out.append(
            f'<g transform="translate({cx},{cy}) rotate({FACING_ANGLE[p["facing"]]})">'
            f'<circle r="17" fill="{colour}" fill-opacity="0.3" stroke="{colour}" stroke-width="2"/>'
            f'<path d="M0,-21 L6,-14 L-6,-14 z" fill="#111"/></g>'
        )
        out.append(robot_figure(cx, cy, CELL, colour, str(seat), ring=False))
        if p["parcel"]:
            out.append(
                f'<rect x="{cx + 6}" y="{cy + 5}" width="10" height="10" fill="#a0522d" stroke="#111"/>'
            )
        out.append("</g>")
    return out


def _paths(view: Mapping[str, Any], slot: int, left: float, top: float) -> list[str]:
    last = view["last"]
    if not 1 <= slot <= len(last["paths"]):
        return []
    out = []
    for seat, path in enumerate(last["paths"][slot - 1]):
        if len(path) < 2:
            continue
        points = " ".join(
            f"{left + x * CELL + CELL / 2 + 3 * seat - 4},{top + y * CELL + CELL / 2}" for x, y in path
        )
        colour = FILL[view["players"][seat]["colour"]]
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
            f'stroke-dasharray="6 3" marker-end="url(#arrowhead)" opacity="0.85"/>'
        )
    return out


TILE_NAMES = {"#": "wall", "P": "pickup", "D": "drop"} | {
    char: "conveyor" if char in "^>v<" else "express" for char in ARROW_ANGLE
}
"""What each cell is, as its ``data-tile`` says (start points are floor with an arrow)."""

LEGEND = (
    ("#444", "wall"),
    ("#f3d9f7", "pickup"),
    ("#d4f1f4", "drop"),
    ("#ffd8a8", "conveyor"),
    ("#ffb870", "express"),
    ("#888", "start"),
)
"""The legend's colours and what they are: the catalogue's ``legend.<what>`` words."""


def _legend(
    x: float, y: float, view: Mapping[str, Any], path_slot: int | None, say: DrawingWords
) -> list[str]:
    out = [_text(x, y + 10, say("legend.title"), size=13, weight="bold")]
    for i, (fill, what) in enumerate(LEGEND):
        yy = y + 24 + i * 22
        out.append(f'<rect x="{x}" y="{yy}" width="16" height="16" fill="{fill}" stroke="#999"/>')
        out.append(_text(x + 24, yy + 12, say(f"legend.{what}"), size=11))
    yy = y + 24 + len(LEGEND) * 22
    out.append(f'<circle cx="{x + 8}" cy="{yy + 8}" r="7" fill="#d62828"/>')
    out.append(_text(x + 24, yy + 12, say("legend.pawn"), size=11))
    out.append(f'<rect x="{x + 3}" y="{yy + 25}" width="10" height="10" fill="#a0522d"/>')
    out.append(_text(x + 24, yy + 34, say("legend.parcel"), size=11))
    yy += 56
    out.append(f'<g data-bug-pile="{view["bug_pile"]}">')
    out.append(_text(x, yy, say("legend.bug_pile", count=view["bug_pile"]), size=11))
    out.append("</g>")
    if path_slot is not None:
        out.append(_text(x, yy + 18, say("legend.paths", slot=path_slot), size=11))
    return out


def _slot_box(x: float, y: float, cards: Sequence[str] | None, count: int, label: str) -> list[str]:
    text = "+".join(cards) if cards is not None else ("?" * count)
    fill = "#fff" if cards is not None or not count else "#dde"
    return [
        f'<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" fill="{fill}" stroke="#666" rx="3"/>',
        _text(x + 3, y - 3, label, size=8, fill="#777"),
        _text(x + SLOT_W / 2, y + 15, text or "-", size=10 if len(text) < 10 else 7, anchor="middle"),
    ]


def _panels(view: Mapping[str, Any], left: float, top: float, say: DrawingWords) -> list[str]:
    out = []
    boards: dict[int, list[Mapping[str, Any]]] = {}
    for board in view["function_boards"]:
        boards.setdefault(board["owner"], []).append(board)
    for seat, p in enumerate(view["players"]):
        y = top + seat * 86
        colour = FILL[p["colour"]]
        out.append(f'<rect x="{left}" y="{y}" width="12" height="12" fill="{colour}"/>')
        out.append(_text(left + 18, y + 11, _panel_line(view, seat, say), size=12, weight="bold"))
        program = p["program"]
        for i in range(4):
            cards = program[i] if program is not None else None
            out.append(f'<g data-seat="{seat}" data-slot="{i + 1}">')  # onPlay slot i + 1 of the seat
            out += _slot_box(
                left + i * (SLOT_W + 4), y + 30, cards, p["program_counts"][i], say("panel.slot", slot=i + 1)
            )
            out.append("</g>")
        if program is not None and seat == view.get("seat") and view["phase"] == "programming":
            out.append(_text(left, y + 66, say("panel.face_down"), size=9, fill="#555"))
        x = left + 4 * (SLOT_W + 4) + 14
        for board in boards.get(seat, []):
            out.append(f'<g data-seat="{seat}" data-function="{board["letter"]}">')
            for i, cards in enumerate(board["slots"]):
                out.append(f'<g data-slot="{i + 1}">')
                out += _fn_box(x + i * 34, y + 30, cards, f"F{board['letter']}.{i + 1}")
                out.append("</g>")
            out.append("</g>")
            x += 4 * 34 + 8
    return out


def _panel_line(view: Mapping[str, Any], seat: int, say: DrawingWords) -> str:
    """``seat 0 red (R) - first player: 1 delivered; hand 5, draw 10, discard 2``, in the
    drawing's words."""
    p = view["players"][seat]
    first = say("panel.first") if seat == view["first_player"] else ""
    status = say("panel.delivered", count=p["delivered"]) + (say("panel.carrying") if p["parcel"] else "")
    return say(
        "panel.line",
        who=say.seat(seat),
        colour=p["colour"],
        letter=p["letter"],
        first=first,
        status=status,
        hand=p["hand_size"],
        draw=p["draw_size"],
        discard=len(p["discard"]),
    )


def _fn_box(x: float, y: float, cards: Sequence[str], label: str) -> list[str]:
    text = "+".join(cards)
    return [
        f'<rect x="{x}" y="{y}" width="32" height="{SLOT_H}" fill="#fff8e0" stroke="#b08900" rx="3"/>',
        _text(x + 2, y - 3, label, size=8, fill="#7a5d00"),
        _text(x + 16, y + 15, text or "-", size=9 if len(text) < 5 else 6, anchor="middle"),
    ]


def _seen_by(view: Mapping[str, Any], say: DrawingWords) -> str:
    seat = view.get("seat")
    if seat is None:
        return ""
    return say("caption.seen_by", who=say.seat(seat), colour=view["players"][seat]["colour"])


def _legend_lines(say: DrawingWords) -> list[str]:
    """The card legend's entries joined into lines of at most :data:`LEGEND_CHARS` characters."""
    lines: list[str] = []
    for entry in (say(f"card.{code}") for code in CARD_CODES):
        if lines and len(lines[-1]) + 3 + len(entry) <= LEGEND_CHARS:
            lines[-1] += " · " + entry
        else:
            lines.append(entry)
    return lines


def _hand(view: Mapping[str, Any], left: float, top: float, say: DrawingWords) -> list[str]:
    """The viewing seat's hand, card by card, then what the card codes mean."""
    seat = view["seat"]
    colour = FILL[view["players"][seat]["colour"]]
    hand = view["hand"]
    out = [_text(left, top + 10, say("hand.title", who=say.seat(seat)), size=12, weight="bold")]
    if not hand:
        out.append(_text(left, top + 36, say("hand.empty"), size=11, fill="#777"))
    out.append('<g data-hand="">')
    for i, card in enumerate(hand):
        x = left + i * (CARD_W + 6)
        out.append(f'<g data-card="{escape(card)}">')
        out.append(
            f'<rect x="{x}" y="{top + 18}" width="{CARD_W}" height="{CARD_H}" fill="#fff" '
            f'stroke="{colour}" stroke-width="2" rx="4"/>'
        )
        out.append(_text(x + CARD_W / 2, top + 38, card, size=11, weight="bold", anchor="middle"))
        out.append("</g>")
    out.append("</g>")
    for i, line in enumerate(_legend_lines(say)):
        out.append(_text(left, top + 70 + 18 * i, line, size=11, fill="#444"))
    return out
