"""Robot Delivery as a programming puzzle: one pawn, parcels to deliver, the cards allowed.

The three functions every game's puzzle package exposes (docs/puzzles.md):

- :func:`load_puzzle` reads a puzzle object, refusing bad input with ``PuzzleError``;
- :func:`run` runs a player's program with the game's engine and scores it;
- :func:`prove` finds the optimal program, or says there is none, or that the search is
  too large for its limit.

What the rulebook leaves open for one pawn alone, decided (docs/puzzles.md says why):

- the program runs once, as one round: onPlay slots in order, LOOP and Function cards as in
  the game (RD-13, RD-18), cell effects where each slot ends (RD-21), so a parcel is taken or
  delivered only where a slot ends;
- each pickup point holds one parcel, taken once; solved when every parcel is delivered at
  the end of the run;
- a move into a wall or off the board is ignored (RD-14; there are no falls), and still
  counts as an instruction executed;
- an empty slot is skipped (no cell effects); a slot of LOOP cards alone runs no card but its
  end applies the cell effects, as in the game;
- no board may run itself, even through others (RD-11): every run ends, so no run limit is
  needed beyond the engine's own budget;
- the score is (cards used, instructions executed), lower is better: every card on a board
  counts, LOOP cards too; an instruction is one execution of an action card, Function cards
  included.
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
