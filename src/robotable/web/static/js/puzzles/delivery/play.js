// The Robot Delivery puzzle page (delivery_puzzle.html, at /puzzles/delivery/ID): one puzzle
// programmed alone. This module only starts things: the controller owns the page's state
// (controller.js), and each part of the page redraws from it (board_view.js, program_view.js,
// panel.js).

import "../../words/delivery_puzzles.js";
import { wireSpeedMenu } from "../../board/speed.js";
import { loadGames } from "../../game_words.js";
import { translatePage } from "../../i18n.js";
import { boardView } from "./board_view.js";
import { createDeliveryPuzzle } from "./controller.js";
import { panelView } from "./panel.js";
import { programView } from "./program_view.js";

const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "course-1");
const puzzle = createDeliveryPuzzle(id);
for (const view of [boardView, programView, panelView]) view(puzzle);
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => puzzle.relanguage());
loadGames().catch(() => {}).then(() => puzzle.start()); // the cards are named in the game's words
