// The teacher's table of pupils: for each, their puzzle and moves now (Robot Delivery: the cards
// of their program), how many of the room's puzzles they solved, and for each puzzle of the work
// their best against the optimum and their attempts ("3 / 3 in 2"; Robot Delivery: "5 cards / 4
// optimal, runs: 3"; DR2D: turns, and the registers written); a "Watch" button picks the pupil whose attempt is shown live.

import { el } from "../api.js";
import { language, t } from "../i18n.js";

const CELLS = { delivery: "teacher.cell_cards", dr2d: "teacher.cell_turns" }; // a program's game: best, and runs

function cell(game, result, optimum) {
  const runs = game in CELLS;
  if (!result) return el("td", {}, "");
  if (result.best == null) return el("td", { class: "tried" }, t(runs ? "teacher.cell_runs" : "teacher.cell_unsolved", result));
  const said = t(CELLS[game] ?? "teacher.cell", { best: result.best, optimum: optimum?.[0] ?? "?", attempts: result.attempts });
  return el("td", { class: result.optimal ? "solved optimal" : "solved" }, said);
}

function row(room, pupil, picked, onPick) {
  const titleOf = (id) => room.work.find((work) => work.id === id)?.title[language()] ?? id ?? "";
  const size = pupil.current.size ?? 0; // moves, or cards of the program
  const words = {
    delivery: ["teacher.cards_now", { cards: size }],
    dr2d: ["teacher.registers_now", { registers: size }],
  }[room.game] ?? ["teacher.moves_now", { moves: size }];
  const now = pupil.current.puzzle ? t(words[0], { puzzle: titleOf(pupil.current.puzzle), ...words[1] }) : "";
  const solved = Object.values(pupil.results).filter((result) => result.best != null).length;
  const watch = el("button", { type: "button", "aria-pressed": String(picked === pupil.id), onclick: () => onPick(pupil.id) }, t("teacher.watch"));
  return el(
    "tr",
    { dataset: { pupil: pupil.id, name: pupil.name, moves: size, solved } },
    el("th", { scope: "row" }, pupil.name, " ", watch),
    el("td", { class: "now" }, now),
    el("td", { class: "done" }, String(solved)),
    ...room.work.map((work) => cell(room.game, pupil.results[work.id], work.optimum)),
  );
}

export function pupilsView(room) {
  const table = document.getElementById("pupils");
  room.watch(
    (s) => [s.room, s.picked, s.lang],
    ({ room: now, picked }) => {
      if (!now) return;
      if (!now.pupils.length) return table.replaceChildren(el("caption", {}, t("teacher.nobody")));
      const heads = [t("teacher.pupil"), t("teacher.current"), t("teacher.done"), ...now.work.map((work) => work.title[language()])];
      const head = el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", { scope: "col" }, head))));
      table.replaceChildren(head, el("tbody", {}, ...now.pupils.map((pupil) => row(now, pupil, picked, room.pick))));
    },
  );
}
