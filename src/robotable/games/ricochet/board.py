"""The Ricochet Robots board: faces, assembly (RR-1..RR-6) and sliding (RR-10).

Cells are ``(x, y)`` with ``x`` the column (west to east) and ``y`` the row (north to
south); internally a cell is the index ``y * 16 + x``. Walls are a 4-bit mask per cell.
The faces come from ``data/faces.txt``, an ASCII drawing a person can read and edit;
a user may pass their own file of the same format.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path

from robotable.core.datafile import cached_by_file, read_user_text
from robotable.core.errors import DataFileError
from robotable.core.rng import Rng

SIZE = 16
CELLS = SIZE * SIZE
FACE_SIZE = 8
DRAWING_WIDTH = 4 * FACE_SIZE + 1  # characters in one line of a face's drawing

# Directions: N, E, S, W, in the order of RR conventions. Bit i of a wall mask is a
# wall on side DIRECTIONS[i].
DIRECTIONS = "NESW"
N, E, S, W = 0, 1, 2, 3
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
STEPS = tuple(dx + SIZE * dy for dx, dy in zip(DX, DY, strict=True))
"""A cell index's change for one step N, E, S, W."""
OPPOSITE = (S, W, N, E)

COLOURS = ("red", "green", "blue", "yellow")
COLOUR_LETTERS = {"R": "red", "G": "green", "B": "blue", "Y": "yellow", "M": "multi"}
SYMBOL_LETTERS = {"C": "circle", "T": "triangle", "Q": "square", "H": "hexagon", "V": "vortex"}
POSITIONS = ("NW", "NE", "SE", "SW")
CENTRE = frozenset({(7, 7), (8, 7), (7, 8), (8, 8)})
CENTRE_CORNER = (FACE_SIZE - 1, FACE_SIZE - 1)  # a face's cell under the centre piece


def cell_index(x: int, y: int) -> int:
    return y * SIZE + x


def cell_xy(index: int) -> tuple[int, int]:
    return index % SIZE, index // SIZE


@dataclass(frozen=True)
class Target:
    colour: str  # red, green, blue, yellow or multi (the vortex)
    symbol: str  # circle, triangle, square, hexagon or vortex

    @cached_property
    def code(self) -> str:
        """Two letters as in puzzle codes (RR-28): ``RC``, ``BT``, ``MV``... (found once per
        target: every view and puzzle code asks)"""
        colour = next(k for k, v in COLOUR_LETTERS.items() if v == self.colour)
        symbol = next(k for k, v in SYMBOL_LETTERS.items() if v == self.symbol)
        return colour + symbol

    @property
    def is_vortex(self) -> bool:
        return self.colour == "multi"

    def __str__(self) -> str:
        return "vortex" if self.is_vortex else f"{self.colour} {self.symbol}"


ALL_TARGETS: tuple[Target, ...] = (
    *(Target(c, s) for c in COLOURS for s in ("circle", "triangle", "square", "hexagon")),
    Target("multi", "vortex"),
)


@dataclass(frozen=True)
class Face:
    """One side of a board piece, in its own 8 x 8 frame as if placed at NW."""

    id: str  # e.g. "1A": piece number and side letter
    walls: frozenset[tuple[int, int, int]]  # (fx, fy, direction)
    targets: tuple[tuple[int, int, Target], ...]  # (fx, fy, target)
    blocked: frozenset[tuple[int, int]]

    @property
    def piece(self) -> int:
        return int(self.id[0])

    @property
    def side(self) -> str:
        return self.id[1]


# --------------------------------------------------------------------------- faces file


