"""DR2D boards as plain SVG text (no dependencies).

Every element has its own look: conveyors are blue tiles with a white arrow, pits black
holes, turntables purple discs with a turning arrow, presses red hatched tiles, repair
tiles green with one or two wrench marks, laws gold discs, start tiles labelled S1..S8,
walls thick dark bars, lasers a red emitter on the rim with their beam, pushers a bronze
piston on their side (not the laws' gold: the two were confused). Robots are coloured
discs with a pointer showing their facing and their letter; ``paths=True`` draws each
robot's route during the last turn. Every word is the catalogue's (``words/LANG.json``) in the
drawing's language ``lang``; ``names`` are the seats' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from robotable.core.drawing_words import DrawingWords
from robotable.core.errors import RobotableError
from robotable.core.figures import robot_figure
from robotable.games.dr2d.board import (
    CONVEYOR,
    DIRS,
    DX,
    DY,
    PIT,
    PRESS,
    ROBOT_LETTERS,
    SIZE,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    Board,
    load_board,
    tile_of,
    xy,
)

T = 44  # tile size
M = 28  # margin around the board
ROBOT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#ff7f0e", "#17becf", "#7f7f7f")
LAW_COLOUR = "#f5c518"  # gold
PUSHER_COLOUR = "#8b5a2b"  # bronze: a piston, clearly not a law
LASER_COLOUR = "#c00000"
WALL_COLOUR = "#222222"
FILL = {
    CONVEYOR: "#8fb9e3",
    PIT: "#2b2b2b",
    TURN_L: "#d9c2ef",
    TURN_R: "#d9c2ef",
    PRESS: "#f2b0b0",
    WRENCH1: "#bfe3bf",
    WRENCH2: "#9fd49f",
}
MARK_CLASS = {
    CONVEYOR: "conveyor",
    PIT: "pit",
    TURN_L: "turntable",
    TURN_R: "turntable",
    PRESS: "press",
    WRENCH1: "repair",
    WRENCH2: "repair",
}
"""The class of the group of a tile's marks: a name for tutorials to point at. The marks' glow
stays inside their tile, where a whole tile's would be hidden under the tiles drawn after it."""


def _corner(x: int, y: int) -> tuple[float, float]:
    return M + x * T, M + y * T


def _centre(x: int, y: int) -> tuple[float, float]:
    return M + x * T + T / 2, M + y * T + T / 2


def _arrow(cx: float, cy: float, d: int, size: float, fill: str) -> str:
    """A triangle pointing in direction ``d`` around (cx, cy)."""
    dx, dy = DX[d], DY[d]
    px, py = -dy, dx  # perpendicular
    tip = (cx + dx * size, cy + dy * size)
    left = (cx - dx * size * 0.6 + px * size * 0.7, cy - dy * size * 0.6 + py * size * 0.7)
    right = (cx - dx * size * 0.6 - px * size * 0.7, cy - dy * size * 0.6 - py * size * 0.7)
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in (tip, left, right))
    return f'<polygon points="{points}" fill="{fill}"/>'


def _tile(board: Board, tile: int, say: DrawingWords) -> list[str]:
    x, y = xy(tile)
    left, top = _corner(x, y)
    cx, cy = _centre(x, y)
    kind = board.kind[tile]
    out = [
        f'<rect x="{left}" y="{top}" width="{T}" height="{T}" '
        f'fill="{FILL.get(kind, "#e4e4e4")}" stroke="#b0b0b0" data-cell="{x} {y}"/>'
    ]
    if kind in MARK_CLASS:
        out += _named(MARK_CLASS[kind], x, y, _marks(board, tile, say))
    if tile in board.starts:
        label = f"S{board.starts.index(tile) + 1}"
        out.append(f'<text x="{left + 3}" y="{top + 11}" font-size="10" fill="#555">{label}</text>')
    if board.law_at[tile]:
        law = board.law_at[tile]
        disc = [
            f'<circle cx="{cx}" cy="{cy}" r="{T * 0.3}" fill="{LAW_COLOUR}" '
            'stroke="#8a6d00" stroke-width="2"/>',
            f'<text x="{cx}" y="{cy + 5}" font-size="13" font-weight="bold" '
            f'text-anchor="middle">L{law}</text>',
        ]
        out += _named("law", x, y, disc)
    return out


