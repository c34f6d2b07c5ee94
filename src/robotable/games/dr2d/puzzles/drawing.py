"""A DR2D puzzle drawn for a page: the factory once, and a small overlay per step of a run.

The factory (:func:`factory_svg`) is the game's own drawing of the tiles, walls, lasers and
pushers (:func:`~robotable.games.dr2d.svg.factory_parts`), over the puzzle's part of a factory
only, with the goal's tiles framed in green (numbered in order when the goal is several laws)
and a legend of what this factory holds. What changes during a run, the robot and the goals
reached so far, is the overlay (:func:`overlay_svg`): a page puts it just before the factory's
closing ``</svg>`` (:func:`with_overlay`), so a run of fifteen steps on the whole 12 x 12 factory
sends the factory's 30,000 characters once, not fifteen times.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from robotable.core.drawing_words import DrawingWords
from robotable.games.dr2d.board import (
    CONVEYOR,
    PIT,
    PRESS,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    Board,
    tile_of,
    xy,
)
from robotable.games.dr2d.puzzles.format import Puzzle
from robotable.games.dr2d.svg import LEGEND, M, T, factory_parts, robot_parts

GOAL_COLOUR = "#138a36"
LEGEND_ITEM = 112  # the width of one legend entry
LEGEND_ROW = 20
CLOSING = "</svg>"
PACKAGE = "robotable.games.dr2d"


def factory_svg(puzzle: Puzzle, lang: str = "en") -> str:
    """The puzzle's factory with its goal and legend, without the robot; its words in ``lang``."""
    say = DrawingWords(PACKAGE, lang)
    board = puzzle.board
    shown = _legend_entries(board)
    width = max(2 * M + board.width * T, 2 * M + 2 * LEGEND_ITEM)
    per_row = max(1, (width - M) // LEGEND_ITEM)
    legend_top = 2 * M + board.height * T - 10
    height = legend_top + LEGEND_ROW * -(-len(shown) // per_row) + 6
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" '
        f'data-grid="{board.width} {board.height}" data-cell-size="{T}" data-origin="{M} {M}">',
        f"<title>{escape(puzzle.title.get(lang, puzzle.title['en']))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>',
        *factory_parts(board, say),
        *_goal_frames(puzzle),
        *_legend(shown, legend_top, per_row, say),
        CLOSING,
    ]
    return "\n".join(parts)


def overlay_svg(robot: Mapping[str, Any], reached: int, puzzle: Puzzle) -> str:
    """What a step adds over the factory: a tick on each goal tile reached so far, and the robot
    (``robot``: the runner's :func:`~robotable.games.dr2d.puzzles.runner.robot_view`; none when it
    is off the factory)."""
    parts = []
    for tile in puzzle.targets[:reached]:
        left, top = M + xy(tile)[0] * T, M + xy(tile)[1] * T
        parts.append(
            f'<text class="goal-reached" x="{left + 4}" y="{top + T - 5}" font-size="15" '
            f'font-weight="bold" fill="{GOAL_COLOUR}">✓</text>'
        )
    if robot["tile"] is not None:
        figure = {"seat": 0, "tile": robot["tile"], "facing": robot["facing"], "inactive": robot["inactive"]}
        parts += robot_parts(figure)
    return "\n".join(parts)


def with_overlay(factory: str, overlay: str) -> str:
    """The whole drawing of a step, as a page puts it together."""
    return factory.removesuffix(CLOSING) + overlay + CLOSING


def _goal_frames(puzzle: Puzzle) -> list[str]:
    """A green frame inside each goal tile; with several, its place in the order in the corner."""
    parts = []
    several = len(puzzle.targets) > 1
    for order, tile in enumerate(puzzle.targets, start=1):
        x, y = xy(tile)
        left, top = M + x * T, M + y * T
        parts += [
            f'<g class="goal" data-tile="{x} {y}">',
            f'<rect x="{left + 3}" y="{top + 3}" width="{T - 6}" height="{T - 6}" fill="none" '
            f'stroke="{GOAL_COLOUR}" stroke-width="4" rx="4"/>',
        ]
        if several:
            parts += [
                f'<circle cx="{left + T - 9}" cy="{top + 9}" r="8" fill="{GOAL_COLOUR}"/>',
                f'<text x="{left + T - 9}" y="{top + 13}" font-size="11" font-weight="bold" '
                f'text-anchor="middle" fill="#fff">{order}</text>',
            ]
        parts.append("</g>")
    return parts


def _legend_entries(board: Board) -> list[tuple[str, str]]:
    """The legend's entries for what this factory holds, and the goal's."""
    area = [tile_of(x, y) for y in range(board.height) for x in range(board.width)]
    kinds = {board.kind[tile] for tile in area}
    present = {
        "conveyor": CONVEYOR in kinds,
        "pit": PIT in kinds,
        "turntable": bool(kinds & {TURN_L, TURN_R}),
        "press": PRESS in kinds,
        "repair": bool(kinds & {WRENCH1, WRENCH2}),
        "law": any(board.law_at[tile] for tile in area),
        "laser": bool(board.lasers),
        "pusher": any(board.pusher[tile] >= 0 for tile in area),
        "wall": bool(board.walls_list()),
    }
    return [(colour, what) for colour, what in LEGEND if present[what]] + [(GOAL_COLOUR, "goal")]


def _legend(shown: list[tuple[str, str]], top: float, per_row: int, say: DrawingWords) -> list[str]:
    parts = []
    for k, (colour, what) in enumerate(shown):
        x, y = M + (k % per_row) * LEGEND_ITEM, top + (k // per_row) * LEGEND_ROW
        if what == "wall":
            parts.append(
                f'<line x1="{x}" y1="{y + 7}" x2="{x + 14}" y2="{y + 7}" stroke="{colour}" '
                'stroke-width="6" stroke-linecap="round"/>'
            )
        elif what == "goal":
            parts.append(
                f'<rect x="{x + 1}" y="{y + 1}" width="12" height="12" fill="none" stroke="{colour}" '
                'stroke-width="3" rx="2"/>'
            )
        else:
            parts.append(f'<rect x="{x}" y="{y}" width="14" height="14" fill="{colour}" stroke="#555"/>')
        parts.append(f'<text x="{x + 19}" y="{y + 12}" font-size="12">{escape(say("legend." + what))}</text>')
    return parts
