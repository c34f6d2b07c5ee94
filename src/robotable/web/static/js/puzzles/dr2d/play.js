// The DR2D puzzle page (puzzle_dr2d.html, at /puzzles/dr2d/ID): one puzzle of the course,
// programmed register by register and run alone, or in a classroom (?room=CODE: ../room_bar.js). This module only starts things: the controller
// owns the page's state (controller.js), and each part of the page redraws from it
// (board_view.js, program_view.js, stepper.js, panel.js); keys.js reads the keyboard.

import "../../words/dr2d_puzzle.js";
import "../../words/classroom.js";
import { wireSpeedMenu } from "../../board/speed.js";
import { translatePage } from "../../i18n.js";
import { boardView } from "./board_view.js";
import { createPuzzle } from "./controller.js";
import { keysOf } from "./keys.js";
import { panelView } from "./panel.js";
import { programView } from "./program_view.js";
import { roomBarView } from "../room_bar.js";
import { stepperView } from "./stepper.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "course-1");
const puzzle = createPuzzle(id);
for (const view of [boardView, programView, stepperView, panelView, keysOf, roomBarView]) view(puzzle); // the room's bar after the panel
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => puzzle.relanguage());
puzzle.start();
