"""Robotick tables as plain SVG text (no dependencies).

Droco sits at the top under its AI card, its open hand in four columns; the humans
sit clockwise around the table (right, bottom, left, as the round's seating puts
them). Only the viewer's hand is face up; the trick lies in the middle, each card
pushed towards the one who played it. Hangars are boxes; face-down captures are
drawn dark with their negative PV.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from robotable.games.robotick.cards import COLUMN_TITLES, COLUMNS, card, load_pv
from robotable.games.robotick.events import DROCO

WIDTH, HEIGHT = 1100, 840
CARD_W, CARD_H = 34, 48
FILL = {"A": "#fde0dc", "B": "#dce8fd", "C": "#fde9d2", "D": "#dcf5dd"}
INK = {"A": "#c62828", "B": "#1565c0", "C": "#e65100", "D": "#2e7d32"}
# Seat areas clockwise from the top (Droco's place): top, right, bottom, left.
SPOTS = {1: (925, 420), 2: (550, 640), 3: (175, 420)}
CENTRE = (550, 430)
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
            f'stroke="{INK[t]}" stroke-width="2"/>'
            + _text(x + 3, y + 13, name, 10, fill="white", font_weight="bold")
            + _text(x + 3, y + 38, f"-{value}", 12, fill="#ff8a80")
            + "</g>"
        )
    width = 3 if t == trump else 1.5
    return (
        f'<g><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{FILL[t]}" '
        f'stroke="{INK[t]}" stroke-width="{width}"/>'
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


def table_svg(view: Mapping[str, Any]) -> str:
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
    parts += _header(view, pv, trump)
    parts += _ai_and_droco(view, pv, trump)
    seating = view["seating"]
    top = seating.index(DROCO)
    spot_of = {seating[(top + k) % 4]: k for k in range(4)}
    for seat in range(3):
        parts += _seat(view, seat, SPOTS[spot_of[seat]], pv, trump)
    for player, name in view["trick"]:
        dx, dy = TRICK_OFFSETS[spot_of[player]]
        x, y = CENTRE[0] + dx - CARD_W / 2, CENTRE[1] + dy - CARD_H / 2
        parts.append(_card(x, y, name, pv, trump=trump))
    parts += _legend()
    parts.append("</svg>")
    return "\n".join(parts)


def _header(view: Mapping[str, Any], pv: tuple[int, ...], trump: str) -> list[str]:
    out = [
        _text(20, 30, "Robotick", 22, font_weight="bold"),
        _text(20, 52, f"round {view['round']}/{view['rounds']}  trick {view['trick_number']}/12", 13),
        _text(20, 70, f"phase: {view['phase']}  hangars: {view['hangars']}", 13),
        _text(20, 96, "trump", 12),
        _card(20, 102, view["trump_card"], pv, trump=trump),
        _text(62, 130, f"type {trump}", 12),
    ]
    if view["to_play"] is not None:
        who = "Droco" if view["to_play"] == DROCO else f"P{view['to_play']}"
        out.append(_text(20, 172, f"{who} to play", 13, font_weight="bold"))
    elif view["to_act"]:
        out.append(_text(20, 172, "passing: " + ", ".join(f"P{s}" for s in view["to_act"]), 13))
    return out


def _ai_and_droco(view: Mapping[str, Any], pv: tuple[int, ...], trump: str) -> list[str]:
    ai = view["ai_card"]
    x0, y0 = 390, 10
    out = [
        f'<rect x="{x0}" y="{y0}" width="320" height="78" rx="8" fill="white" stroke="#444" '
        'stroke-width="2"/>',
        _text(x0 + 160, y0 + 16, f"AI card {ai['id']} (Droco)", 12, text_anchor="middle", font_weight="bold"),
    ]
    for i, column in enumerate(COLUMNS):
        cx = x0 + 55 + i * 105
        out.append(_text(cx, y0 + 34, COLUMN_TITLES[column], 11, text_anchor="middle", fill="#555"))
        for line, criterion in enumerate(ai[column]):
            out.append(_text(cx, y0 + 52 + 16 * line, f"{line + 1}. {criterion}", 12, text_anchor="middle"))
    for col, names in enumerate(view["droco_hand"]):
        x = x0 + 70 + col * 50
        out.append(_text(x + CARD_W / 2, 104, "ABCD"[col], 12, text_anchor="middle", fill=INK["ABCD"[col]]))
        for row, name in enumerate(names):
            out.append(_card(x, 108 + row * 17, name, pv, trump=trump))
    return out


def _seat(
    view: Mapping[str, Any], seat: int, spot: tuple[int, int], pv: tuple[int, ...], trump: str
) -> list[str]:
    cx, cy = spot
    you = " (you)" if seat == view["viewer"] else ""
    size = view["hand_sizes"][seat]
    out = [_text(cx, cy - 78, f"P{seat}{you}", 15, text_anchor="middle", font_weight="bold")]
    hand = view["hand"] if seat == view["viewer"] else [None] * size
    step = min(CARD_W + 2, 300 / max(size, 1))
    left = cx - (step * (size - 1) + CARD_W) / 2
    for i, name in enumerate(hand):
        x = left + i * step
        out.append(_back(x, cy - 60) if name is None else _card(x, cy - 60, name, pv, trump=trump))
    captures = view["captures"][seat]
    box_left = cx - (view["hangars"] * (CARD_W + 8)) / 2
    for i in range(view["hangars"]):
        x = box_left + i * (CARD_W + 8)
        out.append(
            f'<rect x="{x - 2}" y="{cy}" width="{CARD_W + 4}" height="{CARD_H + 4}" rx="5" '
            'fill="none" stroke="#8d6e63" stroke-dasharray="4 2"/>'
        )
        if i < len(captures["up"]):
            out.append(_card(x, cy + 2, captures["up"][i], pv, trump=trump))
    for i, name in enumerate(captures["down"]):
        out.append(_card(cx - 150 + i * 22, cy + 58, name, pv, trump=trump, down=True))
    score = f"round {view['round_score'][seat]:+d}   total {view['totals'][seat]:+d}"
    out.append(_text(cx, cy + 124, score, 13, text_anchor="middle"))
    return out


def _legend() -> list[str]:
    out = [_text(20, 770, "Legend", 13, font_weight="bold")]
    for i, t in enumerate("ABCD"):
        colour = ("red", "blue", "orange", "green")[i]
        out.append(
            f'<rect x="{20 + i * 110}" y="780" width="14" height="14" fill="{FILL[t]}" stroke="{INK[t]}"/>'
        )
        out.append(_text(40 + i * 110, 792, f"type {t} ({colour})", 11))
    out.append(_text(20, 812, "thick border: trump type;  small number: PV;  dashed boxes: hangars", 11))
    out.append(_text(20, 828, "dark cards: face-down captures (negative PV);  blue backs: hidden hands", 11))
    return out
