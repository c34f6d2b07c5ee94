"""The optimal Ricochet Robots solver (RR-34): exact shortest solutions, fast.

Iterative deepening DFS in a numba kernel (``_kernel.py``). What keeps it fast:

- a transposition table keyed on the finishing robot (cell and turns) and the *set* of the other robots
  (blockers are interchangeable), storing the remaining depth searched without success; its size grows
  with the search, so small searches stay in the CPU caches;
- a lower bound per cell and turn state for the finishing robot; when the remaining depth equals it,
  only the finishing robot may move, and when one move is spare a helper move must touch a cell of the
  finishing robot's remaining tight paths;
- move pruning that never loses a shortest solution: no second move of a robot along the same axis
  unless it goes back to gain a turn or to arrive, and of two independent moves only one order;
- per node, the children are generated first and their table buckets prefetched, then entered.

A :class:`Solver` holds what depends on the board only (the lone-robot stops) and, per target
cell, the lower bounds and relevance masks: built once, reused by every later search. The
transposition table and scratch arrays are shared by all Solvers of a process and never cleared
(a stamp per call stands for clearing). The table is bounded (``max_memory``, 32 MiB by default).

RR-15 (must ricochet) is a turn state, the set of axes a robot has moved along, kept only for robots
that may finish. The kernel is compiled once per machine, ahead of time into an extension module
that loads without numba (``kernel_build.py``), or, where that build cannot run, by numba's JIT
(then loaded from numba's on-disk cache by later processes).
"""

from __future__ import annotations

import collections
import contextlib
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from robotable.core.errors import RobotableError
from robotable.games.ricochet import kernel_build
from robotable.games.ricochet.board import CELLS, Board, Target
from robotable.games.ricochet.kernel_contract import (
    EXHAUSTED,
    GROW,
    KEYS_SIZE,
    KIDS,
    MAX_DEPTH,
    TIMEOUT,
    WORK_ROWS,
    WORK_WIDTH,
)
from robotable.games.ricochet.search import Move, check_position, finishers

# Transposition table sizes tried in turn (8-byte entries): a small search stays in the CPU caches,
# a big one gets room. Tables up to _KEEP_BITS stay allocated between calls; bigger ones are freed
# after their search, so a long-lived process does not keep a hard search's memory.
_TABLE_BITS = (14, 17, 20, 22, 24, 26)  # 128 KiB .. 512 MiB
_KEEP_BITS = 20  # 8 MiB
ENTRY_BYTES = 8
MIN_TABLE_BYTES = ENTRY_BYTES << _TABLE_BITS[0]
# The default bound on the transposition table: 40 MiB, i.e. a table of 32 MiB (4 Mi entries), plus
# the 8 MiB one it grows from while its entries move over. The table is a cache: a bound costs time,
# never exactness; on the 25-move RR-EX-15 position a bigger table is no faster (measured, issue 17).
DEFAULT_MAX_MEMORY = 40 << 20
# Visited states before the kernel uses its helper-relevance masks (a switch for tests).
RELEVANCE_AFTER = 0


class MemoryLimitError(RobotableError):
    """The memory allowed to a search is below what it needs at the least (``reason`` says why)."""

    def __init__(self, reason: str, *, limit: int, needed: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.limit = limit
        self.needed = needed


def process_memory() -> int:
    """This process's peak resident memory so far, in bytes (0 where the system cannot tell)."""
    try:
        import resource
    except ImportError:  # not on Unix
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, Linux KiB


def table_budget(process_limit: int) -> int:
    """The transposition table's share of a whole-process memory limit (``--max-memory``): what
    the process does not already use, at most the default bound (a limit only ever lowers it).
    Raises MemoryLimitError when that is below the smallest table.
    """
    used = process_memory()
    budget = min(process_limit - used, DEFAULT_MAX_MEMORY)
    if budget < MIN_TABLE_BYTES:
        raise MemoryLimitError(
            f"a memory limit of {_mib(process_limit)} is too small: this process already uses "
            f"{_mib(used)} (Python, numba and the compiled solver) and a search needs "
            f"{MIN_TABLE_BYTES // 1024} KiB more at the least",
            limit=process_limit,
            needed=used + MIN_TABLE_BYTES,
        )
    return budget


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.0f} MiB"


