"""The Robot Delivery puzzle file: a board, one pawn, parcels, and the cards allowed.

A puzzle is a JSON object (the shape shared by every game's puzzles, see docs/puzzles.md)::

    {"game": "delivery", "format": 1,
     "title": {"en": "First steps", "fr": "Premiers pas"},
     "lesson": {"en": "...", "fr": "..."},            # optional
     "board": ["#.P.D", "....."],                      # rows of the game's default legend, or a
                                                       # whole board file text ([legend] and [map])
     "start": [0, 1, "E"],                             # the pawn's cell and facing
     "cards": {"FWD": 3, "RR": 1, "LOOP": 1, "FN-A": 1},  # the allowance: card -> how many
     "slots": 4,                                       # onPlay slots (1 to 4; the game has 4)
     "functions": [4],                                 # function boards A, B...: their slots
     "optimum": [5, 9],                                # optional: the proven (cards, instructions)
     "solution": "FWD+LOOP FN-A; A: RR FWD"}           # optional: a program reaching it

Each pickup point of the board holds one parcel (in the game they never run out; a puzzle
needs a number of parcels to finish). Sizes are checked before anything is built, so a
hostile file costs nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from robotable.core.errors import DataFileError, PuzzleError
from robotable.games.delivery.board import DIRECTIONS, PICKUP, WALL, Board, parse_board
from robotable.games.delivery.cards import LETTERS, LOOP, MOVES, SLOTS, TURNS, shown

FORMAT = 1
MAX_SIDE = 12
"""Columns and rows of a puzzle board at most: the solver's states grow with the cells."""
MAX_TEXT = 4_000
"""Characters of a board text at most (a 12 x 12 map with a legend needs a few hundred)."""
MAX_EACH = 8
"""Copies of one card in an allowance at most."""
MAX_LOOPS = 4
"""LOOP cards at most, as in a game's deck (board.MAX_LOOPS): loops multiply the executions."""
MAX_CARDS = 24
"""Cards in an allowance at most: the 20 slots of an onPlay and four function boards, and loops."""
MAX_TITLE = 200
"""Characters of a title or a lesson at most."""

PUZZLE_CARDS = (*MOVES, *TURNS, LOOP, *(f"FN-{letter}" for letter in LETTERS))
"""The cards a puzzle may allow: no LASER (there is no other pawn to hit) and no BUG (there
is no draw pile to play from)."""

REQUIRED = {"game", "format", "title", "board", "start", "cards"}
OPTIONAL = {"lesson", "slots", "functions", "optimum", "solution"}


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A loaded, valid puzzle. ``parcels``: the pickup cells, one parcel on each."""

    board: Board
    start: tuple[int, int]  # (cell, facing 0 N .. 3 W)
    parcels: tuple[int, ...]
    cards: tuple[tuple[str, int], ...]  # the allowance in PUZZLE_CARDS order, counts above 0
    slots: int
    functions: tuple[int, ...]  # slots of function boards A, B, ... in letter order
    title: dict[str, str]
    lesson: dict[str, str]
    optimum: tuple[int, int] | None = None
    solution: str | None = None
    data: dict[str, Any] = field(default_factory=dict)  # the object it was read from

    @property
    def allowance(self) -> dict[str, int]:
        return dict(self.cards)

    @property
    def letters(self) -> str:
        return LETTERS[: len(self.functions)]

    def to_dict(self) -> dict[str, Any]:
        """The object it was read from, a copy: the course's puzzles are shared."""
        return copy.deepcopy(self.data)


def refuse(en: str, fr: str) -> PuzzleError:
    return PuzzleError(en, fr=fr)


