"""Puzzle codes (RR-28, RR-29): ``FFFFFFFF-RRRRRRRR-TT``.

>>> p = Puzzle.parse("1a2a3a4a-8a44ff0f-rc")
>>> str(p)
'1A2A3A4A-8A44FF0F-RC'
>>> p.robots
((8, 10), (4, 4), (15, 15), (0, 15))
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from robotable.core.errors import DataFileError, NotationError
from robotable.games.ricochet.board import (
    CENTRE,
    COLOUR_LETTERS,
    SYMBOL_LETTERS,
    Board,
    Target,
    assemble,
    cell_index,
    faces_for,
)

ROBOT_NAMES = ("red", "green", "blue", "yellow", "silver")
HEX = "0123456789ABCDEF"
MAX_CODE_TEXT = 80
"""The longest text read as a code: 22 characters with a silver robot, plus room for spaces."""


class PuzzleCodeError(NotationError):
    """A puzzle code that breaks RR-29; the message is the first failing check."""


@dataclass(frozen=True)
class Puzzle:
    """A position: board faces, robot cells (red, green, blue, yellow[, silver]), target.

    ``faces_file`` names a user's own faces file (not part of the code); None is the
    shipped board.
    """

    faces: tuple[str, str, str, str]
    robots: tuple[tuple[int, int], ...]
    target: Target
    faces_file: str | None = None

    @classmethod
    def parse(cls, text: str, *, face_set: str = "1999", faces_file: str | None = None) -> Puzzle:
        code = _ascii_code(text)
        parts = code.split("-")
        if len(parts) != 3:
            raise PuzzleCodeError(f"puzzle code {_shown(text)} is not of the form FFFFFFFF-RRRRRRRR-TT")
        faces_part, robots_part, target_part = parts
        faces = _parse_faces(faces_part, face_set)
        return cls(faces, _parse_robots(robots_part), _parse_target(target_part), faces_file)

    def __str__(self) -> str:
        robots = "".join(HEX[x] + HEX[y] for x, y in self.robots)
        return f"{''.join(self.faces)}-{robots}-{self.target.code}"

    @property
    def silver(self) -> bool:
        return len(self.robots) == 5

    def board(self) -> Board:
        """The assembled board; a user's faces file must hold the faces and the target."""
        faces = faces_for(self.faces_file)
        missing = [face for face in self.faces if face not in faces]
        if missing:
            raise DataFileError(self.faces_file or "faces.txt", "faces", f"there is no face {missing[0]}")
        board = assemble(self.faces, faces)
        if self.target not in board.targets:
            raise PuzzleCodeError(f"the board {board.code} has no {self.target} target")
        return board

    def robot_cells(self) -> tuple[int, ...]:
        return tuple(cell_index(x, y) for x, y in self.robots)


def parse_board_code(text: str, face_set: str = "1999") -> tuple[str, str, str, str]:
    """A board alone, the first part of a code (``1A2A3A4A``), checked as in RR-29."""
    return _parse_faces(_ascii_code(text), face_set)


def _ascii_code(text: str) -> str:
    """The code upper-cased without its spaces, once it is known to be short ASCII: ``upper()``
    turns some other letters into ASCII ones (the ligature ``\ufb00`` into ``FF``)."""
    if not isinstance(text, str):
        raise PuzzleCodeError(f"a puzzle code is text, not {type(text).__name__}")
    if len(text) > MAX_CODE_TEXT:
        raise PuzzleCodeError(f"puzzle code {_shown(text)} is too long (at most {MAX_CODE_TEXT} characters)")
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise PuzzleCodeError(f"puzzle code {_shown(text)}: {bad!r} is not allowed (ASCII only)")
    return "".join(ch for ch in text if ch not in string.whitespace).upper()


def _shown(text: str, limit: int = 30) -> str:
    """``text`` quoted for a message, cut when long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _parse_faces(part: str, face_set: str) -> tuple[str, str, str, str]:
    if len(part) != 8:
        raise PuzzleCodeError(f"the faces part {_shown(part)} must be 8 characters, like 1A2A3A4A")
    faces = tuple(part[i : i + 2] for i in range(0, 8, 2))
    pieces = [f[0] for f in faces]
    if sorted(pieces) != ["1", "2", "3", "4"]:
        raise PuzzleCodeError(f"the faces {part} must use pieces 1, 2, 3 and 4 once each")
    sides = "AB" if face_set == "1999" else "ABC"
    for face in faces:
        if face[1] not in sides:
            allowed = " or ".join(sides)
            raise PuzzleCodeError(f"face {face}: side must be {allowed} with face set {face_set}")
    return faces  # type: ignore[return-value]


def _parse_robots(part: str) -> tuple[tuple[int, int], ...]:
    if len(part) % 2 or any(ch not in HEX for ch in part):
        raise PuzzleCodeError(f"the robots part {_shown(part)} must be pairs of hex digits (x then y)")
    cells = tuple((HEX.index(part[i]), HEX.index(part[i + 1])) for i in range(0, len(part), 2))
    # RR-29's order: shared cells, then the centre, then the count.
    names = [*ROBOT_NAMES, *(f"robot {i + 1}" for i in range(len(ROBOT_NAMES), len(cells)))]
    for i, cell in enumerate(cells):
        if cell in cells[:i]:
            other = names[cells.index(cell)]
            raise PuzzleCodeError(f"the {other} and {names[i]} robots share the cell {cell}")
    for name, cell in zip(names, cells, strict=False):
        if cell in CENTRE:
            raise PuzzleCodeError(f"the {name} robot is on the centre cell {cell}")
    if len(cells) not in (4, 5):
        raise PuzzleCodeError(f"a position needs 4 or 5 robots, not {len(cells)}")
    return cells


def _parse_target(part: str) -> Target:
    if len(part) != 2 or part[0] not in COLOUR_LETTERS or part[1] not in SYMBOL_LETTERS:
        raise PuzzleCodeError(f"unknown target {_shown(part)}: colour R G B Y with symbol C T Q H, or MV")
    colour, symbol = COLOUR_LETTERS[part[0]], SYMBOL_LETTERS[part[1]]
    if (colour == "multi") != (symbol == "vortex"):
        raise PuzzleCodeError(f"unknown target {part!r}: the vortex is written MV")
    return Target(colour, symbol)
