// "Suggest a move": a button, while the seat has a move to make, that asks the server what the
// game's medium bot would play for it now (POST /api/tables/ID/suggest), and shows the move,
// why in the game's own words (`why.CODE` of its catalogue), and what it is about lit on the
// board (the drawing's cells and pieces). Nothing is ever sent: the person plays it, or not.
// The suggestion goes when the table moves on (the controller forgets it).

import { el } from "../../api.js";
import { gameSay, hasGameWord } from "../../game_words.js";
import { t } from "../../i18n.js";
import { buttonWords } from "../../shared/worded.js";

export function suggestView(table) {
  const box = document.getElementById("suggest-box");
  const button = document.getElementById("suggest");
  const said = document.getElementById("suggestion");
  const board = document.getElementById("board");
  button.addEventListener("click", () => table.suggest());
  table.watch(
    (s) => [s.server, s.suggestion, s.lang, s.games, s.seat],
    (s) => {
      // a rated table suggests nothing: each person plays on their own
      const open = Boolean(s.server && !s.server.outcome && !s.server.rated && s.server.legal.length && s.seat !== null);
      box.hidden = !open;
      button.disabled = s.suggestion === "asking";
      said.replaceChildren(...(open ? lines(s) : []));
      light(table.get());
    },
  );
  new MutationObserver(() => light(table.get())).observe(board, { childList: true });

  // The suggestion's cells and pieces, lit again on each new drawing.
  function light(state) {
    const marks = current(state)?.marks ?? {};
    const cells = new Set(marks.cells ?? []);
    const pieces = new Set(marks.pieces ?? []);
    for (const cell of board.querySelectorAll("svg [data-cell]")) cell.classList.toggle("suggested", cells.has(cell.dataset.cell));
    for (const piece of board.querySelectorAll("svg [data-piece]")) piece.classList.toggle("suggested", pieces.has(piece.dataset.piece));
  }
}

// The suggestion about the table as it is now (none while asking or once it moved on).
function current({ suggestion, server }) {
  if (!suggestion || suggestion === "asking" || suggestion.failed !== undefined) return null;
  return suggestion.version === server?.version ? suggestion : null;
}

function lines(state) {
  const { suggestion, game } = state;
  if (suggestion === "asking") return [el("p", { class: "thinking" }, t("table.suggest_thinking"))];
  if (suggestion?.failed !== undefined) {
    const known = suggestion.failed && t(`suggest.${suggestion.failed}`) !== `suggest.${suggestion.failed}`;
    return [el("p", { class: "refused" }, known ? t(`suggest.${suggestion.failed}`) : suggestion.text)];
  }
  const shown = current(state);
  if (!shown) return [];
  if (shown.action === null) return [el("p", {}, t("table.suggest_wait"))];
  const why = shown.why && hasGameWord(game, `why.${shown.why.code}`) ? gameSay(game, `why.${shown.why.code}`, shown.why.params) : t("table.suggest_generic");
  return [
    el("p", { class: "suggested-move", dataset: { action: shown.action } }, t("table.suggestion", { action: buttonWords(game, shown.action) })),
    el("p", { class: "why" }, why),
    el("p", { class: "hint" }, t("table.suggest_note")),
  ];
}
