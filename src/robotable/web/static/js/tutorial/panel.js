// What the tutorial says: the title, where the learner is ("Step 3 of 10"), the step's text,
// the kind explanation of a wrong action, and the buttons to go on (Continue on a step to read,
// marked as what the step points at), to start again, and at the end to play a real game.
// <body>'s data-waits ("action", "continue") and data-wrong ("yes", "no") say it to tests.

import { POINTED } from "./board.js";
import { t } from "../i18n.js";

export function panelView(tutorial) {
  const shown = (id) => document.getElementById(id);
  shown("continue").addEventListener("click", () => tutorial.next());
  shown("restart").addEventListener("click", () => tutorial.restart());
  tutorial.watch(
    (s) => [s.step, s.lang],
    ({ step }) => {
      if (!step) return;
      document.title = `${step.title} · robotable`;
      shown("title").textContent = step.title;
      shown("lesson-step").textContent = t("tutorial.step", { number: step.number + 1, total: step.total });
      shown("lesson-text").textContent = step.text;
      const reading = step.waits === "continue" && !step.done;
      shown("continue").hidden = !reading;
      shown("continue").classList.toggle(POINTED, reading);
      shown("play-real").hidden = !step.done;
      document.body.dataset.waits = step.done ? "done" : step.waits;
      if (reading) shown("continue").focus({ preventScroll: true });
    },
  );
  tutorial.watch(
    (s) => [s.wrong, s.error],
    ({ wrong, error }) => {
      shown("wrong").hidden = !wrong;
      shown("wrong").textContent = wrong ?? "";
      shown("error").textContent = error;
      document.body.dataset.wrong = wrong ? "yes" : "no";
    },
  );
  tutorial.watch(
    (s) => [s.pending],
    ({ pending }) => (document.body.dataset.pending = pending ? "yes" : "no"),
  );
}