def _marks(board: Board, tile: int, say: DrawingWords) -> list[str]:
    """What a factory tile shows over its colour: an arrow, a hole, a disc, hatching, wrenches."""
    x, y = xy(tile)
    left, top = _corner(x, y)
    cx, cy = _centre(x, y)
    kind = board.kind[tile]
    out: list[str] = []
    if kind == CONVEYOR:
        out.append(_arrow(cx, cy, board.belt[tile], T * 0.32, "#ffffff"))
    elif kind == PIT:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{T * 0.36}" fill="#000"/>')
    elif kind in (TURN_L, TURN_R):
        sign = "\u21bb" if kind == TURN_R else "\u21ba"
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{T * 0.38}" fill="none" stroke="#7b4fa6" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{cx}" y="{cy + 8}" font-size="22" text-anchor="middle" fill="#5b2f86">{sign}</text>'
        )
        label = escape(say("tile.turn_right" if kind == TURN_R else "tile.turn_left"))
        out.append(
            f'<text x="{left + T - 3}" y="{top + T - 3}" font-size="9" text-anchor="end">{label}</text>'
        )
    elif kind == PRESS:
        for k in range(1, 4):
            out.append(
                f'<line x1="{left + k * T / 4}" y1="{top}" x2="{left}" y2="{top + k * T / 4}" stroke="#c44"/>'
            )
            out.append(
                f'<line x1="{left + T}" y1="{top + k * T / 4}" x2="{left + k * T / 4}" '
                f'y2="{top + T}" stroke="#c44"/>'
            )
        out.append(
            f'<text x="{cx}" y="{cy + 6}" font-size="16" font-weight="bold" '
            f'text-anchor="middle" fill="#900">{escape(say("tile.press"))}</text>'
        )
    elif kind in (WRENCH1, WRENCH2):
        count = 1 if kind == WRENCH1 else 2
        for k in range(count):
            ox = cx + (k - (count - 1) / 2) * 12
            out.append(
                f'<line x1="{ox - 5}" y1="{cy + 9}" x2="{ox + 5}" y2="{cy - 7}" '
                f'stroke="#2d6b2d" stroke-width="3"/>'
            )
            out.append(
                f'<circle cx="{ox + 6}" cy="{cy - 9}" r="4" fill="none" stroke="#2d6b2d" stroke-width="2.5"/>'
            )
        out.append(
            f'<text x="{left + T - 3}" y="{top + T - 3}" font-size="9" '
            f'text-anchor="end" fill="#2d6b2d">+{count}</text>'
        )
    return out


def _named(kind: str, x: int, y: int, marks: list[str]) -> list[str]:
    """``marks`` in a group a tutorial step can point at: ``<g class="pit" data-tile="2 2">``
    (a laser by its mount tile, a pusher by the tile it pushes from)."""
    return [f'<g class="{kind}" data-tile="{x} {y}">', *marks, "</g>"]


def _side_line(tile: int, side: int) -> tuple[float, float, float, float]:
    left, top = _corner(*xy(tile))
    return {
        0: (left, top, left + T, top),
        1: (left + T, top, left + T, top + T),
        2: (left, top + T, left + T, top + T),
        3: (left, top, left, top + T),
    }[side]


def _walls(board: Board) -> list[str]:
    out = []
    for tile, side in board.walls_list():
        x1, y1, x2, y2 = _side_line(tile, side)
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WALL_COLOUR}" '
            f'stroke-width="6" stroke-linecap="round"/>'
        )
    return out


