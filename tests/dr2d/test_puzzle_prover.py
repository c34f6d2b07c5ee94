"""The DR2D puzzle solver (issue 30): brute force agrees with prove() on small generated puzzles,
an unsolvable puzzle is said to be so, and the limit is honoured.

The brute force plays every program of five registers (5^5 = 3,125 per turn, sharing the
registers of a common beginning) with the same engine steps as ``run``. For two turns it plays
every second-turn program from each different position the first turn ends in (a position
being the whole robot as the fleet stores it: a different key from the solver's), which is
the same as playing every two-turn program and 3,125 times quicker.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from robotable.core.errors import PuzzleError
from robotable.games.dr2d.engine import STAY
from robotable.games.dr2d.fleet import Fleet
from robotable.games.dr2d.puzzles import Puzzle, load_puzzle, prove, run
from robotable.games.dr2d.puzzles.format import REGISTERS, notation
from robotable.games.dr2d.puzzles.runner import begin_turn, finish_turn, new_fleet, play_register
from tests.dr2d.puzzle_helpers import make_puzzle, puzzle_data

TOKENS = ["."] * 9 + [">", "<", "^", "v", "O", "L", "R", "P", "w"]
SEEDS = range(50)
TWO_TURNS = 12  # the first 12 seeds make two-turn puzzles, on smaller factories


def random_puzzle(seed: int) -> Puzzle:
    """A small random factory: a few elements, maybe a laser, a pusher and walls; a random robot
    (PC 2 to 7) and a goal tile or laws; one turn, or two on a smaller factory."""
    rng = random.Random(seed)
    turns = 2 if seed < TWO_TURNS else 1
    width, height = (rng.randint(2, 4), 1) if turns == 2 else (rng.randint(2, 4), rng.randint(1, 3))
    tokens = TOKENS if turns == 1 else [t for t in TOKENS if t not in "LR"]  # facings: fewer positions
    rows = [[rng.choice(tokens) for _ in range(width)] for _ in range(height)]
    tiles = [(x, y) for y in range(height) for x in range(width)]
    start = rng.choice([t for t in tiles if rows[t[1]][t[0]] != "O"] or [(0, 0)])
    rows[start[1]][start[0]] = rows[start[1]][start[0]].replace("O", ".")
    goal: dict[str, Any] = {"tile": list(rng.choice(tiles))}
    if rng.random() < 0.4 and len(tiles) >= 2:  # laws, on floor the robot does not start on
        law_tiles = rng.sample([t for t in tiles if t != start] or tiles, k=min(turns, len(tiles) - 1))
        for law, (x, y) in enumerate(law_tiles, start=1):
            rows[y][x] = str(law)
        goal = {"laws": rng.sample(range(1, len(law_tiles) + 1), k=len(law_tiles))}
    return load_puzzle(
        puzzle_data(
            [" ".join(row) for row in rows],
            start=start,
            facing=rng.choice("NESW"),
            goal=goal,
            turns=turns,
            pc=rng.choice([7, 7, 7, 6, 5, 3, 2]),
            walls=[
                f"{x},{y} {rng.choice('NESW')}"
                for x, y in rng.sample(tiles, k=min(len(tiles), rng.randint(0, 2)))
            ],
            lasers=_laser(rng, width, height),
            pushers=[f"{x},{y} {rng.choice('NESW')}" for x, y in rng.sample(tiles, k=rng.randint(0, 1))],
            options={"absolute_directions": rng.random() < 0.3, "pit_damage": rng.random() < 0.2},
        )
    )


def _laser(rng: random.Random, width: int, height: int) -> list[str]:
    if rng.random() < 0.6:
        return []
    direction = rng.choice("NESW")
    x = {"E": 0, "W": width - 1}.get(direction, rng.randrange(width))
    y = {"S": 0, "N": height - 1}.get(direction, rng.randrange(height))
    return [f"{x},{y} {direction}"]


# --------------------------------------------------------------------------- brute force


def _every_program(puzzle: Puzzle, fleet: Fleet, register: int = 1, cost: int = 0):
    """(non-STAY registers, robot after register 5) of every program, from ``fleet`` before register
    ``register``: 3,125 ends for a turn."""
    for code in range(5):
        child = fleet.copy() if code < STAY else fleet  # the last letter may use the robot itself
        play_register(puzzle, child, register, code)
        spent = cost + (code != STAY)
        if register == REGISTERS:
            yield spent, child
        else:
            yield from _every_program(puzzle, child, register + 1, spent)


def _position(fleet: Fleet, progress: int) -> tuple:
    """The whole robot as the fleet keeps it (but what was typed, gone at the next turn's start)."""
    return (*map(tuple, fleet.public_lists()), fleet.leave_count, progress)


def brute_force(puzzle: Puzzle) -> tuple[int, int] | None:
    """The optimum by playing every program, turn by turn, or None."""
    positions: dict[tuple, tuple[int, Fleet, int]] = {
        _position(new_fleet(puzzle), 0): (0, new_fleet(puzzle), 0)
    }
    for turn in range(1, puzzle.turns + 1):
        ends: dict[tuple, tuple[int, Fleet, int]] = {}
        for cost, fleet, progress in positions.values():
            begin_turn(puzzle, fleet)
            for spent, end in _every_program(puzzle, fleet, 1, cost):
                reached = finish_turn(puzzle, end, turn, progress)
                key = _position(end, reached)
                if key not in ends or spent < ends[key][0]:
                    ends[key] = (spent, end, reached)
        solved = [cost for cost, _, progress in ends.values() if progress == len(puzzle.targets)]
        if solved:
            return turn, min(solved)
        positions = ends
    return None


@pytest.mark.parametrize("seed", SEEDS)
def test_prove_agrees_with_brute_force(seed: int) -> None:
    puzzle = random_puzzle(seed)
    proof = prove(puzzle, limit=100_000)
    assert not proof.too_large
    assert proof.optimum == brute_force(puzzle)
    assert proof.unsolvable == (proof.optimum is None)
    if proof.optimum is not None:  # the solution it gives reaches its optimum when run
        outcome = run(puzzle, proof.solution)  # codes run as they are, as does the notation
        assert (
            outcome.solved and outcome.score == proof.optimum == run(puzzle, notation(proof.solution)).score
        )


def test_the_generated_puzzles_are_varied() -> None:
    """The cross-check means something: solvable and unsolvable, one and two turns, moves."""
    puzzles = [random_puzzle(seed) for seed in SEEDS]
    proofs = [(puzzle, prove(puzzle, limit=100_000)) for puzzle in puzzles]
    solved = [(puzzle, proof) for puzzle, proof in proofs if proof.optimum]
    assert len(solved) >= 30 and len(solved) <= len(proofs) - 5
    assert {proof.optimum[0] for _, proof in solved} == {1, 2}  # type: ignore[index]
    assert len({proof.optimum[1] for _, proof in solved}) >= 4  # type: ignore[index]


# --------------------------------------------------------------------------- unsolvable, limits, ties


def test_a_walled_off_goal_is_unsolvable() -> None:
    puzzle = make_puzzle([". . . .", ". . . ."], goal={"tile": [3, 0]}, turns=3, walls=["3,0 W", "3,0 S"])
    proof = prove(puzzle, limit=100_000)
    assert proof.unsolvable and proof.optimum is None and not proof.too_large
    assert 0 < proof.states < 1_000


def test_too_far_for_its_turns_is_unsolvable() -> None:
    """Ten tiles east in one turn of five one-tile registers: none."""
    assert prove(make_puzzle([". " * 10]), limit=100_000).unsolvable
    assert prove(make_puzzle([". " * 10], turns=2), limit=100_000).optimum == (2, 9)


def test_the_limit_is_honoured() -> None:
    puzzle = make_puzzle([". " * 12] * 12, start=(0, 0), goal={"tile": [11, 11]}, turns=5)
    reported: list[tuple[int, int]] = []
    proof = prove(puzzle, limit=500, report=lambda turn, states: reported.append((turn, states)))
    assert proof.too_large and proof.limit == 500 and proof.optimum is None
    assert all(states <= 500 for _, states in reported)
    with pytest.raises(PuzzleError, match="positive whole number"):
        prove(puzzle, limit=0)


def test_fewest_turns_first_then_fewest_moves() -> None:
    """The belt alone brings the robot in two turns with no move; one turn needs four moves, and
    turns count first."""
    puzzle = make_puzzle(["> > > > > > > > > ."], goal={"tile": [9, 0]}, turns=2)
    assert run(puzzle, ". . . . . / . . . . .").score == (2, 0)
    proof = prove(puzzle, limit=100_000)
    assert proof.optimum == (1, 4) == brute_force(puzzle)
    assert run(puzzle, notation(proof.solution)).score == (1, 4)
