"""Robot Delivery boards and decks: data files, validation and precomputed tables.

A board file has a ``[legend]`` (one symbol per line: ``SYMBOL KIND [DIRECTION]``) and a
``[map]`` (rows north to south, spaces ignored); see ``data/board_default.txt``. A text
without a legend uses the default legend, which keeps small test boards short. Cells are
numbered ``y * width + x``; directions are 0 N, 1 E, 2 S, 3 W.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from robotable.core.datafile import cached_by_file, data_int, read_data
from robotable.core.errors import DataFileError
from robotable.games.delivery.cards import MOVES, SLOTS, TURNS, shown

FLOOR, WALL, PICKUP, DROP, CONVEYOR, EXPRESS = range(6)
KIND_WORDS = {
    "floor": FLOOR,
    "wall": WALL,
    "pickup": PICKUP,
    "drop": DROP,
    "conveyor": CONVEYOR,
    "express": EXPRESS,
    "start": FLOOR,
}
DIRECTIONS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
# how boards appear in views: one character per cell, the same whatever legend the file used
VIEW_CODES = {FLOOR: ".", WALL: "#", PICKUP: "P", DROP: "D"}
CONVEYOR_CODES = "^>v<"
EXPRESS_CODES = "⇈»⇊«"

MAX_SIDE = 40
"""Columns and rows of a board at most (the default is 9 x 11)."""

DEFAULT_BOARD = "board_default.txt"
DEFAULT_DECKS = "decks_default.txt"


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: loaders cache their boards
class Board:
    """An immutable board with its move table."""

    width: int
    height: int
    kinds: tuple[int, ...]
    arrows: tuple[int, ...]  # conveyor direction per cell, -1 elsewhere
    starts: tuple[tuple[int, int], ...]  # (cell, facing) in seat order
    source: str = "<board>"

    @property
    def size(self) -> int:
        return self.width * self.height

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def neighbour(self, cell: int, direction: int) -> int:
        """The next cell that way, or -1 for the edge or a wall cell (RD-2, RD-20)."""
        return self.table[cell * 4 + direction]

    @cached_property
    def table(self) -> tuple[int, ...]:
        return _table(self)

    def is_conveyor(self, cell: int) -> bool:
        return self.kinds[cell] in (CONVEYOR, EXPRESS)

    def rows(self) -> list[str]:
        """The board as view rows: ``.#PD``, ``^>v<`` for conveyors, ``⇈»⇊«`` for express ones."""
        return list(_rows(self))

    @classmethod
    def from_view(cls, data: dict) -> Board:
        """The inverse of :meth:`rows` plus starts, as found in ``view["board"]``."""
        return _from_view(tuple(data["rows"]), tuple(tuple(s) for s in data["starts"]))


@cache
def _rows(board: Board) -> tuple[str, ...]:
    out = []
    for y in range(board.height):
        row = []
        for x in range(board.width):
            cell = board.cell(x, y)
            kind = board.kinds[cell]
            if kind == CONVEYOR:
                row.append(CONVEYOR_CODES[board.arrows[cell]])
            elif kind == EXPRESS:
                row.append(EXPRESS_CODES[board.arrows[cell]])
            else:
                row.append(VIEW_CODES[kind])
        out.append("".join(row))
    return tuple(out)


_VIEW_KINDS = {code: kind for kind, code in VIEW_CODES.items()}


@cache
def _from_view(rows: tuple[str, ...], start_list: tuple[tuple[Any, ...], ...]) -> Board:
    kinds, arrows = [], []
    for row in rows:
        for char in row:
            if char in CONVEYOR_CODES:
                kinds.append(CONVEYOR)
                arrows.append(CONVEYOR_CODES.index(char))
            elif char in EXPRESS_CODES:
                kinds.append(EXPRESS)
                arrows.append(EXPRESS_CODES.index(char))
            else:
                kinds.append(_VIEW_KINDS[char])
                arrows.append(-1)
    width = len(rows[0])
    starts = tuple((y * width + x, DIRECTIONS.index(f)) for x, y, f in start_list)
    return Board(width, len(rows), tuple(kinds), tuple(arrows), starts, "<view>")


