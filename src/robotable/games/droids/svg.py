"""An SVG picture of a Droids view: board, river, obstacles, circles, robots, objects, emitters, legend.

Every word is the catalogue's (``words/LANG.json``) in the drawing's language ``lang``; order
codes, emitter names and numbers are drawn as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from robotable.core.drawing_words import DrawingWords
from robotable.core.figures import letter_colour, robot_figure
from robotable.games.droids.board import KILLER_LEVELS
from robotable.games.droids.tokens import COLOUR_NAMES, OPPOSITE_COLOUR, SIDE_OF

CELL = 44
SLOT = 34
GAP = 18  # between the board and slot 1: the row / column numbers
NAME_BAND = 18  # beyond slot 3: the emitter numbers e0..e9
EDGE = GAP + 3 * SLOT + NAME_BAND  # emitter strips around the board
BOARD = 10 * CELL
LEGEND_ROW = 24
HAND_BAND = 30
KILLER_BAND = 110
# Green plays the grey robot in the box (DD-Components), but on screen it is green: the repairers
# are the grey ones (light grey, dashed), and two greys could not be told apart.
FILL = {"Y": "#f2c200", "R": "#d62828", "B": "#1d5fd1", "G": "#2e9e4f"}
REPAIRER_FILL = "#dcdcdc"
KILLER_FILL = "#222"
BIN_FILL = {"M": "#9b59b6", "W": "#3a8fd9", "G": "#9aa0a6", "S": "#c0392b", "T": "#c0392b", "O": "#c0392b"}
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←", "NE": "↗", "SE": "↘", "SW": "↙", "NW": "↖"}


def _origin() -> tuple[int, int]:
    return EDGE, EDGE


def _cell_xy(x: int, y: int) -> tuple[int, int]:
    ox, oy = _origin()
    return ox + x * CELL, oy + y * CELL


def _terrain(view: Mapping[str, Any]) -> list[str]:
    out = []
    for y, row in enumerate(view["map"]):
        for x, t in enumerate(row):
            px, py = _cell_xy(x, y)
            fill = {"~": "#6fb7e9", "#": "#4a4a4a", ".": "#efe6cf"}[t]
            out.append(
                f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#b8ab8a" '
                f'data-cell="{x} {y}"/>'
            )
            if t == "#":
                out.append(
                    f'<path d="M{px + 6},{py + 6} L{px + CELL - 6},{py + CELL - 6} M{px + CELL - 6},{py + 6} '
                    f'L{px + 6},{py + CELL - 6}" stroke="#222" stroke-width="3"/>'
                )
    for colour, (x, y) in view["circles"].items():
        px, py = _cell_xy(x, y)
        out.append(
            f'<circle cx="{px + CELL / 2}" cy="{py + CELL / 2}" r="{CELL / 2 - 3}" fill="none" '
            f'stroke="{FILL[colour]}" stroke-width="4" stroke-dasharray="6 3"/>'
        )
    return out


def _object(kind: str, cx: float, cy: float, size: float) -> str:
    if kind == "obstacle":
        h = size / 2
        box = f'x="{cx - h}" y="{cy - h}" width="{size}" height="{size}"'
        return f'<rect {box} fill="#8b5a2b" stroke="#4a2f12"/>'
    if kind == "container":
        h = size / 2
        return (
            f'<rect x="{cx - h}" y="{cy - h * 0.8}" width="{size}" height="{size * 0.8}" rx="4" '
            f'fill="#e0a800" stroke="#7a5c00"/>'
            f'<text x="{cx}" y="{cy + 4}" font-size="{size * 0.45}" text-anchor="middle">$</text>'
        )
    if kind == "mine":
        return (
            f'<circle cx="{cx}" cy="{cy}" r="{size / 2.6}" fill="#222" stroke="#e63946" '
            f'stroke-width="2"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{size / 8}" fill="#e63946"/>'
        )
    if kind == "statue":
        return _statue(cx, cy, size / 2)
    return ""


def _statue(cx: float, cy: float, r: float) -> str:
    corners = [(0, -1), (1, -0.2), (0.6, 1), (-0.6, 1), (-1, -0.2)]
    points = " ".join(f"{cx + r * dx},{cy + r * dy}" for dx, dy in corners)
    return f'<polygon points="{points}" fill="#b0b0b0" stroke="#333" stroke-width="2"/>'


def _robot(view: Mapping[str, Any], r: Mapping[str, Any]) -> list[str]:
    x, y = r["cell"]
    px, py = _cell_xy(x, y)
    cx, cy = px + CELL / 2, py + CELL / 2
    out: list[str] = []
    faded = ""  # an eliminated player's robot, faded whole
    if r["kind"] == "player":
        colour = view["colours"][r["seat"]]
        faded = ' opacity="0.45"' if view["eliminated"][r["seat"]] else ""
        out.append(robot_figure(cx, cy, CELL, FILL[colour], colour))
        if r["stock"]:
            out.append(
                f'<text x="{px + CELL - 4}" y="{py + 12}" font-size="10" '
                f'text-anchor="end">{r["stock"]}</text>'
            )
    elif r["kind"] == "repairer":
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.34}" fill="{REPAIRER_FILL}" stroke="#555" '
            f'stroke-width="3" stroke-dasharray="4 2"/>'
            f'<text x="{cx}" y="{cy + 5}" font-size="13" text-anchor="middle">✚</text>'
        )
    elif r["kind"] == "statue":
        out.append(_statue(cx, cy, CELL * 0.36))
    else:
        # the killer: a dark robot with a red K, on a red ring
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.42}" fill="#ff5555" fill-opacity="0.3" '
            f'stroke="#c0392b" stroke-width="2"/>'
            + robot_figure(cx, cy, CELL, KILLER_FILL, "K", letter_fill="#ff5555", ring=False)
        )
    if r["carry"]:
        out.append(_object(r["carry"], px + CELL - 10, py + CELL - 10, 14))
    # one group per robot, named as the events name it, so a page can move it along their paths
    name = escape(str(r["name"]), {'"': "&quot;"})
    return [f'<g data-piece="{name}"{faded}>', *out, "</g>"]


def _slot_box(side: str, e: int, slot: int) -> tuple[float, float, float, float]:
    """x, y, width, height of slot ``slot`` of emitter ``e`` on ``side`` (slot 1 nearest the board)."""
    ox, oy = _origin()
    depth = (slot - 1) * SLOT + GAP
    if side == "S":
        return ox + e * CELL + 2, oy + BOARD + depth, CELL - 4, SLOT - 2
    if side == "N":
        return ox + e * CELL + 2, oy - depth - SLOT + 2, CELL - 4, SLOT - 2
    if side == "W":
        return ox - depth - SLOT + 2, oy + e * CELL + 2, SLOT - 2, CELL - 4
    return ox + BOARD + depth, oy + e * CELL + 2, SLOT - 2, CELL - 4


def _coordinates() -> list[str]:
    """Column numbers (x) above and below the board, row numbers (y) left and right: 'obstacle x y'."""
    ox, oy = _origin()
    style = 'font-size="12" font-weight="bold" fill="#555" text-anchor="middle"'
    out = []
    for i in range(10):
        mid = i * CELL + CELL / 2
        out.append(f'<text class="coord" x="{ox + mid}" y="{oy - 5}" {style}>{i}</text>')
        out.append(f'<text class="coord" x="{ox + mid}" y="{oy + BOARD + 14}" {style}>{i}</text>')
        out.append(f'<text class="coord" x="{ox - GAP / 2}" y="{oy + mid + 4}" {style}>{i}</text>')
        out.append(f'<text class="coord" x="{ox + BOARD + GAP / 2}" y="{oy + mid + 4}" {style}>{i}</text>')
    return out


def _emitter_name(side: str, e: int, colour: str) -> str:
    """``e3`` beyond slot 3 of emitter 3, in the player's colour."""
    x, y, w, h = _slot_box(side, e, 3)
    if side == "N":
        cx, cy = x + w / 2, y - 5
    elif side == "S":
        cx, cy = x + w / 2, y + h + 14
    elif side == "W":
        cx, cy = x - NAME_BAND / 2, y + h / 2 + 4
    else:
        cx, cy = x + w + NAME_BAND / 2, y + h / 2 + 4
    return (
        f'<text class="emitter" x="{cx}" y="{cy}" font-size="11" font-weight="bold" '
        f'fill="{FILL[colour]}" stroke="#333" stroke-width="0.3" text-anchor="middle">e{e}</text>'
    )