def load_puzzle(data: Any) -> Puzzle:
    """A puzzle from its JSON object; anything wrong raises :class:`PuzzleError` saying what."""
    if not isinstance(data, Mapping):
        raise refuse("a puzzle is a JSON object", "un puzzle est un objet JSON")
    unknown = sorted(str(key) for key in data if key not in REQUIRED | OPTIONAL)
    if unknown:
        raise refuse(
            f"unknown field {shown(unknown[0])} in the puzzle",
            f"champ inconnu {shown(unknown[0])} dans le puzzle",
        )
    missing = sorted(REQUIRED - set(data))
    if missing:
        raise refuse(f"the puzzle has no {missing[0]!r} field", f"le puzzle n'a pas de champ {missing[0]!r}")
    if data["game"] != "delivery":
        raise refuse("this is not a Robot Delivery puzzle", "ce n'est pas un puzzle de Robot Delivery")
    if data["format"] != FORMAT or isinstance(data["format"], bool):
        raise refuse(
            f"unknown puzzle format: this version reads format {FORMAT}",
            f"format de puzzle inconnu : cette version lit le format {FORMAT}",
        )
    slots = integer(data.get("slots", SLOTS), "slots", "slots", 1, SLOTS)
    functions = _functions(data.get("functions", []))
    cards = _cards(data["cards"], len(functions))
    board = _board(data["board"])
    start = _start(data["start"], board)
    parcels = tuple(cell for cell in range(board.size) if board.kinds[cell] == PICKUP)
    if len(parcels) > slots // 2:
        raise refuse(
            f"{len(parcels)} parcels (pickup points) cannot all be delivered with {slots} onPlay slots: "
            "a parcel is taken where one slot ends and delivered where another ends",
            f"{len(parcels)} colis (points de collecte) ne peuvent pas tous être livrés avec {slots} cases "
            "onPlay : on prend un colis là où finit une case et on le livre là où en finit une autre",
        )
    return Puzzle(
        board=board,
        start=start,
        parcels=parcels,
        cards=cards,
        slots=slots,
        functions=functions,
        title=_words(data["title"], "title", "titre"),
        lesson=_words(data.get("lesson", {"en": "", "fr": ""}), "lesson", "leçon"),
        optimum=_optimum(data.get("optimum")),
        solution=_solution(data.get("solution")),
        data=copy.deepcopy(dict(data)),  # the caller's object may change afterwards
    )


