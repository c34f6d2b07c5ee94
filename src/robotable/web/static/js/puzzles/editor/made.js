// The puzzles page's "Made by players" section (puzzles.html): a link to make a puzzle, then the
// puzzles published under an account's name (GET /api/puzzles/published, newest first, without
// optima), each with its author and its game. A guest's puzzle is not listed: its link is its
// author's to share. Owns #made.

import { api, el } from "../../api.js";
import { t } from "../../i18n.js";
import "../../words/editor.js";
import { bestOf } from "../progress.js";
import { publishedHere } from "./mine.js";

let listed = null;
let failed = "";

function item(puzzle) {
  const solved = bestOf(`p-${puzzle.id}`) ? "yes" : "no";
  return el(
    "li",
    { dataset: { solved, puzzle: puzzle.id } },
    el("a", { href: puzzle.link }, puzzle.title),
    " ",
    el("small", { class: "hint" }, `${t(`made.game.${puzzle.game}`)}, ${t("made.by", { name: puzzle.author })}`),
  );
}

function draw() {
  const make = el(
    "p",
    {},
    el("a", { href: "/puzzles/make/delivery", id: "make-delivery" }, t("made.make_delivery")),
    " · ",
    el("a", { href: "/puzzles/make/ricochet", id: "make-ricochet" }, t("made.make_ricochet")),
    " · ",
    el("a", { href: "/puzzles/make/dr2d", id: "make-dr2d" }, t("made.make_dr2d")),
  );
  const list = listed === null ? [] : listed.length ? [el("ul", { id: "made-list", class: "puzzle-list made-list" }, ...listed.map(item))] : [el("p", {}, t("made.none"))];
  const here = publishedHere();
  const mine = here.length
    ? [
        el("h3", {}, t("made.here")),
        el("ul", { id: "made-here", class: "puzzle-list made-list" }, ...here.map((p) => el("li", {}, el("a", { href: p.link }, p.title), " ", el("small", { class: "hint" }, t(`made.game.${p.game}`))))),
      ]
    : [];
  const box = document.getElementById("made");
  box.replaceChildren(el("h2", { id: "made-title" }, t("made.title")), make, ...list, ...mine, el("p", { class: "error", role: "alert" }, failed));
}

async function start() {
  try {
    listed = (await api("/api/puzzles/published")).puzzles;
  } catch (failure) {
    failed = failure.message;
  }
  draw();
}

// the page's own module (list.js) rewords the page when the language menu changes; this section
// follows, once the new language is kept
document.getElementById("language")?.addEventListener("change", () => setTimeout(draw));
window.addEventListener("pageshow", draw); // back from a puzzle: its new tick
start();
