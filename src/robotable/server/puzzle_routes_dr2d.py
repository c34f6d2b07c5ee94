"""DR2D puzzles in the browser (issue 30): the course, each puzzle programmed register by register
and played alone. Page routes, not part of protocol 1 (``docs/protocol.md``, "Puzzles").

- ``GET /api/puzzles/dr2d``: the course in order (``course-1`` ... ``course-17``);
- ``GET /api/puzzles/dr2d/{id}?lang=fr``: a puzzle at its start: its factory drawn once, the
  overlay of the robot at its start, its goal and turns;
- ``POST /api/puzzles/dr2d/{id}/run`` ``{"programs": [["N", "STAY", ...], ...], "lang": "fr"}``:
  the attempt played (:func:`~robotable.games.dr2d.puzzles.run`): solved or not, its turns and
  moves, and the run step by step (the start of a turn when something happens there, each
  register, the end of the turn when something happens there): the events, in sentences too,
  the robot after the step and its overlay; once solved the score, the proven optimum and one
  optimal solution;
- ``POST /api/puzzles/dr2d/{id}/hint`` ``{"level": 1 | 2}``: the optimum (turns, moves), then
  also the registers of an optimal solution's first turn;
- ``/puzzles/dr2d/{id}``: the page.

An id is ``course-N``, or ``p-SLUG``: a puzzle published from the editor (:mod:`.puzzle_editor`),
played the same way (its optimal solution, not stored, is found again for the hint and kept).

Stateless, like Ricochet's: the page keeps the programs and the progress, the server plays them
again. Nothing sent before a puzzle is solved or a hint asked says its optimum or a solution.
The optimum and a solution come from the solver, once per puzzle and process (at most a third
of a second for the course's largest).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from robotable.core.drawing_words import DrawingWords
from robotable.core.errors import PuzzleError
from robotable.games.dr2d.board import xy
from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.puzzles import MAX_TURNS, Outcome, Proof, Puzzle, load_puzzle, prove, run
from robotable.games.dr2d.puzzles.course import load_course
from robotable.games.dr2d.puzzles.drawing import factory_svg, overlay_svg
from robotable.games.dr2d.puzzles.runner import new_fleet, robot_view
from robotable.games.dr2d.sentences import describe_event
from robotable.server.pages import PAGE_HEADERS, page_html

PREFIX = "course-"
PROOF_LIMIT = 200_000  # states: the course's largest keeps 6,377
MAX_WORDS = 8  # registers a program may hold before the puzzle's own check (five) says why not
PuzzleId = Annotated[str, Path(max_length=40, pattern=r"^[a-z0-9-]+$", description="course-1 ... course-17")]
Lang = Literal["en", "fr"]
Register = Annotated[str, Field(max_length=8)]


class UnknownDr2dPuzzle(PuzzleError):
    status = 404
    code = "unknown_puzzle"


class Attempt(BaseModel):
    programs: list[Annotated[list[Register], Field(max_length=MAX_WORDS)]] = Field(
        max_length=2 * MAX_TURNS, description="one program per turn, five registers: N, E, S, W or STAY"
    )
    lang: Lang = Field(default="en", description="the language of the drawing and the sentences")


class HintAsk(BaseModel):
    level: int = Field(ge=1, le=2, description="1: the optimum; 2: also an optimal first turn")


@cache
def course() -> tuple[Puzzle, ...]:
    return tuple(load_course())


@cache
def course_proof(number: int) -> Proof:
    """The solver's proof for the course's puzzle ``number`` (1 for the first), once per process."""
    return prove(course()[number - 1], limit=PROOF_LIMIT)


@dataclass(frozen=True)
class Found:
    """A puzzle and its id: ``course-N`` (``number`` N) or ``p-SLUG`` (a published one)."""

    id: str
    puzzle: Puzzle
    number: int | None = None

    def proof(self) -> Proof:
        if self.number is not None:
            return course_proof(self.number)
        return published_proof(self.id, self.puzzle)

    def drawing(self, lang: str) -> str:
        if self.number is not None:
            return factory_drawing(self.number, lang)
        return factory_svg(self.puzzle, lang)


PUBLISHED_LIMIT = 60_000
"""A published puzzle's proof within the limit it was proven in when published (puzzle_checks)."""


