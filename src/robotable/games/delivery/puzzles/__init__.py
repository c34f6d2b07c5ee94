"""Robot Delivery as a programming puzzle: one pawn, parcels to deliver, the cards allowed.

The three functions every game's puzzle package exposes (docs/puzzles.md):

- :func:`load_puzzle` reads a puzzle object, refusing bad input with ``PuzzleError``;
- :func:`run` runs a player's program with the game's engine and scores it;
- :func:`prove` finds the optimal program, or says there is none, or that the search is
  too large for its limit.
"""

from robotable.games.delivery.puzzles.files import course, load_puzzle_file, read_puzzles
from robotable.games.delivery.puzzles.format import Puzzle, load_puzzle
from robotable.games.delivery.puzzles.program import Program, parse_program, program_from_data
from robotable.games.delivery.puzzles.runner import Outcome, run
from robotable.games.delivery.puzzles.solver import Proof, prove

__all__ = [
    "Outcome",
    "Program",
    "Proof",
    "Puzzle",
    "course",
    "load_puzzle",
    "load_puzzle_file",
    "parse_program",
    "program_from_data",
    "prove",
    "read_puzzles",
    "run",
]
