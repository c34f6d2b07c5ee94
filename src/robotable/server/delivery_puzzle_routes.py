"""Robot Delivery puzzles in the browser (issue 30): the course played alone, one program per
puzzle. Page routes, not part of protocol 1 (``docs/protocol.md``, "Puzzles").

- ``GET /api/puzzles/delivery``: the course in order (ids ``course-1`` ..., titles, lessons);
- ``GET /api/puzzles/delivery/{id}?lang=fr``: a puzzle: its board drawn with the pawn at its
  start, the pawn, parcels and drop points, the cards allowed and the boards' sizes;
- ``POST /api/puzzles/delivery/{id}/run`` ``{"program": "FWD FWD" | {"onplay": [...],
  "functions": {...}}, "lang": "fr"}``: the program run (``puzzles.run``): solved, the trace as
  steps the page replays, the board at the end, and once solved the score, the proven optimum
  and an optimal program;
- ``POST /api/puzzles/delivery/{id}/hint`` ``{"level": 1 | 2}``: the optimum (cards,
  instructions), then also the first onPlay slot of an optimal program;
- ``/puzzles/delivery/{id}``: the page.

An id is ``course-N``, or ``p-SLUG``: a puzzle published from the editor (:mod:`.puzzle_editor`),
played the same way (its listing's entry adds its ``author`` and its ``file``).

Stateless: the page keeps the program and the progress (in the browser). Nothing sent before
a puzzle is solved or a hint asked tells its optimum or a solution. A program the puzzle does
not allow is a refusal in English and French (``PuzzleError``, 400) and changes nothing.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from robotable.core.errors import PuzzleError
from robotable.games.delivery.board import DIRECTIONS, DROP
from robotable.games.delivery.puzzles import Puzzle, course, load_puzzle, parse_program, run
from robotable.games.delivery.svg import puzzle_svg
from robotable.server.pages import PAGE_HEADERS, page_html

API = "/api/puzzles/delivery"
PuzzleId = Annotated[
    str,
    Path(
        max_length=20,
        pattern=r"^(course-[0-9]{1,3}|p-[a-z2-7]{16})$",
        description="course-1, or p-SLUG: a published puzzle (the editor's)",
    ),
]
Found = tuple[Puzzle, dict[str, Any]]  # a puzzle and what its listing says of it
Lang = Literal["en", "fr"]
Pawn = dict[str, Any]


class UnknownPuzzle(PuzzleError):
    status = 404
    code = "unknown_puzzle"


class Attempt(BaseModel):
    program: str | dict[str, Any] = Field(
        description="the program's notation ('FWD+LOOP FN-A; A: RR FWD') or its object "
        '({"onplay": [["FWD", "LOOP"]], "functions": {"A": [["RR"]]}})'
    )
    lang: Lang = Field(default="en", description="the language of the board's words")


class HintAsk(BaseModel):
    level: int = Field(ge=1, le=2, description="1: the optimum; 2: also the first onPlay slot")


def find(puzzle_id: str, published: Any = None) -> Found:
    """The course's puzzle of that id, or a published one (``p-SLUG``, read from ``published``,
    the store of :mod:`.puzzle_editor`: blocking), with its listing's entry; or a 404 in words."""
    if puzzle_id.startswith("p-"):
        return find_published(puzzle_id, published)
    number = puzzle_id.removeprefix("course-")
    puzzles = course()
    if not (puzzle_id.startswith("course-") and number.isascii() and number.isdigit()) or not (
        1 <= int(number) <= len(puzzles)
    ):
        raise UnknownPuzzle(
            f"there is no Robot Delivery puzzle {puzzle_id!r}",
            fr=f"il n’y a pas de puzzle Robot Delivery {puzzle_id!r}",
        )
    return puzzles[int(number) - 1], entry(int(number), puzzles[int(number) - 1])


def find_published(puzzle_id: str, published: Any) -> Found:
    kept = published.find(puzzle_id.removeprefix("p-")) if published is not None else None
    if kept is None or kept.game != "delivery":
        raise UnknownPuzzle(
            "there is no Robot Delivery puzzle at this link",
            fr="il n’y a pas de puzzle Robot Delivery à ce lien",
        )
    puzzle = load_puzzle(kept.data())  # proven when published: the file holds its optimum
    told = {"id": puzzle_id, "title": dict(puzzle.title), "lesson": dict(puzzle.lesson)}
    return puzzle, told | {"author": kept.name, "file": f"/api/puzzles/published/{kept.id}/file"}


