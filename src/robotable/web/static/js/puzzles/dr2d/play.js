// The DR2D puzzle page (puzzle_dr2d.html, at /puzzles/dr2d/ID): one puzzle of the course,
// programmed register by register and run alone, or in a classroom (?room=CODE: ../room_bar.js).
// This module only starts things: the controller owns the page's state (controller.js), and each
// part of the page redraws from it (board_view.js, program_view.js, stepper.js, panel.js, and
// ../record.js: the puzzle's record once solved); keys.js reads the keyboard.

import "../../words/dr2d_puzzle.js";
import "../../words/classroom.js";
import { wireSpeedMenu } from "../../board/speed.js";
import { translatePage } from "../../i18n.js";
import { boardView } from "./board_view.js";
import { createPuzzle, programsOf } from "./controller.js";
import { keysOf } from "./keys.js";
import { panelView } from "./panel.js";
import { programView } from "./program_view.js";
import { keepBest } from "./progress.js";
import { scoreWords } from "./score.js";
import { roomBarView } from "../room_bar.js";
import { stepperView } from "./stepper.js";
import { recordView } from "../record.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "course-1");
const puzzle = createPuzzle(id);
for (const view of [boardView, programView, stepperView, panelView, keysOf, roomBarView]) view(puzzle); // the room's bar after the panel
recordView(puzzle, {
  id: "dr2d",
  watched: (s) => [s.run, s.step, s.registers],
  // once the run has been watched to its end and solved: the registers that ran
  solution: ({ run, step, registers }) => (run?.solved && step === run.steps.length - 1 ? { programs: programsOf(registers) } : null),
  score: scoreWords,
  keep: keepBest,
});
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => puzzle.relanguage());
puzzle.start();