def _emitters(view: Mapping[str, Any], seat: int, colour: str, labels: bool) -> list[str]:
    side = SIDE_OF[colour]
    out: list[str] = []
    for e, em in enumerate(view["emitters"][seat]):
        # one group per emitter, named as the log names it, so a page can point at it
        out.append(f'<g data-emitter="{COLOUR_NAMES[colour]} e{e}">')
        if labels:
            out.append(_emitter_name(side, e, colour))
        for slot in (1, 2, 3):
            x, y, w, h = _slot_box(side, e, slot)
            token = em["slots"][slot - 1]
            if em["destroyed"]:
                out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#111"/>')
                continue
            if token is None:
                out.append(
                    f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#fff" stroke="{FILL[colour]}"/>'
                )
                if labels:  # the place to type: e3.1
                    out.append(
                        f'<text class="slot" x="{x + w / 2}" y="{y + h / 2 + 3}" font-size="9" fill="#999" '
                        f'text-anchor="middle">e{e}.{slot}</text>'
                    )
                continue
            kind, direction = token.split(":")
            fill = BIN_FILL["G" if kind in ("G1", "G2", "GM", "GR") else kind[0]]
            out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="{fill}" stroke="#222"/>')
            out.append(
                f'<text x="{x + w / 2}" y="{y + h / 2 + 4}" font-size="11" fill="#fff" text-anchor="middle">'
                f"{kind}{ARROWS.get(direction, '')}</text>"
            )
        out.append("</g>")
    return out


