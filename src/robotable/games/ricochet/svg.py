"""Ricochet Robots boards as SVG pictures, in the manner of ``chess.svg``.

The picture is plain SVG 1.1 text built with :mod:`xml.etree`, so it needs no
third-party library. Every drawn thing carries a ``class`` (``wall``, ``target``,
``robot``, ``marker``, ``move``...) so tests and style sheets can find it. The words
(the tooltips naming the board, targets and robots) are the catalogue's in ``lang``.

>>> from robotable.games.ricochet.code import Puzzle
>>> p = Puzzle.parse("1A2A3A4A-8A44FF0F-RC")
>>> svg = board_svg(p.board(), robots=p.robot_cells(), target=p.target)
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from robotable.core.drawing_words import DrawingWords
from robotable.core.figures import robot_figure
from robotable.games.ricochet.board import (
    DIRECTIONS,
    DX,
    DY,
    SIZE,
    Board,
    Target,
    cell_xy,
)
from robotable.games.ricochet.code import ROBOT_NAMES  # robot index order, as in puzzle codes

CELL = 40  # user units per cell; ``size`` only scales the whole picture
MARGIN = 20  # room for the coordinates
HEX = "0123456789ABCDEF"

FILL = {
    "red": "#d7261e",
    "green": "#21a33c",
    "blue": "#2160d8",
    "yellow": "#f5c400",
    "silver": "#b4bac2",
}
# Darker shades, for outlines.
INK = {
    "red": "#7a120d",
    "green": "#0f5320",
    "blue": "#0f2f73",
    "yellow": "#806500",
    "silver": "#4b5058",
}
TILE = {"red": "#f6cdca", "green": "#cdebd3", "blue": "#cddaf6", "yellow": "#fbeeb3", "multi": "#e6e0ef"}
HALO = {"stroke_width": 1.5, "stroke_dasharray": "3 2.5"}
FONT = {"font_family": "sans-serif", "text_anchor": "middle"}
BOARD_FILL = "#ece4cc"
GRID = "#bcb192"
WALL = "#2a2119"
CENTRE_FILL = "#3c3c3c"


def board_svg(
    board: Board,
    *,
    robots: Sequence[int] | None = None,
    target: Target | None = None,
    paths: Sequence[tuple[int, Sequence[int]]] = (),
    markers: Sequence[int] | None = None,
    size: int = 640,
    coordinates: bool = True,
    title: str | None = None,
    lang: str = "en",
) -> str:
    """The board as an SVG document.

    ``robots`` and ``markers`` are cell indices in robot order; ``paths`` are
    ``(robot index, cells)`` pairs drawn as arrows numbered 1, 2, ... in order;
    ``lang`` is the language of the tooltips' words.
    """
    say = DrawingWords(__package__, lang)
    margin = MARGIN if coordinates else 0
    side = SIZE * CELL + 2 * margin
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": str(size),
            "height": str(size),
            "viewBox": f"0 0 {side} {side}",
            # for pages that animate moves: cell (x, y) is drawn from origin + (x, y) * cell
            "data-grid": f"{SIZE} {SIZE}",
            "data-cell-size": str(CELL),
            "data-origin": f"{margin} {margin}",
        },
    )
    ET.SubElement(svg, "title").text = title or _default_title(board, target, say)
    root = ET.SubElement(svg, "g", {"transform": f"translate({margin},{margin})"})
    _draw_grid(root)
    _draw_targets(root, board, target, say)
    if markers is not None:
        _draw_markers(root, markers)
    _draw_centre(root, board, target)
    _draw_walls(root, board)
    moves = ET.SubElement(root, "g", {"class": "moves"})
    arrows = [_draw_move(moves, number, robot, cells) for number, (robot, cells) in enumerate(paths, 1)]
    drawn = [arrow for arrow in arrows if arrow is not None]
    if robots is not None:
        _draw_robots(root, robots, say)
    # Arrow heads over the pawns, then every number over everything, each placed clear of the
    # others: a later path or head never hides a number (two moves may share a lane).
    heads = _el(root, "g", class_="arrow-heads")
    for arrow in drawn:
        heads.append(arrow.head)
    _draw_labels(root, drawn)
    if coordinates:
        _draw_coordinates(svg, margin)
    return ET.tostring(svg, encoding="unicode")


def solution_paths(
    board: Board, robots: Sequence[int], moves: Sequence[tuple[int, int | str]]
) -> list[tuple[int, list[int]]]:
    """The cells each move passes, start and stop included, ready for ``paths``.

    ``moves`` are ``(robot index, direction)`` with a direction 0..3 or one of
    ``"NESW"``. A move that cannot go anywhere yields just its start cell.
    """
    where = list(robots)
    result: list[tuple[int, list[int]]] = []
    for robot, direction in moves:
        d = DIRECTIONS.index(direction.upper()) if isinstance(direction, str) else direction
        start, stop = where[robot], board.slide(where, robot, d)
        step = DX[d] + SIZE * DY[d]
        cells = [start]
        while cells[-1] != stop:
            cells.append(cells[-1] + step)
        where[robot] = stop
        result.append((robot, cells))
    return result


def wall_segments(board: Board) -> Iterator[tuple[int, int, int, int]]:
    """Each wall once, as a line ``(x1, y1, x2, y2)`` in cell units.

    A wall is stored on both cells it separates; it is drawn once. Walls between two
    centre cells are hidden under the centre block and left out.
    """
    seen: set[tuple[int, int, int, int]] = set()
    for cell, mask in enumerate(board.walls):
        x, y = cell_xy(cell)
        for direction in range(4):
            if not mask >> direction & 1:
                continue
            neighbour = cell + DX[direction] + SIZE * DY[direction]
            if cell in board.blocked and neighbour in board.blocked:
                continue
            segment = _side(x, y, direction)
            if segment not in seen:
                seen.add(segment)
                yield segment


# --------------------------------------------------------------------------- helpers


def _side(x: int, y: int, direction: int) -> tuple[int, int, int, int]:
    """The edge of cell (x, y) on one side, in cell units."""
    return (
        (x, y, x + 1, y),
        (x + 1, y, x + 1, y + 1),
        (x, y + 1, x + 1, y + 1),
        (x, y, x, y + 1),
    )[direction]


def _num(value: float) -> str:
    return f"{round(value, 2):g}"


def _el(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A child element; ``stroke_width=2`` becomes ``stroke-width="2"``, ``class_`` is ``class``."""
    element = ET.SubElement(
        parent,
        tag,
        {
            key.rstrip("_").replace("_", "-"): _num(value) if isinstance(value, float | int) else str(value)
            for key, value in attrs.items()
        },
    )
    element.text = text
    return element


