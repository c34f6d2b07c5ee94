"""Ricochet puzzles as files (issue 30's shared shape): ``load_puzzle``, ``prove`` and ``run``.

A puzzle file is JSON::

    {"game": "ricochet", "format": 1, "title": {"en": ..., "fr": ...}, "lesson": {"en": ..., "fr": ...},
     "code": "1A2A3A4A-8A44FF0F-RC", "must_ricochet": true, "optimum": [3], "solution": ["red W", ...]}

``code`` is the position (RR-28); ``must_ricochet`` the rule RR-15 (default true); ``optimum`` the
stored proven optimum as a score tuple (Ricochet's score is one number, the moves); ``solution``
one optimal solution, kept so that a hint needs no search. The graded course and the puzzle book
are lists of such objects in ``data/puzzles/`` (:func:`series`).

The generator (:mod:`.puzzles`) and the solver (:mod:`.solver`) do the work; this module only
reads, proves and replays, refusing bad input with :class:`~robotable.core.errors.PuzzleError`.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from robotable.core.errors import NotationError, PuzzleError, quoted
from robotable.games.ricochet.actions import Move, parse_action
from robotable.games.ricochet.board import DIRECTIONS, cell_xy
from robotable.games.ricochet.code import ROBOT_NAMES, Puzzle
from robotable.games.ricochet.kernel_contract import MAX_DEPTH
from robotable.games.ricochet.puzzles import daily
from robotable.games.ricochet.search import RICOCHETED, axis_bit, finishers

FORMAT = 1
MAX_ATTEMPT = 200
"""The most moves an attempt may hold: ten times any shipped optimum, and checked before any work."""
MAX_TEXT = 300
"""The longest title or lesson, per language."""
LANGUAGES = ("en", "fr")
SERIES = ("course", "book")


@dataclass(frozen=True)
class RicochetPuzzle:
    """A published puzzle: its position, its rule, its words and (once proven) its optimum."""

    position: Puzzle
    title: Mapping[str, str]
    lesson: Mapping[str, str]
    must_ricochet: bool = True
    optimum: tuple[int, ...] | None = None
    solution: tuple[Move, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)  # the series' own fields: id, level


@dataclass(frozen=True)
class Proof:
    """What :func:`prove` found: the optimum and one solution, or why there is none."""

    optimum: tuple[int, ...] | None = None
    solution: tuple[Move, ...] = ()
    unsolvable: bool = False
    too_large: bool = False
    limit: int = 0


@dataclass(frozen=True)
class Step:
    """One move of an attempt as the page plays it: the robot's slide from ``start`` to ``end``."""

    robot: str
    direction: str
    start: tuple[int, int]
    end: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "robot": self.robot,
            "direction": self.direction,
            "start": list(self.start),
            "end": list(self.end),
        }


@dataclass(frozen=True)
class Outcome:
    """An attempt replayed: ``solved`` (RR-14, RR-15), the score tuple (moves used), the trace,
    the robots' cells after it and ``straight`` when the finishing robot arrived without a ricochet
    (RR-15: the attempt failed there)."""

    solved: bool
    score: tuple[int, ...]
    trace: tuple[Step, ...]
    robots: tuple[tuple[int, int], ...]
    straight: bool = False

    @property
    def over(self) -> bool:
        """The attempt ended at its last move (RR-14: at the first arrival), solved or not."""
        return self.solved or self.straight


def _refuse(en: str, fr: str) -> PuzzleError:
    return PuzzleError(en, fr=fr)


def _words(data: Mapping[str, Any], key: str) -> dict[str, str]:
    value = data.get(key)
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise _refuse(
            f"the puzzle's {key} must be given in English and French",
            f"le champ {key} du puzzle doit être en anglais et en français",
        )
    for text in value.values():
        if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
            raise _refuse(
                f"the puzzle's {key} must be a text of 1 to {MAX_TEXT} characters",
                f"le champ {key} du puzzle doit être un texte de 1 à {MAX_TEXT} caractères",
            )
    return dict(value)


