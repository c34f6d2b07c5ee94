// The puzzle's board: the server's drawing of the factory (sent once) with the overlay of the step
// shown (the robot, the goals reached so far: drawing.py's overlay_svg) put before its closing
// tag, shown with the board component of the table (board/board.js). One step more walks the
// robot along the step's events, as the table page walks a DR2D turn report; any other change is
// shown still. While the run plays, the next step comes once the robot has arrived. <body>'s
// data-step says the step shown ("-1": the start) to tests.

import { createBoard } from "../../board/board.js";
import { chosenSpeed } from "../../board/speed.js";
import { gameSay } from "../../game_words.js";

const CLOSING = "</svg>";
const PAUSE = { off: 500, fast: 250, normal: 450, slow: 900 }; // milliseconds between two steps

export function boardView(puzzle) {
  const element = document.getElementById("board");
  const words = { register: (number) => gameSay("dr2d", "decision.register", { number }) };
  const board = createBoard(element, { words });
  let timer = null; // the next step of a playing run
  puzzle.watch(
    (s) => [s.puzzle, s.run, s.step, s.playing],
    ({ puzzle: shown, run, step, forward, playing }) => {
      clearTimeout(timer);
      if (!shown) return;
      const current = run?.steps[step];
      const drawing = withOverlay(shown.factory, current ? current.overlay : shown.overlay);
      if (!board.shows(drawing)) {
        board.show(drawing, { game: "dr2d", events: forward && current ? current.events : [], still: !forward });
      }
      document.body.dataset.step = String(step);
      if (playing) timer = setTimeout(() => puzzle.forward(), board.moving() + PAUSE[chosenSpeed()]);
    },
  );
}

// A step's whole drawing: the factory with the step's overlay drawn last, over it.
export function withOverlay(factory, overlay) {
  return factory.endsWith(CLOSING) ? factory.slice(0, -CLOSING.length) + overlay + CLOSING : factory;
}
