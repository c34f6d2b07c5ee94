// DR2D's section of the puzzles page (/puzzles): the course in order, a tick on each puzzle
// solved in this browser (a star when the solution was optimal) and how many are solved. The
// list comes from GET /api/puzzles/dr2d (titles and lessons in both languages, never an
// optimum); the ticks from progress.js (a signed-in person's merged from their account's).
// Ricochet's sections are list.js's.

import { api, el } from "../../api.js";
import { language, t } from "../../i18n.js";
import "../../words/dr2d_puzzle.js";
import { mergeAccountProgress } from "../account_progress.js";
import { bestOf, keepBest } from "./progress.js";
import { scoreWords } from "./score.js";

let course = null; // the listing's course, once loaded

const link = (id) => `/puzzles/dr2d/${encodeURIComponent(id)}`;

// The mark of a puzzle: ★ solved optimally, ✓ solved, ○ not yet; and its words for readers.
function mark(id) {
  const best = bestOf(id);
  if (!best) return el("span", { class: "tick", "aria-label": t("puzzles.unsolved") }, "○");
  const said = t("dr2d_puzzle.solved_in", { score: scoreWords(best.score) }) + (best.optimal ? `, ${t("puzzles.optimal_mark")}` : "");
  return el("span", { class: `tick solved${best.optimal ? " optimal" : ""}`, title: said, "aria-label": said }, best.optimal ? "★" : "✓");
}

function item(puzzle, lang) {
  const title = el("a", { href: link(puzzle.id), dataset: { puzzle: puzzle.id } }, puzzle.title[lang]);
  const solved = bestOf(puzzle.id) ? "yes" : "no";
  return el("li", { dataset: { solved } }, mark(puzzle.id), " ", title, el("small", { class: "hint" }, puzzle.lesson[lang]));
}

function draw() {
  for (const element of document.querySelectorAll("#dr2d [data-t]")) element.textContent = t(element.dataset.t);
  if (!course) return;
  document.getElementById("dr2d-course").replaceChildren(...course.map((puzzle) => item(puzzle, language())));
  const done = course.filter((puzzle) => bestOf(puzzle.id)).length;
  document.getElementById("dr2d-progress").textContent = t("puzzles.course_done", { done, total: course.length });
}

async function start() {
  try {
    course = (await api("/api/puzzles/dr2d")).course;
  } catch (failure) {
    document.getElementById("dr2d-error").textContent = failure.message;
    return;
  }
  draw();
  if (await mergeAccountProgress("dr2d", keepBest)) draw(); // signed in: the account's ticks too
}

// the page's own module (list.js) rewords the page when the language menu changes; this section
// follows, once the new language is kept
document.getElementById("language")?.addEventListener("change", () => setTimeout(draw));
window.addEventListener("pageshow", draw); // back from a puzzle: its new tick
start();
