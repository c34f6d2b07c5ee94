// What the DR2D puzzle page says: its title and lesson, the goal in plain words, the result once
// the run has been watched to its end ("Solved in 2 turns and 6 moves: optimal!", "... the best
// is ..."), the hints asked (the optimum, then an optimal first turn), the best kept in this
// browser and the next puzzle; and the buttons Run, Undo, Clear and Hint. <body>'s data-result
// ("optimal", "solved", "unsolved", "") says it to tests.

import { t } from "../../i18n.js";
import { wordOf } from "./program_view.js";
import { scoreWords, turnsWords } from "./score.js";

export function panelView(puzzle) {
  const shown = (id) => document.getElementById(id);
  for (const [id, action] of [["run", "run"], ["undo", "undo"], ["clear", "clear"], ["hint", "askHint"]]) {
    shown(id).addEventListener("click", () => puzzle[action]());
  }
  puzzle.watch(
    (s) => [s.puzzle, s.lang],
    ({ puzzle: data, lang }) => {
      if (!data) return;
      document.title = `${data.title[lang]} · robotable`;
      shown("title").textContent = data.title[lang];
      shown("lesson").textContent = data.lesson[lang];
      shown("goal").textContent = goalWords(data);
    },
  );
  puzzle.watch(
    (s) => [s.registers, s.pending, s.puzzle],
    ({ registers, pending, puzzle: data }) => {
      shown("run").disabled = !data || !registers.length || pending;
      shown("undo").disabled = shown("clear").disabled = !registers.length;
    },
  );
  puzzle.watch(
    (s) => [s.run, s.step, s.lang],
    ({ run, step }) => {
      const result = run && step === run.steps.length - 1 ? resultOf(run) : null;
      shown("result").hidden = !result;
      shown("result").textContent = result ? resultWords(result, run) : "";
      shown("result").className = `result ${result ?? ""}`.trim();
      document.body.dataset.result = result ?? "";
      shown("next").hidden = result !== "optimal" && result !== "solved";
    },
  );
  puzzle.watch(
    (s) => [s.hint, s.lang, s.puzzle],
    ({ hint, puzzle: data }) => {
      shown("hint-text").textContent = hint ? hintWords(hint, wordOf(data)) : "";
      shown("hint").textContent = t(hint ? "puzzles.hint_more" : "puzzles.hint");
      shown("hint").disabled = hint?.level >= 2;
    },
  );
  puzzle.watch(
    (s) => [s.best, s.next, s.lang],
    ({ best, next }) => {
      shown("best").textContent = best ? t(best.optimal ? "dr2d_puzzle.best_optimal" : "dr2d_puzzle.best", { score: scoreWords(best.score) }) : "";
      shown("next").href = next ? `/puzzles/dr2d/${encodeURIComponent(next)}` : "/puzzles";
    },
  );
  puzzle.watch(
    (s) => [s.error],
    ({ error }) => (shown("error").textContent = error),
  );
}

function goalWords({ goal, turns }) {
  if (goal.tile) return t("dr2d_puzzle.goal_tile", { turns: turnsWords(turns) });
  if (goal.laws.length === 1) return t("dr2d_puzzle.goal_law", { law: goal.laws[0], turns: turnsWords(turns) });
  return t("dr2d_puzzle.goal_laws", { laws: goal.laws.join(", "), turns: turnsWords(turns) });
}

export function resultOf(run) {
  if (!run.solved) return "unsolved";
  return run.optimal ? "optimal" : "solved";
}

export function resultWords(result, run) {
  if (result === "unsolved") {
    const key = run.goals > 1 ? "dr2d_puzzle.unsolved_laws" : "dr2d_puzzle.unsolved";
    return t(key, { reached: run.goals_reached, goals: run.goals });
  }
  return t(`dr2d_puzzle.${result}`, { score: scoreWords(run.score), optimum: scoreWords(run.optimum) });
}

function hintWords({ level, optimum, first }, word) {
  const score = scoreWords(optimum);
  if (level >= 2 && first) return t("dr2d_puzzle.hint_first", { score, registers: first.map(word).join(", ") });
  return t("dr2d_puzzle.hint_optimum", { score });
}
