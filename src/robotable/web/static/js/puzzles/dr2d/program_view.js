// The program being written: a row of five registers per turn of the puzzle, drawn as the table
// page draws a DR2D program (the same slots, arrows and words: the game's register.* and
// decision.* words, table/views/decision.js's look). The next empty register is marked and the
// five choices under the rows fill it; the last filled register, clicked, is taken back. While a
// run is shown, the register being played is marked too. Each slot says its place in
// data-slot ("1-3": turn 1, register 3), each choice its letter in data-choice, for tests.

import { el } from "../../api.js";
import { gameSay, loadGames } from "../../game_words.js";
import { pictureOf } from "../../games/dr2d_decision.js";
import { t } from "../../i18n.js";
import { picture } from "../../table/views/decision.js";
import { REGISTERS } from "./controller.js";

const LETTERS = ["N", "E", "S", "W", "STAY"];
const say = (key, params) => gameSay("dr2d", key, params);

export function programView(puzzle) {
  const box = document.getElementById("program");
  let named = false; // the registers' words are the game's, once loaded
  const draw = (state) => {
    box.hidden = !state.puzzle || !named;
    if (!box.hidden) box.replaceChildren(...drawn(puzzle, state));
  };
  loadGames().then(() => {
    named = true;
    draw(puzzle.get());
  }, () => {});
  puzzle.watch((s) => [s.puzzle, s.registers, s.run, s.step, s.lang], draw);
}

function drawn(puzzle, state) {
  const word = wordOf(state.puzzle);
  const playing = state.run?.steps[state.step];
  const rows = [];
  for (let turn = 1; turn <= state.puzzle.turns; turn += 1) {
    const slots = [];
    for (let register = 1; register <= REGISTERS; register += 1) {
      const at = (turn - 1) * REGISTERS + register - 1;
      const current = playing?.turn === turn && playing?.register === register;
      slots.push(slot(puzzle, state.registers, at, { turn, register, word, current }));
    }
    const label = el("h3", {}, t("dr2d_puzzle.turn", { turn }));
    rows.push(el("div", { class: "decision-row", dataset: { row: `turn-${turn}` } }, label, el("div", { class: "slots" }, slots)));
  }
  return [el("h2", {}, t("dr2d_puzzle.program")), ...rows, ...chooser(puzzle, state, word)];
}

// A register's slot: filled (the last one takes itself back), the next to fill, or empty.
function slot(puzzle, registers, at, { turn, register, word, current }) {
  const letter = registers[at];
  const state = letter !== undefined ? "filled" : at === registers.length ? "next" : "empty";
  const last = at === registers.length - 1;
  const attributes = {
    type: "button",
    class: `slot ${state}${current ? " playing" : ""}`,
    dataset: { slot: `${turn}-${register}`, state },
    "aria-current": current ? "step" : undefined,
    disabled: !last,
    onclick: () => puzzle.undo(),
  };
  return el(
    "button",
    attributes,
    el("span", { class: "slot-label" }, say("decision.register", { number: register })),
    letter !== undefined ? picture(pictureOf(letter)) : null,
    el("span", { class: "slot-word" }, letter !== undefined ? word(letter) : state === "next" ? say("decision.next") : ""),
    last ? el("span", { class: "slot-send" }, `↶ ${say("decision.undo")}`) : null,
  );
}

// The five choices for the next register, or what to do once every register is filled.
function chooser(puzzle, state, word) {
  const count = state.registers.length;
  if (count >= state.puzzle.turns * REGISTERS) return [el("p", { class: "decision-note" }, t("dr2d_puzzle.all_filled"))];
  const number = (count % REGISTERS) + 1;
  const choices = LETTERS.map((letter) => {
    const attributes = { type: "button", class: "choice", title: word(letter), dataset: { choice: letter } };
    return el("button", { ...attributes, onclick: () => puzzle.add(letter) }, picture(pictureOf(letter)), word(letter));
  });
  const prompt = el("p", {}, say("decision.choose", { number }));
  const box = el("div", { class: "chooser" }, prompt, el("div", { class: "actions" }, choices));
  return count ? [box, el("p", { class: "decision-note" }, t("dr2d_puzzle.empty_stay"))] : [box];
}

// A register's word: forward, right... (north, east... when the puzzle reads letters as compass points).
export function wordOf(puzzleData) {
  const reading = puzzleData?.absolute_directions ? "absolute" : "relative";
  return (letter) => say(`register.${reading}.${letter}`);
}
