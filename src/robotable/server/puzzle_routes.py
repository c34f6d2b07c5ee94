"""Ricochet puzzles in the browser (issue 30): the course, the book by level and the puzzle of the
day, played alone. Page routes, not part of protocol 1 (``docs/protocol.md``, "Puzzles").

- ``GET /api/puzzles/ricochet``: the course, the book (each puzzle with its ``level``) and the
  id of today's puzzle;
- ``daily`` as an id: today's puzzle (UTC), ``daily-YYYY-MM-DD`` a day's;
- ``GET /api/puzzles/ricochet/{id}?lang=fr``: a puzzle and its board at the start;
- ``POST /api/puzzles/ricochet/{id}/check`` ``{"moves": ["red W", ...], "lang": "fr"}``: the
  attempt replayed from the start: the board after it, the last move's path, the moves that may
  follow, and once solved the score, the proven optimum and one optimal solution;
- ``POST /api/puzzles/ricochet/{id}/hint`` ``{"level": 1 | 2}``: the optimum's length, then
  also the first move of an optimal solution;
- ``/puzzles`` and ``/puzzles/ricochet/{id}``: the pages.

An id ``p-SLUG`` is a puzzle published from the editor (:mod:`.puzzle_editor`), played the same way.

Stateless, like the tutorials: the page keeps the moves and the player's progress (in the
browser), the server replays them in a millisecond. Nothing sent before a puzzle is solved or a
hint asked tells its optimum or a solution: the listing and the board carry neither.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from robotable.core.errors import PuzzleError
from robotable.games.ricochet.actions import Move
from robotable.games.ricochet.board import cell_index
from robotable.games.ricochet.code import ROBOT_NAMES
from robotable.games.ricochet.puzzle_file import (
    MAX_ATTEMPT,
    Outcome,
    RicochetPuzzle,
    daily_puzzle,
    load_puzzle,
    run,
    series,
    shipped,
)
from robotable.games.ricochet.svg import board_svg, solution_paths
from robotable.server.pages import PAGE_HEADERS, page_html
from robotable.server.puzzle_routes_dr2d import add_dr2d_puzzle_routes

DAYS_KEPT = 7
"""Past days whose puzzle is still served (a player finishing yesterday's); and tomorrow's, for
those whose day begins before UTC's."""
DAILY = re.compile(r"^daily-(\d{4}-\d\d-\d\d)$")
PuzzleId = Annotated[
    str, Path(max_length=40, pattern=r"^[a-z0-9-]+$", description="course-3, hard-2, daily-2026-12-04")
]
Lang = Literal["en", "fr"]


class UnknownPuzzle(PuzzleError):
    status = 404
    code = "unknown_puzzle"


class Attempt(BaseModel):
    moves: list[Annotated[str, Field(max_length=24)]] = Field(
        default_factory=list, max_length=MAX_ATTEMPT, description="the moves from the start, like 'red N'"
    )
    lang: Lang = Field(default="en", description="the language of the board's words")


class HintAsk(BaseModel):
    level: int = Field(ge=1, le=2, description="1: the optimum's length; 2: also the first move")


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def find(puzzle_id: str, published: Any = None) -> RicochetPuzzle:
    """The puzzle of that id, or a 404 in words (a day's puzzle only within :data:`DAYS_KEPT`); a
    published one (``p-SLUG``) is read from ``published``, the store of :mod:`.puzzle_editor`."""
    if puzzle_id.startswith("p-"):
        return find_published(puzzle_id, published)
    if puzzle_id == "daily":
        puzzle_id = f"daily-{today().isoformat()}"
    daily = DAILY.match(puzzle_id)
    if daily:
        try:
            date = dt.date.fromisoformat(daily[1])
        except ValueError:
            date = None
        now = today()
        if date is not None and now - dt.timedelta(days=DAYS_KEPT) <= date <= now + dt.timedelta(days=1):
            return daily_puzzle(date)
    found = None if daily else shipped().get(puzzle_id)
    if found is None:
        raise UnknownPuzzle(
            f"there is no puzzle {puzzle_id!r} (a day's puzzle is kept {DAYS_KEPT} days)",
            fr=f"il n’y a pas de puzzle {puzzle_id!r} (le puzzle d’un jour reste {DAYS_KEPT} jours)",
        )
    return found


def find_published(puzzle_id: str, published: Any) -> RicochetPuzzle:
    """A puzzle published from the editor, proven when it was: its file holds its optimum."""
    kept = published.find(puzzle_id.removeprefix("p-")) if published is not None else None
    if kept is None or kept.game != "ricochet":
        raise UnknownPuzzle(
            "there is no Ricochet puzzle at this link", fr="il n’y a pas de puzzle Ricochet à ce lien"
        )
    return load_puzzle(kept.data() | {"id": puzzle_id})


def entry(puzzle: RicochetPuzzle) -> dict[str, Any]:
    """A puzzle as the listing gives it: never its optimum nor its solution."""
    listed = {"id": puzzle.extra["id"], "title": dict(puzzle.title), "lesson": dict(puzzle.lesson)}
    if "level" in puzzle.extra:
        listed["level"] = puzzle.extra["level"]
    robots = list(ROBOT_NAMES[: len(puzzle.position.robots)])  # the silver robot when the code has it
    return listed | {"code": str(puzzle.position), "must_ricochet": puzzle.must_ricochet, "robots": robots}


def listing() -> dict[str, Any]:
    return {
        "course": [entry(puzzle) for puzzle in series("course")],
        "book": [entry(puzzle) for puzzle in series("book")],
        "daily": f"daily-{today().isoformat()}",
    }


def played(puzzle: RicochetPuzzle, moves: list[str], lang: str) -> dict[str, Any]:
    """The attempt ``moves`` replayed (:func:`.run`): what the page draws, and the result once solved."""
    outcome = run(puzzle, moves)
    answer = entry(puzzle) | {
        "moves": outcome.score[0],
        "solved": outcome.solved,
        "straight": outcome.straight,  # RR-15: arrived without a ricochet, the attempt is over
        "board": drawing(puzzle, outcome, lang),
        "events": [{"kind": "moved", **outcome.trace[-1].to_dict()}] if outcome.trace else [],
        "legal": [] if outcome.over else legal_moves(puzzle, outcome),
    }
    if outcome.solved and puzzle.optimum is not None:
        answer |= {
            "score": list(outcome.score),
            "optimum": list(puzzle.optimum),
            "optimal": outcome.score <= puzzle.optimum,
            "solution": [str(move) for move in puzzle.solution],
        }
    return answer


def drawing(puzzle: RicochetPuzzle, outcome: Outcome, lang: str) -> str:
    """The board after the attempt, its moves drawn as numbered arrows from the markers."""
    position = puzzle.position
    board, start = position.board(), position.robot_cells()
    moves = [(ROBOT_NAMES.index(step.robot), step.direction) for step in outcome.trace]
    return board_svg(board, robots=[cell_index(x, y) for x, y in outcome.robots], target=position.target,
                     markers=start, paths=solution_paths(board, start, moves), lang=lang)  # fmt: skip


def legal_moves(puzzle: RicochetPuzzle, outcome: Outcome) -> list[str]:
    """Every move that goes somewhere from where the robots stand (RR-11), in notation."""
    board = puzzle.position.board()
    cells = [cell_index(x, y) for x, y in outcome.robots]
    return [
        str(Move(robot, direction))
        for robot in range(len(cells))
        for direction in range(4)
        if board.slide(cells, robot, direction) != cells[robot]
    ]


def hint(puzzle: RicochetPuzzle, level: int) -> dict[str, Any]:
    """Level 1: the optimum's length; level 2: and the first move of an optimal solution."""
    answer: dict[str, Any] = {"id": puzzle.extra["id"], "level": level, "optimum": list(puzzle.optimum or ())}
    if level >= 2 and puzzle.solution:
        answer["first"] = str(puzzle.solution[0])
    return answer


def add_puzzle_routes(app: FastAPI) -> None:
    """The routes of the module's description, and DR2D's (:mod:`.puzzle_routes_dr2d`)."""
    pages = {"list": page_html("puzzles"), "play": page_html("puzzle")}
    add_dr2d_puzzle_routes(app)

    def published() -> Any:  # the editor's store (:mod:`.puzzle_editor`), once it is added
        return getattr(app.state, "published", None)

    @app.get("/api/puzzles/ricochet")
    async def ricochet_puzzles() -> dict[str, Any]:
        """The course, the book by level, and the id of today's puzzle."""
        return listing()

    @app.get("/api/puzzles/ricochet/{puzzle_id}")
    async def ricochet_puzzle(puzzle_id: PuzzleId, lang: Lang = "en") -> dict[str, Any]:
        """A puzzle at its start (``daily``: today's)."""
        return await asyncio.to_thread(lambda: played(find(puzzle_id, published()), [], lang))

    @app.post("/api/puzzles/ricochet/{puzzle_id}/check")
    async def check(puzzle_id: PuzzleId, body: Attempt) -> dict[str, Any]:
        """The attempt replayed from the start; the score and the optimum once solved."""
        return await asyncio.to_thread(lambda: played(find(puzzle_id, published()), body.moves, body.lang))

    @app.post("/api/puzzles/ricochet/{puzzle_id}/hint")
    async def ask_hint(puzzle_id: PuzzleId, body: HintAsk) -> dict[str, Any]:
        """The optimum's length (level 1), and the first move of an optimal solution (level 2)."""
        return await asyncio.to_thread(lambda: hint(find(puzzle_id, published()), body.level))

    @app.get("/puzzles", include_in_schema=False)
    async def puzzles_page() -> Response:
        return HTMLResponse(pages["list"], headers=PAGE_HEADERS)

    @app.get("/puzzles/ricochet/{puzzle_id}", include_in_schema=False)
    async def puzzle_page(puzzle_id: str) -> Response:
        return HTMLResponse(pages["play"], headers=PAGE_HEADERS)