@lru_cache(maxsize=64)
def _published_proof(puzzle_id: str, data: str) -> Proof:
    return prove(load_puzzle(json.loads(data)), limit=PUBLISHED_LIMIT)


def published_proof(puzzle_id: str, puzzle: Puzzle) -> Proof:
    """A published puzzle's proof (its solution is not stored: found again, kept for the next hint)."""
    return _published_proof(puzzle_id, json.dumps(puzzle.to_dict(), sort_keys=True))


def find(puzzle_id: str, published: Any = None) -> Found:
    """The course's puzzle of that id (``course-3``) or a published one (``p-SLUG``), or a 404 in words."""
    if puzzle_id.startswith("p-"):
        kept = published.find(puzzle_id.removeprefix("p-")) if published is not None else None
        if kept is None or kept.game != "dr2d":
            raise UnknownDr2dPuzzle(
                "there is no DR2D puzzle at this link", fr="il n’y a pas de puzzle DR2D à ce lien"
            )
        return Found(puzzle_id, load_puzzle(kept.data()))
    number = puzzle_id.removeprefix(PREFIX)
    if puzzle_id.startswith(PREFIX) and number.isdigit() and 1 <= int(number) <= len(course()):
        return Found(puzzle_id, course()[int(number) - 1], int(number))
    last = f"{PREFIX}{len(course())}"
    raise UnknownDr2dPuzzle(
        f"there is no DR2D puzzle {puzzle_id!r} (the course's are course-1 to {last})",
        fr=f"il n’y a pas de puzzle DR2D {puzzle_id!r} (ceux du cours vont de course-1 à {last})",
    )


def entry(number: int | None, puzzle: Puzzle, puzzle_id: str | None = None) -> dict[str, Any]:
    """A puzzle as the listing gives it: never its optimum nor a solution."""
    goal: dict[str, Any] = (
        {"laws": list(puzzle.goal_laws)} if puzzle.goal_laws else {"tile": list(xy(puzzle.targets[0]))}
    )
    return {
        "id": puzzle_id or f"{PREFIX}{number}",
        "number": number,
        "title": dict(puzzle.title),
        "lesson": dict(puzzle.lesson),
        "turns": puzzle.turns,
        "goal": goal,
        "size": [puzzle.board.width, puzzle.board.height],
        "absolute_directions": puzzle.rules.absolute,
    }


def listing() -> dict[str, Any]:
    return {"course": [entry(number, puzzle) for number, puzzle in enumerate(course(), start=1)]}


@cache
def factory_drawing(number: int, lang: str) -> str:
    """The course's puzzle ``number``'s factory drawn in ``lang``, once per process."""
    return factory_svg(course()[number - 1], lang)


def at_start(found: Found, lang: str) -> dict[str, Any]:
    puzzle = found.puzzle
    robot = robot_view(new_fleet(puzzle))
    return entry(found.number, puzzle, found.id) | {
        "factory": found.drawing(lang),
        "robot": robot,
        "overlay": overlay_svg(robot, 0, puzzle),
    }


def played(found_puzzle: Found, programs: list[list[str]], lang: str) -> dict[str, Any]:
    """The attempt played: what the page replays step by step, and the score once solved."""
    puzzle = found_puzzle.puzzle
    outcome = run(puzzle, programs)
    turns, moves = outcome.score
    answer = {
        "id": found_puzzle.id,
        "solved": outcome.solved,
        "turns_played": turns,
        "moves": moves,
        "goals_reached": outcome.goals_reached,
        "goals": len(puzzle.targets),
        "steps": steps(puzzle, outcome, lang),
    }
    if outcome.solved:
        found = found_puzzle.proof()
        answer |= {
            "score": list(outcome.score),
            "optimum": list(found.optimum or ()),
            "optimal": found.optimum is not None and outcome.score <= found.optimum,
            "solution": letters(found),
        }
    return answer