def entry(number: int, puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as the listing gives it: never its optimum nor its solution."""
    return {"id": f"course-{number}", "title": dict(puzzle.title), "lesson": dict(puzzle.lesson)}


def listing() -> dict[str, Any]:
    return {"course": [entry(number, puzzle) for number, puzzle in enumerate(course(), 1)]}


def start_pawn(puzzle: Puzzle) -> Pawn:
    cell, facing = puzzle.start
    return {"cell": list(puzzle.board.xy(cell)), "facing": DIRECTIONS[facing], "parcel": False}


def described(found: Found, lang: str) -> dict[str, Any]:
    """The puzzle at its start: what the page draws and the program's frame."""
    puzzle, told = found
    board = puzzle.board
    return told | {
        "board": puzzle_svg(board.rows(), start_pawn(puzzle), lang=lang),
        "pawn": start_pawn(puzzle),
        "parcels": [list(board.xy(cell)) for cell in puzzle.parcels],
        "drops": [list(board.xy(cell)) for cell in range(board.size) if board.kinds[cell] == DROP],
        "cards": [[card, count] for card, count in puzzle.cards],  # in the game's order
        "slots": puzzle.slots,
        "functions": [
            {"letter": letter, "slots": size}
            for letter, size in zip(puzzle.letters, puzzle.functions, strict=True)
        ],
    }


def ran(found: Found, program: str | dict[str, Any], lang: str) -> dict[str, Any]:
    """The program run: the steps to replay, the end, and once solved the score against the optimum."""
    puzzle = found[0]
    outcome = run(puzzle, program)
    taken = [event["cell"] for event in outcome.trace if event["kind"] == "picked"]
    answer = {
        "solved": outcome.solved,
        "cards": outcome.score[0],
        "instructions": outcome.score[1],
        "delivered": outcome.delivered,
        "parcels": outcome.parcels,
        "end": outcome.end,
        "steps": replay_steps(start_pawn(puzzle), outcome.trace),
        "board": puzzle_svg(puzzle.board.rows(), outcome.end, taken=taken, lang=lang),
    }
    if outcome.solved and puzzle.optimum is not None:
        answer |= {
            "score": list(outcome.score),
            "optimum": list(puzzle.optimum),
            "optimal": outcome.score <= puzzle.optimum,
            "solution": puzzle.solution,
        }
    return answer


def replay_steps(pawn: Pawn, trace: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The trace's events, each with the pawn after it, the parcels delivered so far and the
    slot being run (``P2``: onPlay slot 2, ``A1``: function board A's slot 1; a cell effect
    belongs to the onPlay slot it ends). ``seat`` 0 names the pawn as the drawing does."""
    pawn, delivered, slot = dict(pawn), 0, None
    steps = []
    for event in trace:
        kind = event["kind"]
        if kind == "moved":
            pawn["cell"] = list(event["end"])
        elif kind == "turned":
            pawn["facing"] = event["end"]
        elif kind in ("picked", "delivered"):
            pawn["parcel"] = kind == "picked"
            delivered = event.get("delivered", delivered)
        slot = innermost_slot(event.get("stack") or ()) or slot
        steps.append(event | {"seat": 0, "pawn": dict(pawn), "delivered": delivered, "slot": slot})
    return steps


def innermost_slot(stack: list[str] | tuple[str, ...]) -> str | None:
    """``["slot 2", "F:A", "A slot 1", "loop x2 (2/2)"]`` -> ``A1``; a stack without a slot -> None."""
    for frame in reversed(stack):
        words = frame.split()
        if len(words) >= 2 and words[-2] == "slot" and words[-1].isdigit():
            return (words[0] if len(words) == 3 else "P") + words[-1]
    return None


def hint(found: Found, level: int) -> dict[str, Any]:
    """Level 1: the optimum (cards, instructions); level 2: also the first onPlay slot of an
    optimal program."""
    puzzle, told = found
    if puzzle.optimum is None or puzzle.solution is None:
        raise PuzzleError("this puzzle has no proven optimum", fr="ce puzzle n’a pas d’optimum prouvé")
    answer: dict[str, Any] = {"id": told["id"], "level": level, "optimum": list(puzzle.optimum)}
    if level >= 2:
        onplay = parse_program(puzzle.solution).onplay
        answer["first"] = list(onplay[0]) if onplay else []
    return answer


def add_delivery_puzzle_routes(app: FastAPI) -> None:
    """The routes of the module's description."""
    page = page_html("delivery_puzzle")

    def found(puzzle_id: str) -> Found:  # blocking: run in a thread
        return find(puzzle_id, getattr(app.state, "published", None))

    @app.get(API)
    async def delivery_puzzles() -> dict[str, Any]:
        """The course in order, without optima."""
        return listing()

    @app.get(API + "/{puzzle_id}")
    async def delivery_puzzle(puzzle_id: PuzzleId, lang: Lang = "en") -> dict[str, Any]:
        """A puzzle at its start."""
        return await asyncio.to_thread(lambda: described(found(puzzle_id), lang))

    @app.post(API + "/{puzzle_id}/run")
    async def delivery_run(puzzle_id: PuzzleId, body: Attempt) -> dict[str, Any]:
        """The program run; the score and the optimum once solved."""
        return await asyncio.to_thread(lambda: ran(found(puzzle_id), body.program, body.lang))

    @app.post(API + "/{puzzle_id}/hint")
    async def delivery_hint(puzzle_id: PuzzleId, body: HintAsk) -> dict[str, Any]:
        """The optimum (level 1), and the first onPlay slot of an optimal program (level 2)."""
        return await asyncio.to_thread(lambda: hint(found(puzzle_id), body.level))

    @app.get("/puzzles/delivery/{puzzle_id}", include_in_schema=False)
    async def delivery_puzzle_page(puzzle_id: str) -> Response:
        return HTMLResponse(page, headers=PAGE_HEADERS)
