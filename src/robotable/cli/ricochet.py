"""``robotable ricochet``: the optimal solver and the puzzle generator on the command line."""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

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
from robotable.core.datafile import MAX_FILE_BYTES, read_user_text
from robotable.core.errors import DataFileError, NotationError, RobotableError
from robotable.core.numbers import read_int
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

MAX_LIMIT = 10_000  # solutions listed by --all: each holds a row of the solver's output table
MAX_TIMEOUT = 86_400.0  # a day: more is no timeout at all
_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9}")


def whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[Any], int]:
    """A parser for an integer option, read like every number in robotable: ASCII digits, bounded
    (``--limit ３`` or a 5,000-digit seed is a clear error, not a silent 3 or Python's own limit)."""

    def parse(value: Any) -> int:
        if type(value) is int:  # the default
            return value
        try:
            return read_int(str(value).strip(), "the number", minimum=minimum, maximum=maximum)
        except NotationError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


def seconds(value: Any) -> float:
    """A parser for ``--timeout``: a positive decimal number of seconds, at most a day."""
    if isinstance(value, float | int):
        return float(value)
    text = str(value).strip()
    number = float(text) if _DECIMAL.fullmatch(text) else math.nan
    if not 0 < number <= MAX_TIMEOUT:  # NaN fails too: "inf", "nan", "1e9", "-1", "３"
        shown = repr(text) if len(text) <= 20 else repr(text[:20]) + "..."
        raise typer.BadParameter(
            f"seconds are a decimal number above 0 and at most {MAX_TIMEOUT:g}, not {shown}"
        )
    return number


def plural(count: int, word: str) -> str:
    """``1 move``, ``3 moves``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
        result["error"] = f"not proven within {timeout:g} s (at least {plural(found.lower_bound, 'move')})"
    return result


@app.command("solve")
def solve_command(
    code: Annotated[str | None, typer.Argument(help="A puzzle code FFFFFFFF-RRRRRRRR-TT.")] = None,
    output: Output = None,
    as_json: AsJson = False,
    classic: Classic = False,
    all_solutions: Annotated[bool, typer.Option("--all", help="List every optimal solution.")] = False,
    limit: Annotated[
        int,
        typer.Option(
            help=f"With --all: at most this many solutions (1 to {MAX_LIMIT}).",
            parser=whole_number(1, MAX_LIMIT),
            metavar="N",
        ),
    ] = 100,
    batch: Annotated[
        str | None,
        typer.Option(help="Solve one code per line of this file ('-': standard input), JSON lines out."),
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(
            help="Give up on a position after this many seconds.", parser=seconds, metavar="SECONDS"
        ),
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
    if batch is not None:
        # batch mode writes JSON lines only: a code, a drawing or --all would be silently ignored
        extras = {"a puzzle code": code is not None, "--output": output is not None, "--all": all_solutions}
        given = [name for name, used in extras.items() if used]
        if given:
            raise fail(f"--batch solves the codes of a file: give it without {' or '.join(given)}")
        raise typer.Exit(run_batch(batch, classic=classic, timeout=timeout, faces=faces))
    if output is not None:
        check_writable(output)
    if code is None:
        raise fail("give a puzzle code, or --batch FILE")
    with reporting():
        puzzle = Puzzle.parse(code, face_set="1999+C", faces_file=faces)
        puzzle.board()  # a faces file without these faces or this target: one line, now
        with preparing_solver():
            result = solve_code(code, classic=classic, timeout=timeout, faces=faces)
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
        title = f"{puzzle}: {plural(len(moves), 'move')}"
        svg = board_svg(board, robots=puzzle.robot_cells(), target=puzzle.target, paths=paths,
                        markers=puzzle.robot_cells(), title=title)  # fmt: skip
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
        board_text(
            board, robots=puzzle.robot_cells(), target=puzzle.target, highlight_cells=path_cells, legend=True
        )
    )
    length = plural(result["length"], "move")
    console.print(f"[bold]{puzzle}[/]: {length} ({rule}), {result['seconds'] * 1000:.1f} ms")
    console.print("  " + ", ".join(result["moves"]))
    if len(solutions) == 1:
        console.print("1 optimal solution (the only one):")
    elif solutions:
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
    with preparing_solver(), _progress() as progress:
        task = progress.add_task("solving", total=len(lines))
        for number, line in lines:
            try:
                result = solve_code(line, classic=classic, timeout=timeout, faces=faces)
            except RobotableError as exc:
                shown = line if len(line) <= 80 else line[:80] + "..."
                result = {"line": number, "code": shown, "error": str(exc)}
                failures += 1
            typer.echo(json.dumps(result))
            progress.advance(task)
    return 1 if failures else 0


def _read_lines(source: str) -> list[tuple[int, str]]:
    """The codes of a file (read like every data file: a regular UTF-8 file of bounded size)
    or of standard input (bounded the same way: ``/dev/zero`` piped in must not fill memory)."""
    if source == "-":
        text = sys.stdin.read(MAX_FILE_BYTES + 1)
        if len(text) > MAX_FILE_BYTES:
            raise fail(f"standard input: more than {MAX_FILE_BYTES:,} characters of puzzle codes")
    else:
        try:
            text = read_user_text(source)
        except DataFileError as exc:
            raise fail(str(exc)) from None
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
    moves: Annotated[
        int | None,
        typer.Option(help="The optimal length the puzzle must have.", parser=whole_number(), metavar="N"),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(
            help="Random seed: the same seed gives the same puzzle.",
            parser=whole_number(),
            metavar="N",
        ),
    ] = 0,
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
    with reporting(), preparing_solver(), _generating() as on_step:
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
        board = board_text(puzzle.board(), robots=puzzle.robot_cells(), target=puzzle.target, legend=True)
        console.print(board)
        console.print(f"[bold]{puzzle}[/]: the {puzzle.target} in {plural(moves, 'move')}")
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
    shown = repr(text) if len(text) <= 20 else repr(text[:20]) + "..."
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise fail(f"--date {shown}: write the day as YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise fail(f"--date {shown}: there is no such day (YYYY-MM-DD)") from None


@contextmanager
def preparing_solver() -> Iterator[None]:
    """On the very first run the solver compiles for seconds: say so on standard error while it
    does, instead of a silent wait; later runs load it at once and show nothing."""
    from robotable.games.ricochet.solver import kernel_ready, warm_up

    if not kernel_ready():
        with err().status("preparing the solver (first run only)..."):
            warm_up()
    yield


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
