"""A plain breadth-first search for Ricochet Robots: the reference the fast solver is tested against.

It follows the rules literally (RR-10..RR-15) and favours clarity over speed: a state is the
tuple of robot cells plus, for each robot that may finish, the set of axes it has moved along.
A robot has ricocheted (RR-15) exactly when it has moved along both axes: its own moves then
contain a consecutive perpendicular pair somewhere.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

from robotable.games.ricochet.board import CELLS, COLOURS, Board, Target

Move = tuple[int, int]  # (robot index: red, green, blue, yellow, silver; direction N E S W)

# Turn states: bit 0 = has moved vertically (N/S), bit 1 = has moved horizontally (E/W).
RICOCHETED = 3


def axis_bit(direction: int) -> int:
    """1 for N and S, 2 for E and W."""
    return 1 << (direction & 1)


def finishers(target: Target, robot_count: int) -> tuple[int, ...]:
    """The robots that may end a solution on ``target`` (RR-13): every robot for the vortex."""
    if target.is_vortex:
        return tuple(range(robot_count))
    return (COLOURS.index(target.colour),)


def check_position(board: Board, robots: Sequence[int], target: Target) -> int:
    """Validate the inputs shared by both solvers; return the target cell. Every cell must be a
    board index: the compiled kernel does not check its indices (a cell off the board would read
    and write memory that is not its own), and Python would read ``walls[-1]``. NumPy's integers
    are ``numbers.Integral`` too: the quick answers of the command line need not import NumPy."""
    for cell in robots:
        if not isinstance(cell, numbers.Integral) or not 0 <= cell < CELLS:
            raise ValueError(f"a robot's cell is a number from 0 to {CELLS - 1}, not {cell!r}")
    if len(robots) not in (4, 5):
        raise ValueError(f"a position has 4 or 5 robots, not {len(robots)}")
    if len(set(robots)) != len(robots):
        raise ValueError("two robots share a cell")
    if target not in board.targets:
        raise ValueError(f"the board has no {target} target")
    return board.targets[target]


def bfs_solve(
    board: Board,
    robots: Sequence[int],
    target: Target,
    *,
    must_ricochet: bool = True,
    max_depth: int | None = None,
) -> tuple[Move, ...] | None:
    """A shortest solution as (robot, direction) moves, or None if there is none within ``max_depth``."""
    goal = check_position(board, robots, target)
    can_finish = finishers(target, len(robots))
    start = (tuple(robots), (0,) * len(robots))
    parents: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[object, Move] | None] = {start: None}
    frontier = [start]
    depth = 0
    while frontier and (max_depth is None or depth < max_depth):
        depth += 1
        next_frontier = []
        for state in frontier:
            cells, turns = state
            for robot in range(len(cells)):
                for direction in range(4):
                    dest = board.slide(cells, robot, direction)
                    if dest == cells[robot]:
                        continue  # RR-11: not a move
                    new_cells = (*cells[:robot], dest, *cells[robot + 1 :])
                    new_turns = turns
                    if must_ricochet and robot in can_finish:
                        turn = turns[robot] | axis_bit(direction)
                        new_turns = (*turns[:robot], turn, *turns[robot + 1 :])
                    if robot in can_finish and dest == goal:
                        if not must_ricochet or new_turns[robot] == RICOCHETED:
                            return (*_path(parents, state), (robot, direction))
                        continue  # RR-15: a straight arrival ends the attempt as a failure
                    child = (new_cells, new_turns)
                    if child not in parents:
                        parents[child] = (state, (robot, direction))
                        next_frontier.append(child)
        frontier = next_frontier
    return None


def _path(parents: dict, state: object) -> tuple[Move, ...]:
    moves: list[Move] = []
    link = parents[state]
    while link is not None:
        state, move = link
        moves.append(move)
        link = parents[state]
    return tuple(reversed(moves))


def replay(
    board: Board, robots: Sequence[int], target: Target, moves: Sequence[Move], *, must_ricochet: bool = True
) -> bool:
    """True if ``moves`` is a valid solution (RR-10..RR-15): legal, and ending at the first arrival."""
    goal = check_position(board, robots, target)
    can_finish = finishers(target, len(robots))
    cells = list(robots)
    turns = [0] * len(robots)
    for number, (robot, direction) in enumerate(moves, start=1):
        dest = board.slide(cells, robot, direction)
        if dest == cells[robot]:
            return False
        cells[robot] = dest
        turns[robot] |= axis_bit(direction)
        if robot in can_finish and dest == goal:
            ricocheted = not must_ricochet or turns[robot] == RICOCHETED
            return ricocheted and number == len(moves)
    return False
