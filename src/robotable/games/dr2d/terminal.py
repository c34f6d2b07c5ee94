"""DR2D boards drawn for a terminal with Rich.

Each tile is three characters: the tile's symbol (``.`` floor, ``> < ^ v`` conveyors, ``O``
pit, ``L R`` turntables, ``P`` press, ``w W`` wrenches, ``1 2 3`` laws, ``a..h`` start
tiles) in the middle, or a robot as its letter and facing arrow (``A^``, ``B>``) followed
by the tile's symbol. Walls are ``|`` and ``---``; on the rim, ``*`` marks a laser mount
and ``> < ^ v`` a pusher (pointing the way it pushes). Floor crossed by a laser beam is a
red ``:``. Under the board, :data:`SYMBOL_LEGEND` explains the symbols (start tiles ``a..h``
are the rules' and the SVG's S1..S8), then what the register letters mean (DR-12: by default
``N`` is forward in the robot's frame, not north; with ``absolute_directions`` they are compass
directions), then every robot is listed, with, for the player's own robot, where each letter
takes it now.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from robotable.games.dr2d.board import (
    CONVEYOR,
    DIRS,
    FLOOR,
    OFF,
    PIT,
    PRESS,
    ROBOT_LETTERS,
    START_LETTERS,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    Board,
    E,
    N,
    S,
    W,
    load_board,
    tile_of,
)

ROBOT_COLOURS = ("red1", "dodger_blue1", "green3", "yellow1", "magenta", "dark_orange", "cyan", "grey70")
ARROWS = "^>v<"
SYMBOLS = {
    CONVEYOR: "",
    PIT: "O",
    TURN_L: "L",
    TURN_R: "R",
    PRESS: "P",
    WRENCH1: "w",
    WRENCH2: "W",
    FLOOR: ".",
}
STYLES = {
    CONVEYOR: Style(color="cyan"),
    PIT: Style(color="white", bgcolor="grey11", bold=True),
    TURN_L: Style(color="magenta"),
    TURN_R: Style(color="magenta"),
    PRESS: Style(color="red", bold=True),
    WRENCH1: Style(color="green"),
    WRENCH2: Style(color="green", bold=True),
    FLOOR: Style(dim=True),
}
WALL = Style(bold=True)
RIM_MARK = Style(color="red", bold=True)
LAW = Style(color="yellow", bold=True)
PUSHER = Style(color="dark_orange3", bold=True)  # not the laws' yellow
BEAM = Style(color="red")
GOAL = Style(bgcolor="dark_green", bold=True)
COMPASS = {"N": "north", "E": "east", "S": "south", "W": "west"}


SYMBOL_LEGEND = (  # each line fits an 80-column terminal
    ". floor  ^ > v < conveyor  O pit  L R turntable (left, right)  P press",
    "w W repair +1, +2  1 2 3 law  a..h start tile S1..S8 (a = S1, b = S2..)",
    ": laser beam  | --- wall  A^ robot A, its arrow showing its facing (here N)",
    "on the rim: * or *** laser mount, ^ > v < (or vvv, ^^^) pusher, pushing that way",
)


def tile_symbol(board: Board, tile: int, beamed: set[int]) -> tuple[str, Style]:
    if board.law_at[tile]:
        return str(board.law_at[tile]), LAW
    kind = board.kind[tile]
    if kind == CONVEYOR:
        return ARROWS[board.belt[tile]], STYLES[CONVEYOR]
    if kind == FLOOR and tile in board.starts:
        return START_LETTERS[board.starts.index(tile)], Style(dim=True, italic=True)
    if kind == FLOOR and tile in beamed:
        return ":", BEAM
    return SYMBOLS[kind], STYLES[kind]


def board_text(view: Mapping[str, Any]) -> Text:
    board = load_board(view["options"]["board_file"])
    text = grid_text(board, view["robots"])
    text.append("\n")
    _legend(text, view)
    return text


def grid_text(board: Board, robots_shown: list[Mapping[str, Any]], goals: Collection[int] = ()) -> Text:
    """The factory (a whole board or a puzzle's part of one) with ``robots_shown`` (each with the
    view's ``seat``, ``tile`` and ``facing``) and the symbols' legend: the game's drawing and a
    puzzle's share it. ``goals``: tiles drawn on a green ground (a puzzle's goal)."""
    beamed = {t for laser in board.lasers for t in laser.beam}
    robots = {tile_of(*r["tile"]): r for r in robots_shown if r["tile"] is not None}
    marks = _rim_marks(board)
    text = Text(no_wrap=True, overflow="crop")
    text.append("    " + "".join(f"{x:>3} " for x in range(board.width)) + "\n", Style(dim=True))
    for y in range(board.height):
        _wall_line(text, board, y, N, marks)
        text.append(f"{y:>3} ", Style(dim=True))
        for x in range(board.width):
            tile = tile_of(x, y)
            _side(text, board, tile, W, marks)
            symbol, style = tile_symbol(board, tile, beamed)
            if tile in goals:
                style = style + GOAL
            robot = robots.get(tile)
            if robot is None:
                text.append(f" {symbol} ", style)
            else:
                seat = robot["seat"]
                colour = ROBOT_COLOURS[seat % len(ROBOT_COLOURS)]
                text.append(
                    ROBOT_LETTERS[seat] + ARROWS[DIRS.index(robot["facing"])],
                    Style(color=colour, bold=True, reverse=True),
                )
                text.append(symbol, style)
        _side(text, board, tile_of(board.width - 1, y), E, marks)
        text.append("\n")
    _wall_line(text, board, board.height - 1, S, marks)
    for line in SYMBOL_LEGEND:
        text.append(line + "\n", Style(dim=True))
    return text


def _rim_marks(board: Board) -> dict[tuple[int, int], tuple[str, Style]]:
    """(tile, side) -> mark for laser mounts and pushers."""
    marks: dict[tuple[int, int], tuple[str, Style]] = {}
    for laser in board.lasers:
        marks[(laser.mount, (laser.direction + 2) % 4)] = ("*", RIM_MARK)
    for tile, d in enumerate(board.pusher):
        if d >= 0:
            marks[(tile, (d + 2) % 4)] = (ARROWS[d], PUSHER)
    return marks


def _side(text: Text, board: Board, tile: int, side: int, marks: dict) -> None:
    if (tile, side) in marks:
        text.append(*marks[(tile, side)])
    else:
        text.append("|" if board.wall[tile * 4 + side] else " ", WALL)


def _wall_line(text: Text, board: Board, y: int, side: int, marks: dict) -> None:
    text.append("    ")
    for x in range(board.width):
        tile = tile_of(x, y)
        text.append("+", Style(dim=True))
        if (tile, side) in marks:
            mark, style = marks[(tile, side)]
            text.append(mark * 3, style)
        else:
            text.append("---" if board.wall[tile * 4 + side] else "   ", WALL)
    text.append("+\n", Style(dim=True))


REGISTER_LINES = {
    False: (
        "registers are read in the robot's own frame (not compass directions):",
        "  N = forward (where its arrow points), E = its right, S = back, W = its left",
    ),
    True: (
        "registers are compass directions (absolute_directions: facing does not matter):",
        "  N = north (up), E = east, S = south, W = west",
    ),
}
PLACEMENT_LINES = {
    False: "place X Y F: F = facing; the robot's N register (forward) moves it that way",
    True: "place X Y F: F = facing (N E S W are compass directions: facing is cosmetic)",
}


def register_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
    """DR-12 said where the player programs: a new player read N as north and walked backwards.
    Each line fits an 80-column terminal (the drawing is cropped, not wrapped)."""
    absolute = bool(view["options"]["absolute_directions"])
    lines = REGISTER_LINES[absolute]
    return (PLACEMENT_LINES[absolute], *lines) if view["phase"] == "placement" else lines


def own_directions(view: Mapping[str, Any]) -> str | None:
    """Where each letter takes the viewer's robot now (relative reading only)."""
    seat, robots = view.get("seat"), view["robots"]
    if view["options"]["absolute_directions"] or view["phase"] == "over":
        return None
    if type(seat) is not int or not 0 <= seat < len(robots):  # a spectator or the referee
        return None
    robot = robots[seat]
    if robot["tile"] is None:
        return None
    facing = DIRS.index(robot["facing"])
    ways = ", ".join(f"{letter} goes {COMPASS[DIRS[(facing + k) % 4]]}" for k, letter in enumerate(DIRS))
    return f"your robot {ROBOT_LETTERS[seat]} faces {robot['facing']}: {ways}"


