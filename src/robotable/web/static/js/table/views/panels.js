// A panel per seat: its name, a person or a bot (with its level; conceded), the game's counters
// for it (the state's `counters`, worded `counter.KEY` by the game's catalogue: Ricochet's chips
// and bids, Delivery's parcels and cards), lit while the table waits for it, with the running
// clock's seconds left; and for the table's creator, that seat's invitation link and the button
// that gives it to a bot (views/seat_tools.js); on a turn-based table, its time bank
// (views/banks.js). data-seat, data-turn say them to tests.

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { t } from "../../i18n.js";
import { seatNameLinked } from "../../shared/profile_link.js";
import { kindLabel } from "../../shared/seats.js";
import { bankLine, tickBanks } from "./banks.js";
import { seatTools } from "./seat_tools.js";

const TICK = 500; // milliseconds between two countdowns drawn

export function panelsView(table) {
  const box = document.getElementById("panels");
  const draw = () => {
    const state = table.get();
    const rows = state.server?.seats ?? [];
    box.hidden = rows.length === 0;
    box.replaceChildren(...rows.map((row) => panel(row, state, table)));
  };
  table.watch((s) => [s.server, s.seat, s.games, s.lang, s.invites, s.token, s.creator, s.byName, s.friendNames, s.byNameRefused], draw);
  if (table.get().creator) table.loadNameInvites?.(); // a signed-in creator may invite by name
  // only the countdowns change between two states: an invitation being copied is left alone
  setInterval(() => {
    const { server, clockOffset } = table.get();
    if (server?.banks) tickBanks(box, table.get());
    if (!server?.timers?.length) return;
    for (const mark of box.querySelectorAll(".turn-mark")) {
      mark.querySelector(".timer")?.remove();
      const seconds = clock(server, clockOffset);
      if (seconds) mark.append(seconds);
    }
  }, TICK);
}

function panel(row, state, table) {
  const { server, seat, game, clockOffset } = state;
  const turn = !server.outcome && server.to_act.includes(row.seat);
  const counters = server.counters?.[row.seat] ?? [];
  const items = counters.map((counter) => el("li", { dataset: { counter: counter.key } }, gameSay(game, `counter.${counter.key}`, counter)));
  const mine = row.seat === seat;
  const head = [seatNameLinked(row), mine ? ` (${t("table.panel_you")})` : ""]; // an account's: its profile
  const kind = [kindLabel(row), row.conceded ? t("seat.conceded") : null, ratingWords(row)].filter(Boolean).join(", ");
  return el(
    "section",
    {
      class: `panel${turn ? " turn" : ""}${mine ? " mine" : ""}`,
      "aria-current": mine ? "true" : false,
      dataset: { seat: row.seat, turn: turn ? "yes" : "no" },
    },
    el("h3", {}, head),
    el("p", { class: "kind" }, kind),
    turn ? el("p", { class: "turn-mark" }, t("table.panel_turn"), clock(server, clockOffset)) : null,
    bankLine(row, state),
    items.length ? el("ul", { class: "counters" }, items) : null,
    seatTools(row, state, table),
  );
}

// A rated table's seat: its player's rating (the number people see), provisional or not.
function ratingWords(row) {
  if (row.rating === undefined) return null;
  const rating = new Intl.NumberFormat(document.documentElement.lang || "en").format(row.rating);
  return t(row.provisional ? "seat.rating_provisional" : "seat.rating", { rating });
}

// The seconds left on the earliest running clock, for the seats the table waits for.
function clock(server, clockOffset) {
  const deadline = Math.min(...(server.timers ?? []).map((timer) => timer.deadline));
  if (!Number.isFinite(deadline)) return null;
  const seconds = Math.max(0, Math.ceil(deadline - (Date.now() + clockOffset) / 1000));
  return el("span", { class: "timer" }, ` · ${t("table.panel_timer", { seconds })}`);
}
