"""A pupil's attempt sent through their room (``POST /api/classrooms/CODE/attempt``), checked with
the game's own puzzle rules, never with a score the page sends (:mod:`.classrooms`).

- **Ricochet Robots**: ``{"puzzle", "moves": ["red N", ...]}``, replayed as the puzzle's check
  does; it counts as :func:`~robotable.puzzles.classroom.counts_as_attempt` says; its best is moves.
- **Robot Delivery**: ``{"puzzle", "program": {"onplay": [[cards]...], "functions": {"A": ...}},
  "run": false}`` for each change of the program (checked against the puzzle's allowance and
  kept: the teacher sees it), and ``"run": true`` when the pupil presses Run: the program run
  with the game's engine (the answer is the puzzle page's run answer); a run counts one attempt
  (:func:`~robotable.puzzles.classroom.counts_as_run`); a solving run's best is its cards. The
  pupil's current attempt is kept as ``{"program": ..., "run": ...}``: the program now and the
  one last run (whose trace the teacher's page asks the puzzle's run route for).
- **DR2D**: ``{"puzzle", "registers": ["N", "E", "STAY", ...], "run": false}``: the registers
  written so far, turn after turn (five a turn; the last turn's empty ones are STAY when run),
  checked letter by letter and kept at each change; ``"run": true`` plays them with the game's
  engine (the answer is the puzzle page's run answer); a run counts one attempt; a solving run's
  best is its turns. Kept as ``{"registers": [...], "run": [...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from robotable.core.errors import PuzzleError
from robotable.games.delivery.puzzles import program_from_data
from robotable.games.delivery.puzzles.program import check_program
from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.puzzles import parse_program
from robotable.games.dr2d.puzzles.format import REGISTERS
from robotable.games.ricochet.puzzle_file import shipped
from robotable.puzzles.classroom import counts_as_attempt, counts_as_run, result_key
from robotable.server.classroom_store import Pupil
from robotable.server.delivery_puzzle_routes import find, ran
from robotable.server.puzzle_routes import played
from robotable.server.puzzle_routes_dr2d import find as find_dr2d
from robotable.server.puzzle_routes_dr2d import played as played_dr2d


@dataclass(frozen=True)
class Checked:
    """An attempt checked: the answer for the pupil's page, and what the store keeps."""

    answer: dict[str, Any]
    key: str  # the result's key (:func:`.result_key`)
    current: Any  # the pupil's current attempt, JSON-ready
    ended: bool
    counted: bool
    solution: tuple[int, Any] | None  # (best, what to keep) when it solves the puzzle


def need(what: str, english: str, french: str) -> PuzzleError:
    error = PuzzleError(english, fr=french)
    error.code, error.status = f"bad_{what}", 422  # type: ignore[attr-defined]
    return error


def check_ricochet(pupil: Pupil, puzzle: str, moves: Any, lang: str) -> Checked:
    if not isinstance(moves, list):
        raise need("moves", "send the moves of your attempt", "envoyez les coups de votre essai")
    answer = played(shipped()[puzzle], moves, lang)
    ended = answer["solved"] or not answer["legal"]
    previous = pupil.moves if pupil.puzzle == puzzle and isinstance(pupil.moves, list) else []
    counted = counts_as_attempt(previous, pupil.ended and pupil.puzzle == puzzle, moves, ended=ended)
    solution = (answer["moves"], moves) if answer["solved"] else None
    return Checked(answer, puzzle, moves, ended, counted, solution)


def check_delivery(pupil: Pupil, puzzle: str, program: Any, run: bool, lang: str) -> Checked:
    if program is None:
        raise need("program", "send your program", "envoyez votre programme")
    checked = program_from_data(program)  # a refusal in words for any other shape
    found = find(puzzle)  # a course's: the room's work names no published puzzle
    check_program(found[0], checked)
    canonical = checked.to_dict()
    key = result_key("delivery", puzzle)
    previous = pupil.moves if pupil.puzzle == key and isinstance(pupil.moves, dict) else {}
    last_run = previous.get("run")
    if not run:
        answer = {"kept": True, "cards": checked.cards}
        current = {"program": canonical, "run": last_run}
        return Checked(answer, key, current, canonical == last_run, False, None)
    answer = ran(found, canonical, lang)
    solution = (answer["cards"], canonical) if answer["solved"] else None
    current = {"program": canonical, "run": canonical, "solved": answer["solved"]}
    return Checked(answer, key, current, True, counts_as_run(last_run, canonical), solution)


def check_dr2d(pupil: Pupil, puzzle: str, registers: Any, run: bool, lang: str) -> Checked:
    if not isinstance(registers, list):
        raise need("registers", "send the registers you wrote", "envoyez les registres que vous avez écrits")
    found = find_dr2d(puzzle)
    turns = found.puzzle.turns
    if len(registers) > turns * REGISTERS:
        raise PuzzleError(
            f"this puzzle has {turns * REGISTERS} registers ({turns} turn(s) of {REGISTERS})",
            fr=f"ce puzzle a {turns * REGISTERS} registres ({turns} tour(s) de {REGISTERS})",
        )
    padded = registers + [LETTERS[-1]] * (-len(registers) % REGISTERS)
    programs = [
        [LETTERS[code] for code in parse_program(padded[at : at + REGISTERS], at // REGISTERS + 1)]
        for at in range(0, len(padded), REGISTERS)
    ]
    letters = [letter for program in programs for letter in program][: len(registers)]
    key = result_key("dr2d", puzzle)
    previous = pupil.moves if pupil.puzzle == key and isinstance(pupil.moves, dict) else {}
    last_run = previous.get("run")
    if not run:
        answer = {"kept": True, "registers": len(letters)}
        return Checked(answer, key, {"registers": letters, "run": last_run}, letters == last_run, False, None)
    if not letters:
        raise need("registers", "write a register first", "écrivez d’abord un registre")
    answer = played_dr2d(found, programs, lang)
    solution = (answer["turns_played"], letters) if answer["solved"] else None
    current = {"registers": letters, "run": letters, "solved": answer["solved"]}
    return Checked(answer, key, current, True, counts_as_run(last_run, letters), solution)


__all__ = ["Checked", "check_delivery", "check_dr2d", "check_ricochet"]