@dataclass(frozen=True)
class Solution:
    """A solution found by :meth:`Solver.solve` or :func:`solve`.

    ``optimal`` is False only when the timeout stopped the search before a proof; ``moves`` is then
    empty (iterative deepening knows no solution before it knows the shortest) and ``lower_bound``
    tells how long any solution must be. ``seconds`` is the search alone; ``build_seconds`` is the
    preparation this call needed (the board's move table, the target's lower bounds), 0 when both
    were cached.
    """

    moves: tuple[Move, ...]  # (robot, direction); robots red, green, blue, yellow, silver
    optimal: bool
    visited: int  # states generated by the search
    seconds: float
    lower_bound: int = 0  # every solution has at least this many moves
    build_seconds: float = 0.0

    @property
    def length(self) -> int:
        return len(self.moves)


class _Table:
    """A transposition table kept between calls; a new stamp per call stands for clearing it."""

    def __init__(self, bits: int) -> None:
        self.bits = bits
        self.data: np.ndarray | None = None  # allocated on first use (calloc: pages arrive as touched)
        self.stamp = 0

    def next_stamp(self) -> tuple[np.ndarray, int]:
        if self.data is None:
            self.data = np.zeros(1 << self.bits, np.uint64)
        self.stamp += 1
        if self.stamp > 255:
            self.data.fill(0)
            self.stamp = 1
        return self.data, self.stamp

    def release(self) -> None:
        if self.bits > _KEEP_BITS:
            self.data = None
            self.stamp = 0


_TABLES = tuple(_Table(bits) for bits in _TABLE_BITS)
_LOCK = threading.Lock()  # the tables and scratch arrays are shared by every Solver of the process
_WORK = np.empty((WORK_ROWS, WORK_WIDTH), np.int64)
_KEYS = np.empty(KEYS_SIZE, np.uint64)
_KIDS = np.empty((4, KEYS_SIZE * KIDS), np.int64)  # each level's children
_KID_KEYS = np.empty(KEYS_SIZE * KIDS, np.uint64)


def table_levels(max_memory: int | None) -> int:
    """How many of the table sizes a search may use under ``max_memory`` bytes (None: the default).

    Growing from one size to the next holds both tables for a moment, so both count.
    """
    limit = DEFAULT_MAX_MEMORY if max_memory is None else max_memory
    levels = 0
    for bits in _TABLE_BITS:
        held = ENTRY_BYTES << bits
        if levels:
            held += ENTRY_BYTES << _TABLE_BITS[levels - 1]
        if held > limit:
            break
        levels += 1
    if levels == 0:
        raise MemoryLimitError(
            f"the solver needs at least {MIN_TABLE_BYTES // 1024} KiB for its transposition table, "
            f"but the memory limit leaves it {max(limit, 0) // 1024} KiB",
            limit=limit,
            needed=MIN_TABLE_BYTES,
        )
    return levels


_DEFAULT_LEVELS = table_levels(None)
_KEPT_LEVELS = sum(1 for bits in _TABLE_BITS if bits <= _KEEP_BITS)


class _Goal:
    """One target on one board: its cell, the robots that may finish it (per robot count) and the
    tables the kernel reads, built on first use and valid for every later search of the target:
    lower bounds (see _kernel.lower_bounds) and helper-relevance masks, filled on demand."""

    __slots__ = ("cell", "h", "rel", "rel_done", "roles", "vortex")

    def __init__(self, stops: np.ndarray, target: Target, cell: int) -> None:
        self.cell = cell
        self.vortex = target.is_vortex
        self.roles = {count: _roles(count, target) for count in (4, 5)}
        self.h = _kernels().lower_bounds(stops, cell, np.empty(1024, np.uint8))
        self.rel = np.zeros((1024, 4), np.uint64)
        self.rel_done = np.zeros(1024, np.bool_)


