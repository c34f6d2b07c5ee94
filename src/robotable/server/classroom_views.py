"""What the classroom's answers hold (:mod:`.classrooms`): the teacher's view of the room (every
pupil's progress and current attempt, the optima), a pupil's view (the room's work, their own
results, the hint meant for them, the solution the teacher shows: never another pupil's
attempt), and the results as CSV."""

from __future__ import annotations

import functools
from typing import Any

from robotable.games.ricochet.puzzle_file import SERIES, RicochetPuzzle, series, shipped
from robotable.puzzles.classroom import Result as CsvRow
from robotable.puzzles.classroom import results_csv
from robotable.server.classroom_store import Pupil, Result, Room

__all__ = ["SERIES", "csv_of", "pupil_view", "teacher_view", "work_of"]


@functools.cache
def _ids(name: str) -> tuple[str, ...]:
    return tuple(puzzle.extra["id"] for puzzle in series(name))


def work_of(room: Room) -> tuple[str, ...]:
    """The ids of the puzzles the room works on, in order."""
    if room.puzzle is not None:
        return (room.puzzle,)
    return _ids(room.series) if room.series in SERIES else ()


def _optimum(puzzle: RicochetPuzzle) -> list[int] | None:
    return list(puzzle.optimum) if puzzle.optimum is not None else None


def _work(room: Room, *, optima: bool) -> list[dict[str, Any]]:
    every = shipped()
    told = []
    for puzzle_id in work_of(room):
        puzzle = every[puzzle_id]
        item = {"id": puzzle_id, "title": dict(puzzle.title), "lesson": dict(puzzle.lesson)}
        told.append(item | ({"optimum": _optimum(puzzle)} if optima else {}))
    return told


def _results(results: list[Result], pupil: int) -> dict[str, Any]:
    every = shipped()
    told = {}
    for result in results:
        if result.pupil != pupil:
            continue
        optimum = every[result.puzzle].optimum if result.puzzle in every else None
        optimal = result.best is not None and optimum is not None and result.best <= optimum[0]
        told[result.puzzle] = {"attempts": result.attempts, "best": result.best, "optimal": optimal}
    return told


def _hint(text: str | None, at: float | None) -> dict[str, Any] | None:
    return None if text is None else {"text": text, "at": at}


def teacher_view(room: Room, pupils: list[Pupil], results: list[Result]) -> dict[str, Any]:
    """Everything the teacher follows (they may see every pupil's attempt)."""
    shown = None
    if room.shown_pupil is not None:
        name = next((p.name for p in pupils if p.id == room.shown_pupil), None)
        shown = {
            "pupil": room.shown_pupil,
            "name": name,
            "puzzle": room.shown_puzzle,
            "moves": room.shown_moves,
        }
    return {
        "code": room.code,
        "expires": room.expires,
        "kept": room.expires is None,
        "series": room.series,
        "puzzle": room.puzzle,
        "work": _work(room, optima=True),
        "hint": _hint(room.hint, room.hint_at),
        "shown": shown,
        "pupils": [
            {
                "id": pupil.id,
                "name": pupil.name,
                "current": {
                    "puzzle": pupil.puzzle,
                    "moves": pupil.moves,
                    "ended": pupil.ended,
                    "changed": pupil.changed,
                },
                "hint": _hint(pupil.hint, pupil.hint_at),
                "results": _results(results, pupil.id),
            }
            for pupil in pupils
        ],
    }


def pupil_view(room: Room, pupil: Pupil, mine: list[Result], shown_name: str | None) -> dict[str, Any]:
    """What one pupil sees: their own, and what the teacher sent them or shows to all."""
    hints = [h for h in ((room.hint, room.hint_at), (pupil.hint, pupil.hint_at)) if h[0] is not None]
    newest = max(hints, key=lambda h: h[1] or 0.0, default=(None, None))
    shown = None
    if room.shown_pupil is not None:
        shown = {"name": shown_name, "puzzle": room.shown_puzzle, "moves": room.shown_moves}
    return {
        "code": room.code,
        "pupil": pupil.id,
        "name": pupil.name,
        "series": room.series,
        "puzzle": room.puzzle,
        "work": _work(room, optima=False),
        "hint": _hint(*newest),
        "shown": shown,
        "results": _results(mine, pupil.id),
    }


def csv_of(pupils: list[Pupil], results: list[Result]) -> str:
    """The room's results as CSV: each pupil's name with each puzzle they tried."""
    names = {pupil.id: pupil.name for pupil in pupils}
    every = shipped()
    rows = []
    for r in results:
        optimum = every[r.puzzle].optimum if r.puzzle in every else None
        rows.append(
            CsvRow(names.get(r.pupil, ""), r.puzzle, r.attempts, r.best, optimum[0] if optimum else None)
        )
    return results_csv(rows)
