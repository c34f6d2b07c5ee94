"""``robotable ricochet``: the optimal solver and the puzzle generator on the command line."""

from __future__ import annotations

import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from robotable.cli.common import check_writable, err, fail, out, reporting, write_file
from robotable.core.errors import NotationError, RobotableError
from robotable.core.numbers import read_int

if TYPE_CHECKING:  # imported where used: `ricochet solve CODE` must start fast (issue 17)
    import datetime as dt

    from rich.progress import Progress

    from robotable.games.ricochet.actions import Move
    from robotable.games.ricochet.board import Board
    from robotable.games.ricochet.code import Puzzle

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
MAX_JOBS = 256
MAX_COUNT = 100_000  # puzzles asked by `puzzle --count`
# States the plain-Python search of `solve CODE` may generate before the compiled solver takes over
# (about 2 us each). Issue 17, 300 random positions, loaded 2-core machine: 80,000 answered all of
# up to 7 moves (within 0.06 s), 29 of 31 of 8 moves, 16 of 20 of 9 and 5 of 13 of 10 (within
# 0.15 s); giving up costs up to 0.16 s. Worth it while the compiled solver means loading numba
# (0.3 s); once the kernel is built ahead of time it means loading NumPy (0.07 s), so the plain
# search then gets about as long as that.
QUICK_STATES = 80_000
QUICK_STATES_BUILT = 20_000

_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9}")
_SIZE = re.compile(r"([0-9]{1,12}(?:\.[0-9]{1,6})?)\s*([KMGT]?)(?:I?B)?", re.IGNORECASE)


def quick_states() -> int:
    """The plain search's budget before the compiled solver takes over (see QUICK_STATES)."""
    from robotable.games.ricochet import kernel_build

    return QUICK_STATES_BUILT if kernel_build.built_path() is not None else QUICK_STATES


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


def memory_size(value: Any) -> int:
    """A parser for ``--max-memory``: bytes, or a number with K, M, G or T (powers of 1024;
    ``200M``, ``1.5G``, ``512MiB``)."""
    if type(value) is int:
        return value
    text = str(value).strip()
    match = _SIZE.fullmatch(text)
    if not match or float(match[1]) <= 0:
        shown = repr(text) if len(text) <= 20 else repr(text[:20]) + "..."
        raise typer.BadParameter(
            f"a memory size is a number of bytes or of K, M, G, T (200M, 1.5G), not {shown}"
        )
    return int(float(match[1]) * 1024 ** " KMGT".index(match[2].upper() or " "))


