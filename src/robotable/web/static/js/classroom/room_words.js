// How a pupil's page says what the teacher sent: the newest hint, and the solution shown to all
// ("Look at Léa's solution: red north, blue west…"; a Robot Delivery program board by board:
// "onPlay board: forward, forward"; DR2D registers turn by turn), in the page's language.

import { el } from "../api.js";
import { gameSay } from "../game_words.js";
import { t } from "../i18n.js";
import { notationWords } from "../shared/worded.js";

// A move ("green E") in words: the robot's from the game's catalogue, the direction's ("green east").
export function moveWords(move) {
  const [robot, direction] = move.split(" ");
  return `${notationWords("ricochet", robot)} ${t(`puzzles.direction.${direction}`)}`;
}

// A Robot Delivery program ({onplay, functions}) in words, board by board, slot by slot.
export function programWords(program) {
  const slot = (cards) => (cards.length ? cards.map((card) => gameSay("delivery", `short.${card}`)).join(" + ") : t("dpuzzles.empty"));
  const used = (slots) => slots.slice(0, slots.findLastIndex((cards) => cards.length) + 1); // no empty slot at the end
  const board = (label, slots) => `${label}: ${used(slots).map(slot).join(", ")}`;
  const boards = [board(t("dpuzzles.onplay"), program?.onplay ?? [])];
  for (const [letter, slots] of Object.entries(program?.functions ?? {})) {
    if (slots.some((cards) => cards.length)) boards.push(board(t("dpuzzles.function", { letter }), slots));
  }
  return boards.join("; ");
}

// DR2D registers (["N", "E", "STAY", ...], five a turn) in words, turn by turn (the course's
// puzzles read letters from the robot's facing: "forward, right").
export function registersWords(registers) {
  const turns = [];
  for (let at = 0; at < registers.length; at += 5) {
    const words = registers.slice(at, at + 5).map((letter) => gameSay("dr2d", `register.relative.${letter}`));
    turns.push(`${t("dr2d_puzzle.turn", { turn: at / 5 + 1 })}: ${words.join(", ")}`);
  }
  return turns.join("; ");
}

// The solution shown, `shown` {name, puzzle, moves}, as words; `title`: its puzzle's; `game`: the room's.
export function shownWords(shown, title, game = "ricochet") {
  const said = { delivery: programWords, dr2d: registersWords }[game];
  const moves = said ? said(shown.moves) : shown.moves.map(moveWords).join(", ");
  return t("classroom.shown", { name: shown.name ?? "?", puzzle: title ?? shown.puzzle, moves });
}

// The elements of the teacher's messages: the hint, the solution shown (either may be absent).
export function teacherMessages(me, titleOf) {
  const parts = [];
  if (me.hint) parts.push(el("p", { class: "hint-pushed", id: "pushed-hint" }, t("classroom.hint_from_teacher", { text: me.hint.text })));
  if (me.shown) parts.push(el("p", { class: "shown-solution", id: "shown-solution" }, shownWords(me.shown, titleOf(me.shown.puzzle), me.game)));
  return parts;
}