def _centre(cell: int) -> tuple[float, float]:
    x, y = cell_xy(cell)
    return (x + 0.5) * CELL, (y + 0.5) * CELL


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _default_title(board: Board, target: Target | None, say: DrawingWords) -> str:
    if target is None:
        return say("picture.board", code=board.code)
    return say("picture.board_target", code=board.code, target=_target_name(target, say))


def _target_name(target: Target, say: DrawingWords) -> str:
    """``red circle`` / ``cercle rouge``; the vortex is the catalogue's ``symbol.vortex``."""
    if target.is_vortex:
        return say("symbol.vortex")
    return say("picture.target", colour=target.colour, symbol=target.symbol)


# --------------------------------------------------------------------------- layers


def _draw_grid(root: ET.Element) -> None:
    group = _el(root, "g", class_="grid", stroke=GRID, stroke_width=1)
    _el(group, "rect", x=0, y=0, width=SIZE * CELL, height=SIZE * CELL, fill=BOARD_FILL)
    for i in range(1, SIZE):
        _el(group, "line", x1=i * CELL, y1=0, x2=i * CELL, y2=SIZE * CELL)
        _el(group, "line", x1=0, y1=i * CELL, x2=SIZE * CELL, y2=i * CELL)


def _draw_walls(root: ET.Element, board: Board) -> None:
    # Square caps make walls that meet at a corner join without a notch.
    group = _el(root, "g", stroke=WALL, stroke_width=5, stroke_linecap="square")
    for x1, y1, x2, y2 in wall_segments(board):
        _el(group, "line", class_="wall", x1=x1 * CELL, y1=y1 * CELL, x2=x2 * CELL, y2=y2 * CELL)