def _lasers(board: Board) -> list[str]:
    out = []
    for laser in board.lasers:
        first, last = _centre(*xy(laser.beam[0])), _centre(*xy(laser.beam[-1]))
        d = laser.direction
        end = (last[0] + DX[d] * T / 2, last[1] + DY[d] * T / 2)
        start = (first[0] - DX[d] * T / 2, first[1] - DY[d] * T / 2)
        beam = [
            f'<line x1="{start[0]}" y1="{start[1]}" x2="{end[0]}" y2="{end[1]}" stroke="#ff2020" '
            'stroke-width="3" stroke-opacity="0.55" stroke-dasharray="6,4"/>',
            f'<rect x="{start[0] - 7}" y="{start[1] - 7}" width="14" height="14" '
            f'fill="{LASER_COLOUR}" stroke="#400"/>',
            _arrow(start[0] + DX[d] * 4, start[1] + DY[d] * 4, d, 5, "#ffdddd"),
        ]
        out += _named("laser", *xy(laser.mount), beam)
    return out


def _pushers(board: Board) -> list[str]:
    out = []
    for tile, d in enumerate(board.pusher):
        if d < 0:
            continue
        x1, y1, x2, y2 = _side_line(tile, (d + 2) % 4)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        w, h = (8, T * 0.7) if DX[d] else (T * 0.7, 8)
        piston = [
            f'<rect x="{mx - w / 2}" y="{my - h / 2}" width="{w}" height="{h}" '
            f'fill="{PUSHER_COLOUR}" stroke="#333"/>',
            _arrow(mx + DX[d] * 10, my + DY[d] * 10, d, 6, "#333"),
        ]
        out += _named("pusher", *xy(tile), piston)
    return out


def _robot(robot: Mapping[str, Any]) -> list[str]:
    x, y = robot["tile"]
    cx, cy = _centre(x, y)
    seat = robot["seat"]
    colour = ROBOT_COLOURS[seat % len(ROBOT_COLOURS)]
    d = DIRS.index(robot["facing"])
    opacity = "0.55" if robot["inactive"] else "1"
    # the figure in its colour with its letter, and its facing: a dark arrow on the ring's edge
    return [
        f'<g opacity="{opacity}" data-piece="{ROBOT_LETTERS[seat]}">'
        + robot_figure(cx, cy, T, colour, ROBOT_LETTERS[seat]),
        _arrow(cx + DX[d] * T * 0.4, cy + DY[d] * T * 0.4, d, 6, "#111"),
        "</g>",
    ]


def _paths(view: Mapping[str, Any]) -> list[str]:
    out = []
    for seat, path in enumerate(view.get("paths") or []):
        colour = ROBOT_COLOURS[seat % len(ROBOT_COLOURS)]
        run: list[tuple[float, float]] = []
        for point in [*path, None]:
            if point is not None:
                run.append(_centre(*point))
                continue
            if len(run) > 1:
                pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in run)
                out.append(
                    f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="4" '
                    'stroke-opacity="0.75" stroke-linejoin="round"/>'
                )
            for a, b in run[:-1]:
                out.append(f'<circle cx="{a}" cy="{b}" r="4" fill="{colour}"/>')
            run = []
    return out


LEGEND = (
    ("#8fb9e3", "conveyor"),
    ("#2b2b2b", "pit"),
    ("#d9c2ef", "turntable"),
    ("#f2b0b0", "press"),
    ("#bfe3bf", "repair"),
    (LAW_COLOUR, "law"),
    (LASER_COLOUR, "laser"),
    (PUSHER_COLOUR, "pusher"),
    (WALL_COLOUR, "wall"),
)
"""The legend's colours and what they are: the catalogue's ``legend.<what>`` words."""


