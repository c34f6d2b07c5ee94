// The teacher's page (teacher.html, at /teach): opens a room, or follows the one of ?room=CODE
// whose token this browser keeps. This module only starts things: the controller owns the
// page's state (teacher_room.js), and each part of the page redraws from it.

import { loadGames } from "../game_words.js";
import { translatePage } from "../i18n.js";
import "../words/classroom.js";
import "../words/delivery_puzzles.js";
import "../words/dr2d_puzzle.js";
import "../words/puzzles.js";
import { pupilsView } from "./teacher_pupils.js";
import { createRoom } from "./teacher_room.js";
import { toolsView } from "./teacher_tools.js";
import { watchView } from "./teacher_watch.js";

const room = createRoom();
for (const view of [toolsView, pupilsView, watchView]) view(room);
translatePage(() => room.relanguage());
room.start();
loadGames().then(() => room.relanguage(), () => {}); // the moves in words ("green east")