class Solver:
    """The exact solver for one board: its move table and each target's lower bounds are built once.

    Callers that solve many positions on one board (the game, the bots, the generator, batches)
    keep one; :func:`solve` keeps a small cache of them. Thread-safe: searches take turns.
    """

    def __init__(self, board: Board) -> None:
        walls = np.array(board.walls, dtype=np.uint8)
        kernels = _kernels()  # once a process, and not this board's cost: kept out of build_seconds
        begin = time.perf_counter()
        self.board = board
        self.stops = kernels.wall_stops(walls)
        self._goals: dict[Target, _Goal] = {}
        self._built = time.perf_counter() - begin  # reported by the first solve, then 0

    def _goal(self, target: Target) -> _Goal:
        """The target's tables, built on first use (the caller holds ``_LOCK``)."""
        goal = self._goals.get(target)
        if goal is None:
            begin = time.perf_counter()
            goal = self._goals[target] = _Goal(self.stops, target, self.board.targets[target])
            self._built += time.perf_counter() - begin
        return goal

    def _take_build_seconds(self) -> float:
        built, self._built = self._built, 0.0
        return built

    def prepare(self, target: Target) -> float:
        """Build the target's tables now, if they are new: the seconds spent preparing since the
        last solve (this board's move table too when it is new), which a later solve then does
        not report again. For callers that time the search apart from a Solution."""
        if target not in self.board.targets:
            raise ValueError(f"the board has no {target} target")
        with _LOCK:
            self._goal(target)
            return self._take_build_seconds()

    def _search(
        self,
        robots: Sequence[int],
        goal: _Goal,
        levels: int,
        must_ricochet: bool,
        max_depth: int,
        deadline: float,
        out: np.ndarray,
        min_depth: int = 1,
    ) -> tuple[int, int, int, int]:
        """Run the kernel, moving to bigger tables as needed: (status, depth, visited, found).

        The caller holds ``_LOCK``: the tables, the scratch arrays and the target's tables are shared."""
        fin_mask, active = goal.roles[len(robots)]
        start = np.array(robots, dtype=np.int64)
        kernels = _kernels()
        visited = 0
        previous: tuple[np.ndarray, int] | None = None
        try:
            for level in range(levels):
                data, stamp = _TABLES[level].next_stamp()
                if previous is not None:
                    kernels.rehash(*previous, data, stamp)
                previous = data, stamp
                grow_at = 1 << 62 if level == levels - 1 else len(data) // 2
                status, depth, count, found = kernels.search(
                    self.stops, goal.h, goal.rel, goal.rel_done, goal.cell, fin_mask, goal.vortex, active,
                    must_ricochet, start, min_depth, max_depth, deadline, data, stamp, len(out) > 1, out,
                    grow_at, RELEVANCE_AFTER, _WORK, _KEYS, _KIDS, _KID_KEYS,
                )  # fmt: skip
                visited += count
                if status != GROW:
                    break
                min_depth = depth
        finally:
            if levels > _KEPT_LEVELS:
                for table in _TABLES[_KEPT_LEVELS:levels]:
                    table.release()
        return status, depth, visited, found

    def solve(
        self,
        robots: Sequence[int],
        target: Target,
        *,
        must_ricochet: bool = True,
        max_depth: int | None = None,
        timeout: float | None = None,
        max_memory: int | None = None,
    ) -> Solution | None:
        """A shortest solution (RR-14, RR-15, RR-34), or None if none exists within ``max_depth``.

        See :func:`solve`; ``max_memory`` bounds the transposition table in bytes (default
        ``DEFAULT_MAX_MEMORY``), and a bound too small for any table raises MemoryLimitError.
        """
        depth_limit = MAX_DEPTH if max_depth is None else _max_depth(max_depth)
        check_position(self.board, robots, target)
        levels = _DEFAULT_LEVELS if max_memory is None else table_levels(max_memory)
        out = np.empty((1, MAX_DEPTH + 1), np.int64)
        with _LOCK:
            goal = self._goal(target)
            build_seconds = self._take_build_seconds()
            begin = time.perf_counter()  # after waiting for the lock: the search alone
            deadline = 0.0 if timeout is None else begin + max(timeout, 1e-6)
            status, depth, visited, _ = self._search(robots, goal, levels, must_ricochet, depth_limit,
                                                     deadline, out)  # fmt: skip
            seconds = time.perf_counter() - begin
        if status == TIMEOUT:
            return Solution((), False, visited, seconds, depth, build_seconds)
        if status == EXHAUSTED:
            return None
        moves = tuple([(code >> 2, code & 3) for code in out[0, :depth].tolist()])
        return Solution(moves, True, visited, seconds, depth, build_seconds)

    def solve_all(
        self,
        robots: Sequence[int],
        target: Target,
        *,
        must_ricochet: bool = True,
        limit: int = 100,
        max_memory: int | None = None,
    ) -> list[tuple[Move, ...]]:
        """Every optimal solution (distinct move sequences), at most ``limit`` of them."""
        first = self.solve(robots, target, must_ricochet=must_ricochet, max_memory=max_memory)
        if first is None or limit < 1:
            return []
        if limit == 1:
            return [first.moves]
        out = np.zeros((limit, MAX_DEPTH + 1), dtype=np.int64)
        length = first.length
        levels = _DEFAULT_LEVELS if max_memory is None else table_levels(max_memory)
        with _LOCK:
            goal = self._goal(target)
            _, depth, _, found = self._search(robots, goal, levels, must_ricochet, length, 0.0, out, length)
        return [tuple((code >> 2, code & 3) for code in row[:depth]) for row in out[:found].tolist()]


