// The puzzle editor's page (puzzle_editor.html, at /puzzles/make/GAME). This module only
// starts things: the game's editor owns the puzzle's state, and each part of the page (the
// palette, the board, the allowance or rule, the check and publish bar) redraws from it.

import "../../words/editor.js";
import "../../words/delivery_puzzles.js";
import { loadGames } from "../../game_words.js";
import { t, translatePage } from "../../i18n.js";
import { barView } from "./bar.js";
import { allowanceView } from "./delivery/allowance.js";
import { createDeliveryEditor } from "./delivery/state.js";
import { dr2dAllowanceView } from "./dr2d/allowance.js";
import { createDr2dEditor } from "./dr2d/state.js";
import { gridView } from "./grid.js";
import { paletteView } from "./palette.js";
import { ricochetBoardView } from "./ricochet/board.js";
import { facesView } from "./ricochet/faces.js";
import { ricochetPaletteView } from "./ricochet/palette.js";
import { ruleView } from "./ricochet/rule.js";
import { createRicochetEditor } from "./ricochet/state.js";

const game = location.pathname.split("/").filter(Boolean).pop();
const GAMES = {
  delivery: { create: createDeliveryEditor, views: [paletteView, gridView, allowanceView] },
  ricochet: { create: createRicochetEditor, views: [facesView, ricochetPaletteView, ricochetBoardView, ruleView] },
  dr2d: { create: createDr2dEditor, views: [paletteView, gridView, dr2dAllowanceView] },
};

function headings() {
  document.getElementById("editor-lead").textContent = t(`editor.lead.${game}`);
  document.getElementById("editor-title").textContent = t(`editor.title.${game}`);
  document.title = `${t(`editor.title.${game}`)} · robotable`;
  document.getElementById("ed-allowance-title").textContent = t(`editor.allowance.${game}`);
  document.getElementById("editor-how").textContent = t(`editor.how.${game}`);
  document.getElementById("ed-board-title").textContent = t(`editor.board.${game}`);
}

function start() {
  const { create, views } = GAMES[game];
  const editor = create();
  document.getElementById("editor").dataset.game = game;
  headings();
  for (const view of views) view(editor);
  const bar = barView(editor);
  editor.start?.();
  // the words of every part again, in the language chosen (the puzzle is kept)
  translatePage(() => {
    headings();
    editor.relanguage();
    bar.redraw();
  });
}

if (game in GAMES) loadGames().catch(() => {}).then(start);
else document.getElementById("editor-error").textContent = t("editor.no_editor");