LEGEND = (
    ('<rect width="16" height="16" fill="#6fb7e9"/>', "river"),
    ('<rect width="16" height="16" fill="#4a4a4a"/>', "fixed_obstacle"),
    ('<rect width="16" height="16" fill="#8b5a2b"/>', "mobile_obstacle"),
    ('<rect width="16" height="16" rx="3" fill="#e0a800"/>', "container"),
    ('<circle cx="8" cy="8" r="6" fill="#222" stroke="#e63946" stroke-width="2"/>', "mine"),
    (
        f'<circle cx="8" cy="8" r="7" fill="{REPAIRER_FILL}" stroke="#555" stroke-dasharray="3 1"/>',
        "repairer",
    ),
    (f'<rect width="16" height="16" rx="3" fill="{KILLER_FILL}"/>', "killer"),
    (
        '<circle cx="8" cy="8" r="7" fill="none" stroke="#d62828" stroke-width="3" stroke-dasharray="4 2"/>',
        "start_circle",
    ),
    (_statue(8, 8, 8), "statue"),
    ('<rect width="16" height="16" fill="#9b59b6"/>', "land_orders"),
    ('<rect width="16" height="16" fill="#3a8fd9"/>', "water_orders"),
    ('<rect width="16" height="16" fill="#9aa0a6"/>', "repairer_orders"),
    ('<rect width="16" height="16" fill="#c0392b"/>', "action_orders"),
)
"""The key's shapes and what they are: the catalogue's ``legend.<what>`` words."""


def _legend_items(view: Mapping[str, Any], say: DrawingWords) -> list[tuple[str, str]]:
    players = [
        (
            f'<circle cx="8" cy="8" r="7" fill="{FILL[c]}" stroke="#111"/>'
            f'<text x="8" y="12" font-size="10" font-weight="bold" text-anchor="middle" '
            f'fill="{letter_colour(FILL[c])}">{c}</text>',
            say("legend.robot", robot=COLOUR_NAMES[c]),
        )
        for c in view["colours"]
    ]
    return [*players, *((shape, say(f"legend.{what}")) for shape, what in LEGEND)]


