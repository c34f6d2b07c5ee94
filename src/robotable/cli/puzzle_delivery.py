"""``robotable puzzle delivery``: Robot Delivery puzzles in the terminal; and the pieces of
``robotable puzzle check FILE`` for them.

``play`` shows a puzzle (the board drawn as in the game, the lesson, the cards allowed), reads
a program in the notation of :mod:`robotable.games.delivery.puzzles.program`, runs it, shows
the run slot by slot with its function frames and, once solved, the score against the proven
optimum; a series (the course, or a file's list) goes on puzzle after puzzle.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn
from rich.text import Text

from robotable.core.errors import PuzzleError, RobotableError
from robotable.core.words import LANGUAGES, catalogue, fill
from robotable.games.delivery.board import DIRECTIONS
from robotable.games.delivery.puzzles import (
    Outcome,
    Puzzle,
    course,
    load_puzzle_file,
    prove,
    run,
)
from robotable.games.delivery.terminal import board_text

PACKAGE = "robotable.games.delivery"
CHECK_LIMIT = 2_000_000
"""Search nodes ``check`` allows by default (about a minute on a slow machine)."""
PLAY_LIMIT = 200_000
"""Search nodes ``play`` spends on a puzzle that stores no optimum (a second or two)."""
QUIT, NEXT, SOLVED = "quit", "next", "solved"
_LOOP = re.compile(r"loop x\d+ \((\d+)/(\d+)\)")


class Words:
    """The game's catalogue in one language, filled like every face fills it."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise RobotableError(f"no words in {lang!r}; languages: {', '.join(LANGUAGES)}")
        self.lang = lang
        self.words = catalogue(PACKAGE, lang)

    def __call__(self, key: str, **params: Any) -> str:
        return fill(self.words, key, params)


# --------------------------------------------------------------------------- play


def play(file: Path | None, *, number: int = 1, lang: str = "en", console: Console | None = None) -> int:
    """Play the puzzles of ``file`` (or the course) from puzzle ``number``; the number solved."""
    say = Words(lang)
    puzzles = load_puzzle_file(file) if file is not None else list(course())
    if not 1 <= number <= len(puzzles):
        raise PuzzleError(
            f"there are {len(puzzles)} puzzle(s): choose a number from 1 to {len(puzzles)}",
            fr=f"il y a {len(puzzles)} puzzle(s) : choisis un numéro de 1 à {len(puzzles)}",
        )
    console = console or Console(highlight=False)
    solved = 0
    for index in range(number - 1, len(puzzles)):
        result = play_one(puzzles[index], index + 1, len(puzzles), say, console)
        solved += result == SOLVED
        if result == QUIT:
            break
    if len(puzzles) > 1:
        console.print(
            Text(say("puzzle.finished", solved=solved, count=len(puzzles) - number + 1), style="bold")
        )
    return solved


def play_one(puzzle: Puzzle, number: int, count: int, say: Words, console: Console) -> str:
    """One puzzle until it is solved at its optimum, or the player moves on: SOLVED, NEXT or QUIT."""
    show_puzzle(puzzle, number, count, say, console)
    solved = False
    while True:
        try:
            line = console.input(f"[bold]{say('puzzle.prompt')}[/bold] > ").strip()
        except EOFError:  # input closed: as quit
            return SOLVED if solved else QUIT
        if line.lower() in ("quit", "q", "exit"):
            return SOLVED if solved else QUIT
        if line.lower() in ("next", "n", "skip"):
            return SOLVED if solved else NEXT
        if line.lower() in ("help", "h", "?", ""):
            console.print(say("puzzle.help"))
            continue
        try:
            outcome = run(puzzle, line)
        except PuzzleError as exc:
            reason = exc.fr if say.lang == "fr" and exc.fr else str(exc)
            console.print(Text(say("puzzle.refused", reason=reason), style="red"))
            continue
        show_run(puzzle, outcome, say, console)
        if outcome.solved:
            solved = True
            if judge(puzzle, outcome, say, console):
                return SOLVED
        else:
            console.print(say("puzzle.unsolved", delivered=outcome.delivered, parcels=outcome.parcels))


def show_puzzle(puzzle: Puzzle, number: int, count: int, say: Words, console: Console) -> None:
    console.rule(say("puzzle.heading", number=number, count=count, title=puzzle.title[say.lang]))
    if puzzle.lesson[say.lang]:
        console.print(Text(say("puzzle.lesson", lesson=puzzle.lesson[say.lang]), style="italic"))
    cell, facing = puzzle.start
    console.print(board_text(_view(puzzle, cell, facing, False, set(puzzle.parcels))))
    cards = ", ".join(f"{card} x{n}" for card, n in puzzle.cards)
    console.print(say("puzzle.cards", cards=cards))
    functions = "".join(
        say("puzzle.function_board", letter=letter, slots=size)
        for letter, size in zip(puzzle.letters, puzzle.functions, strict=True)
    )
    console.print(say("puzzle.boards", slots=puzzle.slots, functions=functions))
    console.print(say("puzzle.goal", count=len(puzzle.parcels)))


def show_run(puzzle: Puzzle, outcome: Outcome, say: Words, console: Console) -> None:
    for line in trace_lines(outcome, say):
        console.print(line, highlight=False)
    x, y = outcome.end["cell"]
    taken = {puzzle.board.cell(*step["cell"]) for step in outcome.trace if step["kind"] == "picked"}
    end = puzzle.board.cell(x, y), DIRECTIONS.index(outcome.end["facing"])
    console.print(board_text(_view(puzzle, *end, outcome.end["parcel"], set(puzzle.parcels) - taken)))


