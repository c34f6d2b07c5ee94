// The program beside the board, in the look of the table page's program (the .decision slots):
// the palette of the cards allowed, each with how many are left (the one picked pressed), then
// the onPlay board and the function boards, slot by slot. A card clicked then a slot clicked
// puts it there; a slot clicked with no card picked gives its cards back. While a run is
// replayed, the slot being run is marked (data-running), from the call frame the board shows.
// Cards are named in the game's words (short.FWD: "forward"), their codes as printed.

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { t } from "../../i18n.js";
import { left } from "./program.js";

const word = (card) => gameSay("delivery", `short.${card}`);

export function programView(puzzle) {
  const palette = document.getElementById("palette");
  const boards = document.getElementById("program");
  puzzle.watch(
    (s) => [s.puzzle, s.program, s.picked, s.frame, s.replaying, s.lang],
    (state) => {
      if (!state.puzzle || !state.program) return;
      palette.replaceChildren(...state.puzzle.cards.map(([card]) => cardButton(puzzle, state, card)));
      const running = state.replaying ? runningSlot(state.frame) : null;
      boards.replaceChildren(...programRows(state.program, { running, disabled: state.replaying, onSlot: (key) => puzzle.slot(key) }));
    },
  );
}

function cardButton(puzzle, { puzzle: allowed, program, picked }, card) {
  const count = left(allowed, program, card);
  const attributes = { type: "button", class: `slot card${picked === card ? " next" : ""}`, title: card };
  attributes.dataset = { card };
  attributes["aria-pressed"] = picked === card ? "true" : "false";
  return el(
    "button",
    { ...attributes, disabled: count <= 0 && picked !== card, onclick: () => puzzle.pick(card) },
    el("span", { class: "slot-label" }, card),
    el("span", { class: "slot-word" }, word(card)),
    el("span", { class: "slot-send" }, t("dpuzzles.left", { count })),
  );
}

// The program's boards, slot by slot, as buttons: `onSlot(key)` when one is clicked (none: a
// program only shown, as on the teacher's page); `running`: the slot being run ("A1"), marked.
export function programRows(program, { running = null, disabled = false, onSlot = null } = {}) {
  return Object.keys(program).map((board) => {
    const label = board === "P" ? t("dpuzzles.onplay") : t("dpuzzles.function", { letter: board });
    const slots = program[board].map((cards, i) => slotButton(`${board}${i + 1}`, cards, { running, disabled, onSlot }));
    return el("div", { class: "decision-row", dataset: { row: board } }, el("h3", {}, label), el("div", { class: "slots" }, slots));
  });
}

function slotButton(key, cards, { running, disabled, onSlot }) {
  const number = Number(key.slice(1));
  const look = `slot ${cards.length ? "filled" : "empty"}${key === running ? " pending" : ""}`;
  const attributes = { type: "button", class: look, title: cards.join("+") || t("dpuzzles.empty") };
  attributes.dataset = { slot: key, cards: cards.join("+"), running: key === running ? "yes" : "no" };
  const clicked = onSlot ? { onclick: () => onSlot(key) } : { "aria-disabled": "true" };
  return el(
    "button",
    { ...attributes, disabled, ...clicked },
    el("span", { class: "slot-label" }, t("dpuzzles.slot", { number })),
    el("span", { class: "slot-word" }, cards.length ? cards.map(word).join(" + ") : t("dpuzzles.empty")),
  );
}

// The slot a call frame is in, innermost first: "slot 2 > F:A > A slot 1 > loop x2 (2/2)" -> "A1";
// a cell's effects ("cell") -> null.
export function runningSlot(frame) {
  for (const part of (frame ?? "").split(" > ").reverse()) {
    const found = /^(?:([A-D]) )?slot (\d+)$/.exec(part);
    if (found) return `${found[1] ?? "P"}${found[2]}`;
  }
  return null;
}
