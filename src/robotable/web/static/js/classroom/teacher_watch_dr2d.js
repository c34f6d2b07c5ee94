// The DR2D pupil the teacher watches (teacher_watch.js picks this for a DR2D room): the registers
// they wrote, a row of five per turn drawn as the puzzle page draws them (the same slots, arrows
// and words), and their last run played on the board step by step, each step told under it
// ("Turn 1, register 3: forward") and its register marked while the registers are still the ones
// run; then what the run came to. The server plays the registers again (POST
// /api/puzzles/dr2d/ID/run): the room keeps registers, not runs.

import { api, el } from "../api.js";
import { gameSay } from "../game_words.js";
import { pictureOf } from "../games/dr2d_decision.js";
import { language, t } from "../i18n.js";
import { withOverlay } from "../puzzles/dr2d/board_view.js";
import { programsOf, REGISTERS } from "../puzzles/dr2d/controller.js";
import { resultOf, resultWords } from "../puzzles/dr2d/panel.js";
import { wordOf } from "../puzzles/dr2d/program_view.js";
import { caption } from "../puzzles/dr2d/stepper.js";
import { picture } from "../table/views/decision.js";
import { attemptDrawn, puzzleCache } from "./watch_cache.js";

const puzzlePath = (id) => `/api/puzzles/dr2d/${encodeURIComponent(id)}`;
const PAUSE = 350; // milliseconds between two steps of the run

export function dr2dWatch(board, shown) {
  const describe = puzzleCache(puzzlePath); // the puzzle at its start (its factory, its turns)
  const attempt = attemptDrawn();
  let timer = null;
  let now = null; // {puzzle, registers, run, playing: the step played}

  function drawRegisters() {
    if (!now) return;
    const word = wordOf(now.puzzle);
    const same = JSON.stringify(now.registers) === JSON.stringify(now.run);
    const playing = same ? now.playing : null;
    const rows = [];
    for (let turn = 1; turn <= now.puzzle.turns; turn += 1) {
      const slots = [];
      for (let register = 1; register <= REGISTERS; register += 1) {
        const letter = now.registers[(turn - 1) * REGISTERS + register - 1];
        const current = playing?.turn === turn && playing?.register === register;
        const attributes = { type: "button", disabled: true, class: `slot ${letter ? "filled" : "empty"}${current ? " playing" : ""}` };
        attributes.dataset = { slot: `${turn}-${register}`, letter: letter ?? "" };
        slots.push(
          el(
            "button",
            attributes,
            el("span", { class: "slot-label" }, gameSay("dr2d", "decision.register", { number: register })),
            letter ? picture(pictureOf(letter)) : null,
            el("span", { class: "slot-word" }, letter ? word(letter) : ""),
          ),
        );
      }
      const label = el("h3", {}, t("dr2d_puzzle.turn", { turn }));
      rows.push(el("div", { class: "decision-row", dataset: { row: `turn-${turn}` } }, label, el("div", { class: "slots" }, slots)));
    }
    shown("watch-program").replaceChildren(...rows);
  }

  function play(steps, at) {
    clearTimeout(timer);
    const step = steps[at];
    if (!step || !now) return;
    now.playing = step;
    board.show(withOverlay(now.puzzle.factory, step.overlay), { game: "dr2d", events: step.events });
    shown("watch-frame").textContent = caption(step, wordOf(now.puzzle));
    drawRegisters();
    timer = setTimeout(() => play(steps, at + 1), board.moving() + PAUSE);
  }

  async function replay(id, run, lang) {
    clearTimeout(timer);
    board.show(withOverlay(now.puzzle.factory, now.puzzle.overlay), { still: true });
    if (!run) {
      shown("watch-run").textContent = t("teacher.no_run");
      return;
    }
    const answer = await api(`${puzzlePath(id)}/run`, { method: "POST", body: { programs: programsOf(run), lang } });
    shown("watch-run").textContent = t("teacher.last_run", { result: resultWords(resultOf(answer), answer) });
    shown("watch").dataset.run = resultOf(answer);
    play(answer.steps, 0);
  }

  return {
    caption() {}, // the steps are told here, not by the board
    // Shows `pupil`'s attempt ({puzzle, moves: {registers, run}}) when it changed since drawn.
    async draw(pupil) {
      const { puzzle: id, moves } = pupil.current;
      if (!id) return;
      const lang = language();
      const keys = { registers: `${id}|${JSON.stringify(moves?.registers)}|${lang}`, run: `${id}|${JSON.stringify(moves?.run)}|${lang}` };
      await attempt.draw(keys, async (before, latest) => {
        const puzzle = await describe(id, lang);
        if (!latest()) return;
        now = { puzzle, registers: moves?.registers ?? [], run: moves?.run ?? null, playing: now?.playing ?? null };
        drawRegisters();
        shown("watch").dataset.registers = now.registers.length;
        if (keys.run !== before.run) await replay(id, now.run, lang);
      });
    },
    forget() {
      clearTimeout(timer);
      attempt.forget();
      now = null;
      shown("watch-frame").textContent = "";
      delete shown("watch").dataset.run;
    },
  };
}