def _table(board: Board) -> tuple[int, ...]:
    table = []
    for cell in range(board.size):
        x, y = board.xy(cell)
        for d in range(4):
            nx, ny = x + DX[d], y + DY[d]
            inside = 0 <= nx < board.width and 0 <= ny < board.height
            target = board.cell(nx, ny) if inside else -1
            table.append(target if target >= 0 and board.kinds[target] != WALL else -1)
    return tuple(table)


# --------------------------------------------------------------------------- loading boards


def _read(name: str | None, default: str) -> tuple[str, str]:
    """(text, label) of a user's file or a packaged default."""
    return read_data(__package__, default, name)


@cached_by_file
def load_board(name: str | None = None) -> Board:
    """The default board, or a user's board file; broken files raise :class:`DataFileError`."""
    text, label = _read(name, DEFAULT_BOARD)
    return parse_board(text, label)


def _sections(text: str, source: str) -> dict[str, list[tuple[int, str]]]:
    sections: dict[str, list[tuple[int, str]]] = {}
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if line.strip().lower() in ("[legend]", "[map]"):
            current = line.strip().lower()[1:-1]
            if current in sections:
                raise DataFileError(source, f"line {number}", f"second [{current}] section")
            sections[current] = []
            continue
        if current is None:
            raise DataFileError(source, f"line {number}", "text before the [legend] or [map] section")
        sections[current].append((number, line))
    return sections


def _legend(lines: list[tuple[int, str]], source: str) -> dict[str, tuple[int, int, bool]]:
    """symbol -> (kind, direction or -1, is a start point), in file order."""
    legend: dict[str, tuple[int, int, bool]] = {}
    for number, line in lines:
        words = line.split(";")[0].split()
        where = f"line {number}"
        if len(words) not in (2, 3) or len(words[0]) != 1:
            raise DataFileError(
                source, where, f"a legend line is 'SYMBOL KIND [DIRECTION]', not {shown(line)}"
            )
        symbol, kind_word = words[0], words[1].lower()
        if symbol in legend:
            raise DataFileError(source, where, f"symbol {symbol!r} is defined twice")
        if kind_word not in KIND_WORDS:
            raise DataFileError(
                source, where, f"unknown kind {shown(words[1])}: one of {', '.join(KIND_WORDS)}"
            )
        directed = kind_word in ("conveyor", "express", "start")
        if directed != (len(words) == 3):
            need = "needs a direction N, E, S or W" if directed else "takes no direction"
            raise DataFileError(source, where, f"{kind_word} {need}")
        direction = -1
        if directed:
            word = words[2].upper()
            if len(word) != 1 or word not in DIRECTIONS:  # one ASCII letter: "NE" is in "NESW" too
                raise DataFileError(source, where, f"unknown direction {shown(words[2])}: N, E, S or W")
            direction = DIRECTIONS.index(word)
        legend[symbol] = (KIND_WORDS[kind_word], direction, kind_word == "start")
    return legend


@cache
def _default_legend() -> dict[str, tuple[int, int, bool]]:
    text, label = _read(None, DEFAULT_BOARD)
    return _legend(_sections(text, label)["legend"], label)


def parse_board(text: str, source: str = "<board>", *, min_starts: int = 2) -> Board:
    """Read a board text (see the module docstring); validates everything it reads.

    ``min_starts``: start points the board must have; a solo puzzle (``puzzles/``) places its
    one pawn itself and asks for none."""
    sections = _sections(text, source)
    if "map" not in sections or not sections["map"]:
        raise DataFileError(source, "[map]", "missing or empty")
    legend = _legend(sections["legend"], source) if "legend" in sections else _default_legend()
    rows = [(number, line.replace(" ", "")) for number, line in sections["map"]]
    width = len(rows[0][1])
    if width > MAX_SIDE:
        raise DataFileError(source, f"line {rows[0][0]}", f"row has {width} cells; at most {MAX_SIDE}")
    if len(rows) > MAX_SIDE:
        raise DataFileError(source, f"line {rows[MAX_SIDE][0]}", f"the map has more than {MAX_SIDE} rows")
    kinds, arrows, starts = [], [], {}
    order = [symbol for symbol, (_, _, start) in legend.items() if start]
    for y, (number, row) in enumerate(rows):
        if len(row) != width:
            raise DataFileError(
                source,
                f"line {number}",
                f"row has {len(row)} cells, the first row (line {rows[0][0]}) {width}",
            )
        for x, symbol in enumerate(row):
            if symbol not in legend:
                raise DataFileError(
                    source, f"line {number}", f"symbol {symbol!r} (column {x}) is not in the legend"
                )
            kind, direction, start = legend[symbol]
            kinds.append(kind)
            arrows.append(direction if kind in (CONVEYOR, EXPRESS) else -1)
            if start:
                starts.setdefault(symbol, []).append((y * width + x, direction))
    board = Board(
        width,
        len(rows),
        tuple(kinds),
        tuple(arrows),
        tuple(s for symbol in order for s in starts.get(symbol, [])),
        source,
    )
    _validate(board, min_starts)
    return board