def _draw_centre(root: ET.Element, board: Board, target: Target | None) -> None:
    if not board.blocked:
        return
    xs, ys = zip(*(cell_xy(c) for c in board.blocked), strict=True)
    x0, y0 = min(xs) * CELL, min(ys) * CELL
    width, height = (max(xs) + 1) * CELL - x0, (max(ys) + 1) * CELL - y0
    group = _el(root, "g", class_="centre")
    _el(group, "rect", x=x0, y=y0, width=width, height=height, fill=CENTRE_FILL)
    if target is not None:  # the drawn chip lies on the centre piece, as on the table
        cx, cy, short = x0 + width / 2, y0 + height / 2, min(width, height)
        _el(group, "circle", cx=cx, cy=cy, r=0.42 * short, fill="#f4efe1")
        _symbol(group, target, cx, cy, 0.26 * short)


def _draw_targets(root: ET.Element, board: Board, current: Target | None, say: DrawingWords) -> None:
    layer = _el(root, "g", class_="targets")
    for target, cell in sorted(board.targets.items(), key=lambda item: item[1]):
        is_current = target == current
        classes = "target current" if is_current else "target"
        group = _el(layer, "g", class_=classes, id=f"target-{target.code}")
        _el(group, "title", _target_name(target, say))
        x, y = cell_xy(cell)
        pad = 2 if is_current else 3
        tile = {"x": x * CELL + pad, "y": y * CELL + pad, "width": CELL - 2 * pad, "height": CELL - 2 * pad}
        cx, cy = _centre(cell)
        if is_current:  # a white tile framed in the chip's colour, with a dashed halo
            frame = WALL if target.is_vortex else FILL[target.colour]
            _el(group, "rect", **tile, rx=5, fill="#ffffff", stroke=frame, stroke_width=3.5)
            _el(group, "circle", cx=cx, cy=cy, r=15, fill="none", stroke=WALL, **HALO)
        else:
            _el(group, "rect", **tile, rx=5, fill=TILE[target.colour])
        _symbol(group, target, cx, cy, 10.5)


def _symbol(parent: ET.Element, target: Target, cx: float, cy: float, r: float) -> None:
    """The target's shape, centred on (cx, cy), about ``2 r`` across."""
    if target.is_vortex:
        _vortex(parent, cx, cy, r * 1.15)
        return
    style = {"fill": FILL[target.colour], "stroke": INK[target.colour], "stroke_width": 1.5}
    if target.symbol == "circle":
        _el(parent, "circle", cx=cx, cy=cy, r=r, **style)
    elif target.symbol == "square":
        half = r * 0.85
        _el(parent, "rect", x=cx - half, y=cy - half, width=2 * half, height=2 * half, **style)
    else:  # a regular polygon: triangle point up (lowered to look centred) or hexagon
        corners, turn, lift, radius = (
            (3, -90, r * 0.18, r * 1.2) if target.symbol == "triangle" else (6, 0, 0.0, r * 1.05)
        )
        angles = [math.radians(turn + k * 360 / corners) for k in range(corners)]
        points = [(cx + radius * math.cos(a), cy + lift + radius * math.sin(a)) for a in angles]
        _el(parent, "polygon", points=_points(points), stroke_linejoin="round", **style)


def _vortex(parent: ET.Element, cx: float, cy: float, r: float) -> None:
    """A pinwheel of four curved blades in the four robot colours."""
    group = _el(parent, "g", class_="vortex", transform=f"translate({_num(cx)},{_num(cy)})")
    # One blade: out from the hub along a curve, a quarter of the rim, back along the
    # same curve turned; four turned copies tile the disc with swirling edges.
    q, rr = _num(r * 0.62), _num(r)
    blade = f"M0,0 Q{q},-{q} {rr},0 A{rr},{rr} 0 0 1 0,{rr} Q{q},{q} 0,0 Z"
    for k, colour in enumerate(("red", "green", "blue", "yellow")):
        turned = f"rotate({90 * k})"
        _el(group, "path", d=blade, fill=FILL[colour], stroke="#ffffff", stroke_width=1.2, transform=turned)
    _el(group, "circle", cx=0, cy=0, r=r, fill="none", stroke=WALL, stroke_width=1)
    _el(group, "circle", cx=0, cy=0, r=r * 0.18, fill="#ffffff", stroke=WALL, stroke_width=1)


