// The allowance: how many of each card the puzzle gives, the onPlay board's slots, and the
// function boards with their slots (a Function card only for a board that is). Owns
// #ed-allowance-form.

import { el } from "../../../api.js";
import { gameSay } from "../../../game_words.js";
import { t } from "../../../i18n.js";
import { CARDS, LETTERS, MAX_EACH, MAX_LOOPS } from "./state.js";

const word = (card) => gameSay("delivery", `short.${card}`);

export function allowanceView(editor) {
  const box = document.getElementById("ed-allowance-form");
  const counter = (id, label, value, min, max, change) =>
    el(
      "label",
      { class: "count" },
      el("span", {}, label, " "),
      el("input", { id, type: "number", min, max, value, onchange: (e) => change(e.target.value) }),
    );

  editor.watch(
    (s) => [s.cards, s.slots, s.functions, s.lang],
    (state) => {
      const boards = state.functions.length;
      const usable = CARDS.filter((card) => !card.startsWith("FN-") || LETTERS.indexOf(card[3]) < boards);
      const cards = el(
        "fieldset",
        { class: "cards-allowed" },
        el("legend", {}, t("editor.cards_allowed")),
        ...usable.map((card) =>
          counter(`ed-card-${card}`, `${card} (${word(card)})`, state.cards[card] ?? 0, 0, card === "LOOP" ? MAX_LOOPS : MAX_EACH, (n) =>
            editor.setCount(card, n),
          ),
        ),
      );
      const frame = el(
        "fieldset",
        { class: "boards" },
        el("legend", {}, t("editor.functions")),
        counter("ed-slots", t("editor.slots"), state.slots, 1, 4, (n) => editor.setSlots(n)),
        counter("ed-functions", t("editor.functions"), boards, 0, 4, (n) => editor.setFunctions(n)),
        ...state.functions.map((slots, i) =>
          counter(`ed-function-${LETTERS[i]}`, t("editor.function_slots", { letter: LETTERS[i] }), slots, 1, 4, (n) =>
            editor.setFunctionSlots(i, n),
          ),
        ),
      );
      box.replaceChildren(cards, frame);
    },
  );
}
