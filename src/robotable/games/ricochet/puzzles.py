"""Puzzle generation: positions whose optimal solution has exactly N moves, and the daily puzzle.

Random positions rarely need more than ten moves, so the generator climbs. Its unit is a
placement (a board and the robots' cells), not a single target: every target of the board is
solved for it, on one :class:`~robotable.games.ricochet.solver.Solver` built once per board, so
each placement tried gives 17 chances and the climb follows the hardest target it has. A move of
the climb puts one robot on another cell, kept when the placement's lengths (hardest first) do not
get worse. Lengths above the asked one are not searched to the end (a search stops at N moves),
so one target that is out of reach does not cost a full proof.

Why not one search per placement, which would learn every target at once (a breadth-first
search whose states carry each robot's turns, RR-15, gives for each robot and cell the first depth
it stops there): measured in a numba kernel (issue 17, shared 2-core machine), the states within d
moves of a placement grow about 2x per move: within 15 moves under the rule, 5.7 and 16.7 million
states on two random placements, 3.9 and 8.0 s, 130 to 400 MiB of states and hash table, and
some eight times that for 18 moves. The iterative deepening search with its lower bounds solves a
13-move target in milliseconds, and a whole 15-move puzzle (4 to 181 placements) takes 1.5 s at
the median. Per target it is, on a shared Solver.

Everything is drawn from a seeded generator and the solver is exact, so a seed always gives the
same puzzles.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from robotable.core.errors import RobotableError
from robotable.core.rng import Rng
from robotable.games.ricochet.board import CELLS, CENTRE, Board, Target, assemble, cell_xy, random_board
from robotable.games.ricochet.code import Puzzle

MAX_GENERATED_MOVES = 20
_STEPS_PER_RESTART = 60  # robot moves tried on one board before a fresh random placement
_FOCUS = 3  # a candidate placement is first solved for this many targets: the current hardest
# The daily puzzle gets harder through the week, Monday 5 moves to Sunday 11.
DAILY_MOVES = (5, 6, 7, 8, 9, 10, 11)

Progress = Callable[[int, int], None]  # (placements tried, longest optimal length found so far)


@dataclass
class _Placement:
    """Robot cells on a board, with the optimal length of each target (``cap``: longer, or none)."""

    cells: tuple[int, ...]
    lengths: dict[Target, int]
    cap: int

    @property
    def score(self) -> tuple[int, ...]:
        """The lengths, hardest first, a length past the asked ones just below the longest asked
        (twice the lengths, to fit it in): the climb keeps a placement whose score does not drop."""
        return tuple(
            sorted((2 * n if n < self.cap else 2 * n - 3 for n in self.lengths.values()), reverse=True)
        )


class _Climb:
    """One board: its Solver, and the lengths of every target for the placements tried on it."""

    def __init__(self, board: Board, must_ricochet: bool, cap: int) -> None:
        from robotable.games.ricochet.solver import Solver  # numpy: only when puzzles are made

        self.board = board
        self.solver = Solver(board)
        self.must_ricochet = must_ricochet
        self.cap = cap  # lengths are exact below cap; cap means "cap or more"
        self.blocked = set(board.targets.values()) | {c for c in range(CELLS) if cell_xy(c) in CENTRE}

    def evaluate(
        self,
        cells: tuple[int, ...],
        targets: list[Target] | None = None,
        known: dict[Target, int] | None = None,
    ) -> _Placement:
        """The lengths of ``targets`` (default: all the board's), reusing those ``known``."""
        lengths = dict(known or {})
        for target in self.board.targets if targets is None else targets:
            if target not in lengths:
                found = self.solver.solve(
                    cells, target, must_ricochet=self.must_ricochet, max_depth=self.cap - 1
                )
                lengths[target] = self.cap if found is None else found.length
        return _Placement(cells, lengths, self.cap)

    def random_cells(self, rng: Rng, count: int) -> tuple[int, ...]:
        """RR-8: distinct cells, off the centre and off every target."""
        free = [c for c in range(CELLS) if c not in self.blocked]
        return tuple(free.pop(rng.randrange(len(free))) for _ in range(count))

    def neighbour(self, cells: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
        """The same placement with one robot on another free cell (RR-8)."""
        taken = set(cells) | self.blocked
        while True:
            cell = rng.randrange(CELLS)
            if cell not in taken:
                break
        moved = list(cells)
        moved[rng.randrange(len(moved))] = cell
        return tuple(moved)


def search_puzzles(
    min_moves: int,
    max_moves: int,
    *,
    seed: int = 0,
    must_ricochet: bool = True,
    silver: bool = False,
    face_set: str = "1999",
    on_progress: Progress | None = None,
) -> Iterator[tuple[Puzzle, int]]:
    """Distinct puzzles whose optimal length is from ``min_moves`` to ``max_moves``, with that
    length, endlessly, in the order a seeded climb finds them (RR-8, RR-30: no robot on a target).
    One placement may give several (one per target in range); then a new climb starts from a fresh
    board and placement, so that a puzzle book does not fill with near-copies (one robot moved).

    ``on_progress(placements, longest)`` is called after every placement tried.
    """
    shortest = 2 if must_ricochet else 1  # RR-15: a ricochet needs two own moves
    if not shortest <= min_moves <= max_moves <= MAX_GENERATED_MOVES:
        raise RobotableError(
            f"can generate puzzles of {shortest} to {MAX_GENERATED_MOVES} moves, not {min_moves}"
            + ("" if min_moves == max_moves else f" to {max_moves}")
        )
    rng = Rng(seed)
    cap = max_moves + 1
    given: set[str] = set()
    tried = longest = 0
    while True:
        climb = _Climb(assemble(random_board(rng, face_set)), must_ricochet, cap)
        current = climb.evaluate(climb.random_cells(rng, 5 if silver else 4))
        for _ in range(_STEPS_PER_RESTART):
            tried += 1
            longest = max([longest, *(n for n in current.lengths.values() if n < cap)])
            if on_progress is not None:
                on_progress(tried, longest)
            yielded = False
            for target, length in sorted(current.lengths.items(), key=lambda item: -item[1]):
                if min_moves <= length <= max_moves:
                    puzzle = Puzzle(climb.board.faces, tuple(map(cell_xy, current.cells)), target)
                    if str(puzzle) not in given:
                        given.add(str(puzzle))
                        yielded = True
                        yield puzzle, length
            if yielded:
                break  # the next puzzles come from a new climb: this one's next placements look alike
            # A candidate is first judged on the current hardest targets alone (most moves of a
            # robot make them easier); only one as hard on those is solved for every target.
            cells = climb.neighbour(current.cells, rng)
            focus = sorted(current.lengths, key=lambda target: -current.lengths[target])[:_FOCUS]
            first = climb.evaluate(cells, focus)
            if first.score[0] >= current.score[0]:
                candidate = climb.evaluate(cells, known=first.lengths)
                if candidate.score >= current.score:
                    current = candidate


def generate(
    moves: int,
    *,
    seed: int = 0,
    must_ricochet: bool = True,
    silver: bool = False,
    face_set: str = "1999",
    on_step: Progress | None = None,
) -> Puzzle:
    """A position whose optimal solution is exactly ``moves`` long.

    ``on_step(placements, longest)`` is called after every placement tried, for progress bars.
    """
    found = search_puzzles(moves, moves, seed=seed, must_ricochet=must_ricochet, silver=silver,
                           face_set=face_set, on_progress=on_step)  # fmt: skip
    return next(found)[0]


def daily(date: dt.date | None = None, *, must_ricochet: bool = True) -> tuple[Puzzle, int]:
    """The puzzle of the day: the same for everyone on the same date (UTC by default)."""
    date = date or dt.datetime.now(dt.UTC).date()
    moves = DAILY_MOVES[date.weekday()]
    seed = int(date.strftime("%Y%m%d"))
    return generate(moves, seed=seed, must_ricochet=must_ricochet), moves


__all__ = ["DAILY_MOVES", "daily", "generate", "search_puzzles"]
