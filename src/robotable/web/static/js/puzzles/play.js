// The puzzle page (puzzle.html, at /puzzles/ricochet/ID): one Ricochet puzzle played alone.
// This module only starts things: the controller owns the page's state (controller.js), and
// each part of the page redraws from it (board_view.js, controls.js, panel.js).

import "../words/puzzles.js";
import { wireSpeedMenu } from "../board/speed.js";
import { translatePage } from "../i18n.js";
import { boardView } from "./board_view.js";
import { controlsView } from "./controls.js";
import { createPuzzle } from "./controller.js";
import { panelView } from "./panel.js";
import { keepBest } from "./progress.js";
import { movesWords, recordView } from "./record.js";
import { roomBarView } from "./room_bar.js";
import "../words/classroom.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "daily");
const puzzle = createPuzzle(id);
for (const view of [boardView, controlsView, panelView, roomBarView]) view(puzzle);
recordView(puzzle, {
  id: "ricochet",
  watched: (s) => [s.answer, s.moves],
  solution: ({ answer, moves }) => (answer?.solved ? { moves } : null),
  score: movesWords,
  keep: keepBest,
});
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => puzzle.relanguage());
puzzle.start();