def load_puzzle(data: dict[str, Any]) -> RicochetPuzzle:
    """A puzzle object read and checked (sizes first, then the position: RR-28, RR-29)."""
    if not isinstance(data, dict):
        raise _refuse("a puzzle is a JSON object", "un puzzle est un objet JSON")
    if data.get("game") != "ricochet" or data.get("format") != FORMAT:
        raise _refuse(
            f'this is not a Ricochet puzzle of format {FORMAT} ("game": "ricochet")',
            f'ce n’est pas un puzzle de Ricochet au format {FORMAT} ("game": "ricochet")',
        )
    title, lesson = _words(data, "title"), _words(data, "lesson")
    try:
        position = Puzzle.parse(data.get("code"))  # type: ignore[arg-type]
        position.board()
    except NotationError as exc:
        raise _refuse(
            f"the puzzle's position: {exc}",
            "le code de la position n’est pas valide (de la forme 1A2A3A4A-8A44FF0F-RC)",
        ) from None
    rule = data.get("must_ricochet", True)
    if not isinstance(rule, bool):
        raise _refuse("must_ricochet is true or false", "must_ricochet vaut true ou false")
    optimum = data.get("optimum")
    if optimum is not None and not (
        isinstance(optimum, list) and len(optimum) == 1 and _moves_count(optimum[0])
    ):
        raise _refuse(
            "the optimum is a list of one number of moves, like [7]",
            "l’optimum est une liste d’un nombre de coups, comme [7]",
        )
    solution = _attempt_moves(data.get("solution", []))
    extra = {key: data[key] for key in ("id", "level") if key in data}
    return RicochetPuzzle(
        position, title, lesson, rule, None if optimum is None else tuple(optimum), solution, extra
    )


def _moves_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_DEPTH


def _attempt_moves(attempt: Sequence[object]) -> tuple[Move, ...]:
    """The moves of an attempt, each a notation (``red N``) or a Move; the count bounded first."""
    if not isinstance(attempt, (list, tuple)):
        raise _refuse("the moves are a list", "les coups sont une liste")
    if len(attempt) > MAX_ATTEMPT:
        raise _refuse(
            f"an attempt has at most {MAX_ATTEMPT} moves", f"une tentative a au plus {MAX_ATTEMPT} coups"
        )
    moves = []
    for number, item in enumerate(attempt, start=1):
        move = item if isinstance(item, Move) else _parse_move(item, number)
        moves.append(move)
    return tuple(moves)


def _parse_move(item: object, number: int) -> Move:
    try:
        move = parse_action(item) if isinstance(item, str) else None
    except NotationError as exc:
        said = quoted(item)
        raise _refuse(
            f"move {number}: {exc}",
            f"coup {number} : {said} n’est pas un déplacement lisible, comme « red N » ou « R N »",
        ) from None
    if not isinstance(move, Move):
        raise _refuse(
            f"move {number} is not a robot's move like 'red N'",
            f"le coup {number} n’est pas un déplacement de robot comme « red N »",
        )
    return move


def prove(puzzle: RicochetPuzzle, *, limit: int, timeout: float | None = None) -> Proof:
    """The optimum of ``puzzle`` searched up to ``limit`` moves (at most the solver's 63, RR-34):
    ``too_large`` when none was found within the limit or the ``timeout``, ``unsolvable`` when
    none exists at all (the limit was the solver's whole depth)."""
    if not 1 <= limit <= MAX_DEPTH:
        raise _refuse(f"the limit is 1 to {MAX_DEPTH} moves", f"la limite est de 1 à {MAX_DEPTH} coups")
    from robotable.games.ricochet.solver import solve  # numpy: only when a puzzle is proved

    position = puzzle.position
    found = solve(
        position.board(),
        position.robot_cells(),
        position.target,
        must_ricochet=puzzle.must_ricochet,
        max_depth=limit,
        timeout=timeout,
    )
    if found is None:
        return Proof(unsolvable=limit == MAX_DEPTH, too_large=limit < MAX_DEPTH, limit=limit)
    if not found.optimal:
        return Proof(too_large=True, limit=limit)
    return Proof(
        (found.length,), tuple(Move(robot, direction) for robot, direction in found.moves), limit=limit
    )


