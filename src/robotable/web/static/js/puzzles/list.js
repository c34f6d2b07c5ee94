// The puzzles page (/puzzles): the puzzle of the day, the course in order with a tick on each
// puzzle solved in this browser (a star when the solution was optimal), and the puzzle book by
// level. The list comes from GET /api/puzzles/ricochet (titles and lessons in both languages,
// never an optimum); the ticks from progress.js.

import { api, el } from "../api.js";
import { language, t, translatePage } from "../i18n.js";
import "../words/puzzles.js";
import "../words/classroom.js";
import { mergeAccountProgress } from "./account_progress.js";
import { bestOf, keepBest } from "./progress.js";
import { drawDeliveryCourse } from "./delivery/list.js";

let listing = null;

const link = (id) => `/puzzles/ricochet/${encodeURIComponent(id)}`;

// The mark of a puzzle: ★ solved optimally, ✓ solved, nothing yet; and its words for readers.
function mark(id) {
  const best = bestOf(id);
  if (!best) return el("span", { class: "tick", "aria-label": t("puzzles.unsolved") }, "○");
  const said = t("puzzles.solved_in", { moves: best.moves }) + (best.optimal ? `, ${t("puzzles.optimal_mark")}` : "");
  return el("span", { class: `tick solved${best.optimal ? " optimal" : ""}`, title: said, "aria-label": said }, best.optimal ? "★" : "✓");
}

function item(puzzle, lang, { lesson = true } = {}) {
  const words = [el("a", { href: link(puzzle.id), dataset: { puzzle: puzzle.id } }, puzzle.title[lang])];
  if (lesson) words.push(el("small", { class: "hint" }, puzzle.lesson[lang]));
  return el("li", { dataset: { solved: bestOf(puzzle.id) ? "yes" : "no" } }, mark(puzzle.id), " ", ...words);
}

function drawDaily() {
  const best = bestOf(listing.daily);
  const said = best ? ` ${t(best.optimal ? "puzzles.best_optimal" : "puzzles.best", { moves: best.moves })}` : "";
  document.getElementById("daily").replaceChildren(el("a", { href: link(listing.daily), id: "daily-link" }, t("puzzles.daily_play")), said);
}

function drawCourse(lang) {
  const course = listing.course;
  document.getElementById("course").replaceChildren(...course.map((puzzle) => item(puzzle, lang)));
  const done = course.filter((puzzle) => bestOf(puzzle.id)).length;
  document.getElementById("course-progress").textContent = t("puzzles.course_done", { done, total: course.length });
}

function drawBook(lang) {
  const levels = new Map();
  for (const puzzle of listing.book) levels.set(puzzle.level, [...(levels.get(puzzle.level) ?? []), puzzle]);
  const sections = [...levels].map(([level, puzzles]) =>
    el(
      "section",
      { class: "level", dataset: { level } },
      el("h3", {}, t(`puzzles.level.${level}`)),
      el("ul", { class: "puzzle-list book" }, ...puzzles.map((puzzle) => item(puzzle, lang, { lesson: false }))),
    ),
  );
  document.getElementById("book").replaceChildren(...sections);
}

function draw() {
  drawDeliveryCourse(); // the Robot Delivery course, beside
  if (!listing) return;
  const lang = language();
  drawDaily();
  drawCourse(lang);
  drawBook(lang);
}

async function start() {
  try {
    listing = await api("/api/puzzles/ricochet");
  } catch (failure) {
    document.getElementById("puzzles-error").textContent = failure.message;
    return;
  }
  draw();
  if (await mergeAccountProgress("ricochet", keepBest)) draw(); // signed in: the account's ticks too
}

translatePage(draw);
window.addEventListener("pageshow", draw); // back from a puzzle: its new tick
start();