def plural(count: int, word: str) -> str:
    """``1 move``, ``3 moves``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def notation(moves: tuple[tuple[int, int], ...]) -> list[str]:
    from robotable.games.ricochet.actions import Move

    return [str(Move(robot, direction)) for robot, direction in moves]


def solve_code(
    code: str,
    *,
    classic: bool,
    timeout: float | None = None,
    faces: str | None = None,
    max_memory: int | None = None,
) -> dict[str, Any]:
    """Solve one puzzle code (a line of ``--batch``): see :func:`solve_puzzle`."""
    from robotable.games.ricochet.code import Puzzle

    puzzle = Puzzle.parse(code, face_set="1999+C", faces_file=faces)
    return solve_puzzle(puzzle, puzzle.board(), classic=classic, timeout=timeout, max_memory=max_memory)


def solve_puzzle(
    puzzle: Puzzle,
    board: Board,
    *,
    classic: bool,
    timeout: float | None = None,
    max_memory: int | None = None,
) -> dict[str, Any]:
    """``{"code", "length", "moves", "seconds", "build_seconds"}`` (length None: no solution).
    ``seconds`` is the search alone; ``build_seconds`` the preparation of the board's and the
    target's tables when this call needed it (0 when cached). ``max_memory`` bounds the solver's
    table in bytes."""
    from robotable.games.ricochet.solver import solver_for

    solver = solver_for(board)
    built = solver.prepare(puzzle.target)  # so that the search's clock below counts the search alone
    begin = time.perf_counter()
    found = solver.solve(
        puzzle.robot_cells(), puzzle.target, must_ricochet=not classic, timeout=timeout, max_memory=max_memory
    )
    result: dict[str, Any] = {"code": str(puzzle), "length": None, "moves": []}
    if found is None:  # no solution, so no Solution to give the search's time: the call was the search
        result.update(seconds=round(time.perf_counter() - begin, 6), build_seconds=round(built, 6))
        return result
    if found.optimal:
        result.update(length=found.length, moves=notation(found.moves))
    else:
        result["error"] = f"not proven within {timeout:g} s (at least {plural(found.lower_bound, 'move')})"
    result.update(seconds=round(found.seconds, 6), build_seconds=round(built, 6))
    return result


def quick_solve(puzzle: Puzzle, board: Board, *, classic: bool) -> dict[str, Any] | None:
    """The answer of the plain-Python search (games/ricochet/quick.py), or None when it gives up
    (issue 17: loading the compiled solver takes NumPy, 0.07 s, or numba where it could not be
    built ahead of time, 0.3 s: longer than this search takes on short positions; see
    QUICK_STATES)."""
    from robotable.games.ricochet.quick import GaveUp
    from robotable.games.ricochet.quick import quick_solve as search

    begin = time.perf_counter()
    try:
        moves = search(board, puzzle.robot_cells(), puzzle.target, must_ricochet=not classic,
                       max_states=quick_states())  # fmt: skip
    except GaveUp:
        return None
    result: dict[str, Any] = {"code": str(puzzle), "length": None, "moves": []}
    if moves is not None:
        result.update(length=len(moves), moves=notation(moves))
    result["seconds"] = round(time.perf_counter() - begin, 6)
    return result


MaxMemory = Annotated[
    int | None,
    typer.Option(
        "--max-memory",
        help="Stop with a clear error rather than let the process grow past this size (200M, 1G): "
        "the solver's table (32 MiB at most) gets only what the process does not already use.",
        parser=memory_size,
        metavar="SIZE",
    ),
]


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
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            help=f"With --batch: solve in this many processes (1 to {MAX_JOBS}); output in input order.",
            parser=whole_number(1, MAX_JOBS),
            metavar="N",
        ),
    ] = 1,
    timeout: Annotated[
        float | None,
        typer.Option(
            help="Give up on a position after this many seconds.", parser=seconds, metavar="SECONDS"
        ),
    ] = None,
    max_memory: MaxMemory = None,
    faces: Annotated[
        str | None, typer.Option(help="Your own board faces file (the format of the shipped faces.txt).")
    ] = None,
) -> None:
    """Find a shortest solution under the real rules (must ricochet), or every one of them.

    `seconds` in the output is the search alone, `build_seconds` the preparation of the board's
    tables when the call needed it.

    Examples:

    - `robotable ricochet solve 1A2A3A4A-8A44FF0F-RC`
    - `robotable ricochet solve 4B3B2B1A-2E03B221-BT --json`
    - `robotable ricochet solve 1A2A3A4A-4ACCFF0F-RC --classic --all -o p2.svg`
    - `robotable ricochet solve --batch codes.txt --jobs 2 > solutions.jsonl`
    """
    if batch is not None:
        # batch mode writes JSON lines only: a code, a drawing or --all would be silently ignored
        extras = {"a puzzle code": code is not None, "--output": output is not None, "--all": all_solutions}
        given = [name for name, used in extras.items() if used]
        if given:
            raise fail(f"--batch solves the codes of a file: give it without {' or '.join(given)}")
        raise typer.Exit(
            run_batch(batch, classic=classic, timeout=timeout, faces=faces, jobs=jobs, max_memory=max_memory)
        )
    if output is not None:
        check_writable(output)
    if code is None:
        raise fail("give a puzzle code, or --batch FILE")
    from robotable.games.ricochet.code import Puzzle

    with reporting():
        puzzle = Puzzle.parse(code, face_set="1999+C", faces_file=faces)
        board = puzzle.board()  # a faces file without these faces or this target: one line, now
        plain = timeout is None and max_memory is None  # the quick search knows neither
        quick = quick_solve(puzzle, board, classic=classic) if plain else None
        if quick is not None:
            result = quick
        else:
            with preparing_solver():
                budget = _table_budget(max_memory)
                result = solve_puzzle(puzzle, board, classic=classic, timeout=timeout, max_memory=budget)
            result.pop("build_seconds", None)  # one code, one process: the batch lines report it
        solutions = _all_solutions(puzzle, classic, limit) if all_solutions and result["length"] else []
    if as_json:
        if all_solutions:
            result["all"] = [notation(s) for s in solutions]
        typer.echo(json.dumps(result))
    else:
        _print_solution(puzzle, result, solutions, classic)
    if output is not None:
        _draw_solution(puzzle, result, output)


def _table_budget(max_memory: int | None) -> int | None:
    """The solver's table budget under ``--max-memory`` (a MemoryLimitError if there is none)."""
    if max_memory is None:
        return None
    from robotable.games.ricochet.solver import table_budget

    return table_budget(max_memory)


