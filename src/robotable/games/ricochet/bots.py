"""Ricochet Robots bots: they read only their seat's view, as a player would."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from robotable.core.game import Action, Turn, Wait
from robotable.games.ricochet.actions import GIVE_UP, NEXT, Bid, Move
from robotable.games.ricochet.code import Puzzle

Moves = tuple[tuple[int, int], ...]
Solver = Callable[[Puzzle, bool], Moves | None]


def bfs_solver(max_depth: int) -> Solver:
    """The plain breadth-first search, limited to ``max_depth`` moves."""

    def solve(puzzle: Puzzle, must_ricochet: bool) -> Moves | None:
        from robotable.games.ricochet.search import bfs_solve

        return bfs_solve(
            puzzle.board(),
            puzzle.robot_cells(),
            puzzle.target,
            must_ricochet=must_ricochet,
            max_depth=max_depth,
        )

    return solve


class SolverBot:
    """Bids the length of the best solution it finds, then demonstrates it.

    In solo mode it plays its solution and moves on with ``next``. It keeps the
    solution of the position it is looking at, so each position is searched once.
    """

    def __init__(self, solver: Solver | None = None, name: str = "bfs") -> None:
        self.name = name
        self.solver = solver or bfs_solver(max_depth=8)
        self._cache: dict[tuple[str, bool], Moves | None] = {}

    def solution(self, view: dict) -> Moves | None:
        code, rule = view["puzzle"], bool(view["options"]["must_ricochet"])
        if (code, rule) not in self._cache:
            self._cache[code, rule] = self.solver(Puzzle.parse(code), rule)
        return self._cache[code, rule]

    def act(self, turn: Turn) -> Action | Wait:
        view = turn.view
        if view["puzzle"] is None:
            return Wait()
        solution = self.solution(view)
        phase = view["phase"]
        if phase in ("solving", "countdown"):
            return self._bid(turn, solution)
        if phase == "demonstration":
            return self._demonstrate(view, solution)
        if phase == "puzzle":
            return self._solo(turn, solution)
        return Wait()

    def _bid(self, turn: Turn, solution: Moves | None) -> Action | Wait:
        if not solution:
            return Wait()
        bid = Bid(len(solution))
        return bid if bid in turn.legal else Wait()

    def _demonstrate(self, view: dict, solution: Moves | None) -> Action:
        done = len(view["moves"])
        if not solution or done >= len(solution):
            return GIVE_UP
        return Move(*solution[done])

    def _solo(self, turn: Turn, solution: Moves | None) -> Action | Wait:
        view = turn.view
        if view["best"] is not None:
            return NEXT
        if not solution:
            return _word(turn.legal, "reveal")
        return Move(*solution[len(view["moves"])])


def _word(legal: Sequence[Action], word: str) -> Action:
    return next(a for a in legal if str(a) == word)


BOTS: dict[str, Callable[[], SolverBot]] = {
    "bfs": lambda: SolverBot(bfs_solver(max_depth=8), "bfs"),
}