def _legend(text: Text, view: Mapping[str, Any]) -> None:
    text.append(f"turn {view['turn']}/{view['turn_limit']}  phase {view['phase']}\n", Style(bold=True))
    if view["phase"] != "over":
        for line in register_lines(view):
            text.append(line + "\n", Style(color="cyan"))
        mine = own_directions(view)
        if mine:
            text.append(mine + "\n", Style(color="cyan", bold=True))
    for robot in view["robots"]:
        seat = robot["seat"]
        colour = ROBOT_COLOURS[seat % len(ROBOT_COLOURS)]
        text.append(f" {ROBOT_LETTERS[seat]} ", Style(color=colour, bold=True, reverse=True))
        where = (
            "off the board"
            if robot["tile"] is None
            else "({},{}) facing {}".format(*robot["tile"], robot["facing"])
        )
        flags = [
            label
            for label, on in (
                (f"finished turn {robot['finished']}", robot["finished"]),
                ("inactive (standby)", robot["inactive"]),
                ("standby at end of turn", robot["standby_pending"]),
                (f"pit: {robot['skip']} slot(s) to lose", robot["skip"]),
                ("program locked", robot["locked"]),
            )
            if on
        ]
        laws = ", ".join(f"L{law}" for law in robot["laws"]) or "none"
        text.append(f" seat {seat} (#{robot['number']}) {where}, PC {robot['pc']}, laws held: {laws}")
        text.append(("; " + "; ".join(flags)) if flags else "")
        text.append("\n")
    if view.get("program") is not None and view["phase"] == "programming":
        text.append(f"your program: {' '.join(view['program']) or '(empty)'}\n", Style(bold=True))


__all__ = ["OFF", "board_text"]
