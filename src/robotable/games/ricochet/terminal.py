"""Ricochet Robots boards drawn for a terminal with Rich.

The drawing is the ASCII board of the spec (``+---+`` and ``|`` walls, ``###``
centre) with colour on top, so its plain text stays readable without colour. Each
cell is three characters wide:

- ``" R "`` a robot (``R G B Y S``); ``"RBQ"`` a robot standing on a target;
- ``" r "`` a start-of-round marker whose robot has left (lower-case letter);
- ``" RC"`` a target, ``" M*"`` the vortex; ``">RC"`` the round's target;
- ``" . "`` a highlighted empty cell (a path, a hint).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from rich.text import Text

from robotable.games.ricochet.board import SIZE, Board, E, N, S, Target, W, cell_index

HEX = "0123456789ABCDEF"
ROBOT_LETTERS = "RGBYS"  # robot index order: red, green, blue, yellow, silver
COLOURS = {
    "red": "red1",
    "green": "green3",
    "blue": "dodger_blue1",
    "yellow": "yellow1",
    "silver": "grey70",
    "multi": "magenta",
}
ROBOT_COLOURS = ("red", "green", "blue", "yellow", "silver")
WALL_STYLE = Style(bold=True)
LABEL_STYLE = Style(dim=True)
CENTRE_STYLE = Style(color="grey50")
HIGHLIGHT = Style(bgcolor="grey27")


def board_text(
    board: Board,
    *,
    robots: Sequence[int] | None = None,
    target: Target | None = None,
    markers: Sequence[int] | None = None,
    highlight_cells: Iterable[int] = (),
    legend: bool = False,
) -> Text:
    """The board as Rich text; ``robots`` and ``markers`` are cells in robot order.
    ``legend`` adds the lines that explain every symbol under the board."""
    highlight = frozenset(highlight_cells)
    robot_at = {cell: i for i, cell in enumerate(robots or ())}
    marker_at = {cell: i for i, cell in enumerate(markers or ()) if cell not in robot_at}
    targets = {cell: t for t, cell in board.targets.items()}
    text = Text(no_wrap=True, overflow="crop")  # a wrapped grid would be unreadable
    text.append("    " + "".join(f"   {digit}" for digit in HEX) + "\n", LABEL_STYLE)
    for y in range(SIZE):
        _wall_line(text, board, y, N)
        text.append(f"{HEX[y]:>3} ", LABEL_STYLE)
        for x in range(SIZE):
            cell = cell_index(x, y)
            text.append("|" if board.has_wall(cell, W) else " ", WALL_STYLE)
            _cell(text, board, cell, robot_at, marker_at, targets.get(cell), target, cell in highlight)
        text.append("|" if board.has_wall(cell_index(SIZE - 1, y), E) else " ", WALL_STYLE)
        text.append("\n")
    _wall_line(text, board, SIZE - 1, S)
    if legend:
        text.append("\n")
        text.append(legend_text(has_silver=len(robots or ()) > 4))
    return text


def legend_text(*, has_silver: bool = False) -> Text:
    """What each symbol of :func:`board_text` means: a few lines, no wider than the board."""
    robots = "R G B Y S" if has_silver else "R G B Y"
    names = "red, green, blue, yellow, silver" if has_silver else "red, green, blue, yellow"
    markers = "r g b y s" if has_silver else "r g b y"
    lines = (
        f"{robots:<10}robots: {names}",
        f"{markers:<10}a robot's marker: where it stood when the round began",
        "RC GT ..  targets: colour R G B Y, then symbol C circle,",
        "          T triangle, Q square, H hexagon",
        "M*        the vortex: any robot may end there",
        ">RC       this round's target     RGQ  robot R on target GQ",
        "| ---     walls      ###  centre block      .  a path",
        "x is 0-F across, y is 0-F down: the log writes cells (x,y)",
    )
    return Text("\n".join(lines), style=LABEL_STYLE)


def _wall_line(text: Text, board: Board, y: int, side: int) -> None:
    """The ``+---+`` line on one side (N or S) of row ``y``."""
    text.append("    ")
    for x in range(SIZE):
        text.append("+---" if board.has_wall(cell_index(x, y), side) else "+   ", WALL_STYLE)
    text.append("+", WALL_STYLE)
    if side == N:
        text.append("\n")


def _cell(
    text: Text,
    board: Board,
    cell: int,
    robot_at: dict[int, int],
    marker_at: dict[int, int],
    here: Target | None,
    active: Target | None,
    lit: bool,
) -> None:
    """Append the three characters of one cell with their styles."""
    background = HIGHLIGHT if lit else Style()
    if cell in board.blocked:
        text.append("###", CENTRE_STYLE)
        return
    label = "M*" if here and here.is_vortex else here.code if here else ""
    label_style = _target_style(here, here == active) if here else Style()
    if cell in robot_at or cell in marker_at:
        robot = robot_at.get(cell, marker_at.get(cell, 0))
        letter = ROBOT_LETTERS[robot] if cell in robot_at else ROBOT_LETTERS[robot].lower()
        colour = COLOURS[ROBOT_COLOURS[robot]]
        style = Style(color=colour, bold=True, reverse=True) if cell in robot_at else Style(color=colour)
        if label:  # the robot letter takes the first column, the target the other two
            text.append(letter, background + style)
            text.append(label, background + label_style)
        else:
            text.append(" ", background)
            text.append(letter, background + style)
            text.append(" ", background)
    elif label:
        mark = ">" if here == active else " "
        text.append(mark + label, background + label_style)
    else:
        text.append(" . " if lit else "   ", background)


def _target_style(target: Target, active: bool) -> Style:
    colour = COLOURS[target.colour]
    if active:
        return Style(color=colour, bold=True, reverse=True)
    return Style(color=colour, dim=True)