_kernels_in_use: ModuleType | None = None  # the kernel functions this process calls, once chosen
_KERNELS_LOCK = threading.Lock()
_BLAS_PROBE = "scipy.linalg.cython_blas"


def _kernels() -> ModuleType:
    """The kernel functions (``wall_stops``, ``lower_bounds``, ``search``, ``rehash``), chosen once
    a process: the ahead-of-time module, built on the machine's first use (seconds) and loaded
    in milliseconds after; numba's JIT kernel where that build cannot run."""
    global _kernels_in_use
    if _kernels_in_use is None:
        with _KERNELS_LOCK:
            if _kernels_in_use is None:
                _kernels_in_use = kernel_build.load() or kernel_build.build() or _jit_kernels()
    return _kernels_in_use


def _jit_kernels() -> ModuleType:
    """numba's kernel, loaded (or, the first time ever, compiled) with the argument types of the
    solver's calls: a search from depth 1 to 0 on a board walled all round returns at once."""
    from robotable.games.ricochet import _kernel

    with _numba_without_blas():
        stops = _kernel.wall_stops(np.full(CELLS, 15, np.uint8))
        h = _kernel.lower_bounds(stops, 0, np.empty(1024, np.uint8))
        rel, rel_done = np.empty((1024, 4), np.uint64), np.zeros(1024, np.bool_)
        table = np.zeros(MIN_TABLE_BYTES // ENTRY_BYTES, np.uint64)
        work, keys = np.empty((WORK_ROWS, WORK_WIDTH), np.int64), np.empty(KEYS_SIZE, np.uint64)
        kids, kid_keys = np.empty((4, KEYS_SIZE * KIDS), np.int64), np.empty(KEYS_SIZE * KIDS, np.uint64)
        out = np.empty((1, MAX_DEPTH + 1), np.int64)
        _kernel.search(
            stops, h, rel, rel_done, 0, 1, False, 0, True, np.arange(4, dtype=np.int64), 1, 0, 0.0,
            table, 1, False, out, 1, RELEVANCE_AFTER, work, keys, kids, kid_keys,
        )  # fmt: skip
        _kernel.rehash(np.zeros(4, np.uint64), 1, np.zeros(8, np.uint64), 1)  # only big searches grow
    return _kernel


@contextlib.contextmanager
def _numba_without_blas() -> Iterator[None]:
    """numba's CPU target, on its first use in a process, imports scipy.linalg (0.15 to 0.2 s, more
    than a short solve) only to learn whether np.correlate may call BLAS; the kernels do no linear
    algebra. So that import is refused while the kernels load, when no other thread could be
    importing it meanwhile (a lone-thread process: the command line, a batch worker)."""
    skip = (
        "numba.np.arraymath" in sys.modules  # the target is loaded already
        or _BLAS_PROBE in sys.modules
        or threading.active_count() > 1
    )
    if skip:
        yield
        return
    sys.modules[_BLAS_PROBE] = None  # type: ignore[assignment]  # import refused: ImportError
    try:
        yield
    finally:
        if sys.modules.get(_BLAS_PROBE, 0) is None:
            del sys.modules[_BLAS_PROBE]


def _roles(robots: int, target: Target) -> tuple[int, int]:
    """The mask of the robots that may finish (RR-13) and the active robot, which moves first."""
    can_finish = finishers(target, robots)
    return sum(1 << i for i in can_finish), can_finish[0]


_SOLVERS: collections.OrderedDict[tuple[tuple[str, ...], tuple[int, ...]], Solver] = collections.OrderedDict()
_SOLVER_CACHE_SIZE = 32
_SOLVERS_LOCK = threading.Lock()  # not _LOCK: the game and the server solve from several threads
_last: tuple[Board, Solver] | None = None  # the latest board object: found again without hashing


def solver_for(board: Board) -> Solver:
    """A cached :class:`Solver` for this board (the last 32 boards are kept)."""
    global _last
    last = _last
    if last is not None and last[0] is board:
        return last[1]
    key = (board.faces, board.walls)
    with _SOLVERS_LOCK:  # the game and the server solve from several threads
        found = _SOLVERS.get(key)
        if found is None or found.board.targets != board.targets:  # a faces file may move targets
            found = Solver(board)
            _SOLVERS[key] = found
            if len(_SOLVERS) > _SOLVER_CACHE_SIZE:
                _SOLVERS.popitem(last=False)
        else:
            _SOLVERS.move_to_end(key)
        _last = board, found
    return found


def _max_depth(max_depth: int | None) -> int:
    if max_depth is None:
        return MAX_DEPTH
    if not 0 <= max_depth <= MAX_DEPTH:
        raise ValueError(f"max_depth must be between 0 and {MAX_DEPTH}")
    return max_depth


def solve(
    board: Board,
    robots: Sequence[int],
    target: Target,
    *,
    must_ricochet: bool = True,
    max_depth: int | None = None,
    timeout: float | None = None,
    max_memory: int | None = None,
) -> Solution | None:
    """A shortest solution (RR-14, RR-15, RR-34), or None if none exists within ``max_depth``.

    ``robots`` are cell indices in the order red, green, blue, yellow[, silver]; the target's robot
    finishes, or any robot for the vortex. ``max_depth`` defaults to ``MAX_DEPTH`` (63): a position
    without any solution is searched that deep unless its target is unreachable outright, so pass a
    ``timeout`` (seconds) when that matters. A search stopped by the timeout returns a Solution with
    ``optimal=False``, no moves, and the proven ``lower_bound``. ``max_memory`` bounds the
    transposition table in bytes (default ``DEFAULT_MAX_MEMORY``: a 32 MiB table, 40 MiB while it
    grows from the previous size); below 128 KiB it raises MemoryLimitError. Uses the board's
    cached :class:`Solver`.
    """
    return solver_for(board).solve(
        robots, target, must_ricochet=must_ricochet, max_depth=max_depth, timeout=timeout,
        max_memory=max_memory,
    )  # fmt: skip


def optimal_length(
    board: Board, robots: Sequence[int], target: Target, *, must_ricochet: bool = True
) -> int | None:
    """The optimal number of moves, or None if the position has no solution."""
    solution = solve(board, robots, target, must_ricochet=must_ricochet)
    return None if solution is None else solution.length


def solve_all(
    board: Board, robots: Sequence[int], target: Target, *, must_ricochet: bool = True, limit: int = 100
) -> list[tuple[Move, ...]]:
    """Every optimal solution (distinct move sequences), at most ``limit`` of them."""
    return solver_for(board).solve_all(robots, target, must_ricochet=must_ricochet, limit=limit)


# --------------------------------------------------------------------------- first use


def kernel_ready() -> bool:
    """True when the first solve will be quick: the kernel is loaded in this process, or built
    ahead of time for this machine, or (where that build cannot run) in numba's disk cache for
    the current source. Cheap: it looks for a file, or reads four small index files."""
    if _kernels_in_use is not None or kernel_build.built_path() is not None:
        return True
    if kernel_build.SUPPORTED and not kernel_build.build_failed():
        return False  # the first use builds the module
    return _jit_cache_ready()


def _jit_cache_ready() -> bool:
    """numba's disk cache holds the JIT kernel for the current source."""
    from robotable.games.ricochet import _kernel

    dispatchers = (_kernel.wall_stops, _kernel.lower_bounds, _kernel.search, _kernel.rehash)
    try:  # numba's cache index; its layout is numba's own, so any surprise means "not ready"
        return all(kernel.signatures or kernel._cache._cache_file._load_index() for kernel in dispatchers)
    except Exception:
        return False


def warm_up() -> None:
    """Build (first use on this machine) or load (later) the kernel the solver calls."""
    _kernels()


def rank_by_robots_moved(solutions: Iterable[Sequence[Move]]) -> list[tuple[Move, ...]]:
    """Solutions sorted by length, then by how many distinct robots they move (fewest first)."""
    return sorted((tuple(s) for s in solutions), key=lambda s: (len(s), len({robot for robot, _ in s})))