def _parse_face(name: str, lines: list[tuple[int, str]], file: str, header: int) -> Face:
    """Read the 17 drawing lines of one face (line numbers kept for error messages)."""
    if len(lines) != 2 * FACE_SIZE + 1:
        line_no = lines[-1][0] if lines else header
        raise DataFileError(
            file, f"face {name} (line {line_no})", f"expected {2 * FACE_SIZE + 1} drawing lines"
        )
    grid = [(no, text.ljust(DRAWING_WIDTH)) for no, text in lines]
    walls: set[tuple[int, int, int]] = set()
    targets: list[tuple[int, int, Target]] = []
    blocked: set[tuple[int, int]] = set()
    for fy in range(FACE_SIZE + 1):  # horizontal wall lines
        no, text = grid[2 * fy]
        for fx in range(FACE_SIZE + 1):
            if text[4 * fx] not in "+ ":
                where = f"face {name}, line {no}"
                raise DataFileError(file, where, f"bad corner {text[4 * fx]!r} (+ expected)")
        for fx in range(FACE_SIZE):
            seg = text[4 * fx + 1 : 4 * fx + 4]
            if seg == "---":
                if fy < FACE_SIZE:
                    walls.add((fx, fy, N))
                else:
                    walls.add((fx, fy - 1, S))
            elif seg.strip():
                raise DataFileError(file, f"face {name}, line {no}", f"bad wall segment {seg!r}")
    for fy in range(FACE_SIZE):  # cell lines
        no, text = grid[2 * fy + 1]
        for fx in range(FACE_SIZE + 1):
            mark = text[4 * fx]
            if mark == "|":
                if fx < FACE_SIZE:
                    walls.add((fx, fy, W))
                else:
                    walls.add((fx - 1, fy, E))
            elif mark != " ":
                raise DataFileError(file, f"face {name}, line {no}", f"bad wall mark {mark!r}")
        for fx in range(FACE_SIZE):
            content = text[4 * fx + 1 : 4 * fx + 4].strip()
            if not content:
                continue
            if content == "###":
                blocked.add((fx, fy))
                continue
            if (
                len(content) != 2
                or content[0] not in COLOUR_LETTERS
                or content[1] not in SYMBOL_LETTERS
                or (content[0] == "M") != (content[1] == "V")
            ):
                raise DataFileError(
                    file, f"face {name}, line {no}", f"unknown target {content!r} in column {fx}"
                )
            target = Target(COLOUR_LETTERS[content[0]], SYMBOL_LETTERS[content[1]])
            if any(t == target for _, _, t in targets):
                raise DataFileError(file, f"face {name}, line {no}", f"target {content} is drawn twice")
            targets.append((fx, fy, target))
    top = f"face {name}, line {grid[0][0]}"
    for fx in range(FACE_SIZE):
        if (fx, 0, N) not in walls or (0, fx, W) not in walls:
            raise DataFileError(file, top, "the top and left borders must be walls")
    if blocked != {CENTRE_CORNER}:  # RR-1: the centre piece covers each face's inner corner, only it
        raise DataFileError(file, top, "the only ### cell is the bottom-right one (the centre block)")
    return Face(name, frozenset(walls), tuple(targets), frozenset(blocked))


def parse_faces(text: str, file: str = "<faces>") -> dict[str, Face]:
    """Parse a faces file: ``face ID`` headers, each followed by a 17-line drawing."""
    faces: dict[str, Face] = {}
    current: str | None = None
    header = 0
    lines: list[tuple[int, str]] = []

    def finish() -> None:
        if current is not None:
            faces[current] = _parse_face(current, lines, file, header)

    # "\n" only: str.splitlines() also splits on form feeds and Unicode separators, and the
    # line numbers in messages would not be the ones an editor shows
    for no, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw.rstrip(" \r")
        if line.startswith("#") or (not line and current is None):
            continue
        _check_characters(line, file, no)
        if line.startswith("face "):
            finish()
            current = line[5:].strip().upper()
            header, lines = no, []
            if len(current) != 2 or current[0] not in "1234" or current[1] not in "ABC":
                raise DataFileError(file, f"line {no}", f"face id {_shown(current)} is not like 1A..4C")
            if current in faces:
                raise DataFileError(file, f"line {no}", f"face {current} is drawn twice")
        elif current is None:
            raise DataFileError(file, f"line {no}", "drawing before the first 'face' header")
        elif line:
            lines.append((no, line))
    finish()
    if not faces:
        raise DataFileError(file, "faces", "no face found")
    return faces


def _check_characters(line: str, file: str, no: int) -> None:
    """A drawing is printable ASCII, at most one face wide: a tab or a non-ASCII character
    would shift the columns the parser reads, and text past the right edge would be ignored."""
    bad = next((ch for ch in line if not " " <= ch <= "~"), None)
    if bad is not None:
        raise DataFileError(file, f"line {no}", f"character {bad!r} is not allowed (printable ASCII only)")
    if len(line) > DRAWING_WIDTH:
        raise DataFileError(
            file, f"line {no}", f"a drawing line is at most {DRAWING_WIDTH} characters, not {len(line)}"
        )


def _shown(text: str, limit: int = 20) -> str:
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


@cache
def standard_faces() -> dict[str, Face]:
    """The faces shipped with robotable (1999 sides A and B, later sides C)."""
    text = resources.files("robotable.games.ricochet").joinpath("data/faces.txt").read_text("utf-8")
    return parse_faces(text, "robotable/games/ricochet/data/faces.txt")


def faces_for(path: str | None) -> dict[str, Face]:
    """The shipped faces, or a user's faces file (read again only when it changes)."""
    return standard_faces() if path is None else _user_faces(path)


@cached_by_file
def _user_faces(path: str) -> dict[str, Face]:
    return load_faces(path)


def load_faces(path: str | Path) -> dict[str, Face]:
    """Faces from a user's file (a real board they own, a house variant)."""
    return parse_faces(read_user_text(path), str(path))


# --------------------------------------------------------------------------- assembly


def place(fx: int, fy: int, position: int) -> tuple[int, int]:
    """Board cell of a face's local cell at a position (0 NW, 1 NE, 2 SE, 3 SW) (RR-2)."""
    for _ in range(position):
        fx, fy = SIZE - 1 - fy, fx  # one clockwise quarter turn in the 16 x 16 frame
    return fx, fy


