"""DR2D puzzles (issue 30): a factory, one robot, a goal, a number of turns; five registers
per turn, played by the game's engine; and the solver that proves the optimum.

The same three functions as every game's puzzle package: :func:`load_puzzle`, :func:`run`
and :func:`prove`. See ``docs/puzzles.md`` (section DR2D) for the format and the rules a
one-robot puzzle decides.
"""

from robotable.games.dr2d.puzzles.format import (
    MAX_TURNS,
    Puzzle,
    load_puzzle,
    notation,
    parse_attempt,
    parse_program,
)
from robotable.games.dr2d.puzzles.prover import Proof, prove
from robotable.games.dr2d.puzzles.runner import Outcome, run

__all__ = [
    "MAX_TURNS",
    "Outcome",
    "Proof",
    "Puzzle",
    "load_puzzle",
    "notation",
    "parse_attempt",
    "parse_program",
    "prove",
    "run",
]
