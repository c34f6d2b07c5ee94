"""DR2D boards: the factory floor as flat tables, read from a human-editable text file.

Tiles are numbered ``y * 12 + x``. Directions are ``0 N, 1 E, 2 S, 3 W`` (clockwise, DR
conventions). Everything the engine asks in its hot loops is a precomputed list lookup:
``step[tile * 4 + d]`` (the neighbour, or -1 off the board), ``wall[tile * 4 + d]`` (a wall on
that side), the tile kind, and each laser's beam as the tuple of tiles it crosses.

The file format (see ``data/board_default.txt``) is an ASCII map plus sections for walls,
lasers, pushers and laws; :func:`load_board` validates it and raises
:class:`~robotable.core.errors.DataFileError` naming the file, the line and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from robotable.core.datafile import cached_by_file, data_int, read_data
from robotable.core.errors import DataFileError

SIZE = 12
TILES = SIZE * SIZE
OFF = -1  # "off the board" as a tile

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
DIRECTION_WORDS = {"N": N, "E": E, "S": S, "W": W, "O": W}

# tile kinds
FLOOR, CONVEYOR, PIT, TURN_L, TURN_R, PRESS, WRENCH1, WRENCH2 = range(8)
KIND_NAMES = ("floor", "conveyor", "pit", "turntable L", "turntable R", "press", "wrench", "double wrench")
_KIND_TOKENS = {".": FLOOR, "O": PIT, "L": TURN_L, "R": TURN_R, "P": PRESS, "w": WRENCH1, "W": WRENCH2}
_BELT_TOKENS = {"^": N, ">": E, "v": S, "<": W}
START_LETTERS = "abcdefgh"
ROBOT_LETTERS = "ABCDEFGH"  # a robot's letter by seat in every drawing (the browser's too)
DEFAULT_BOARD = "board_default.txt"
SECTIONS = ("map", "walls", "lasers", "pushers", "laws")
MAX_BOARD_CHARS = 100_000  # the default board is 2,500 characters; more is no board
MAX_NAME_CHARS = 100


def tile_of(x: int, y: int) -> int:
    return y * SIZE + x


def xy(tile: int) -> tuple[int, int]:
    return tile % SIZE, tile // SIZE


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


@dataclass(frozen=True)
class Laser:
    mount: int  # rim tile the beam starts on
    direction: int  # where the beam travels
    beam: tuple[int, ...]  # tiles in order from the source, up to a wall or the edge


@dataclass(frozen=True)
class Board:
    name: str
    source: str
    kind: tuple[int, ...]
    belt: tuple[int, ...]  # conveyor direction per tile, -1 elsewhere
    law_at: tuple[int, ...]  # law number (1..3) per tile, 0 elsewhere
    laws: tuple[int, int, int]  # tile of law 1, 2, 3
    starts: tuple[int, ...]  # S1, S2, ... in order
    wall: tuple[bool, ...]  # wall[tile * 4 + d]
    step: tuple[int, ...]  # neighbour tile or OFF
    lasers: tuple[Laser, ...]
    pusher: tuple[int, ...]  # push direction per tile, -1 elsewhere
    ring: tuple[int, ...]  # the 44 perimeter tiles, anticlockwise from the NE corner (DR-32)
    # A part of a factory (a puzzle's, :func:`parse_board` with ``part=True``) is the north-west
    # ``width`` x ``height`` corner of the grid: tiles keep their numbers, ``step`` leads off the
    # board at its edges and ``ring`` is its own rim, so the engine needs no change.
    width: int = SIZE
    height: int = SIZE

    def walls_list(self) -> list[tuple[int, int]]:
        """Every wall as (tile, side), each physical segment once (its N or W side, or the rim)."""
        out = []
        for tile in range(TILES):
            for d in range(4):
                if self.wall[tile * 4 + d] and (d in (N, W) or self.step[tile * 4 + d] == OFF):
                    out.append((tile, d))
        return out

    def is_plain_floor(self, tile: int) -> bool:
        """DR-7 "free" placement: floor that is no law tile."""
        return self.kind[tile] == FLOOR and not self.law_at[tile]


def ring_of(width: int = SIZE, height: int = SIZE) -> tuple[int, ...]:
    """The rim of the ``width`` x ``height`` corner, anticlockwise from its NE corner (DR-32);
    each tile once, a part one tile wide included."""
    north = [tile_of(x, 0) for x in range(width - 1, -1, -1)]  # westwards
    west = [tile_of(0, y) for y in range(1, height)]  # southwards
    south = [tile_of(x, height - 1) for x in range(1, width)]  # eastwards
    east = [tile_of(width - 1, y) for y in range(height - 2, 0, -1)]  # northwards
    return tuple(dict.fromkeys(north + west + south + east))


def step_of(width: int = SIZE, height: int = SIZE) -> tuple[int, ...]:
    """``step[tile * 4 + d]``: the neighbour inside the ``width`` x ``height`` corner, or OFF."""
    return tuple(
        tile_of(x + DX[d], y + DY[d]) if 0 <= x + DX[d] < width and 0 <= y + DY[d] < height else OFF
        for tile in range(TILES)
        for x, y in [xy(tile)]
        for d in range(4)
    )


RING = ring_of()
STEP = step_of()


Section = list[tuple[int, list[str]]]  # (line number, words) of each line of a section


class _Reader:
    """Parses one board file; every error names the file and line."""

    def __init__(self, text: str, source: str, part: bool = False) -> None:
        self.text = text
        self.source = source
        self.headers: dict[str, int] = {}  # section -> line of its [header]
        self.part = part  # a puzzle's factory: a smaller map, laws and start tiles optional
        self.width, self.height, self.step = SIZE, SIZE, STEP  # a part's once its map is read

    def fail(self, line: int | str, reason: str) -> DataFileError:
        where = f"line {line}" if isinstance(line, int) else line
        return DataFileError(self.source, where, reason)

    def tile(self, word: str, line: int) -> int:
        """``X,Y`` in ASCII digits, on the board (coordinates are never negative)."""
        parts = word.split(",")
        if len(parts) != 2:
            raise self.fail(line, f"expected a tile X,Y, not {_quoted(word)}")
        try:
            x, y = (data_int(p, self.source, f"line {line}", minimum=0) for p in parts)
        except DataFileError as exc:
            raise self.fail(line, f"tile {_quoted(word)}: {exc.reason}") from None
        if not (x < self.width and y < self.height):
            size = f"{self.width}x{self.height}"
            span = f"x 0 to {self.width - 1}, y 0 to {self.height - 1}" if self.part else f"0 to {SIZE - 1}"
            raise self.fail(line, f"tile {x},{y} is off the {size} board ({span})")
        return tile_of(x, y)

    def direction(self, word: str, line: int) -> int:
        d = DIRECTION_WORDS.get(word.upper()) if word.isascii() else None
        if d is None:
            raise self.fail(line, f"expected a direction N, E, S or W, not {_quoted(word)}")
        return d

    def read(self) -> Board:
        if len(self.text) > MAX_BOARD_CHARS:
            raise self.fail("file", f"is too large for a board ({len(self.text)} characters)")
        sections: dict[str, Section] = {}
        name = Path(self.source).stem
        current: str | None = None
        for number, raw in enumerate(self.text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("[") and line.endswith("]"):
                current = line[1:-1].strip().lower()
                if current not in SECTIONS:
                    known = ", ".join(f"[{s}]" for s in SECTIONS)
                    raise self.fail(number, f"unknown section {_quoted(line)} (sections: {known})")
                if current in sections:
                    raise self.fail(number, f"section [{current}] appears twice")
                sections[current], self.headers[current] = [], number
            elif current is None:
                key, sep, value = line.partition(":")
                if not sep or key.strip() != "name":
                    raise self.fail(number, "before the first section only 'name: ...' is allowed")
                name = self._name(value.strip(), number)
            else:
                sections[current].append((number, line.split()))
        if "map" not in sections:
            raise self.fail("[map]", "the board has no [map] section")
        return self._build(name, sections)

    def _name(self, name: str, line: int) -> str:
        """The board's name is shown in drawings: one short printable line."""
        if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
            raise self.fail(line, f"the name is a printable text of 1 to {MAX_NAME_CHARS} characters")
        return name

    def _build(self, name: str, sections: dict[str, Section]) -> Board:
        kind, belt, law_at = [FLOOR] * TILES, [-1] * TILES, [0] * TILES
        starts: dict[int, int] = {}
        law_tiles: dict[int, int] = {}
        law_lines: dict[int, int] = {}  # where each law was placed, for error messages
        self._map(sections["map"], kind, belt, starts, law_tiles, law_lines)
        for number, words in sections.get("laws", []):
            if len(words) != 2 or words[0] not in ("1", "2", "3"):
                raise self.fail(number, "a law line is 'LAW X,Y' with LAW 1, 2 or 3")
            self._put_law(law_tiles, law_lines, int(words[0]), self.tile(words[1], number), number)
        for law in (1, 2, 3):
            if law not in law_tiles and self.part:  # a puzzle's factory may hold fewer laws
                continue
            if law not in law_tiles:
                where = self.headers.get("laws", self.headers["map"])
                raise self.fail(where, f"law {law} is on no tile (a {law} in [map] or a line in [laws])")
            tile = law_tiles[law]
            if kind[tile] in (PIT, CONVEYOR, WRENCH1, WRENCH2):  # DR-3
                x, y = xy(tile)
                reason = f"law {law} on {x},{y} lies on a {KIND_NAMES[kind[tile]]} (DR-3)"
                raise self.fail(law_lines[law], reason)
            law_at[tile] = law
        ordered = sorted(starts)
        if ordered != list(range(len(ordered))) or (len(ordered) < 2 and not self.part):
            raise self.fail(
                self.headers["map"], "start tiles must be a, b, c... without gaps, at least a and b"
            )
        wall = self._walls(sections.get("walls", []))
        return Board(
            name=name,
            source=self.source,
            kind=tuple(kind),
            belt=tuple(belt),
            law_at=tuple(law_at),
            laws=(law_tiles.get(1, OFF), law_tiles.get(2, OFF), law_tiles.get(3, OFF)),
            starts=tuple(starts[i] for i in ordered),
            wall=tuple(wall),
            step=self.step,
            lasers=self._lasers(sections.get("lasers", []), wall),
            pusher=self._pushers(sections.get("pushers", [])),
            ring=RING if not self.part else ring_of(self.width, self.height),
            width=self.width,
            height=self.height,
        )

    def _map(
        self,
        rows: Section,
        kind: list[int],
        belt: list[int],
        starts: dict[int, int],
        law_tiles: dict[int, int],
        law_lines: dict[int, int],
    ) -> None:
        if self.part:
            self._part_size(rows)
        if len(rows) != self.height:
            where = rows[SIZE][0] if len(rows) > SIZE else self.headers["map"]
            raise self.fail(where, f"the [map] needs {self.height} rows, not {len(rows)}")
        for y, (number, tokens) in enumerate(rows):
            if len(tokens) != self.width:
                raise self.fail(number, f"map row {y} needs {self.width} tiles, not {len(tokens)}")
            for x, token in enumerate(tokens):
                tile = tile_of(x, y)
                if token in _KIND_TOKENS:
                    kind[tile] = _KIND_TOKENS[token]
                elif token in _BELT_TOKENS:
                    kind[tile], belt[tile] = CONVEYOR, _BELT_TOKENS[token]
                elif token in ("1", "2", "3"):
                    self._put_law(law_tiles, law_lines, int(token), tile, number)
                elif len(token) == 1 and token in START_LETTERS:
                    start = START_LETTERS.index(token)
                    if start in starts:
                        raise self.fail(number, f"start tile {token} appears twice")
                    starts[start] = tile
                else:
                    shown = _quoted(token)
                    raise self.fail(number, f"unknown map token {shown} at {x},{y} (see the legend)")

    def _part_size(self, rows: Section) -> None:
        """A part's size is its map's: 1 to 12 rows of 1 to 12 tiles, its first row's width."""
        if not 1 <= len(rows) <= SIZE:
            where = rows[SIZE][0] if len(rows) > SIZE else self.headers["map"]
            raise self.fail(where, f"the [map] needs 1 to {SIZE} rows, not {len(rows)}")
        self.width, self.height = min(len(rows[0][1]), SIZE), len(rows)
        self.step = step_of(self.width, self.height)

    def _walls(self, lines: Section) -> list[bool]:
        wall = [False] * (TILES * 4)
        for number, words in lines:
            if len(words) != 2:
                raise self.fail(number, "a wall line is 'X,Y SIDE'")
            tile, side = self.tile(words[0], number), self.direction(words[1], number)
            wall[tile * 4 + side] = True
            other = self.step[tile * 4 + side]
            if other != OFF:
                wall[other * 4 + (side + 2) % 4] = True
        return wall

    def _put_law(
        self, law_tiles: dict[int, int], law_lines: dict[int, int], law: int, tile: int, line: int
    ) -> None:
        if law in law_tiles:
            raise self.fail(line, f"law {law} is placed twice")
        if tile in law_tiles.values():
            raise self.fail(line, "two laws on one tile")
        law_tiles[law], law_lines[law] = tile, line

    def _lasers(self, lines: Section, wall: list[bool]) -> tuple[Laser, ...]:
        lasers: list[Laser] = []
        for number, words in lines:
            if len(words) != 2:
                raise self.fail(number, "a laser line is 'X,Y DIR'")
            tile, d = self.tile(words[0], number), self.direction(words[1], number)
            back = self.step[tile * 4 + (d + 2) % 4]
            if back != OFF:
                raise self.fail(number, f"a laser firing {DIRS[d]} must be mounted on the opposite rim")
            if any(laser.mount == tile and laser.direction == d for laser in lasers):
                raise self.fail(number, "two lasers on one mount")
            beam = [tile]
            while not wall[beam[-1] * 4 + d] and self.step[beam[-1] * 4 + d] != OFF:
                beam.append(self.step[beam[-1] * 4 + d])
            lasers.append(Laser(tile, d, tuple(beam)))
        return tuple(lasers)

    def _pushers(self, lines: Section) -> tuple[int, ...]:
        pusher = [-1] * TILES
        for number, words in lines:
            if len(words) != 2:
                raise self.fail(number, "a pusher line is 'X,Y DIR'")
            tile, d = self.tile(words[0], number), self.direction(words[1], number)
            if pusher[tile] != -1:
                raise self.fail(number, "two pushers on one tile")
            pusher[tile] = d
        return tuple(pusher)


def _quoted(text: str, limit: int = 20) -> str:
    """``text`` quoted for a one-line message, cut when long."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def parse_board(text: str, source: str = "<board>", *, part: bool = False) -> Board:
    """A board from the text of a board file (a leading byte-order mark, as some Windows
    editors write, is no part of it). ``part``: a puzzle's factory, in the same format but with
    a map of 1 to 12 rows of 1 to 12 tiles and laws and start tiles optional."""
    return _Reader(text.removeprefix("\ufeff"), source, part).read()


@cached_by_file
def load_board(path: str | None = None) -> Board:
    """The default board (``None``) or a user's board file, validated and cached."""
    text, label = read_data("robotable.games.dr2d", DEFAULT_BOARD, path)
    return parse_board(text, label)
