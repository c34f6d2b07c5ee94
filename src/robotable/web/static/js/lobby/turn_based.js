// The new-table form's pace: real time (the game's clocks, the "Clocks on" box) or turn-based
// with a time bank per player (Board Game Arena style: days to play, the game's clocks off),
// its bank and the time each move adds. What the server is sent: `timers` and `turn_based`
// (docs/protocol.md, POST /api/tables).

import { el } from "../api.js";
import { t } from "../i18n.js";

const HOUR = 3600;
const DAY = 24 * HOUR;
const BANKS = [DAY, 3 * DAY, 7 * DAY];
const PER_MOVE = [0, HOUR, DAY];
const DEFAULT_BANK = 3 * DAY; // what a person playing over days expects: 3 days, a day more per move
const DEFAULT_PER_MOVE = DAY;

// Wires the box once: turn-based turns the game's clocks off (a bank replaces them).
export function wireTurnBased() {
  const box = document.getElementById("turn-based");
  box.addEventListener("change", () => {
    const timers = document.getElementById("timers");
    timers.disabled = box.checked;
    timers.checked = !box.checked;
    document.getElementById("bank-box").hidden = !box.checked;
  });
}

// (Re)draws the two choices in the page's language, keeping what was chosen.
export function drawTurnBased() {
  fill("bank", BANKS, DEFAULT_BANK, bankWords);
  fill("per-move", PER_MOVE, DEFAULT_PER_MOVE, perMoveWords);
}

function bankWords(seconds) {
  return seconds === DAY ? t("create.bank_day") : t("create.bank_days", { days: seconds / DAY });
}

function perMoveWords(seconds) {
  if (seconds === 0) return t("create.per_move_none");
  return seconds === HOUR ? t("create.per_move_hour") : t("create.per_move_day");
}

function fill(id, values, chosen, words) {
  const select = document.getElementById(id);
  const before = select.value ? Number(select.value) : chosen;
  select.replaceChildren(...values.map((seconds) => el("option", { value: seconds }, words(seconds))));
  select.value = String(before);
}

// Whether the person chose a turn-based table.
export function turnBased() {
  return document.getElementById("turn-based").checked;
}

// The creation's `timers` and `turn_based` as the form says.
export function paceChosen() {
  if (!turnBased()) return { timers: document.getElementById("timers").checked };
  const seconds = (id) => Number(document.getElementById(id).value);
  return { timers: false, turn_based: { bank: seconds("bank"), per_move: seconds("per-move") } };
}
