// The run, step by step, under the board: the buttons (the start, back, play or pause, next,
// the end), which step is shown ("Turn 1, register 3: forward") and what happened in it, in the
// game's own sentences from the server ("your robot moves forward (N), heading east, from (0,0)
// to (1,0)"). Hidden until a program is run.

import { el } from "../../api.js";
import { t } from "../../i18n.js";
import { wordOf } from "./program_view.js";

export function stepperView(puzzle) {
  const shown = (id) => document.getElementById(id);
  const buttons = { "step-first": "first", "step-back": "back", "step-next": "forward", "step-last": "last" };
  for (const [id, action] of Object.entries(buttons)) shown(id).addEventListener("click", () => puzzle[action]());
  shown("step-play").addEventListener("click", () => (puzzle.get().playing ? puzzle.pause() : puzzle.play()));
  puzzle.watch(
    (s) => [s.run, s.step, s.playing, s.puzzle, s.lang],
    ({ run, step, playing, puzzle: data }) => {
      shown("stepper").hidden = !run;
      if (!run) return;
      const last = run.steps.length - 1;
      shown("step-first").disabled = shown("step-back").disabled = step < 0;
      shown("step-next").disabled = shown("step-last").disabled = step >= last;
      shown("step-play").textContent = t(playing ? "dr2d_puzzle.pause" : "dr2d_puzzle.play");
      shown("step-play").setAttribute("aria-pressed", String(playing));
      const current = run.steps[step];
      shown("step-caption").textContent = current ? caption(current, wordOf(data)) : t("dr2d_puzzle.at_start");
      shown("step-said").replaceChildren(...(current ? said(current, run.steps[step - 1], run.goals) : []).map((line) => el("li", {}, line)));
    },
  );
}

// Which step: a register of a turn, or the start or the end of a turn.
export function caption(step, word) {
  if (step.register === 0) return t("dr2d_puzzle.step_start", { turn: step.turn });
  if (step.register === 6) return t("dr2d_puzzle.step_end", { turn: step.turn });
  const what = step.letter ? word(step.letter) : t("dr2d_puzzle.standby");
  return t("dr2d_puzzle.step_register", { turn: step.turn, number: step.register, word: what });
}

// What happened in the step, and the goal when it was reached there.
function said(step, before, goals) {
  const lines = [...step.said];
  if (step.goals_reached > (before?.goals_reached ?? 0)) {
    const done = step.goals_reached === goals;
    lines.push(done ? t("dr2d_puzzle.goal_reached") : t("dr2d_puzzle.law_reached", { reached: step.goals_reached, goals }));
  }
  if (!lines.length) lines.push(t(step.letter === "STAY" ? "dr2d_puzzle.stays" : "dr2d_puzzle.nothing"));
  return lines;
}