def integer(value: Any, name: str, nom: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise refuse(
            f"{name} must be a whole number from {low} to {high}",
            f"{nom} doit être un nombre entier de {low} à {high}",
        )
    return value


def _functions(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > len(LETTERS):
        raise refuse(
            f"functions lists the slots of each function board (at most {len(LETTERS)} boards)",
            f"functions donne le nombre de cases de chaque tableau de fonction ({len(LETTERS)} au plus)",
        )
    return tuple(
        integer(size, "a function board's slots", "les cases d'une fonction", 1, SLOTS) for size in value
    )


def _cards(value: Any, boards: int) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or len(value) > len(PUZZLE_CARDS):
        raise refuse(
            "cards maps each card allowed to how many", "cards donne chaque carte permise et combien"
        )
    for name in value:
        if name not in PUZZLE_CARDS:
            raise refuse(
                f"card {shown(str(name))} cannot be used in a puzzle: one of {', '.join(PUZZLE_CARDS)}",
                f"la carte {shown(str(name))} n'existe pas en puzzle : {', '.join(PUZZLE_CARDS)}",
            )
        if name.startswith("FN-") and LETTERS.index(name[3]) >= boards:
            raise refuse(
                f"{name} is allowed but the puzzle has no function board {name[3]}",
                f"{name} est permise mais le puzzle n'a pas de tableau de fonction {name[3]}",
            )
    counts = {
        name: integer(value[name], f"the count of {name}", f"le nombre de {name}", 0, MAX_EACH)
        for name in PUZZLE_CARDS
        if name in value
    }
    if counts.get(LOOP, 0) > MAX_LOOPS:
        raise refuse(f"at most {MAX_LOOPS} LOOP cards", f"{MAX_LOOPS} cartes LOOP au plus")
    if sum(counts.values()) > MAX_CARDS:
        raise refuse(f"at most {MAX_CARDS} cards in all", f"{MAX_CARDS} cartes au plus en tout")
    return tuple((name, count) for name, count in counts.items() if count)


def _board(value: Any) -> Board:
    """The game's board parser reads it: rows under the default legend, or a whole file text."""
    if isinstance(value, list):
        if not 2 <= len(value) <= MAX_SIDE or not all(isinstance(row, str) for row in value):
            raise refuse(
                f"board lists its rows as texts, 2 to {MAX_SIDE} of them",
                f"board donne les rangées du plateau en textes, de 2 à {MAX_SIDE}",
            )
        if any(len(row) > 2 * MAX_SIDE for row in value):  # cells may be spaced out: "# . P"
            raise refuse(
                f"a board row has at most {MAX_SIDE} cells", f"une rangée a {MAX_SIDE} cases au plus"
            )
        text = "[map]\n" + "\n".join(value)
    elif isinstance(value, str) and len(value) <= MAX_TEXT:
        text = value
    else:
        raise refuse(
            f"board is a list of rows or a board file's text (at most {MAX_TEXT} characters)",
            f"board est une liste de rangées ou le texte d'un fichier de plateau "
            f"({MAX_TEXT} caractères au plus)",
        )
    try:
        board = parse_board(text, "board", min_starts=0)
    except DataFileError as exc:
        raise refuse(
            f"the board cannot be read: {exc.field}: {exc.reason}",
            f"le plateau est illisible ({exc.field}) : {exc.reason}",
        ) from None
    if board.width > MAX_SIDE or board.height > MAX_SIDE:
        raise refuse(
            f"the board is {board.width} x {board.height}; a puzzle board is at most {MAX_SIDE} x {MAX_SIDE}",
            f"le plateau fait {board.width} x {board.height} ; un puzzle tient en {MAX_SIDE} x {MAX_SIDE}",
        )
    return board


def _start(value: Any, board: Board) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not isinstance(value[2], str)
        or value[2] not in tuple(DIRECTIONS)
    ):
        raise refuse(
            'start is the pawn\'s column, row and facing, as [0, 2, "E"]',
            'start donne la colonne, la rangée et l\'orientation du pion, comme [0, 2, "E"]',
        )
    x = integer(value[0], "the start column", "la colonne de départ", 0, board.width - 1)
    y = integer(value[1], "the start row", "la rangée de départ", 0, board.height - 1)
    cell = board.cell(x, y)
    if board.kinds[cell] == WALL:
        raise refuse(f"the pawn starts on a wall cell ({x},{y})", f"le pion part d'un mur ({x},{y})")
    return cell, DIRECTIONS.index(value[2])


def _words(value: Any, name: str, nom: str) -> dict[str, str]:
    if (
        not isinstance(value, Mapping)
        or set(value) != {"en", "fr"}
        or not all(isinstance(text, str) and len(text) <= MAX_TITLE for text in value.values())
    ):
        raise refuse(
            f"{name} gives an English and a French text (en, fr), each at most {MAX_TITLE} characters",
            f"{nom} donne un texte anglais et un texte français (en, fr), de {MAX_TITLE} caractères au plus",
        )
    return {"en": value["en"], "fr": value["fr"]}


def _optimum(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise refuse(
            "optimum is the proven score: [cards, instructions]",
            "optimum est le score prouvé : [cartes, instructions]",
        )
    cards = integer(value[0], "the optimum's cards", "les cartes de l'optimum", 1, MAX_CARDS)
    return cards, integer(value[1], "the optimum's instructions", "les instructions de l'optimum", 1, 100_000)


def _solution(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or len(value) > MAX_TITLE):
        raise refuse(
            f"solution is a program's text, at most {MAX_TITLE} characters",
            f"solution est le texte d'un programme, {MAX_TITLE} caractères au plus",
        )
    return value
