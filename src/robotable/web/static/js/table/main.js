// The table page (table.html): one WebSocket to the table (docs/protocol.md), the board as the
// game draws the seat's view, the legal actions as buttons and the notation box, the running
// clocks, the log in the games' own sentences. A lost connection comes back by itself and is
// told what it missed; a reload finds the seat again.
//
// This module only starts things: the controller owns the table's state (controller.js), the
// connection feeds it (connection.js), and each part of the page is a view that redraws from
// that state (views/). Modules import each other by relative paths: the pages' policy allows
// only scripts from this server's files (script-src 'self'), so an inline import map would not
// run.

import "../words/table.js";
import { wireSpeedMenu } from "../board/speed.js";
import { loadGames } from "../game_words.js";
import { translatePage } from "../i18n.js";
import { connect } from "./connection.js";
import { createTable } from "./controller.js";
import { askName } from "./name_ask.js";
import { readScreen } from "./screen.js";
import { actionsView } from "./views/actions.js";
import { answerView } from "./views/answer.js";
import { boardView } from "./views/board.js";
import { concedeView } from "./views/concede.js";
import { endPanelView } from "./views/end_panel.js";
import { confirmView } from "./views/confirm.js";
import { decisionView } from "./views/decision.js";
import { guidanceView } from "./views/guidance.js";
import { panelsView } from "./views/panels.js";
import { notationWanted, settingsView } from "./views/settings.js";
import { bodyView } from "./views/body.js";
import { chatView } from "./views/chat.js";
import { connectionView } from "./views/connection.js";
import { handoverView } from "./views/handover.js";
import { hereView } from "./views/here.js";
import { logView } from "./views/log.js";
import { notationView } from "./views/notation.js";
import { phaseHelpView } from "./views/phase_help.js";
import { seenView } from "./views/seen.js";
import { statusView } from "./views/status.js";
import { suggestView } from "./views/suggest.js";
import { timersView } from "./views/timers.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const screen = readScreen(tableId);
const table = createTable({ ...screen, notation: notationWanted() }, { connect, loadGames });
const views = [
  ...[bodyView, handoverView, connectionView, statusView, timersView, endPanelView],
  ...[actionsView, answerView, notationView, phaseHelpView, hereView, seenView],
  ...[logView, boardView, concedeView, suggestView, chatView],
  ...[settingsView, guidanceView, confirmView, panelsView],
  decisionView,
];
for (const view of views) view(table);
wireSpeedMenu(document.getElementById("movement"));
translatePage(() => table.relanguage());
askName(screen).finally(() => table.start()); // an invited person sits with a name first
