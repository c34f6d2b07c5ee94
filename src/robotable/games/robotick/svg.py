"""Robotick tables as plain SVG text (no dependencies).

Droco sits at the top under its AI card (English terms, the printed French beside
them), its open hand in four columns; the humans sit clockwise around the table
(right, bottom, left, as the round's seating puts them). Only the viewer's hand is
face up, in rows where every card shows its type and strength; the trick lies in the
middle, each card pushed towards the one who played it. Hangars are boxes; face-down
captures are drawn dark with their negative PV. When the game is over, the result
(totals, ranks, the winner or the tie) lies on the table. Every word is the catalogue's
(``words/LANG.json``) in the drawing's language; the seats are named ``names`` when given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from robotable.core.drawing_words import DrawingWords
from robotable.core.figures import robot_figure
from robotable.games.robotick.cards import (
    COLUMN_TITLES,
    COLUMNS,
    DROCO,
    HANDS,
    HUMANS,
    card,
    load_pv,
)
from robotable.games.robotick.sentences import ranks, verdict, verdict_fr

WIDTH, HEIGHT = 1100, 950
CARD_W, CARD_H = 34, 48
HAND_STEP = CARD_W + 2  # face-up hand cards side by side, never overlapping
HAND_ROW = 9  # cards per row of a face-up hand (12 cards: two rows of 6)
ROW_STEP = CARD_H + 4
DOWN_STEP = 26  # face-down captures overlap, leaving each name and -PV readable
FILL = {"A": "#fde0dc", "B": "#dce8fd", "C": "#fde9d2", "D": "#dcf5dd"}
INK = {"A": "#c62828", "B": "#1565c0", "C": "#e65100", "D": "#2e7d32"}
# Seat areas clockwise from the top (Droco's place): top, right, bottom, left.
SPOTS = {1: (925, 430), 2: (550, 710), 3: (175, 430)}
CENTRE = (550, 430)
DROCO_FILL = "#8a94a6"  # brushed steel: Droco belongs to no player's colour
TRICK_OFFSETS = {0: (0, -58), 1: (60, 0), 2: (0, 58), 3: (-60, 0)}


def _text(x: float, y: float, s: str, size: int = 13, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}"{extra}>{escape(s)}</text>'


def _card(x: float, y: float, name: str, pv: tuple[int, ...], *, trump: str, down: bool = False) -> str:
    """A face-up card: type letter, strength, PV; a face-down capture shows -PV on dark."""
    t = name[0]
    value = pv[card(name)]
    if down:
        return (
            f'<g><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#37474f" '
            f'stroke="{INK[t]}" stroke-width="2" data-piece="{escape(name)}"/>'
            + _text(x + 3, y + 13, name, 10, fill="white", font_weight="bold")
            + _text(x + 3, y + 38, f"-{value}", 12, fill="#ff8a80")
            + "</g>"
        )
    width = 3 if t == trump else 1.5
    return (
        f'<g><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{FILL[t]}" '
        f'stroke="{INK[t]}" stroke-width="{width}" data-piece="{escape(name)}"/>'
        + _text(x + 3, y + 13, name, 10, fill=INK[t], font_weight="bold")
        + _text(x + CARD_W - 4, y + 36, name[1:], 16, fill=INK[t], text_anchor="end", font_weight="bold")
        + _text(x + CARD_W - 3, y + CARD_H - 4, f"{value}", 8, fill="#555", text_anchor="end")
        + "</g>"
    )


def _back(x: float, y: float) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#5c6bc0" '
        'stroke="#283593" stroke-width="1.5"/>'
    )


def table_svg(view: Mapping[str, Any], *, lang: str = "en", names: list[str] | None = None) -> str:
    """The table as the view shows it; its words in ``lang``, the seats named ``names``."""
    say = DrawingWords(__package__, lang, names)
    options = view["options"]
    pv = load_pv(options["cards_file"], options["pv_table"])
    trump = view["trump"]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f1e8"/>',
        f'<ellipse cx="{CENTRE[0]}" cy="{CENTRE[1]}" rx="190" ry="120" fill="#2e6b3f" stroke="#1d4529" '
        'stroke-width="4"/>',
    ]
    parts += _header(view, pv, trump, say)
    parts += _ai_and_droco(view, pv, trump, say)
    # Droco itself beside its open hand: the site's robot figure, its letter D
    parts.append(f'<g class="droco">{robot_figure(CENTRE[0] - 145, 142, 52, DROCO_FILL, "D")}</g>')
    seating = view["seating"]
    top = seating.index(DROCO)
    spot_of = {seating[(top + k) % HANDS]: k for k in range(HANDS)}
    for seat in range(HUMANS):
        parts += _seat(view, seat, SPOTS[spot_of[seat]], pv, trump, say)
    parts.append('<g id="trick">')  # named for the tutorials' pointers, as are the groups below
    for player, name in view["trick"]:
        dx, dy = TRICK_OFFSETS[spot_of[player]]
        x, y = CENTRE[0] + dx - CARD_W / 2, CENTRE[1] + dy - CARD_H / 2
        parts.append(_card(x, y, name, pv, trump=trump))
    parts.append("</g>")
    if view["phase"] == "over":
        parts += _result(view, say)
    parts += _legend(say)
    parts.append("</svg>")
    return "\n".join(parts)


def _header(view: Mapping[str, Any], pv: tuple[int, ...], trump: str, say: DrawingWords) -> list[str]:
    counters = say("header.round", round=view["round"], rounds=view["rounds"], trick=view["trick_number"])
    out = [
        _text(20, 30, "Robotick", 22, font_weight="bold"),
        _text(20, 52, counters, 13),
        _text(20, 70, say("header.phase", step=say.phase(view["phase"]), hangars=view["hangars"]), 13),
        _text(20, 96, say("header.trump"), 12),
        '<g id="trump">',
        _card(20, 102, view["trump_card"], pv, trump=trump),
        _text(62, 130, say("header.type", type=trump), 12),
        "</g>",
    ]
    if view["phase"] == "over":
        out.append(_text(20, 172, say("header.over"), 13, font_weight="bold"))
    elif view["to_play"] is not None:
        who = "Droco" if view["to_play"] == DROCO else say.seat(view["to_play"])
        out.append(_text(20, 172, say("header.to_play", who=who), 13, font_weight="bold"))
    elif view["to_act"]:
        passing = ", ".join(say.seat(s) for s in view["to_act"])
        out.append(_text(20, 172, say("header.passing", who=passing), 13))
    return out


def _ai_and_droco(view: Mapping[str, Any], pv: tuple[int, ...], trump: str, say: DrawingWords) -> list[str]:
    """The AI card: per column the situation in English and the printed French title, then
    each criterion in English with the French word (RT-18..RT-21); Droco's open hand below."""
    ai = view["ai_card"]
    x0, y0, width, column_width = 310, 8, 480, 160
    out = [
        f'<rect id="ai-card" x="{x0}" y="{y0}" width="{width}" height="92" rx="8" fill="white" '
        'stroke="#444" stroke-width="2"/>',
    ]
    title = say("ai.title", id=ai["id"])
    out.append(_text(x0 + width / 2, y0 + 15, title, 12, text_anchor="middle", font_weight="bold"))
    for i, column in enumerate(COLUMNS):
        cx = x0 + column_width / 2 + i * column_width
        out.append(f'<g class="ai-column" data-column="{column}">')
        out.append(_text(cx, y0 + 32, say("ai.column", column=column), 11, text_anchor="middle"))
        out.append(_text(cx, y0 + 45, f"({COLUMN_TITLES[column]})", 10, text_anchor="middle", fill="#666"))
        for line, criterion in enumerate(ai[column]):
            label = say("ai.criterion", line=line + 1, criterion=criterion, printed=criterion)
            out.append(_text(cx, y0 + 63 + 16 * line, label, 11, text_anchor="middle", font_weight="bold"))
        out.append("</g>")
    out.append('<g id="droco-hand">')
    for col, names in enumerate(view["droco_hand"]):
        x = CENTRE[0] - 100 + col * 50
        out.append(_text(x + CARD_W / 2, 116, "ABCD"[col], 12, text_anchor="middle", fill=INK["ABCD"[col]]))
        for row, name in enumerate(names):
            out.append(_card(x, 120 + row * 17, name, pv, trump=trump))
    out.append("</g>")
    return out


