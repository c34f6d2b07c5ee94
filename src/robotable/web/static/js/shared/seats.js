// The seats as people read them, on every page that shows a table (the table, the replay): a
// seat's name, what plays it, and the ranks at the end.

import { el } from "../api.js";
import { t } from "../i18n.js";

// `seats`: the table's seats as the server sends them ({seat, kind, name}); -1 is the clock.
export function seatName(seats, seat) {
  if (seat === -1) return t("table.clock");
  return seats?.[seat]?.name ?? t("table.seat", { seat });
}

// What plays a seat: a person, a bot, nobody yet, or a bot standing in for a person who left.
export function kindLabel(row) {
  if (row.kind.startsWith("bot:")) return t("create.bot", { name: row.kind.slice(4) });
  if (row.stand_in) return t("seat.stand_in", { bot: row.stand_in });
  return t(`seat.${row.kind}`);
}

// The outcome seat by seat: {seat, rank, score}.
export function standings(outcome) {
  return outcome.ranks.map((rank, seat) => ({ seat, rank, score: outcome.scores[seat] }));
}

// One seat's line of the ranks (data-seat and data-rank say them to tests).
export function rankItem({ seat, rank, score }, seats) {
  return el("li", { dataset: { seat, rank } }, t("table.ranks", { name: seatName(seats, seat), rank, score }));
}
