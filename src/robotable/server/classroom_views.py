"""What the classroom's answers hold (:mod:`.classrooms`): the teacher's view of the room (every
pupil's progress and current attempt, the optima), a pupil's view (the room's work, their own
results, the hint meant for them, the solution the teacher shows: never another pupil's
attempt), and the results as CSV. A room works on one game's puzzles (:mod:`.classroom_games`):
its views hold that game's results only; a Robot Delivery attempt is a program
(``{"program": ..., "run": ...}``: the program now and the one last run)."""

from __future__ import annotations

from typing import Any

from robotable.puzzles.classroom import Result as CsvRow
from robotable.puzzles.classroom import key_parts, result_key, results_csv
from robotable.server.classroom_games import UNITS, as_dict, best_optimum, catalogue, series_ids
from robotable.server.classroom_store import Pupil, Result, Room

__all__ = ["csv_of", "pupil_view", "teacher_view", "work_of"]


def work_of(room: Room) -> tuple[str, ...]:
    """The ids of the puzzles the room works on, in order."""
    if room.puzzle is not None:
        return (room.puzzle,)
    return series_ids(room.game, room.series or "")


def _work(room: Room, *, optima: bool) -> list[dict[str, Any]]:
    every = catalogue(room.game)
    return [as_dict(every[puzzle_id], optimum=optima) for puzzle_id in work_of(room) if puzzle_id in every]


def _results(room: Room, results: list[Result], pupil: int) -> dict[str, Any]:
    """The pupil's results at the room's game, by puzzle id."""
    told = {}
    for result in results:
        game, puzzle = key_parts(result.puzzle)
        if result.pupil != pupil or game != room.game:
            continue
        optimum = best_optimum(game, puzzle)
        optimal = result.best is not None and optimum is not None and result.best <= optimum
        told[puzzle] = {"attempts": result.attempts, "best": result.best, "optimal": optimal}
    return told


def _hint(text: str | None, at: float | None) -> dict[str, Any] | None:
    return None if text is None else {"text": text, "at": at}


def _current(room: Room, pupil: Pupil) -> dict[str, Any]:
    """The pupil's current attempt, when it is at the room's game."""
    game, puzzle = key_parts(pupil.puzzle) if pupil.puzzle else (room.game, None)
    if game != room.game or puzzle is None:
        empty: Any = {
            "ricochet": [],
            "delivery": {"program": None, "run": None},
            "dr2d": {"registers": [], "run": None},
        }.get(room.game, [])
        return {"puzzle": None, "moves": empty, "ended": False, "changed": pupil.changed, "size": 0}
    return {
        "puzzle": puzzle,
        "moves": pupil.moves,
        "ended": pupil.ended,
        "changed": pupil.changed,
        "size": attempt_size(room.game, pupil.moves),
    }


def attempt_size(game: str, moves: Any) -> int:
    """Moves of a Ricochet attempt, cards of a Delivery program, registers written in DR2D."""
    if game == "dr2d":
        registers = moves.get("registers") if isinstance(moves, dict) else None
        return len(registers) if isinstance(registers, list) else 0
    if game == "delivery":
        program = moves.get("program") if isinstance(moves, dict) else None
        if not isinstance(program, dict):
            return 0
        boards = [program.get("onplay", []), *program.get("functions", {}).values()]
        return sum(len(slot) for board in boards for slot in board)
    return len(moves) if isinstance(moves, list) else 0


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
        "game": room.game,
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
                "current": _current(room, pupil),
                "hint": _hint(pupil.hint, pupil.hint_at),
                "results": _results(room, results, pupil.id),
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
        "game": room.game,
        "pupil": pupil.id,
        "name": pupil.name,
        "series": room.series,
        "puzzle": room.puzzle,
        "work": _work(room, optima=False),
        "hint": _hint(*newest),
        "shown": shown,
        "results": _results(room, mine, pupil.id),
    }


def csv_of(pupils: list[Pupil], results: list[Result]) -> str:
    """The room's results as CSV: each pupil's name with each puzzle they tried (of any game
    the room worked on; the last column says what ``best`` counts: moves or cards)."""
    names = {pupil.id: pupil.name for pupil in pupils}
    rows = []
    for r in results:
        game, puzzle = key_parts(r.puzzle)
        shown_id = puzzle if result_key(game, puzzle) == puzzle else f"{game} {puzzle}"
        optimum = best_optimum(game, puzzle)
        unit = UNITS.get(game, "")
        rows.append(CsvRow(names.get(r.pupil, ""), shown_id, r.attempts, r.best, optimum, unit))
    return results_csv(rows)
