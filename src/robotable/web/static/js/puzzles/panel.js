// What the puzzle page says: its title and lesson, the moves so far, the result once solved
// ("Solved in 7: optimal!", "Solved in 9, best is 7."), a straight arrival's failure, the hints
// asked (the length, then the first move), the best kept in this browser and the next puzzle.
// <body>'s data-result ("optimal", "solved", "straight", "") says it to tests.

import { notationWords } from "../shared/worded.js";
import { language, t } from "../i18n.js";

export function panelView(puzzle) {
  const shown = (id) => document.getElementById(id);
  shown("hint").addEventListener("click", () => puzzle.askHint());
  puzzle.watch(
    (s) => [s.answer, s.lang],
    ({ answer }) => {
      if (!answer) return;
      const lang = language();
      document.title = `${answer.title[lang]} · robotable`;
      shown("title").textContent = answer.title[lang];
      shown("lesson").textContent = answer.lesson[lang];
      const pick = answer.legal.length ? ` — ${t("puzzles.pick")}` : "";
      shown("count").textContent = t("puzzles.moves", { moves: answer.moves }) + pick;
      const result = resultOf(answer);
      shown("result").hidden = !result;
      shown("result").textContent = result ? t(`puzzles.${result}`, { moves: answer.moves, optimum: answer.optimum?.[0] }) : "";
      shown("result").className = `result ${result ?? ""}`.trim();
      document.body.dataset.result = result ?? "";
    },
  );
  puzzle.watch(
    (s) => [s.hint, s.lang],
    ({ hint }) => {
      shown("hint-text").textContent = hint ? hintWords(hint) : "";
      shown("hint").textContent = t(hint ? "puzzles.hint_more" : "puzzles.hint");
      shown("hint").disabled = hint?.level >= 2;
    },
  );
  puzzle.watch(
    (s) => [s.best, s.next, s.lang, s.answer],
    ({ best, next, answer }) => {
      shown("best").textContent = best ? t(best.optimal ? "puzzles.best_optimal" : "puzzles.best", { moves: best.moves }) : "";
      shown("next").hidden = !answer?.solved;
      shown("next").href = next ? `/puzzles/ricochet/${encodeURIComponent(next)}` : "/puzzles";
    },
  );
  puzzle.watch(
    (s) => [s.error],
    ({ error }) => (shown("error").textContent = error),
  );
}

function resultOf(answer) {
  if (answer.straight) return "straight";
  if (!answer.solved) return null;
  return answer.optimal ? "optimal" : "solved";
}

function hintWords({ level, optimum, first }) {
  if (level >= 2 && first) return t("puzzles.hint_first", { optimum: optimum[0], move: notationWords("ricochet", first) });
  return t("puzzles.hint_length", { optimum: optimum[0] });
}
