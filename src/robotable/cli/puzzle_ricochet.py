"""Ricochet puzzles in the terminal (issue 30): the pieces of ``robotable puzzle ricochet`` and of
``robotable puzzle check FILE`` for a Ricochet file (the lead joins them in ``cli/puzzle.py``).

- :func:`find` reads a puzzle named by its id (``course-3``, ``hard-2``, ``daily``) or a file;
- :func:`check` proves a puzzle's optimum and compares it with the one the file stores;
- :func:`play` plays one puzzle alone: moves typed one a line (``red N``, ``R N``), ``undo``,
  ``reset``, ``hint`` (the length, then the first move), ``quit``; the board after each move and,
  once solved, the score against the proven optimum.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from robotable.core.errors import PuzzleError
from robotable.games.ricochet.board import cell_index
from robotable.games.ricochet.puzzle_file import (
    RicochetPuzzle,
    daily_puzzle,
    load_puzzle,
    prove,
    run,
    shipped,
)
from robotable.games.ricochet.solver import MAX_DEPTH
from robotable.games.ricochet.terminal import board_text

MAX_FILE_BYTES = 100_000
"""A puzzle file is a few hundred bytes: a bigger one is refused before it is parsed."""
COMMANDS = "a move like 'red N' (or 'R N'), undo, reset, hint, quit"


def find(source: str) -> RicochetPuzzle:
    """The shipped puzzle ``source`` names (``daily``: today's, UTC), else the file at that path."""
    if source == "daily":
        return daily_puzzle(dt.datetime.now(dt.UTC).date())
    if source in shipped():
        return shipped()[source]
    path = Path(source)
    if not path.is_file():
        raise PuzzleError(f"{source!r} is neither a puzzle of the course or the book nor a file")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise PuzzleError(f"{source}: a puzzle file has at most {MAX_FILE_BYTES:,} bytes")
    try:
        data = json.loads(path.read_text("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PuzzleError(f"{source} is not a JSON file ({exc})") from None
    return load_puzzle(data)


def check(puzzle: RicochetPuzzle, *, limit: int = MAX_DEPTH, timeout: float | None = 60.0) -> dict[str, Any]:
    """The optimum proven now, beside the stored one: ``agrees`` is False when they differ (or
    when the file stores none); ``proof`` says why there is no optimum (unsolvable, too large)."""
    proof = prove(puzzle, limit=limit, timeout=timeout)
    found = None if proof.optimum is None else list(proof.optimum)
    stored = None if puzzle.optimum is None else list(puzzle.optimum)
    report: dict[str, Any] = {
        "game": "ricochet",
        "code": str(puzzle.position),
        "optimum": found,
        "stored": stored,
    }
    report["agrees"] = found is not None and found == stored
    report["solution"] = [str(move) for move in proof.solution]
    if found is None:
        report["proof"] = "unsolvable" if proof.unsolvable else f"too large: none within {proof.limit} moves"
    return report


def play(
    puzzle: RicochetPuzzle, console: Console, read: Callable[[str], str] = input, lang: str = "en"
) -> bool:
    """Plays ``puzzle`` alone until it is solved or the player quits; True when solved."""
    console.print(f"[bold]{puzzle.title[lang]}[/]: {puzzle.lesson[lang]}")
    moves: list[str] = []
    hints = 0
    show(puzzle, moves, console)
    while True:
        try:
            line = read(f"move {len(moves) + 1}> ").strip()
        except EOFError:
            return False
        word = line.lower()
        if word in ("quit", "q"):
            return False
        if word in ("undo", "reset"):
            moves = moves[:-1] if word == "undo" else []
        elif word == "hint":
            hints += 1
            console.print(hint_words(puzzle, hints))
            continue
        else:
            try:
                outcome = run(puzzle, [*moves, line])
            except PuzzleError as exc:
                console.print(f"[red]{exc}[/] (type {COMMANDS})")
                continue
            moves.append(line)
            if outcome.solved:
                show(puzzle, moves, console)
                console.print(result_words(outcome.score[0], puzzle))
                return True
            if outcome.straight:
                console.print("[red]the robot arrived without turning first (RR-15): undo or reset[/]")
        show(puzzle, moves, console)


def show(puzzle: RicochetPuzzle, moves: list[str], console: Console) -> None:
    position = puzzle.position
    cells = [cell_index(x, y) for x, y in run(puzzle, moves).robots]
    console.print(board_text(position.board(), robots=cells, target=position.target,
                             markers=position.robot_cells(), legend=not moves))  # fmt: skip
    console.print(f"{len(moves)} move{'' if len(moves) == 1 else 's'} ({COMMANDS})")


def result_words(moves: int, puzzle: RicochetPuzzle) -> str:
    if puzzle.optimum is None:
        return f"solved in {moves}"
    best = puzzle.optimum[0]
    return f"[green]solved in {moves}: optimal![/]" if moves <= best else f"solved in {moves}, best is {best}"


def hint_words(puzzle: RicochetPuzzle, level: int) -> str:
    if puzzle.optimum is None:
        return "this puzzle stores no optimum: 'robotable puzzle check' proves it"
    said = f"the shortest solution takes {puzzle.optimum[0]} moves"
    if level >= 2 and puzzle.solution:
        said += f" and starts with {puzzle.solution[0]} (from the start)"
    return said


def check_file(path: Path, *, limit: int | None = None, store: bool = False) -> int:
    """``robotable puzzle check FILE`` for a Ricochet puzzle: prove its optimum and say it; 0 when
    proven and agreeing with the file's stored optimum (or written there with ``store``)."""
    from robotable.cli.common import err, fail, out, write_file
    from robotable.cli.ricochet import plural

    puzzle = find(str(path))
    with err().status("proving the shortest solution"):
        report = check(puzzle, limit=limit or MAX_DEPTH)
    if report["optimum"] is None:
        raise fail(f"{report['proof']}", 1)
    console = out()
    solution = " ".join(report["solution"])
    console.print(f"optimum: {plural(report['optimum'][0], 'move')}; a solution: {solution}")
    if store:
        data = json.loads(path.read_text("utf-8")) | {"optimum": report["optimum"]}
        write_file(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        console.print(f"stored in {path}")
        return 0
    if report["stored"] is not None and not report["agrees"]:
        stored, proven = report["stored"][0], report["optimum"][0]
        raise fail(f"the file stores an optimum of {plural(stored, 'move')}, but it is {proven}", 1)
    return 0


def play_source(source: str | None, *, lang: str = "en") -> None:
    """``robotable puzzle ricochet [SOURCE]``: a puzzle named by id, ``daily`` or a file; without
    one, the course from its first puzzle not solved in this run, one after the other."""
    from robotable.cli.common import out
    from robotable.games.ricochet.puzzle_file import series

    console = out()
    puzzles = [find(source)] if source else series("course")
    for puzzle in puzzles:
        if not play(puzzle, console, lang=lang):
            return


__all__ = ["check", "check_file", "find", "play", "play_source"]
