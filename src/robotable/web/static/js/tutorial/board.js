// The tutorial's board: the learner's drawing of each step (made by the server), shown with the
// same board component as the table and the replay (board/board.js). Going one step forward,
// what the step's actions moved walks its paths; the element the step points at (a selector of
// the names the game's drawing gives, like [data-piece="red"]) is marked and scrolled into view.
// A word or a cell picked on the board narrows the buttons to its actions, as on a table.
// <body>'s data-step says the step drawn, for tests.

import { createBoard } from "../board/board.js";
import { t } from "../i18n.js";

export const POINTED = "tutorial-point"; // the class of what a step points at, on the board and the buttons

export function boardView(tutorial) {
  const frame = document.getElementById("frame");
  const element = document.getElementById("board");
  const board = createBoard(element, {
    caption: (text) => (frame.textContent = text),
    onPick: (picked) => tutorial.pick(picked),
    words: { register: (number) => t("table.register", { number }) },
  });
  tutorial.watch(
    (s) => [s.step],
    ({ step, forward }) => {
      if (!step) return;
      if (!board.shows(step.board)) {
        board.show(step.board, { game: step.game, events: forward ? step.events : [], still: !forward });
      }
      board.mark(step.legal);
      point(element, step.point.board);
      document.body.dataset.step = step.number;
    },
  );
}

// Marks the element `selector` names in the drawing (nothing when null) and brings it into view.
function point(element, selector) {
  for (const old of element.querySelectorAll(`.${POINTED}`)) old.classList.remove(POINTED);
  if (!selector) return;
  const pointed = element.querySelector(`svg ${selector}`);
  if (!pointed) return;
  pointed.classList.add(POINTED);
  pointed.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}