def _draw_solution(puzzle: Puzzle, result: dict[str, Any], output: Path) -> None:
    from robotable.games.ricochet.svg import board_svg, solution_paths

    moves = _pairs(result["moves"])
    board = puzzle.board()
    paths = solution_paths(board, puzzle.robot_cells(), moves)
    title = f"{puzzle}: {plural(len(moves), 'move')}"
    svg = board_svg(board, robots=puzzle.robot_cells(), target=puzzle.target, paths=paths,
                    markers=puzzle.robot_cells(), title=title)  # fmt: skip
    write_file(output, svg)
    err().print(f"wrote {output}")


def _parse_move(text: str) -> Move:
    from robotable.games.ricochet.actions import Move, parse_action

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
    from robotable.games.ricochet.svg import solution_paths
    from robotable.games.ricochet.terminal import board_text

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


def _solve_line(task: tuple[int, str, bool, float | None, str | None, int | None]) -> dict[str, Any]:
    """One line of a batch (in a worker process with --jobs): its result, or an error line."""
    number, line, classic, timeout, faces, max_memory = task
    try:
        return solve_code(line, classic=classic, timeout=timeout, faces=faces, max_memory=max_memory)
    except RobotableError as exc:
        shown = line if len(line) <= 80 else line[:80] + "..."
        return {"line": number, "code": shown, "error": str(exc)}


def run_batch(
    source: str,
    *,
    classic: bool,
    timeout: float | None,
    faces: str | None = None,
    jobs: int = 1,
    max_memory: int | None = None,
) -> int:
    """Solve every line, in ``jobs`` processes, writing one JSON line per input line as soon as it
    and every line before it are done (input order). A bad line gets an error line and the batch
    goes on. Exit 1 if any failed."""
    from robotable.games.ricochet.solver import warm_up

    lines = _read_lines(source)
    with reporting(), preparing_solver():
        warm_up()  # loaded before the first line's clock starts, and before the workers fork
        budget = _table_budget(max_memory)  # checked once, before anything runs
    tasks = [(number, line, classic, timeout, faces, budget) for number, line in lines]
    failures = 0
    with _workers(min(jobs, max(len(tasks), 1))) as pool, _progress() as progress:
        task = progress.add_task("solving", total=len(tasks))
        results = map(_solve_line, tasks) if pool is None else pool.imap(_solve_line, tasks, chunksize=1)
        for result in results:
            failures += "line" in result
            typer.echo(json.dumps(result))
            progress.advance(task)
    return 1 if failures else 0


@contextmanager
def _workers(jobs: int) -> Iterator[Any]:
    """A pool of ``jobs`` processes (None for one: solve here). Forked where the system can, so
    the workers start with the solver already loaded."""
    if jobs <= 1:
        yield None
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(jobs) as pool:
        yield pool


