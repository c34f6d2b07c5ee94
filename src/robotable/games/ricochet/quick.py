"""An exact solver in plain Python for the command line's quick answers (issue 17, startup).

Loading numba and the compiled kernel takes about a third of a second before any search; this
search needs neither (nor NumPy) and answers most positions of up to about nine moves in less.
It is the compiled solver's method without its speed: iterative deepening with the same lower
bound per cell and turn state (see ``_kernel.lower_bounds``), only the finishing robots moving
when no move is spare, no second move of a robot along one axis unless it goes back to gain a
turn or to arrive, of two independent moves only one order, and a transposition table. It gives
up after ``max_states`` generated moves, and the caller then asks the compiled solver.
"""

from __future__ import annotations

from collections.abc import Sequence

from robotable.games.ricochet.board import CELLS, Board, Target
from robotable.games.ricochet.search import Move, check_position, finishers

INF = 255
STEP = (-16, 1, 16, -1)  # N E S W


class GaveUp(Exception):
    """The search visited its budget of states before proving an answer."""


def wall_stops(walls: Sequence[int]) -> list[int]:
    """Where a lone robot stops from each cell in each direction: ``stops[cell * 4 + d]``."""
    stops = [0] * (CELLS * 4)
    for cell in range(CELLS):
        for d in range(4):
            stop = cell
            while not walls[stop] >> d & 1:
                stop += STEP[d]
            stops[cell * 4 + d] = stop
    return stops


def lower_bounds(stops: Sequence[int], target: int) -> list[int]:
    """``h[cell * 4 + turns]``: the fewest moves for a finishing robot that could stop on any cell,
    as ``_kernel.lower_bounds`` computes it (see there why it never exceeds the true cost)."""
    h3 = [INF] * CELLS
    h3[target] = 0
    queue = [target]
    for c in queue:
        k = h3[c] + 1
        for back in range(4):
            step = STEP[back]
            for p in range(c + step, stops[c * 4 + back] + step, step):
                if h3[p] < k:
                    break
                if h3[p] == INF:
                    h3[p] = k
                    queue.append(p)
    h = [0] * (CELLS * 4)
    for c in range(CELLS):
        line = 1 if (c & 15) == (target & 15) else 2
        for t in range(4):
            if h3[c] >= 2 or t == 3:
                h[c * 4 + t] = h3[c]
            elif c == target:
                h[c * 4 + t] = 3 if t == 0 else 2
            else:
                h[c * 4 + t] = 1 if t | line == 3 else 3
    return h


def quick_solve(
    board: Board,
    robots: Sequence[int],
    target: Target,
    *,
    must_ricochet: bool = True,
    max_depth: int = 63,
    max_states: int = 80_000,
) -> tuple[Move, ...] | None:
    """A shortest solution, or None if there is none within ``max_depth`` moves (RR-14, RR-15,
    RR-34); raises GaveUp past ``max_states`` generated states."""
    goal = check_position(board, robots, target)
    search = _Search(board, robots, goal, finishers(target, len(robots)), must_ricochet, max_states)
    return search.run(max_depth)


