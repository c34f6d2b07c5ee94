// The puzzle editor's page (puzzle_editor.html, at /puzzles/make/GAME). This module only
// starts things: the game's editor owns the puzzle's state, and each part of the page (the
// palette, the board, the allowance, the check and publish bar) redraws from it.

import "../../words/editor.js";
import "../../words/delivery_puzzles.js";
import { loadGames } from "../../game_words.js";
import { t, translatePage } from "../../i18n.js";
import { barView } from "./bar.js";
import { allowanceView } from "./delivery/allowance.js";
import { gridView } from "./delivery/grid.js";
import { paletteView } from "./delivery/palette.js";
import { createDeliveryEditor } from "./delivery/state.js";

const game = location.pathname.split("/").filter(Boolean).pop();

function startDelivery() {
  const editor = createDeliveryEditor();
  const lead = () => {
    document.getElementById("editor-lead").textContent = t("editor.lead.delivery");
  };
  lead();
  paletteView(editor);
  gridView(editor);
  allowanceView(editor);
  const bar = barView(editor);
  // the words of every part again, in the language chosen (the puzzle is kept)
  translatePage(() => {
    lead();
    editor.relanguage();
    bar.redraw();
  });
}

if (game === "delivery") loadGames().catch(() => {}).then(startDelivery);
else document.getElementById("editor-error").textContent = t("editor.title");