def _read_lines(source: str) -> list[tuple[int, str]]:
    """The codes of a file (read like every data file: a regular UTF-8 file of bounded size)
    or of standard input (bounded the same way: ``/dev/zero`` piped in must not fill memory)."""
    from robotable.core.datafile import MAX_FILE_BYTES, read_user_text
    from robotable.core.errors import DataFileError

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
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

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
    min_moves: Annotated[
        int | None,
        typer.Option(
            "--min-moves",
            help="With --count: puzzles of at least N moves (up to 20), for a puzzle book.",
            parser=whole_number(),
            metavar="N",
        ),
    ] = None,
    count: Annotated[
        int | None,
        typer.Option(
            help=f"Write this many distinct puzzles (1 to {MAX_COUNT:,}), one code a line.",
            parser=whole_number(1, MAX_COUNT),
            metavar="K",
        ),
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
    Progress (placements tried, longest optimum found, time) goes to standard error.

    Examples:

    - `robotable ricochet puzzle --moves 12 --seed 3`
    - `robotable ricochet puzzle --daily --play`
    - `robotable ricochet puzzle --min-moves 14 --count 20 > book.txt`
    """
    if count is not None or min_moves is not None:
        raise typer.Exit(_puzzle_book(moves, min_moves, count, seed, classic, as_json, daily, output, play))
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
        from robotable.games.ricochet.terminal import board_text

        console = out()
        board = board_text(puzzle.board(), robots=puzzle.robot_cells(), target=puzzle.target, legend=True)
        console.print(board)
        console.print(f"[bold]{puzzle}[/]: the {puzzle.target} in {plural(moves, 'move')}")
    if output is not None:
        from robotable.games.ricochet.svg import board_svg

        svg = board_svg(puzzle.board(), robots=puzzle.robot_cells(), target=puzzle.target,
                        markers=puzzle.robot_cells())  # fmt: skip
        write_file(output, svg)
        err().print(f"wrote {output}")
    if play:
        from robotable.cli.play import PlayRequest, run_play

        options = ["must_ricochet=false"] if classic else []
        request = PlayRequest("ricochet", "human", seed, None, options, str(puzzle))
        with reporting():
            run_play(request, out())


def _puzzle_book(
    moves: int | None,
    min_moves: int | None,
    count: int | None,
    seed: int,
    classic: bool,
    as_json: bool,
    daily: bool,
    output: Path | None,
    play: bool,
) -> int:
    """``--min-moves N --count K`` (or ``--moves N --count K``): K distinct puzzles, one a line as
    soon as found (a code, or JSON with its length)."""
    from robotable.games.ricochet import puzzles

    if daily or output is not None or play:
        raise fail("--count writes puzzle codes: give it without --daily, --output or --play")
    if count is None:
        raise fail("--min-moves N goes with --count K (how many puzzles to write)")
    if (moves is None) == (min_moves is None):
        raise fail("give --count K with --min-moves N (at least N moves) or --moves N (exactly N)")
    low = moves if moves is not None else min_moves
    assert low is not None
    high = low if moves is not None else puzzles.MAX_GENERATED_MOVES
    with reporting(), preparing_solver(), _generating() as on_step:
        found = puzzles.search_puzzles(low, high, seed=seed, must_ricochet=not classic, on_progress=on_step)
        for _, (puzzle, length) in zip(range(count), found, strict=False):
            typer.echo(json.dumps({"code": str(puzzle), "length": length}) if as_json else str(puzzle))
    return 0


def _date(text: str) -> dt.date:
    import datetime as dt

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
    from robotable.games.ricochet import kernel_build
    from robotable.games.ricochet.solver import kernel_ready, warm_up

    if not kernel_ready():
        with err().status("preparing the solver (first run only)..."):
            warm_up()
        failure = kernel_build.build_failed()
        if failure:
            err().print(
                f"the solver could not be compiled ahead of time ({failure}): numba's JIT kernel "
                f"answers instead, about 0.3 s slower to start. Fix the cause, then delete "
                f"{kernel_build.failure_path()} to try again.",
                markup=False,
            )
    yield


class _generating:
    """A live line on standard error while the generator climbs: placements tried, the longest
    optimum found so far, the time spent."""

    def __enter__(self) -> Callable[[int, int], None]:
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=err(),
            transient=True,
        )
        self.progress.start()
        self.task = self.progress.add_task("generating")
        return self.step

    def step(self, placements: int, longest: int) -> None:
        description = (
            f"generating: {placements:,} placements tried, longest optimum {plural(longest, 'move')}"
        )
        self.progress.update(self.task, description=description)

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()