def _draw_markers(root: ET.Element, markers: Sequence[int]) -> None:
    """Start-of-round markers: a square frame in the robot's colour around the cell."""
    layer = _el(root, "g", class_="markers")
    for robot, cell in enumerate(markers):
        colour = ROBOT_NAMES[robot]
        x, y = (CELL * v + 4.5 for v in cell_xy(cell))
        side = CELL - 9
        frame = {"fill": "none", "stroke": FILL[colour], "stroke_width": 4}
        _el(layer, "rect", class_=f"marker {colour}", x=x, y=y, width=side, height=side, **frame)


def _draw_robots(root: ET.Element, robots: Sequence[int], say: DrawingWords) -> None:
    """Each robot as the site's robot figure (core.figures) in its colour with its notation
    letter (R, G, B, Y, S) on its chest, standing on its shadow."""
    layer = _el(root, "g", class_="robots")
    for robot, cell in enumerate(robots):
        colour = ROBOT_NAMES[robot]
        cx, cy = _centre(cell)
        centre = f"translate({_num(cx)},{_num(cy)})"
        pawn = _el(layer, "g", class_=f"robot {colour}", transform=centre, data_piece=colour)
        _el(pawn, "title", say("picture.robot", colour=colour))
        _el(pawn, "ellipse", cx=0, cy=16.5, rx=13, ry=3, fill="#000000", opacity=0.25)
        figure = robot_figure(0, 1.5, CELL, FILL[colour], colour[0].upper(), ring=False)
        pawn.extend(ET.fromstring(f"<g>{figure}</g>"))


@dataclass(frozen=True)
class _Arrow:
    """One drawn move: its head (appended above the pawns) and what its number needs."""

    number: int
    colour: str
    points: list[tuple[float, float]]  # the lane, start to end
    head: ET.Element


def _draw_move(layer: ET.Element, number: int, robot: int, cells: Sequence[int]) -> _Arrow | None:
    """The shaft of one move's arrow; its head and number are drawn later, on top."""
    if len(cells) < 2:
        return None
    colour = ROBOT_NAMES[robot]
    points = _lane([_centre(c) for c in cells])
    head = _arrow_head(points[-2], points[-1])
    shaft = _points([*points[:-1], head[-1]])
    group = _el(layer, "g", class_=f"move {colour}", id=f"move-{number}")
    line = {"fill": "none", "stroke_linecap": "round", "stroke_linejoin": "round"}
    _el(group, "polyline", points=shaft, stroke="#ffffff", stroke_width=6.5, opacity=0.8, **line)
    _el(group, "polyline", points=shaft, stroke=FILL[colour], stroke_width=3.5, **line)
    top = ET.Element("g", {"class": f"arrow {colour}", "id": f"arrow-{number}"})
    outline = {"stroke": INK[colour], "stroke_width": 1.2, "stroke_linejoin": "round"}
    _el(top, "polygon", class_="arrow-head", points=_points(head[:3]), fill=FILL[colour], **outline)
    return _Arrow(number, colour, points, top)


LABEL_RADIUS = 7.5
LABEL_GAP = 2 * LABEL_RADIUS + 2  # centre to centre: two numbers never touch
HEAD_GAP = LABEL_RADIUS + 6  # from the middle of an arrow head


def _draw_labels(root: ET.Element, arrows: Sequence[_Arrow]) -> None:
    """Each move's number in a white disc, in order, each at the first place along its own lane
    that keeps clear of the numbers already placed and of every arrow head."""
    layer = _el(root, "g", class_="move-labels")
    heads = [_head_middle(arrow.points) for arrow in arrows]
    placed: list[tuple[float, float]] = []
    for k, arrow in enumerate(arrows):
        others = heads[:k] + heads[k + 1 :]  # its own head sits where a short move has no room
        x, y = _free_label_point(arrow.points, placed, others)
        placed.append((x, y))
        group = _el(layer, "g", class_=f"move-label {arrow.colour}", id=f"label-{arrow.number}")
        _el(
            group,
            "circle",
            cx=x,
            cy=y,
            r=LABEL_RADIUS,
            fill="#ffffff",
            stroke=FILL[arrow.colour],
            stroke_width=2.5,
        )
        text = str(arrow.number)
        _el(group, "text", text, x=x, y=y + 3.6, font_size=10.5, font_weight="bold", fill="#1a1a1a", **FONT)


