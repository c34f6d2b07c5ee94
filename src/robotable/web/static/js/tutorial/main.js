// The tutorial page (learn.html, at /learn/GAME): a short guided game of GAME from a fixed
// position. Each step says what happens and why, points at the board element or the button it
// talks about, and waits for the learner's action or for Continue; a wrong action is explained
// and changes nothing. The tutorial's steps and texts are data of the game (its tutorial file,
// replayed by the server): this runner is the same for every game.
//
// This module only starts things: the controller owns the tutorial's state (controller.js), and
// each part of the page redraws from it (board.js, actions.js, panel.js). Relative imports: see
// table/main.js.

import "../words/tutorial.js";
import { wireSpeedMenu } from "../board/speed.js";
import { translatePage } from "../i18n.js";
import { actionsView } from "./actions.js";
import { boardView } from "./board.js";
import { createTutorial } from "./controller.js";
import { panelView } from "./panel.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const name = new URLSearchParams(location.search).get("name") ?? "tutorial";
const tutorial = createTutorial(game, name);
for (const view of [boardView, actionsView, panelView]) view(tutorial);
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => tutorial.relanguage());
tutorial.start();
