"""``robotable ricochet``: the optimal solver and the puzzle generator on the command line."""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)

from robotable.cli.common import check_writable, err, fail, out, reporting, write_file
from robotable.cli.play import PlayRequest, run_play
from robotable.core.errors import RobotableError
from robotable.games.ricochet.actions import Move
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.svg import board_svg, solution_paths
from robotable.games.ricochet.text import board_text

app = typer.Typer(
    name="ricochet",
    help="Ricochet Robots tools: the optimal solver and the puzzle generator.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)

Classic = Annotated[bool, typer.Option("--classic", help="Turn the must-ricochet rule (RR-15) off.")]
Output = Annotated[Path | None, typer.Option("--output", "-o", help="Draw the solution to this SVG file.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON instead of a drawing.")]


def notation(moves: tuple[tuple[int, int], ...]) -> list[str]:
    return [str(Move(robot, direction)) for robot, direction in moves]


def solve_code(
    code: str, *, classic: bool, timeout: float | None = None, faces: str | None = None
) -> dict[str, Any]:
    """Solve one puzzle code: ``{"code", "length", "moves", "seconds"}`` (length None: no solution)."""
    from robotable.games.ricochet.solver import solve

    puzzle = Puzzle.parse(code, face_set="1999+C", faces_file=faces)
    begin = time.perf_counter()
    found = solve(
        puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=not classic, timeout=timeout
    )
    seconds = round(time.perf_counter() - begin, 6)
    result: dict[str, Any] = {"code": str(puzzle), "length": None, "moves": [], "seconds": seconds}
    if found is not None and found.optimal:
        result.update(length=found.length, moves=notation(found.moves))
    elif found is not None:
        result["error"] = f"not proven within {timeout} s (at least {found.lower_bound} moves)"
    return result


@app.command("solve")
def solve_command(
    code: Annotated[str | None, typer.Argument(help="A puzzle code FFFFFFFF-RRRRRRRR-TT.")] = None,
    output: Output = None,
    as_json: AsJson = False,
    classic: Classic = False,
    all_solutions: Annotated[bool, typer.Option("--all", help="List every optimal solution.")] = False,
    limit: Annotated[int, typer.Option(help="With --all: at most this many solutions.")] = 100,
    batch: Annotated[
        str | None,
        typer.Option(help="Solve one code per line of this file ('-': standard input), JSON lines out."),
    ] = None,
    timeout: Annotated[
        float | None, typer.Option(help="Give up on a position after this many seconds.")
    ] = None,
    faces: Annotated[
        str | None, typer.Option(help="Your own board faces file (the format of the shipped faces.txt).")
    ] = None,
) -> None:
    """Find a shortest solution under the real rules (must ricochet), or every one of them.

    Examples:

    - `robotable ricochet solve 1A2A3A4A-8A44FF0F-RC`
    - `robotable ricochet solve 4B3B2B1A-2E03B221-BT --json`
    - `robotable ricochet solve 1A2A3A4A-4ACCFF0F-RC --classic --all -o p2.svg`
    - `robotable ricochet solve --batch codes.txt > solutions.jsonl`
    """
    if output is not None:
        check_writable(output)
    if batch is not None:
        raise typer.Exit(run_batch(batch, classic=classic, timeout=timeout, faces=faces))
    if code is None:
        raise fail("give a puzzle code, or --batch FILE")
    with reporting():
        result = solve_code(code, classic=classic, timeout=timeout, faces=faces)
        puzzle = Puzzle.parse(code, face_set="1999+C", faces_file=faces)
        solutions = _all_solutions(puzzle, classic, limit) if all_solutions and result["length"] else []
    if as_json:
        if all_solutions:
            result["all"] = [notation(s) for s in solutions]
        typer.echo(json.dumps(result))
    else:
        _print_solution(puzzle, result, solutions, classic)
    if output is not None:
        moves = [(m.robot, m.direction) for m in map(_parse_move, result["moves"])]
        board = puzzle.board()
        paths = solution_paths(board, puzzle.robot_cells(), moves)
        svg = board_svg(board, robots=puzzle.robot_cells(), target=puzzle.target, paths=paths,
                        markers=puzzle.robot_cells(), title=f"{puzzle}: {len(moves)} moves")  # fmt: skip
        write_file(output, svg)
        err().print(f"wrote {output}")


def _parse_move(text: str) -> Move:
    from robotable.games.ricochet.actions import parse_action

    move = parse_action(text)
    assert isinstance(move, Move)
    return move


def _all_solutions(puzzle: Puzzle, classic: bool, limit: int) -> list[tuple[tuple[int, int], ...]]:
    from robotable.games.ricochet.solver import rank_by_robots_moved, solve_all

    found = solve_all(
        puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=not classic, limit=limit
    )
    return rank_by_robots_moved(found)


def _print_solution(puzzle: Puzzle, result: dict[str, Any], solutions: list, classic: bool) -> None:
    console = out()
    rule = "classic rules" if classic else "must ricochet"
    if result["length"] is None:
        console.print(f"{puzzle}: no solution ({result.get('error', 'none exists')})", style="red")
        return
    board = puzzle.board()
    path_cells = {
        c for _, cells in solution_paths(board, puzzle.robot_cells(), _pairs(result["moves"])) for c in cells
    }
    console.print(
        board_text(board, robots=puzzle.robot_cells(), target=puzzle.target, highlight_cells=path_cells)
    )
    console.print(f"[bold]{puzzle}[/]: {result['length']} moves ({rule}), {result['seconds'] * 1000:.1f} ms")
    console.print("  " + ", ".join(result["moves"]))
    if solutions:
        console.print(f"{len(solutions)} optimal solutions, fewest robots moved first:")
        for moves in solutions:
            console.print("  " + ", ".join(notation(moves)))


def _pairs(moves: list[str]) -> list[tuple[int, int]]:
    return [(m.robot, m.direction) for m in map(_parse_move, moves)]


# --------------------------------------------------------------------------- batch


def run_batch(source: str, *, classic: bool, timeout: float | None, faces: str | None = None) -> int:
    """Solve every line; a bad line gets an error line and the batch goes on. Exit 1 if any failed."""
    lines = _read_lines(source)
    failures = 0
    with _progress() as progress:
        task = progress.add_task("solving", total=len(lines))
        for number, line in lines:
            try:
                result = solve_code(line, classic=classic, timeout=timeout, faces=faces)
            except RobotableError as exc:
                result = {"line": number, "code": line, "error": str(exc)}
                failures += 1
            typer.echo(json.dumps(result))
            progress.advance(task)
    return 1 if failures else 0


def _read_lines(source: str) -> list[tuple[int, str]]:
    stream: TextIO
    if source == "-":
        stream = sys.stdin
        text = stream.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"{source}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise fail(f"{source}: not a text file (UTF-8) of puzzle codes") from None
    return [
        (n, line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.startswith("#")
    ]


def _progress() -> Progress:
    return Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
    )


# --------------------------------------------------------------------------- puzzles


@app.command("puzzle")
def puzzle_command(
    moves: Annotated[int | None, typer.Option(help="The optimal length the puzzle must have.")] = None,
    seed: Annotated[int, typer.Option(help="Random seed: the same seed gives the same puzzle.")] = 0,
    daily: Annotated[
        bool, typer.Option("--daily", help="Today's puzzle (UTC), the same for everyone.")
    ] = False,
    date: Annotated[str | None, typer.Option(help="With --daily: another day, as YYYY-MM-DD.")] = None,
    classic: Classic = False,
    output: Output = None,
    as_json: AsJson = False,
    play: Annotated[bool, typer.Option("--play", help="Then play it alone, as solo puzzles.")] = False,
) -> None:
    """Make a position whose shortest solution has exactly N moves.

    Play it alone with `--play`, or later with `robotable play ricochet --seats human --puzzle CODE`.

    Examples:

    - `robotable ricochet puzzle --moves 12 --seed 3`
    - `robotable ricochet puzzle --daily --play`
    """
    from robotable.games.ricochet import puzzles

    if output is not None:
        check_writable(output)
    if not daily and moves is None:
        raise fail("give --moves N or --daily")
    with reporting(), _generating() as on_step:
        if daily:
            day = _date(date) if date else None
            puzzle, moves = puzzles.daily(day, must_ricochet=not classic)
        else:
            assert moves is not None
            puzzle = puzzles.generate(moves, seed=seed, must_ricochet=not classic, on_step=on_step)
    if as_json:
        typer.echo(json.dumps({"code": str(puzzle), "length": moves}))
    else:
        console = out()
        console.print(board_text(puzzle.board(), robots=puzzle.robot_cells(), target=puzzle.target))
        console.print(f"[bold]{puzzle}[/]: the {puzzle.target} in {moves} moves")
    if output is not None:
        svg = board_svg(puzzle.board(), robots=puzzle.robot_cells(), target=puzzle.target,
                        markers=puzzle.robot_cells())  # fmt: skip
        write_file(output, svg)
        err().print(f"wrote {output}")
    if play:
        options = ["must_ricochet=false"] if classic else []
        request = PlayRequest("ricochet", "human", seed, None, options, str(puzzle))
        with reporting():
            run_play(request, out())


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise fail(f"--date {text!r}: write the day as YYYY-MM-DD") from None


class _generating:
    """A spinner on standard error while the generator climbs towards the asked length."""

    def __enter__(self) -> Any:
        self.progress = Progress(
            SpinnerColumn(), TextColumn("{task.description}"), console=err(), transient=True
        )
        self.progress.start()
        self.task = self.progress.add_task("generating")
        return self.step

    def step(self, step: int, length: int) -> None:
        self.progress.update(self.task, description=f"generating: try {step}, current length {length}")

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()
