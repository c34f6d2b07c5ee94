// The Robot Delivery course on the puzzles page (/puzzles): its puzzles in order with a tick on
// each solved in this browser (a star when with the fewest cards), from GET
// /api/puzzles/delivery (titles and lessons in both languages, never an optimum) and
// progress.js (a signed-in person's merged from their account's). Drawn into #delivery-course,
// when loaded and whenever the Ricochet list (../list.js) redraws (a language chosen, back from
// a puzzle).

import { api, el } from "../../api.js";
import { language, t } from "../../i18n.js";
import "../../words/delivery_puzzles.js";
import { mergeAccountProgress } from "../account_progress.js";
import { bestOf, keepBest } from "./progress.js";

let course = null;

function mark(id) {
  const best = bestOf(id);
  if (!best) return el("span", { class: "tick", "aria-label": t("puzzles.unsolved") }, "○");
  const said = t("dpuzzles.solved_in", { cards: best.cards }) + (best.optimal ? `, ${t("puzzles.optimal_mark")}` : "");
  return el("span", { class: `tick solved${best.optimal ? " optimal" : ""}`, title: said, "aria-label": said }, best.optimal ? "★" : "✓");
}

function item(puzzle, lang) {
  const link = el("a", { href: `/puzzles/delivery/${encodeURIComponent(puzzle.id)}`, dataset: { puzzle: puzzle.id } }, puzzle.title[lang]);
  const solved = bestOf(puzzle.id) ? "yes" : "no";
  return el("li", { dataset: { solved } }, mark(puzzle.id), " ", link, el("small", { class: "hint" }, puzzle.lesson[lang]));
}

export function drawDeliveryCourse() {
  const list = document.getElementById("delivery-course");
  if (!course || !list) return;
  const lang = language();
  list.replaceChildren(...course.map((puzzle) => item(puzzle, lang)));
  const done = course.filter((puzzle) => bestOf(puzzle.id)).length;
  document.getElementById("delivery-progress").textContent = t("puzzles.course_done", { done, total: course.length });
}

async function start() {
  try {
    course = (await api("/api/puzzles/delivery")).course;
  } catch (failure) {
    document.getElementById("puzzles-error").textContent = failure.message;
    return;
  }
  drawDeliveryCourse();
  if (await mergeAccountProgress("delivery", keepBest)) drawDeliveryCourse(); // signed in: the account's ticks too
}

start();
