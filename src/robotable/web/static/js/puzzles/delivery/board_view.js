// The puzzle's board: the server's drawing of the pawn at its start, shown with the board
// component of the table and the tutorials (board/board.js). A run is replayed on it: the start
// drawn still, then the drawing at the run's end with its steps, the pawn walking and turning
// step by step (the game's planner, games/delivery.js) while each step's call frame is told to
// the controller (the program marks the slot being run); once played, the controller is told.

import { createBoard } from "../../board/board.js";

const SETTLE = 80; // milliseconds after the last step before the result is told

export function boardView(puzzle) {
  const element = document.getElementById("board");
  const board = createBoard(element, { caption: (frame) => puzzle.showing(frame) });
  let timer = null;
  puzzle.watch(
    (s) => [s.puzzle, s.outcome],
    ({ puzzle: shown, outcome, replaying }) => {
      if (!shown) return;
      clearTimeout(timer);
      if (!outcome) {
        if (!board.shows(shown.board)) board.show(shown.board, { still: true });
        return;
      }
      if (!replaying) return;
      board.show(shown.board, { still: true });
      board.show(outcome.board, { game: "delivery", events: outcome.steps });
      timer = setTimeout(() => puzzle.replayed(), board.moving() + SETTLE);
    },
  );
}