def run(puzzle: RicochetPuzzle, attempt: Sequence[object]) -> Outcome:
    """Replays ``attempt`` (notations or Moves) from the start (RR-10..RR-15). A move that cannot
    be played (RR-11, a robot not in play, a move after the attempt ended) is refused whole."""
    moves = _attempt_moves(attempt)
    position = puzzle.position
    board = position.board()
    cells = list(position.robot_cells())
    can_finish = finishers(position.target, len(cells))
    goal = board.targets[position.target]
    turns = [0] * len(cells)
    trace: list[Step] = []
    solved = straight = False
    for number, move in enumerate(moves, start=1):
        if solved or straight:
            raise _refuse(
                "the attempt ended before this move: start again",
                "la tentative s’est terminée avant ce coup : recommencez",
            )
        _check_playable(move, number, len(cells))
        dest = board.slide(cells, move.robot, move.direction)
        if dest == cells[move.robot]:
            raise _refuse(
                f"move {number} ({move}) does not move the robot",
                f"le coup {number} ({move}) ne déplace pas le robot",
            )
        trace.append(
            Step(
                ROBOT_NAMES[move.robot], DIRECTIONS[move.direction], cell_xy(cells[move.robot]), cell_xy(dest)
            )
        )
        cells[move.robot] = dest
        turns[move.robot] |= axis_bit(move.direction)
        if move.robot in can_finish and dest == goal:
            ricocheted = not puzzle.must_ricochet or turns[move.robot] == RICOCHETED
            solved, straight = ricocheted, not ricocheted
    score = (len(moves),)
    return Outcome(solved, score, tuple(trace), tuple(cell_xy(cell) for cell in cells), straight)


def _check_playable(move: Move, number: int, robots: int) -> None:
    if not 0 <= move.robot < robots:
        raise _refuse(
            f"move {number}: there is no {ROBOT_NAMES[move.robot]} robot here",
            f"coup {number} : il n’y a pas de robot {ROBOT_NAMES[move.robot]} ici",
        )


@functools.cache
def series(name: str) -> tuple[RicochetPuzzle, ...]:
    """The shipped series ``course`` (the graded course) or ``book`` (the puzzle book by level),
    read once; each puzzle carries its ``id`` in ``extra``."""
    if name not in SERIES:
        raise _refuse(f"there is no series {name!r}", f"il n’y a pas de série {name!r}")
    text = resources.files(__package__).joinpath("data", "puzzles", f"{name}.json").read_text("utf-8")
    return tuple(load_puzzle(item) for item in json.loads(text))


@functools.cache
def shipped() -> dict[str, RicochetPuzzle]:
    """Every puzzle of the course and the book by its id (``course-3``, ``hard-2``)."""
    return {puzzle.extra["id"]: puzzle for name in SERIES for puzzle in series(name)}


@functools.lru_cache(maxsize=8)
def daily_puzzle(date: dt.date) -> RicochetPuzzle:
    """The puzzle of the day ``date`` (the generator's, as ``ricochet puzzle --daily``) with its
    optimum, exact by construction, and one solution for the hints."""
    from robotable.games.ricochet.solver import solve  # numpy: only when a day's puzzle is made

    position, length = daily(date)
    found = solve(position.board(), position.robot_cells(), position.target)
    assert found is not None and found.length == length  # the generator's length is the solver's
    moves = tuple(Move(robot, direction) for robot, direction in found.moves)
    title = {"en": f"Puzzle of the day, {date.isoformat()}", "fr": f"Puzzle du jour, {date.isoformat()}"}
    lesson = {
        "en": "The same puzzle for everyone today, a little harder each day of the week.",
        "fr": "Le même puzzle pour tout le monde aujourd’hui, un peu plus dur chaque jour de la semaine.",
    }
    return RicochetPuzzle(
        position, title, lesson, True, (length,), moves, {"id": f"daily-{date.isoformat()}"}
    )


__all__ = [
    "Outcome",
    "Proof",
    "RicochetPuzzle",
    "Step",
    "daily_puzzle",
    "load_puzzle",
    "prove",
    "run",
    "series",
    "shipped",
]
