// The Robot Delivery pupil the teacher watches (teacher_watch.js picks this for a Delivery room):
// their program now, its cards in slots drawn as the puzzle page draws them (a program only
// shown: ../puzzles/delivery/program_view.js), and their last run replayed on the board slot by
// slot, its call frame told under it ("slot 2 > F:A > A slot 1") and the slot being run marked
// while the program is still the one run; then what the run came to. The server runs the
// program again (POST /api/puzzles/delivery/ID/run): the room keeps programs, not traces.

import { api } from "../api.js";
import { language, t } from "../i18n.js";
import { resultOf, resultWords } from "../puzzles/delivery/panel.js";
import { cardCount, programOf } from "../puzzles/delivery/program.js";
import { programRows, runningSlot } from "../puzzles/delivery/program_view.js";

const puzzlePath = (id) => `/api/puzzles/delivery/${encodeURIComponent(id)}`;
const SETTLE = 80; // milliseconds after the replay's last step before what the run came to is told

export function deliveryWatch(board, shown) {
  const described = new Map(); // "id|lang" -> the puzzle at its start (its board, its boards' sizes)
  let drawn = { program: "", run: "" }; // what is drawn: "id|program|lang", "id|run|lang"
  let asked = 0;
  let now = null; // {puzzle, program, run}: the attempt drawn, for the slot being run
  let told = null; // the timer that tells what the run came to, once replayed

  function describe(id, lang) {
    const key = `${id}|${lang}`;
    if (!described.has(key)) described.set(key, api(`${puzzlePath(id)}?lang=${lang}`).catch((failure) => described.delete(key) && Promise.reject(failure)));
    return described.get(key);
  }

  function drawProgram(frame = "") {
    if (!now) return;
    const same = JSON.stringify(now.program) === JSON.stringify(now.run);
    const running = frame && same ? runningSlot(frame) : null;
    shown("watch-program").replaceChildren(...programRows(programOf(now.program, now.puzzle), { running, disabled: true }));
  }

  async function replay(id, run, lang, puzzle) {
    const say = shown("watch-run");
    clearTimeout(told);
    say.textContent = "";
    if (!run) {
      board.show(puzzle.board, { still: true });
      say.textContent = t("teacher.no_run");
      return;
    }
    const outcome = await api(`${puzzlePath(id)}/run`, { method: "POST", body: { program: run, lang } });
    board.show(puzzle.board, { still: true });
    board.show(outcome.board, { game: "delivery", events: outcome.steps });
    told = setTimeout(() => {
      say.textContent = t("teacher.last_run", { result: resultWords(resultOf(outcome), outcome) });
      shown("watch").dataset.run = resultOf(outcome);
    }, board.moving() + SETTLE);
  }

  return {
    // The board's call frame: told, and its slot marked.
    caption(frame) {
      shown("watch-frame").textContent = frame;
      drawProgram(frame);
    },
    // Shows `pupil`'s attempt ({puzzle, moves: {program, run}}) when it changed since drawn.
    async draw(pupil) {
      const { puzzle: id, moves } = pupil.current;
      const lang = language();
      const keys = { program: `${id}|${JSON.stringify(moves?.program)}|${lang}`, run: `${id}|${JSON.stringify(moves?.run)}|${lang}` };
      if (!id || (keys.program === drawn.program && keys.run === drawn.run)) return;
      const before = drawn;
      drawn = keys;
      const mine = ++asked;
      try {
        const puzzle = await describe(id, lang);
        if (mine !== asked) return;
        now = { puzzle, program: moves?.program, run: moves?.run };
        drawProgram();
        shown("watch").dataset.cards = cardCount(programOf(now.program, puzzle));
        if (keys.run !== before.run) await replay(id, moves?.run, lang, puzzle);
      } catch {
        if (mine === asked) drawn = { program: "", run: "" }; // asked again at the next round
      }
    },
    // Another pupil, or nothing, is watched: the next attempt is drawn afresh.
    forget() {
      clearTimeout(told);
      drawn = { program: "", run: "" };
      now = null;
      shown("watch-frame").textContent = "";
      delete shown("watch").dataset.run;
    },
  };
}
