// DR2D's turn report as steps, register by register: a robot pushed moves with its pusher, and
// robots moved by the factory in one register (conveyors, pushers, turntables) move together.
// A robot is drawn with its seat's letter.

import { effect, line } from "./steps.js";

const LETTERS = "ABCDEFGH";
const MOVES = new Set(["moved", "pushed", "conveyed", "shoved", "rotated"]);
const TURN = { L: -90, R: 90 }; // degrees on screen (y downwards): anticlockwise is negative

// `words.register(number)`: a register's caption in the page's language.
export function steps(events, words) {
  const planned = [];
  let last = null;
  const offToward = {}; // seat -> the compass direction of the move that took it off the board
  for (const e of events) {
    if (e.kind === "fell" || e.kind === "left") {
      // a robot falling into a pit, or leaving the board the way it moved (drawn back only
      // when it re-enters)
      const fields = e.kind === "fell" ? { cell: e.tile } : { cell: e.exit, toward: offToward[e.seat] };
      planned.push({ ...effect(e.kind, { ...fields, label: LETTERS[e.seat] }), caption: words.register(e.register) });
      last = null;
      continue;
    }
    if (MOVES.has(e.kind) && e.end === null) offToward[e.seat] = e.direction;
    if (!MOVES.has(e.kind) || e.end === null) continue; // a robot leaving the board is not walked
    const piece = LETTERS[e.seat];
    const move =
      e.kind === "rotated" ? { piece, cells: [e.tile], turn: TURN[e.sense] ?? 0 } : { piece, cells: line(e.start, e.end) };
    const together = e.kind === "pushed" || (e.kind === last?.kind && e.kind !== "moved");
    if (last && last.register === e.register && together) last.moves.push(move);
    else {
      last = { moves: [move], caption: words.register(e.register), register: e.register, kind: e.kind };
      planned.push(last);
    }
  }
  return planned;
}
