"""Ricochet Robots bots, with difficulty levels. They read only their seat's view.

- ``perfect``: the exact solver; bids the optimum at once.
- ``human``: plays like a person at the table. It first sees solutions that move only
  the scoring robot, then solutions with helpers; each takes longer to find the
  longer it is, so it bids late, and sometimes first bids more than the optimum.
- ``novice``: looks only a few moves deep; passes when it sees nothing.
- ``bfs``: the plain breadth-first search of the foundation, up to 8 moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from robotable.core.game import Action, Turn, Wait
from robotable.games.ricochet.actions import GIVE_UP, NEXT, Bid, Move
from robotable.games.ricochet.board import Board
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.search import RICOCHETED, axis_bit, finishers

Moves = tuple[tuple[int, int], ...]
Solver = Callable[[Puzzle, bool], Moves | None]


def fast_solver(max_depth: int | None = None) -> Solver:
    """The optimal solver, optionally limited to ``max_depth`` moves."""

    def solve(puzzle: Puzzle, must_ricochet: bool) -> Moves | None:
        from robotable.games.ricochet.solver import solve as exact

        found = exact(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet,
                      max_depth=max_depth)  # fmt: skip
        return found.moves if found is not None else None

    return solve


def bfs_solver(max_depth: int) -> Solver:
    """The plain breadth-first search, limited to ``max_depth`` moves."""

    def solve(puzzle: Puzzle, must_ricochet: bool) -> Moves | None:
        from robotable.games.ricochet.search import bfs_solve

        return bfs_solve(puzzle.board(), puzzle.robot_cells(), puzzle.target, must_ricochet=must_ricochet,
                         max_depth=max_depth)  # fmt: skip

    return solve


def lone_robot_length(
    board: Board, robots: Sequence[int], robot: int, goal: int, must_ricochet: bool
) -> int | None:
    """Fewest moves for ``robot`` alone to finish on ``goal``, the others standing still."""
    start = (robots[robot], 0)
    seen = {start}
    queue = deque([(start, 0)])
    cells = list(robots)
    while queue:
        (cell, axes), depth = queue.popleft()
        cells[robot] = cell
        for direction in range(4):
            end = board.slide(cells, robot, direction)
            if end == cell:
                continue
            moved = axes | axis_bit(direction)
            if end == goal:
                if not must_ricochet or moved == RICOCHETED:
                    return depth + 1
                continue  # RR-14: a straight arrival ends the attempt
            if (end, moved) not in seen:
                seen.add((end, moved))
                queue.append(((end, moved), depth + 1))
    return None


@dataclass
class Plan:
    """What a bot intends for one position: bids at clock times, and its solution."""

    bids: list[tuple[float, int]]  # (seconds after the chip appeared, bid), in time order
    solution: Moves | None
    seen_at: float = 0.0


class SolverBot:
    """Bids by its plan, demonstrates its solution; in solo mode plays it and moves on."""

    def __init__(self, name: str, solver: Solver, *, human_pace: bool = False) -> None:
        self.name = name
        self.solver = solver
        self.human_pace = human_pace
        self._plans: dict[tuple[str, bool], Plan] = {}
        self._looking_at: tuple[str, str] | None = None  # (position, phase) last seen bidding

    def solution(self, view: dict) -> Moves | None:
        return self._plan(view, 0.0).solution

    def _plan(self, view: dict, now: float) -> Plan:
        key = (view["puzzle"], bool(view["options"]["must_ricochet"]))
        if key not in self._plans:
            puzzle = Puzzle.parse(key[0], face_set="1999+C", faces_file=view["options"].get("faces_file"))
            self._plans[key] = self._make_plan(puzzle, key[1], now)
        return self._plans[key]

    def _make_plan(self, puzzle: Puzzle, must_ricochet: bool, now: float) -> Plan:
        solution = self.solver(puzzle, must_ricochet)
        if not solution:
            return Plan([], None, now)
        if not self.human_pace:
            return Plan([(0.0, len(solution))], solution, now)
        helpers = len({robot for robot, _ in solution}) - 1
        ideas = [(thinking_time(len(solution)) * (1 + 0.5 * helpers), len(solution))]
        lone = _lone_length(puzzle, must_ricochet)
        if lone is not None:  # moving the scoring robot alone is what a person sees first
            ideas.append((thinking_time(lone) * 0.5, lone))
        bids: list[tuple[float, int]] = []
        for at, moves in sorted(ideas):
            if not bids or moves < bids[-1][1]:  # a later idea only matters if it is shorter
                bids.append((at, moves))
        return Plan(bids, solution, now)

    def act(self, turn: Turn) -> Action | Wait:
        view = turn.view
        if view["puzzle"] is None:
            return Wait()
        plan = self._plan(view, turn.now)
        phase = view["phase"]
        if phase in ("solving", "countdown"):
            if self._new_draw(view["puzzle"], phase):  # a new chip, or the same one drawn again
                plan.seen_at = turn.now
            return self._bid(turn, plan)
        if phase == "demonstration":
            return self._demonstrate(view, plan.solution)
        if phase == "puzzle":
            return self._solo(turn, plan.solution)
        return Wait()

    def _new_draw(self, position: str, phase: str) -> bool:
        """Bidding always goes solving -> countdown; any other step means a fresh draw."""
        last = self._looking_at
        self._looking_at = (position, phase)
        return last is None or last[0] != position or (last[1], phase) == ("countdown", "solving")

    def _bid(self, turn: Turn, plan: Plan) -> Action | Wait:
        for at, moves in reversed(plan.bids):  # the best bid already thought of
            if turn.now >= plan.seen_at + at:
                bid = Bid(moves)
                if bid in turn.legal:
                    return bid
                break
        later = [plan.seen_at + at for at, _ in plan.bids if plan.seen_at + at > turn.now]
        return Wait(min(later) if later else None)

    def _demonstrate(self, view: dict, solution: Moves | None) -> Action:
        done = len(view["moves"])
        if not solution or done >= len(solution):
            return GIVE_UP
        return Move(*solution[done])

    def _solo(self, turn: Turn, solution: Moves | None) -> Action:
        view = turn.view
        if view["best"] is not None:
            return NEXT
        if not solution:
            return next(a for a in turn.legal if str(a) == "reveal")
        return Move(*solution[len(view["moves"])])


def thinking_time(moves: int) -> float:
    """Seconds a practised player needs to see a solution of this length."""
    return 4.0 * moves**1.5


def _lone_length(puzzle: Puzzle, must_ricochet: bool) -> int | None:
    board, robots = puzzle.board(), puzzle.robot_cells()
    goal = board.targets[puzzle.target]
    lengths = [
        lone_robot_length(board, robots, r, goal, must_ricochet)
        for r in finishers(puzzle.target, len(robots))
    ]
    known = [n for n in lengths if n is not None]
    return min(known) if known else None


BOTS: dict[str, Callable[..., SolverBot]] = {
    "perfect": lambda *, seed=0: SolverBot("perfect", fast_solver()),
    "human": lambda *, seed=0: SolverBot("human", fast_solver(), human_pace=True),
    "novice": lambda *, seed=0: SolverBot("novice", fast_solver(max_depth=4)),
    "bfs": lambda *, seed=0: SolverBot("bfs", bfs_solver(max_depth=8)),
}

# The common levels are the solver bots under the names every game uses. Search has nothing to
# add here: the position is open and the exact solver already finds the optimum; what makes a
# level stronger is seeing longer solutions, and sooner. The bots are deterministic (no seed).
LEVEL_OF = {"easy": "novice", "medium": "human", "hard": "bfs", "expert": "perfect"}
ABOUT = {
    "perfect": "the exact solver: bids the optimum at once",
    "human": "bids at a person's pace: solutions moving the scoring robot alone first, longer ones later",
    "novice": "looks up to 4 moves deep, passes when it sees nothing",
    "bfs": "the plain breadth-first search of the foundation, up to 8 moves",
    "easy": "novice: sees solutions of up to 4 moves, bids at once, passes otherwise",
    "medium": "human: bids at a person's pace (longer solutions later), sometimes too long first",
    "hard": "bfs: the optimum of up to 8 moves, bid at once",
    "expert": "perfect: the exact optimum of any length, bid at once",
}
BOTS.update({level: BOTS[name] for level, name in LEVEL_OF.items()})