class _Search:
    """One search: the position as it is being explored, the tables, the states left to generate."""

    def __init__(
        self,
        board: Board,
        robots: Sequence[int],
        goal: int,
        can_finish: tuple[int, ...],
        must_ricochet: bool,
        max_states: int,
    ) -> None:
        self.stops = wall_stops(board.walls)
        self.h = lower_bounds(self.stops, goal)
        self.goal = goal
        self.finishing = [i in can_finish for i in range(len(robots))]
        self.vortex = len(can_finish) > 1
        self.active = can_finish[0]
        self.pos = list(robots)
        self.turns = [0 if must_ricochet and self.finishing[i] else 3 for i in range(len(robots))]
        self.order = [self.active, *(i for i in range(len(robots)) if i != self.active)]  # it moves first
        self.rank = [self.order.index(i) for i in range(len(robots))]
        self.left = max_states
        self.table: dict[tuple[int, ...], int] = {}
        self.path: list[Move] = []

    def run(self, max_depth: int) -> tuple[Move, ...] | None:
        """Iterative deepening; the table keeps, per state, the moves searched from it in vain."""
        for depth in range(1, max_depth + 1):
            if self.bound() > depth:
                continue
            if self.dfs(depth, -1, 0, 0, 0):
                return tuple(self.path)
        return None

    def bound(self) -> int:
        """The lowest lower bound over the robots that may finish."""
        return min(self.h[self.pos[i] * 4 + self.turns[i]] for i in range(len(self.pos)) if self.finishing[i])

    def key(self) -> tuple[int, ...]:
        """The table's key: blockers are interchangeable, so they enter as a sorted set."""
        if self.vortex:
            return tuple(sorted(c * 4 + t for c, t in zip(self.pos, self.turns, strict=True)))
        others = sorted(c for i, c in enumerate(self.pos) if i != self.active)
        return (self.pos[self.active] * 4 + self.turns[self.active], *others)

    def dfs(self, rest: int, last: int, last_dir: int, last_from: int, last_turns: int) -> bool:
        """Search ``rest`` more moves; ``last`` is the robot moved last (-1 at the root), in
        ``last_dir`` from ``last_from``, its turns before that move ``last_turns``."""
        pos, turns, h, stops, finishing = self.pos, self.turns, self.h, self.stops, self.finishing
        bound = self.bound()
        last_rank = self.rank[last] if last >= 0 else -1
        last_at = pos[last] if last >= 0 else -1
        for i in self.order:
            c = pos[i]
            if bound == rest and not (finishing[i] and h[c * 4 + turns[i]] == rest):
                continue  # no move is spare: only a finishing robot at the bound may move
            # RR-10: the four wall stops, cut short by the first robot on the way
            dn, de, ds, dw = stops[c * 4 : c * 4 + 4]
            column = c & 15
            for p in pos:
                if p & 15 == column:
                    if dn <= p < c:
                        dn = p + 16
                    elif c < p <= ds:
                        ds = p - 16
                elif c < p <= de:  # between two cells of one row: on that row
                    de = p - 1
                elif dw <= p < c:
                    dw = p + 1
            for d, dest in enumerate((dn, de, ds, dw)):
                if dest == c:
                    continue
                nt = turns[i] | (1 << (d & 1))
                arrives = dest == self.goal and finishing[i]
                # Same robot, same axis: equal to one move from the earlier cell, or back to it, which
                # helps only to gain a turn or to arrive (as in the compiled kernel).
                same_axis = i == last and (last_dir ^ d) & 1 == 0
                if same_axis and (dest != last_from or (nt == last_turns and not arrives)):
                    continue
                self.left -= 1
                if self.left < 0:
                    raise GaveUp
                if arrives:
                    if nt == 3:
                        self.path.append((i, d))
                        return True
                    continue  # RR-15: a straight arrival ends the attempt
                if rest == 1:
                    continue
                if self.rank[i] < last_rank and _commute(last_from, last_at, last_dir, c, dest, d):
                    continue  # the other order was searched from the parent (see _kernel._commute)
                old_turns = turns[i]
                pos[i], turns[i] = dest, nt
                if self.bound() <= rest - 1:
                    key = self.key()
                    if self.table.get(key, -1) < rest - 1:
                        self.table[key] = rest - 1
                        self.path.append((i, d))
                        if self.dfs(rest - 1, i, d, c, old_turns):
                            pos[i], turns[i] = c, old_turns
                            return True
                        self.path.pop()
                pos[i], turns[i] = c, old_turns
        return False


def _between(x: int, start: int, stop: int) -> bool:
    """Whether cell x is on the straight path from ``start`` (excluded) to ``stop`` (included)."""
    if x == start or x < min(start, stop) or x > max(start, stop):
        return False
    if (stop - start) % 16 == 0:
        return (x & 15) == (start & 15)
    return (x >> 4) == (start >> 4)


def _commute(a: int, a_to: int, a_dir: int, b: int, b_to: int, b_dir: int) -> bool:
    """Whether robot A's move a -> a_to and robot B's move b -> b_to give the same result in either
    order (``_kernel._commute`` says why one order is enough)."""
    if _between(a, b, b_to) or a_to == b_to + STEP[b_dir]:
        return False
    return not (b == a_to + STEP[a_dir] or _between(b_to, a, a_to))
