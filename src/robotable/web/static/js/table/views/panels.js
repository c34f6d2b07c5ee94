// A panel per seat: its name, a person or a bot (with its level), the game's counters for it
// (the state's `counters`, worded `counter.KEY` by the game's catalogue: Ricochet's chips and
// bids, Delivery's parcels and cards), lit while the table waits for it, with the running
// clock's seconds left. data-seat, data-turn say them to tests.

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { t } from "../../i18n.js";
import { kindLabel, rowName } from "../../shared/seats.js";

const TICK = 500; // milliseconds between two countdowns drawn

export function panelsView(table) {
  const box = document.getElementById("panels");
  const draw = () => {
    const state = table.get();
    const rows = state.server?.seats ?? [];
    box.hidden = rows.length === 0;
    box.replaceChildren(...rows.map((row) => panel(row, state)));
  };
  table.watch((s) => [s.server, s.seat, s.games, s.lang], draw);
  setInterval(() => {
    if (table.get().server?.timers?.length) draw();
  }, TICK);
}

function panel(row, { server, seat, game, clockOffset }) {
  const turn = !server.outcome && server.to_act.includes(row.seat);
  const counters = server.counters?.[row.seat] ?? [];
  const items = counters.map((counter) => el("li", { dataset: { counter: counter.key } }, gameSay(game, `counter.${counter.key}`, counter)));
  const mine = row.seat === seat;
  const head = [rowName(row), mine ? ` (${t("table.panel_you")})` : ""].join("");
  return el(
    "section",
    { class: `panel${turn ? " turn" : ""}${mine ? " mine" : ""}`, dataset: { seat: row.seat, turn: turn ? "yes" : "no" } },
    el("h3", {}, head),
    el("p", { class: "kind" }, kindLabel(row)),
    turn ? el("p", { class: "turn-mark" }, t("table.panel_turn"), clock(server, clockOffset)) : null,
    items.length ? el("ul", { class: "counters" }, items) : null,
  );
}

// The seconds left on the earliest running clock, for the seats the table waits for.
function clock(server, clockOffset) {
  const deadline = Math.min(...server.timers.map((timer) => timer.deadline));
  if (!Number.isFinite(deadline)) return null;
  const seconds = Math.max(0, Math.ceil(deadline - (Date.now() + clockOffset) / 1000));
  return el("span", { class: "timer" }, ` · ${t("table.panel_timer", { seconds })}`);
}
