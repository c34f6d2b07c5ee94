// What the Robot Delivery puzzle page says: its title and lesson, the call frame being run, the
// result once a run is replayed ("Solved with 5 cards: optimal!", "... best is 4 cards", or how
// many parcels were delivered), the hints asked (the optimum, then the first onPlay slot), the
// best kept in this browser and the next puzzle. <body>'s data-result ("optimal", "solved",
// "unsolved", "") says it to tests.

import { gameSay } from "../../game_words.js";
import { language, t } from "../../i18n.js";
import { cardCount } from "./program.js";

export function panelView(puzzle) {
  const shown = (id) => document.getElementById(id);
  shown("run").addEventListener("click", () => puzzle.run());
  shown("undo").addEventListener("click", () => puzzle.undo());
  shown("clear").addEventListener("click", () => puzzle.clear());
  shown("hint").addEventListener("click", () => puzzle.askHint());
  puzzle.watch(
    (s) => [s.puzzle, s.lang],
    ({ puzzle: about }) => {
      if (!about) return;
      const lang = language();
      document.title = `${about.title[lang]} · robotable`;
      shown("title").textContent = about.title[lang];
      // a published puzzle (the editor's) says who made it
      const by = about.author ? t("dpuzzles.made_by", { name: about.author }) : "";
      shown("lesson").textContent = [about.lesson[lang], by].filter(Boolean).join(" ");
      shown("published-file").hidden = !about.file; // a published puzzle's file, as the game loads it
      if (about.file) shown("published-download").href = about.file;
    },
  );
  puzzle.watch((s) => [s.outcome, s.replaying, s.frame, s.lang], (state) => drawResult(shown, state));
  puzzle.watch(
    (s) => [s.program, s.history, s.pending, s.replaying],
    ({ program, history, pending, replaying }) => {
      shown("run").disabled = pending || replaying || !cardCount(program);
      shown("undo").disabled = replaying || !history.length;
      shown("clear").disabled = replaying || !cardCount(program);
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
    (s) => [s.best, s.next, s.lang, s.outcome, s.replaying],
    ({ best, next, outcome, replaying }) => {
      shown("best").textContent = best ? t(best.optimal ? "dpuzzles.best_optimal" : "dpuzzles.best", { cards: best.cards }) : "";
      shown("next").hidden = !outcome?.solved || replaying;
      shown("next").href = next ? `/puzzles/delivery/${encodeURIComponent(next)}` : "/puzzles";
    },
  );
  puzzle.watch(
    (s) => [s.error],
    ({ error }) => (shown("error").textContent = error),
  );
}

function drawResult(shown, { outcome, replaying, frame }) {
  shown("frame").textContent = replaying ? frame || t("dpuzzles.running") : "";
  const result = outcome && !replaying ? resultOf(outcome) : null;
  shown("result").hidden = !result;
  shown("result").textContent = result ? resultWords(result, outcome) : "";
  shown("result").className = `result ${result ?? ""}`.trim();
  document.body.dataset.result = result ?? "";
}

export function resultOf(outcome) {
  if (!outcome.solved) return "unsolved";
  return outcome.optimal ? "optimal" : "solved";
}

export function resultWords(result, outcome) {
  const [best, bestInstructions] = outcome.optimum ?? [];
  const params = { ...outcome, best, best_instructions: bestInstructions };
  return t(`dpuzzles.${result}`, params);
}

function hintWords({ level, optimum, first }) {
  const said = t("dpuzzles.hint_optimum", { cards: optimum[0], instructions: optimum[1] });
  if (level < 2 || !first) return said;
  const cards = first.map((card) => `${card} (${gameSay("delivery", `short.${card}`)})`).join(" + ");
  return `${said} ${t("dpuzzles.hint_first", { cards })}`;
}
