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
import { attemptDrawn, puzzleCache } from "./watch_cache.js";

const puzzlePath = (id) => `/api/puzzles/delivery/${encodeURIComponent(id)}`;
const SETTLE = 80; // milliseconds after the replay's last step before what the run came to is told

export function deliveryWatch(board, shown) {
  const describe = puzzleCache(puzzlePath); // the puzzle at its start (its board, its boards' sizes)
  const attempt = attemptDrawn();
  let now = null; // {puzzle, program, run}: the attempt drawn, for the slot being run
  let told = null; // the timer that tells what the run came to, once replayed

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
      if (!id) return;
      const lang = language();
      const keys = { program: `${id}|${JSON.stringify(moves?.program)}|${lang}`, run: `${id}|${JSON.stringify(moves?.run)}|${lang}` };
      await attempt.draw(keys, async (before, latest) => {
        const puzzle = await describe(id, lang);
        if (!latest()) return;
        now = { puzzle, program: moves?.program, run: moves?.run };
        drawProgram();
        shown("watch").dataset.cards = cardCount(programOf(now.program, puzzle));
        if (keys.run !== before.run) await replay(id, moves?.run, lang, puzzle);
      });
    },
    // Another pupil, or nothing, is watched: the next attempt is drawn afresh.
    forget() {
      clearTimeout(told);
      attempt.forget();
      now = null;
      shown("watch-frame").textContent = "";
      delete shown("watch").dataset.run;
    },
  };
}
