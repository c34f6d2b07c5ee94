// A turn-based table's time banks in the player panels (views/panels.js): each seat's time left
// ("2 d 4 h", "3 h 12 min", "5 min"), counted down while the table waits for that seat, from the
// seconds the server gave at its state's "now" (docs/protocol.md, "state": `banks`); "out of
// time" once its bank ran out and a bot plays it. data-bank says running, stopped or out to tests.

import { el } from "../../api.js";
import { t } from "../../i18n.js";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// A duration in the page's words, to the two largest units that matter: "2 d 4 h", "3 h 12 min",
// "5 min", "40 s" (whole units: what is left of a running bank, rounded down, but never 0 s
// before it is out).
export function duration(seconds) {
  const s = Math.max(0, seconds);
  if (s >= DAY) {
    const days = Math.floor(s / DAY);
    const hours = Math.floor((s % DAY) / HOUR);
    return hours ? t("bank.days_hours", { days, hours }) : t("bank.days", { days });
  }
  if (s >= HOUR) {
    const hours = Math.floor(s / HOUR);
    const minutes = Math.floor((s % HOUR) / MINUTE);
    return minutes ? t("bank.hours_minutes", { hours, minutes }) : t("bank.hours", { hours });
  }
  if (s >= MINUTE) return t("bank.minutes", { minutes: Math.floor(s / MINUTE) });
  return t("bank.seconds", { seconds: Math.ceil(s) });
}

// The seconds left of a seat's bank now, by this browser's clock set to the server's.
function leftNow(bank, server, clockOffset) {
  if (!bank.running) return bank.left;
  const passed = (Date.now() + clockOffset) / 1000 - server.now;
  return Math.max(0, bank.left - Math.max(0, passed));
}

function shown(row, bank) {
  return bank && (bank.out || row.kind === "human" || row.kind === "open");
}

// The line of a seat's panel that shows its bank (null: the table has none, or a bot's seat).
export function bankLine(row, { server, clockOffset }) {
  const bank = server.banks?.seats?.[row.seat];
  if (!shown(row, bank)) return null;
  const state = bank.out ? "out" : bank.running ? "running" : "stopped";
  const text = bank.out ? t("bank.out") : t("bank.left", { time: duration(leftNow(bank, server, clockOffset)) });
  return el("p", { class: "bank", dataset: { bank: state } }, text);
}

// Redraws the running banks' lines in `box` (the panels), between two states.
export function tickBanks(box, { server, clockOffset }) {
  for (const line of box.querySelectorAll(".bank[data-bank='running']")) {
    const seat = Number(line.closest("[data-seat]").dataset.seat);
    const bank = server.banks.seats[seat];
    line.textContent = t("bank.left", { time: duration(leftNow(bank, server, clockOffset)) });
  }
}