@dataclass(frozen=True, eq=False)
class Board:
    """An assembled 16 x 16 board: walls, targets and the blocked centre."""

    faces: tuple[str, str, str, str]  # face ids at NW, NE, SE, SW
    walls: tuple[int, ...]  # CELLS wall masks
    targets: dict[Target, int]  # target -> cell index
    blocked: frozenset[int]

    @property
    def code(self) -> str:
        return "".join(self.faces)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.faces, self.walls) == (other.faces, other.walls)

    def __hash__(self) -> int:
        return hash((self.faces, self.walls))

    def has_wall(self, cell: int, direction: int) -> bool:
        return bool(self.walls[cell] >> direction & 1)

    def target_at(self, cell: int) -> Target | None:
        for target, where in self.targets.items():
            if where == cell:
                return target
        return None

    def can_slide(self, cell: int, direction: int, occupied: set[int] | frozenset[int]) -> bool:
        """Whether a robot on ``cell`` moves at all in ``direction``: :meth:`slide` would take it
        somewhere, since only a wall on its side or a robot next to it stops it at once (RR-10,
        RR-11). The edge of the board is walled, so no cell needs a bounds check."""
        return not self.walls[cell] >> direction & 1 and cell + STEPS[direction] not in occupied

    def slide(self, robots: Sequence[int], robot: int, direction: int) -> int:
        """Where ``robot`` stops sliding in ``direction`` (RR-10); its own cell if it cannot move."""
        cell = robots[robot]
        step = STEPS[direction]
        others = set(robots)
        walls = self.walls
        while not walls[cell] >> direction & 1 and cell + step not in others:
            cell += step
        return cell


def assemble(face_ids: Sequence[str], faces: dict[str, Face] | None = None) -> Board:
    """Put four faces at NW, NE, SE, SW (RR-2) and close walls both ways (RR-3)."""
    faces = standard_faces() if faces is None else faces
    ids = tuple(f.upper() for f in face_ids)
    walls = [0] * CELLS
    targets: dict[Target, int] = {}
    blocked: set[int] = set()

    def add_wall(x: int, y: int, direction: int) -> None:
        walls[cell_index(x, y)] |= 1 << direction
        nx, ny = x + DX[direction], y + DY[direction]
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            walls[cell_index(nx, ny)] |= 1 << OPPOSITE[direction]

    for position, face_id in enumerate(ids):
        face = faces[face_id]
        for fx, fy, direction in face.walls:
            x, y = place(fx, fy, position)
            add_wall(x, y, (direction + position) % 4)
        for fx, fy, target in face.targets:
            targets[target] = cell_index(*place(fx, fy, position))
        for fx, fy in face.blocked:
            blocked.add(cell_index(*place(fx, fy, position)))
    for i in range(SIZE):  # the outer edge (RR-3)
        add_wall(i, 0, N)
        add_wall(i, SIZE - 1, S)
        add_wall(0, i, W)
        add_wall(SIZE - 1, i, E)
    for cell in blocked:  # the centre block is walled all round (RR-1)
        for direction in range(4):
            add_wall(*cell_xy(cell), direction)
    return Board(ids, tuple(walls), targets, frozenset(blocked))  # type: ignore[arg-type]


def check_face_set(faces: dict[str, Face], face_set: str, file: str) -> None:
    """Every face a game may draw is there, and any board of them has the 17 targets once (RR-4)."""
    sides = "AB" if face_set == "1999" else "ABC"
    missing = sorted(f"{p}{s}" for p in "1234" for s in sides if f"{p}{s}" not in faces)
    if missing:
        raise DataFileError(file, "faces", f"face set {face_set} needs faces {', '.join(missing)}")
    per_piece = []
    for piece in "1234":
        kinds = {frozenset(t for _, _, t in faces[piece + s].targets) for s in sides}
        if len(kinds) != 1:
            raise DataFileError(file, f"piece {piece}", "its sides must carry the same targets")
        per_piece.append(kinds.pop())
    if sorted(t.code for kind in per_piece for t in kind) != sorted(t.code for t in ALL_TARGETS):
        raise DataFileError(file, "targets", "the four pieces must carry the 17 targets once each")


def placements(face_set: str = "1999") -> Iterable[tuple[str, str, str, str]]:
    """Every legal assignment of pieces to positions and sides (384 for the 1999 set)."""
    sides = "AB" if face_set == "1999" else "ABC"
    for order in itertools.permutations("1234"):
        for chosen in itertools.product(sides, repeat=4):
            yield tuple(p + s for p, s in zip(order, chosen, strict=True))  # type: ignore[misc]


def random_board(rng: Rng, face_set: str = "1999") -> tuple[str, str, str, str]:
    """RR-6: a uniform choice among the placements."""
    return rng.choice(list(placements(face_set)))