def steps(puzzle: Puzzle, outcome: Outcome, lang: str) -> list[dict[str, Any]]:
    """The run step by step: a turn's start (standby, repairs, re-entry) and end (presses, the
    goal) only when something happens there; each register always."""
    robot = DrawingWords("robotable.games.dr2d", lang)("puzzle.robot")
    telling = Telling(puzzle, lang, robot)
    for entry in outcome.trace:
        turn, program = entry["turn"], entry["program"]
        if entry["start"]:
            telling.step(turn, 0, None, entry["start"], entry["start_robot"])
        for register in entry["registers"]:
            letter = program[register["register"] - 1] if program else None
            telling.step(turn, register["register"], letter, register["events"], register["robot"])
        end = entry["end"]
        if end["events"] or end["goals_reached"] > telling.reached:
            telling.reached = end["goals_reached"]
            telling.step(turn, 6, None, end["events"], end["robot"])
    return telling.shown


@dataclass
class Telling:
    """The steps told so far, and the goals reached so far (a step's overlay ticks them)."""

    puzzle: Puzzle
    lang: str
    robot: str  # the robot's name in the sentences: "your robot"
    reached: int = 0
    shown: list[dict[str, Any]] = field(default_factory=list)

    def step(self, turn: int, register: int, letter: str | None, events: list[dict], after: dict) -> None:
        """One step: its events and their sentences (with no "R2:" before them: the page says which
        register), the robot after it and the overlay that draws it."""
        said = [describe_event({**e, "register": None}, lambda _seat: self.robot, self.lang) for e in events]
        self.shown.append({
            "turn": turn, "register": register, "letter": letter, "events": events,
            "said": [sentence for sentence in said if sentence], "robot": after,
            "goals_reached": self.reached, "overlay": overlay_svg(after, self.reached, self.puzzle),
        })  # fmt: skip


def letters(found: Proof) -> list[list[str]]:
    return [[LETTERS[code] for code in program] for program in found.solution]


def hint(puzzle: Found, level: int) -> dict[str, Any]:
    """Level 1: the optimum (turns, moves); level 2: also an optimal solution's first turn."""
    found = puzzle.proof()
    answer: dict[str, Any] = {"id": puzzle.id, "level": level, "optimum": list(found.optimum or ())}
    if level >= 2 and found.solution:
        answer["first"] = letters(found)[0]
    return answer


def add_dr2d_puzzle_routes(app: FastAPI) -> None:
    """The routes of the module's description."""
    page = page_html("puzzle_dr2d")

    def published() -> Any:  # the editor's store (:mod:`.puzzle_editor`), once it is added
        return getattr(app.state, "published", None)

    @app.get("/api/puzzles/dr2d")
    async def dr2d_puzzles() -> dict[str, Any]:
        """The course, in order."""
        return listing()

    @app.get("/api/puzzles/dr2d/{puzzle_id}")
    async def dr2d_puzzle(puzzle_id: PuzzleId, lang: Lang = "en") -> dict[str, Any]:
        """A puzzle at its start: its factory, the robot, the goal and the turns."""
        return await asyncio.to_thread(lambda: at_start(find(puzzle_id, published()), lang))

    @app.post("/api/puzzles/dr2d/{puzzle_id}/run")
    async def dr2d_run(puzzle_id: PuzzleId, body: Attempt) -> dict[str, Any]:
        """The programs played from the start, step by step; the score and the optimum once solved."""
        return await asyncio.to_thread(lambda: played(find(puzzle_id, published()), body.programs, body.lang))

    @app.post("/api/puzzles/dr2d/{puzzle_id}/hint")
    async def dr2d_hint(puzzle_id: PuzzleId, body: HintAsk) -> dict[str, Any]:
        """The optimum (level 1), and an optimal first turn (level 2)."""
        return await asyncio.to_thread(lambda: hint(find(puzzle_id, published()), body.level))

    @app.get("/puzzles/dr2d/{puzzle_id}", include_in_schema=False)
    async def dr2d_puzzle_page(puzzle_id: str) -> Response:
        return HTMLResponse(page, headers=PAGE_HEADERS)