def hand_rows(count: int) -> list[int]:
    """How many face-up cards go in each row: at most :data:`HAND_ROW`, rows as even as can be.

    >>> hand_rows(12), hand_rows(9), hand_rows(0)
    ([6, 6], [9], [])
    """
    rows = -(-count // HAND_ROW)
    return [count // rows + (r < count % rows) for r in range(rows)]


def _seat(
    view: Mapping[str, Any],
    seat: int,
    spot: tuple[int, int],
    pv: tuple[int, ...],
    trump: str,
    say: DrawingWords,
) -> list[str]:
    cx, cy = spot
    you = say("you") if seat == view["viewer"] else ""
    if seat == view["viewer"]:
        hand, top = _face_up_hand(view["hand"], cx, cy - 60, pv, trump)
        chosen = view.get("pass_chosen") or []
        if chosen:  # while passing no capture is drawn yet: the place under the hangars is free
            label = say("passing.to", who=say.seat((seat + 1) % 3), cards=" ".join(chosen))
            hand.append(
                _text(
                    cx, cy + 80, label, 13, text_anchor="middle", font_weight="bold", **{"class": "passing"}
                )
            )
    else:
        hand, top = _backs(view["hand_sizes"][seat], cx, cy - 60), cy - 60
    out = [
        f'<g class="seat" data-seat="{seat}">',
        _text(cx, top - 18, say.seat(seat) + you, 15, text_anchor="middle", font_weight="bold"),
        f'<g class="hand" data-seat="{seat}">',
        *hand,
        "</g>",
    ]
    captures = view["captures"][seat]
    box_left = cx - (view["hangars"] * (CARD_W + 8)) / 2
    out.append('<g class="hangars">')
    for i in range(view["hangars"]):
        x = box_left + i * (CARD_W + 8)
        out.append(
            f'<rect class="hangar" x="{x - 2}" y="{cy}" width="{CARD_W + 4}" height="{CARD_H + 4}" rx="5" '
            'fill="none" stroke="#8d6e63" stroke-dasharray="4 2"/>'
        )
        if i < len(captures["up"]):
            out.append(_card(x, cy + 2, captures["up"][i], pv, trump=trump))
    out.append("</g>")
    down = captures["down"]
    down_left = cx - (DOWN_STEP * (len(down) - 1) + CARD_W) / 2
    out.append('<g class="face-down">')
    for i, name in enumerate(down):
        out.append(_card(down_left + i * DOWN_STEP, cy + 58, name, pv, trump=trump, down=True))
    out.append("</g>")
    score = say("score.line", round=f"{view['round_score'][seat]:+d}", total=f"{view['totals'][seat]:+d}")
    out.append(_text(cx, cy + 124, score, 13, text_anchor="middle", **{"class": "score"}))
    out.append("</g>")
    return out


def _face_up_hand(
    hand: list[str], cx: float, bottom: float, pv: tuple[int, ...], trump: str
) -> tuple[list[str], float]:
    """The viewer's cards in rows of side-by-side cards, the last row at ``bottom``; returns
    the drawing and the top row's ``y``."""
    rows = hand_rows(len(hand))
    top = bottom - ROW_STEP * (len(rows) - 1) if rows else bottom
    out, start = [], 0
    for r, count in enumerate(rows):
        left = cx - (HAND_STEP * (count - 1) + CARD_W) / 2
        for i, name in enumerate(hand[start : start + count]):
            out.append(_card(left + i * HAND_STEP, top + r * ROW_STEP, name, pv, trump=trump))
        start += count
    return out, top


def _backs(size: int, cx: float, y: float) -> list[str]:
    """Hidden hands: backs may overlap, they show nothing."""
    step = min(CARD_W + 2, 300 / max(size, 1))
    left = cx - (step * (size - 1) + CARD_W) / 2
    return [_back(left + i * step, y) for i in range(size)]


def _result(view: Mapping[str, Any], say: DrawingWords) -> list[str]:
    """RT-24 on the table: each player's total, round scores and rank, then the winner or the tie."""
    viewer, totals = view["viewer"], view["totals"]

    def who(seat: int) -> str:
        return say.seat(seat) + (say("you") if seat == viewer else "")

    x, y, width, height = CENTRE[0] - 190, CENTRE[1] - 95, 380, 190
    out = [
        f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="10" fill="white" '
        'fill-opacity="0.95" stroke="#1d4529" stroke-width="3"/>',
        _text(CENTRE[0], y + 28, say("result.title"), 18, text_anchor="middle", font_weight="bold"),
    ]
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    place = ranks(totals)
    for line, seat in enumerate(order):
        rounds = " ".join(f"{row[seat]:+d}" for row in view["scores"])
        row_y = y + 60 + line * 24
        weight = "bold" if place[seat] == 1 else "normal"
        out.append(
            _text(x + 20, row_y, say("result.rank", rank=place[seat], who=who(seat)), 14, font_weight=weight)
        )
        out.append(
            _text(x + 150, row_y, say("result.total", total=f"{totals[seat]:+d}"), 14, font_weight=weight)
        )
        out.append(
            _text(
                x + width - 15, row_y, say("result.rounds", rounds=rounds), 11, text_anchor="end", fill="#555"
            )
        )
    said = verdict_fr(totals, who) if say.lang == "fr" else verdict(totals, who)
    out.append(_text(CENTRE[0], y + height - 22, said, 15, text_anchor="middle", font_weight="bold"))
    return out


def _legend(say: DrawingWords) -> list[str]:
    y = HEIGHT - 100
    out = [_text(20, y, say("legend.title"), 13, font_weight="bold")]
    for i, t in enumerate("ABCD"):
        colour = ("red", "blue", "orange", "green")[i]
        out.append(
            f'<rect x="{20 + i * 110}" y="{y + 8}" width="14" height="14" '
            f'fill="{FILL[t]}" stroke="{INK[t]}"/>'
        )
        out.append(_text(40 + i * 110, y + 20, say("legend.type", type=t, colour=colour), 11))
    lines = [say(f"legend.line{n}") for n in range(1, 5)]
    out += [_text(20, y + 40 + 16 * i, line, 11) for i, line in enumerate(lines)]
    return out