def _validate(board: Board, min_starts: int = 2) -> None:
    source = board.source
    if board.width < 2 or board.height < 2:
        raise DataFileError(source, "[map]", "the board must be at least 2 x 2")
    for kind, word in ((PICKUP, "pickup"), (DROP, "drop")):
        if kind not in board.kinds:
            raise DataFileError(source, "[map]", f"the board needs at least one {word} point")
    if len(board.starts) < min_starts:
        raise DataFileError(
            source, "[map]", f"the board needs at least {min_starts} start points, not {len(board.starts)}"
        )


# --------------------------------------------------------------------------- loading decks

DECK_NAMES = (*MOVES, *TURNS, "LOOP", "LASER", "FN-OWN")
MAX_DECK = 200
"""Cards in one colour's deck (the default has 20): enough for any variant, small enough that
no file can make a game hold millions of cards."""
MAX_LOOPS = 4
MAX_BUG_PILE = 200
"""BUG cards in the shared pile at most (the ``bug_pile`` option)."""


@cached_by_file
def load_decks(name: str | None = None) -> tuple[tuple[str, int], ...]:
    """The deck of one colour as (card, count) pairs; ``FN-OWN`` is the colour's own Function card."""
    text, label = _read(name, DEFAULT_DECKS)
    return parse_decks(text, label)


def parse_decks(text: str, source: str = "<decks>") -> tuple[tuple[str, int], ...]:
    """Read a deck text: one ``NAME COUNT`` line per card (see ``data/decks_default.txt``).
    Every count is a number from 0 to :data:`MAX_DECK` and so is the whole deck."""
    counts: Counter[str] = Counter()
    lines: dict[str, str] = {}  # card -> "line N", to name the line of a card-level error
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";")[0].strip()
        if not line:
            continue
        words = line.split()
        where = f"line {number}"
        if len(words) != 2:
            raise DataFileError(source, where, f"a deck line is 'NAME COUNT', not {shown(line)}")
        name = words[0].upper() if words[0].isascii() else words[0]
        if name not in DECK_NAMES:
            raise DataFileError(
                source, where, f"unknown card {shown(words[0])}: one of {', '.join(DECK_NAMES)}"
            )
        if name in counts:
            raise DataFileError(source, where, f"card {name} is listed twice")
        counts[name] = _count(words[1], source, where, name)
        lines[name] = where
        if counts.total() > MAX_DECK:
            raise DataFileError(
                source, where, f"the deck would hold {counts.total()} cards; at most {MAX_DECK}"
            )
    if counts["FN-OWN"] < 1:
        raise DataFileError(
            source,
            lines.get("FN-OWN", "FN-OWN"),
            "each deck needs at least one own Function card to give (RD-7)",
        )
    if counts["LOOP"] > MAX_LOOPS:  # loops multiply: 2**loops executions per slot, nested through functions
        raise DataFileError(
            source, lines["LOOP"], f"at most {MAX_LOOPS} LOOP cards per deck, not {counts['LOOP']}"
        )
    others = sum(n for card, n in counts.items() if card not in ("LOOP", "FN-OWN"))
    if others < SLOTS:
        raise DataFileError(
            source, "deck", f"a deck needs at least {SLOTS} action cards besides Function cards, not {others}"
        )
    return tuple((card, counts[card]) for card in DECK_NAMES if counts[card])


def _count(text: str, source: str, where: str, name: str) -> int:
    try:
        return data_int(text, source, where, minimum=0, maximum=MAX_DECK)
    except DataFileError as exc:
        raise DataFileError(
            source,
            where,
            f"a deck line is 'NAME COUNT', the count of {name} from 0 to {MAX_DECK}: {exc.reason}",
        ) from None