def _legend_rows(view: Mapping[str, Any]) -> int:
    return -(-(len(view["colours"]) + len(LEGEND)) // 3)


def _legend(view: Mapping[str, Any], top: float, say: DrawingWords) -> list[str]:
    out = []
    for i, (shape, label) in enumerate(_legend_items(view, say)):
        x = 12 + (i % 3) * 215
        y = top + (i // 3) * LEGEND_ROW
        out.append(
            f'<g transform="translate({x},{y})">{shape}'
            f'<text x="22" y="13" font-size="12">{escape(label)}</text></g>'
        )
    return out


def _killer_side(view: Mapping[str, Any]) -> str:
    """DD-41: the killer uses the emitter positions of the side of its circle, opposite the player."""
    return SIDE_OF[OPPOSITE_COLOUR[view["colours"][0]]]


def _killer_on_board(view: Mapping[str, Any], killer: Mapping[str, Any]) -> list[str]:
    """DD-43, ``columns``: the sheet laid along the killer's side, cell k on line c0 + (k - d);
    cells beyond lines 0..9 hang off the mat and are not drawn."""
    if killer["die"] is None or view["options"].get("killer_sheet_mode", "columns") != "columns":
        return []
    side = _killer_side(view)
    out = []
    for k, order in enumerate(killer["sheet"]):
        line = killer["line0"] + k - killer["die"]
        if not 0 <= line < 10:
            continue
        x, y, w, h = _slot_box(side, line, 1)
        played = k in killer["sent"]
        out.append(
            f'<rect class="killer-cell" x="{x}" y="{y}" width="{w}" height="{h}" rx="3" '
            f'fill="{"#888" if played else KILLER_FILL}" stroke="#e63946"/>'
        )
        out.append(
            f'<text x="{x + w / 2}" y="{y + h / 2 - 2}" font-size="9" fill="#fff" '
            f'text-anchor="middle">{k}</text>'
            f'<text x="{x + w / 2}" y="{y + h / 2 + 9}" font-size="9" fill="#fff" text-anchor="middle">'
            f"{escape(order)}{' ✓' if played else ''}</text>"
        )
    return out


def _killer_level(level: int, say: DrawingWords) -> str:
    """``Killer level 3 (Peugeot 403): every hit destroys 2 emitters`` (DD-44); the level's name
    is the rulebook's, in every language."""
    name = KILLER_LEVELS[level][0] if level in KILLER_LEVELS else "?"
    effect = say(f"killer.effect.{level}" if level in KILLER_LEVELS else "killer.effect.unknown")
    return say("killer.level", level=level, name=name, effect=effect)


def _killer_sheet(view: Mapping[str, Any], top: float, say: DrawingWords) -> list[str]:
    """DD-42..DD-44: the killer's sheet (cells 0..9, played ones ticked), the die that laid it,
    its level and how to read the letters."""
    killer = view["killer"]
    options = view["options"]
    level = int(options.get("killer_level", 1))
    where = (
        say("killer.not_laid")
        if killer["die"] is None
        else say("killer.laid", die=killer["die"], line=killer["line0"])
    )
    title = say("killer.title", sheet=options.get("killer_sheet", "A"), where=where)
    out = [
        f'<text class="killer" x="12" y="{top + 12}" font-size="12" '
        f'font-weight="bold">{escape(title)}</text>',
        f'<text class="killer-level" x="12" y="{top + 28}" font-size="12">'
        f"{escape(_killer_level(level, say))}</text>",
    ]
    for k, order in enumerate(killer["sheet"]):
        x, y = 12 + k * 64, top + 36
        played = k in killer["sent"]
        out.append(
            f'<rect x="{x}" y="{y}" width="60" height="30" rx="3" fill="{"#888" if played else KILLER_FILL}" '
            f'stroke="#e63946"/>'
            f'<text x="{x + 30}" y="{y + 12}" font-size="10" fill="#fff" text-anchor="middle">{k}</text>'
            f'<text x="{x + 30}" y="{y + 25}" font-size="11" fill="#fff" text-anchor="middle">'
            f"{escape(order)}{' ✓' if played else ''}</text>"
        )
    keys = (say("killer.key1", robot=COLOUR_NAMES[view["colours"][0]]), say("killer.key2"))
    for i, key in enumerate(keys):
        out.append(
            f'<text class="killer-key" x="12" y="{top + 84 + 14 * i}" font-size="11">{escape(key)}</text>'
        )
    return out


def _hand(view: Mapping[str, Any], top: float, say: DrawingWords) -> list[str]:
    """The viewer's own hidden hand (only a player's view carries it)."""
    hand = view.get("hand") or []
    if not hand:
        return []
    out = [
        '<g class="hand">',  # named, so a page can point at it
        f'<text x="12" y="{top + 15}" font-size="12" font-weight="bold">{escape(say("hand.title"))}</text>',
    ]
    for i, kind in enumerate(hand):
        x = 90 + i * 44
        fill = BIN_FILL["G" if kind in ("G1", "G2", "GM", "GR") else kind[0]]
        out.append(f'<rect x="{x}" y="{top}" width="40" height="22" rx="3" fill="{fill}" stroke="#222"/>')
        out.append(
            f'<text x="{x + 20}" y="{top + 15}" font-size="11" fill="#fff" text-anchor="middle">{kind}</text>'
        )
    return [*out, "</g>"]


def view_svg(
    view: Mapping[str, Any],
    *,
    labels: bool = True,
    legend: bool = True,
    lang: str = "en",
    names: list[str] | None = None,
) -> str:
    """The picture of ``view``.

    Drawing options (``robotable render droids -D labels=false``, declared in
    ``game.DRAWING_OPTIONS``); any other keyword is a TypeError:

    - ``labels``: row / column numbers and emitter names (e0..e9, empty slots e3.1), on by default;
    - ``legend``: the status lines, the key of colours and codes, the killer's sheet and level
      (scenario 7) and the viewer's hand below the board;
    - ``lang``: the language of the words (every game's); ``names`` is taken and unused: the
      robots' colours name the seats.
    """
    say = DrawingWords(__package__, lang, names)
    for name, value in (("labels", labels), ("legend", legend)):
        if not isinstance(value, bool):
            raise TypeError(f"drawing option {name} is true or false, not {value!r}")
    killer = view.get("killer")
    legend_top = 2 * EDGE + BOARD + 8
    items_top = legend_top + 44
    hand_top = items_top + _legend_rows(view) * LEGEND_ROW + 4
    killer_top = hand_top + HAND_BAND
    width = 2 * EDGE + BOARD
    title = say("title.scenario", scenario=view["scenario"], name=str(view["scenario_name"]))
    height = (killer_top + (KILLER_BAND if killer else 0)) if legend else 2 * EDGE + BOARD
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" '
        # for pages that animate moves: cell (x, y) is drawn from origin + (x, y) * cell size
        f'data-grid="{BOARD // CELL} {BOARD // CELL}" data-cell-size="{CELL}" data-origin="{EDGE} {EDGE}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#fbf8f0"/>',
    ]
    parts += _terrain(view)
    if labels:
        parts += _coordinates()
    for x, y, kind in view["objects"]:
        px, py = _cell_xy(x, y)
        parts.append(_object(kind, px + CELL / 2, py + CELL / 2, CELL * 0.7))
    for r in view["robots"]:
        if r["cell"] is not None:
            parts += _robot(view, r)
    for seat, colour in enumerate(view["colours"]):
        parts += _emitters(view, seat, colour, labels)
    if killer:
        parts += _killer_on_board(view, killer)
    if not legend:
        parts.append("</svg>")
        return "\n".join(parts)
    status = say(
        "status",
        scenario=view["scenario"],
        name=view["scenario_name"],
        turn=view["turn"],
        step=say.phase(view["phase"]),
    )
    parts.append(
        f'<text x="12" y="{legend_top + 12}" font-size="14" font-weight="bold">{escape(status)}</text>'
    )
    players = " · ".join(
        say(
            "status.emitters",
            robot=COLOUR_NAMES[c],
            count=sum(1 for em in view["emitters"][s] if not em["destroyed"]),
            out=say("status.eliminated") if view["eliminated"][s] else "",
        )
        for s, c in enumerate(view["colours"])
    )
    parts.append(f'<text x="12" y="{legend_top + 32}" font-size="12">{escape(players)}</text>')
    parts += _legend(view, items_top, say)
    parts += _hand(view, hand_top, say)
    if killer:
        parts += _killer_sheet(view, killer_top, say)
    parts.append("</svg>")
    return "\n".join(parts)