def _free_label_point(
    points: Sequence[tuple[float, float]],
    placed: Sequence[tuple[float, float]],
    heads: Sequence[tuple[float, float]],
) -> tuple[float, float]:
    """The usual place (a third of the way, clear of the pawn it starts on) when it is free;
    else other places along the lane; else beside it. The least crowded place if none is free."""
    candidates = list(_label_candidates(points))

    def crowding(point: tuple[float, float]) -> float:
        near = [LABEL_GAP - math.dist(point, other) for other in placed]
        near += [HEAD_GAP - math.dist(point, head) for head in heads]
        return sum(max(0.0, gap) for gap in near)

    for point in candidates:
        if crowding(point) == 0.0:
            return point
    return min(candidates, key=crowding)


def _label_candidates(points: Sequence[tuple[float, float]]) -> Iterator[tuple[float, float]]:
    total = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    usual = max(total / 3, min(total / 2, 0.55 * CELL))
    along = [usual, *(total * share for share in (0.5, 0.66, 0.25, 0.8, 0.15, 0.9))]
    along = [d for d in along if 0 < d < total - HEAD_GAP] or [total / 2]
    for side in (0.0, 1.0, -1.0):  # on the lane first, then beside it
        for distance in along:
            x, y, ux, uy = _at_distance(points, distance)
            shift = side * LABEL_GAP
            point = (x - uy * shift, y + ux * shift)
            if 0 <= point[0] <= SIZE * CELL and 0 <= point[1] <= SIZE * CELL:
                yield point


def _at_distance(points: Sequence[tuple[float, float]], distance: float) -> tuple[float, float, float, float]:
    """The point ``distance`` along the lane, and the unit direction of travel there."""
    remaining = distance
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        if length and remaining <= length:
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            return a[0] + ux * remaining, a[1] + uy * remaining, ux, uy
        remaining -= length
    a, b = points[-2], points[-1]
    length = math.dist(a, b) or 1.0
    return b[0], b[1], (b[0] - a[0]) / length, (b[1] - a[1]) / length


def _head_middle(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    tip, left, right, _ = _arrow_head(points[-2], points[-1])
    return (tip[0] + left[0] + right[0]) / 3, (tip[1] + left[1] + right[1]) / 3


def _arrow_head(start: tuple[float, float], end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Tip, two wing points and the middle of the base of an arrow head on a segment."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    size = min(11.0, length * 0.6)
    tip = (end[0] - ux * 4, end[1] - uy * 4)  # short of the centre: the cell stays readable
    base = (tip[0] - ux * size, tip[1] - uy * size)
    wing = size * 0.55
    return tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing), base


def _lane(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Shift a path to the right of its travel, so a move and its reverse do not overlap."""
    shift = 6.0
    moved = []
    for i, (x, y) in enumerate(points):
        (ax, ay), (bx, by) = (points[0], points[1]) if i == 0 else (points[i - 1], points[i])
        length = math.hypot(bx - ax, by - ay) or 1.0
        moved.append((x - (by - ay) / length * shift, y + (bx - ax) / length * shift))
    return moved


def _draw_coordinates(svg: ET.Element, margin: int) -> None:
    """Hex digits 0..F along all four edges, as in puzzle codes."""
    group = _el(svg, "g", class_="coordinates", font_size=12, fill="#555555", **FONT)
    far = margin + SIZE * CELL + margin / 2
    for i, digit in enumerate(HEX):
        along = margin + (i + 0.5) * CELL
        for x, y in ((along, margin / 2), (along, far), (margin / 2, along), (far, along)):
            _el(group, "text", digit, x=x, y=y + 4)
