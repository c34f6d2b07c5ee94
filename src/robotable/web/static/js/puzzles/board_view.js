// The puzzle's board: the server's drawing of the position after the player's moves, shown with
// the board component of the table and the tutorials (board/board.js): one move more walks the
// robot's path; an undo or a restart shows the drawing still. A robot with a move is clickable
// and clicking it picks it; the picked robot is marked. Arrow keys move the picked robot; the
// robots' initials (r, g, b, y, s) pick one.

import { createBoard } from "../board/board.js";

const ARROWS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const INITIALS = { r: "red", g: "green", b: "blue", y: "yellow", s: "silver" };
export const CHOSEN = "chosen"; // the class of the picked robot's figure

export function boardView(puzzle) {
  const element = document.getElementById("board");
  const board = createBoard(element, {
    onPick: ({ word }) => word && puzzle.select(word),
  });
  puzzle.watch(
    (s) => [s.answer],
    ({ answer, forward }) => {
      if (!answer || board.shows(answer.board)) return;
      board.show(answer.board, { game: "ricochet", events: forward ? answer.events : [], still: !forward });
      board.mark(answer.legal);
      document.body.dataset.moves = answer.moves;
    },
  );
  puzzle.watch(
    (s) => [s.answer, s.selected],
    ({ selected }) => {
      for (const figure of element.querySelectorAll("svg g[data-piece]")) {
        figure.classList.toggle(CHOSEN, figure.dataset.piece === selected);
      }
    },
  );
  document.addEventListener("keydown", (event) => keyed(puzzle, event));
}

function keyed(puzzle, event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, select, textarea")) return;
  const { selected } = puzzle.get();
  if (ARROWS[event.key] && selected) {
    event.preventDefault(); // the page does not scroll: the robot moves
    puzzle.move(`${selected} ${ARROWS[event.key]}`);
  } else if (INITIALS[event.key.toLowerCase()]) {
    const robot = INITIALS[event.key.toLowerCase()];
    if (puzzle.get().answer?.legal.some((move) => move.startsWith(`${robot} `))) puzzle.select(robot);
  }
}