def _legend(view: Mapping[str, Any], top: float, say: DrawingWords) -> list[str]:
    out = []
    for k, (colour, what) in enumerate(LEGEND):
        x = M + (k % 5) * 100
        y = top + (k // 5) * 20
        if what == "wall":  # a wall is a bar on a tile side: a square would read as a pit
            out.append(
                f'<line x1="{x}" y1="{y + 7}" x2="{x + 14}" y2="{y + 7}" stroke="{colour}" '
                'stroke-width="6" stroke-linecap="round"/>'
            )
        else:
            out.append(f'<rect x="{x}" y="{y}" width="14" height="14" fill="{colour}" stroke="#555"/>')
        out.append(f'<text x="{x + 19}" y="{y + 12}" font-size="12">{escape(say("legend." + what))}</text>')
    y = top + 48
    caption = say("caption.turn", turn=view["turn"], turns=view["turn_limit"], step=say.phase(view["phase"]))
    out.append(f'<text x="{M}" y="{y}" font-size="13" font-weight="bold">{escape(caption)}</text>')
    for robot in view["robots"]:
        y += 18
        colour = ROBOT_COLOURS[robot["seat"] % len(ROBOT_COLOURS)]
        out.append(f'<circle cx="{M + 7}" cy="{y - 4}" r="7" fill="{colour}"/>')
        out.append(f'<text x="{M + 20}" y="{y}" font-size="12">{escape(_robot_line(robot, say))}</text>')
    return out


def _robot_line(robot: Mapping[str, Any], say: DrawingWords) -> str:
    """``A: seat 0, (3,4) N, PC 9, laws held: L1, L2 finished``, in the drawing's words."""
    if robot["tile"] is None:
        where = say("robot.off_board")
    else:
        where = "({},{}) {}".format(*robot["tile"], robot["facing"])
    laws = ", ".join(f"L{law}" for law in robot["laws"]) or say("robot.no_laws")
    state = say("robot.finished") if robot["finished"] else say("robot.inactive") if robot["inactive"] else ""
    seat = robot["seat"]
    return say(
        "robot.line",
        letter=ROBOT_LETTERS[seat],
        who=say.seat(seat),
        where=where,
        pc=robot["pc"],
        laws=laws,
        state=state,
    )


def factory_parts(board: Board, say: DrawingWords) -> list[str]:
    """The factory itself: its tiles with their coordinates, lasers, walls and pushers, over the
    board's own width and height (the whole 12 x 12, or a puzzle's part of a factory)."""
    parts: list[str] = []
    for y in range(board.height):
        for x in range(board.width):
            parts += _tile(board, tile_of(x, y), say)
    label = '<text x="{}" y="{}" font-size="10" text-anchor="middle">{}</text>'
    for i in range(max(board.width, board.height)):
        if i < board.width:
            parts.append(label.format(M + i * T + T / 2, M - 14, i))
        if i < board.height:
            parts.append(label.format(M - 16, M + i * T + T / 2 + 4, i))
    return parts + _lasers(board) + _walls(board) + _pushers(board)


def robot_parts(robot: Mapping[str, Any]) -> list[str]:
    """A robot (``{seat, tile, facing, inactive}``) as every DR2D drawing shows it."""
    return _robot(robot)


def board_svg(
    view: Mapping[str, Any], *, paths: bool = False, lang: str = "en", names: list[str] | None = None
) -> str:
    """The whole picture; ``paths=True`` adds the last turn's route of every robot; its words
    in ``lang``, the seats named ``names`` (else the catalogue's ``seat`` word)."""
    if not isinstance(paths, bool):
        raise RobotableError(f"drawing option paths: true or false, not {paths!r}")
    say = DrawingWords(__package__, lang, names)
    board = load_board(view["options"]["board_file"])
    width = 2 * M + SIZE * T
    legend_top = 2 * M + SIZE * T
    height = legend_top + 60 + 18 * len(view["robots"]) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" '
        # for pages that animate moves: tile (x, y) is drawn from origin + (x, y) * cell size
        f'data-grid="{SIZE} {SIZE}" data-cell-size="{T}" data-origin="{M} {M}">',
        f"<title>{escape(board.name)}</title>",
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>',
    ]
    parts += factory_parts(board, say)
    if paths:
        parts += _paths(view)
    for robot in view["robots"]:
        if robot["tile"] is not None:
            parts += _robot(robot)
    parts += _legend(view, legend_top, say)
    parts.append("</svg>")
    return "\n".join(parts)