def judge(puzzle: Puzzle, outcome: Outcome, say: Words, console: Console) -> bool:
    """Say the score against the optimum; True when the optimum is reached (or unknown)."""
    cards, instructions = outcome.score
    console.print(Text(say("puzzle.solved", cards=cards, instructions=instructions), style="bold green"))
    optimum = puzzle.optimum or prove(puzzle, limit=PLAY_LIMIT).optimum
    if optimum is None:
        return True
    console.print(say("puzzle.optimum", cards=optimum[0], instructions=optimum[1]))
    if outcome.score <= optimum:
        console.print(Text(say("puzzle.optimal"), style="bold green"))
        return True
    console.print(say("puzzle.above"))
    return False


def trace_lines(outcome: Outcome, say: Words) -> list[str]:
    """The run in words, one line per slot, function, move, turn and parcel, indented by call depth."""
    lines: list[str] = []
    card = ""
    for step in outcome.trace:
        kind, stack = step["kind"], step.get("stack", [])
        depth = 1 + sum(frame.startswith("F:") for frame in stack)
        loop = _loop_of(stack, say)
        if kind == "slot-revealed":
            lines.append(say("trace.slot", slot=step["slot"], cards="+".join(step["cards"])))
        elif kind == "function-entered":  # its own frame is the last: a loop running it is the one before
            line = say("trace.function", board=step["board"]) + _loop_of(stack[:-1], say)
            lines.append("  " * (depth - 1) + line)
        elif kind == "card":
            card = step["card"]
        elif line := _effect(step, card, say):
            lines.append("  " * depth + line + loop)
    return lines


def _effect(step: dict[str, Any], card: str, say: Words) -> str:
    kind = step["kind"]
    if kind == "moved":
        x, y = step["end"]
        key = "trace.conveyor" if step["cause"] == "conveyor" else "trace.moved"
        return say(key, name=card, x=x, y=y)
    if kind == "blocked":
        return say("trace.blocked", name=card)
    if kind == "turned":
        return say("trace.turned", name=card, facing=step["end"])
    if kind in ("picked", "delivered"):
        x, y = step["cell"]
        return say(f"trace.{kind}", x=x, y=y)
    return ""


def _loop_of(stack: list[str], say: Words) -> str:
    match = _LOOP.fullmatch(stack[-1]) if stack else None
    return f" ({say('trace.loop', iteration=match[1], times=match[2])})" if match else ""


def _view(puzzle: Puzzle, cell: int, facing: int, parcel: bool, waiting: set[int]) -> dict[str, Any]:
    """What the game's terminal drawing reads: the rows (a pickup point whose parcel is taken
    drawn as floor) and the one pawn."""
    board = puzzle.board
    rows = [list(row) for row in board.rows()]
    for taken in set(puzzle.parcels) - waiting:
        x, y = board.xy(taken)
        rows[y][x] = "."
    pawn = {"colour": "red", "cell": list(board.xy(cell)), "facing": DIRECTIONS[facing], "parcel": parcel}
    return {"board": {"rows": ["".join(row) for row in rows]}, "players": [pawn]}


# --------------------------------------------------------------------------- check


def check(path: Path, *, limit: int = CHECK_LIMIT, lang: str = "en", console: Console | None = None) -> int:
    """Prove the optimum of every puzzle of the file, with a progress display: 0 when every one
    is proven and agrees with the optimum the file stores, else 1. Writes nothing."""
    say = Words(lang)
    puzzles = load_puzzle_file(path)
    console = console or Console(highlight=False)
    status = 0
    for number, puzzle in enumerate(puzzles, 1):
        where = str(path) if len(puzzles) == 1 else f"{path} #{number} {puzzle.title[lang]}"
        status |= check_one(puzzle, where, limit, say, console)
    return status


def check_one(puzzle: Puzzle, where: str, limit: int, say: Words, console: Console) -> int:
    started = time.perf_counter()
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TextColumn("{task.fields[nodes]:,} nodes"))
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(where, nodes=0)

        def report(cards: int, nodes: int) -> None:
            progress.update(
                task, description=say("puzzle.check.progress", where=where, cards=cards), nodes=nodes
            )

        proof = prove(puzzle, limit=limit, progress=report)
    seconds = f"{time.perf_counter() - started:.2f}"
    if proof.too_large:
        return _said(console, say("puzzle.check.too_large", where=where, limit=f"{limit:,}"), 1)
    if proof.optimum is None:
        return _said(console, say("puzzle.check.unsolvable", where=where, nodes=f"{proof.nodes:,}"), 1)
    cards, instructions = proof.optimum
    solution, nodes = str(proof.solution), f"{proof.nodes:,}"
    params = {"cards": cards, "instructions": instructions, "solution": solution, "nodes": nodes}
    _said(console, say("puzzle.check.optimum", where=where, seconds=seconds, **params), 0)
    if puzzle.optimum is not None and puzzle.optimum != proof.optimum:
        stored, found = list(puzzle.optimum), list(proof.optimum)
        return _said(console, say("puzzle.check.stored", where=where, stored=stored, found=found), 1)
    return 0


def _said(console: Console, line: str, status: int) -> int:
    """Print one result line, red for a failure, never wrapped (a script may read it); the status."""
    console.print(Text(line, style="red" if status else ""), soft_wrap=True)
    return status
