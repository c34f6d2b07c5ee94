// The Robot Delivery puzzle page (delivery_puzzle.html, at /puzzles/delivery/ID): one puzzle
// programmed alone, or in a classroom (?room=CODE: ../room_bar.js). This module only starts
// things: the controller owns the page's state (controller.js), and each part of the page
// redraws from it (board_view.js, program_view.js, panel.js, and ../record.js: the puzzle's
// record once solved).

import "../../words/delivery_puzzles.js";
import "../../words/classroom.js";
import { wireSpeedMenu } from "../../board/speed.js";
import { loadGames } from "../../game_words.js";
import { translatePage } from "../../i18n.js";
import { boardView } from "./board_view.js";
import { createDeliveryPuzzle } from "./controller.js";
import { panelView } from "./panel.js";
import { programData } from "./program.js";
import { programView } from "./program_view.js";
import { keepBest } from "./progress.js";
import { cardsWords, recordView } from "../record.js";
import { roomBarView } from "../room_bar.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "course-1");
const puzzle = createDeliveryPuzzle(id);
for (const view of [boardView, programView, panelView, roomBarView]) view(puzzle); // the room's bar after the panel
recordView(puzzle, {
  id: "delivery",
  watched: (s) => [s.outcome, s.replaying, s.program],
  // once the board has replayed a solving run: the program that ran (an edit puts the run away)
  solution: ({ outcome, replaying, program }) => (outcome?.solved && !replaying ? { program: programData(program) } : null),
  score: cardsWords,
  keep: keepBest,
});
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => puzzle.relanguage());
loadGames().catch(() => {}).then(() => puzzle.start()); // the cards are named in the game's words
