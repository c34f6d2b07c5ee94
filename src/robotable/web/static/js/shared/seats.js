// The seats as people read them, on every page that shows a table (the table, the replay): a
// seat's name, what plays it, and the ranks at the end.

import { el } from "../api.js";
import { has, t } from "../i18n.js";

// `seats`: the table's seats as the server sends them ({seat, kind, name}); -1 is the clock.
export function seatName(seats, seat) {
  if (seat === -1) return t("table.clock");
  const row = seats?.[seat];
  return row ? rowName(row) : t("table.seat", { seat });
}

// A seat's name in the page's language: a person's own; a bot's, its level and its number among
// the table's bots of that level ("Medium bot 2"), which the server sends as `number`; a
// deleted account's seat, "deleted player"; a bot account's, its name marked "(bot)" wherever
// it shows, so nobody takes a program for a person.
export function rowName(row) {
  if (row.gone) return t("seat.deleted");
  if (row.bot_account) return t("seat.bot_account", { name: row.name });
  if (row.number === undefined || !row.kind.startsWith("bot:")) return row.name;
  const level = row.kind.slice(4);
  return t("bot.name", { level: has(`bot.${level}`) ? t(`bot.${level}`) : level, number: row.number });
}

// What plays a seat: a person, a bot, nobody yet, or a bot standing in for a person who left.
export function kindLabel(row) {
  if (row.kind.startsWith("bot:")) return t("create.bot", { name: levelWord(row.kind.slice(4)) });
  if (row.stand_in) return t("seat.stand_in", { bot: levelWord(row.stand_in) });
  if (row.bot_account) return t("seat.program");
  return t(`seat.${row.kind}`);
}

// A bot's level (or a game's own bot) in the page's language, within a sentence: "medium",
// "moyen"; a bot the page has no words for goes by its own name.
export function levelWord(level) {
  return has(`bot.${level}`) ? t(`bot.${level}`).toLowerCase() : level;
}

// The outcome seat by seat: {seat, rank, score}.
export function standings(outcome) {
  return outcome.ranks.map((rank, seat) => ({ seat, rank, score: outcome.scores[seat] }));
}

// One seat's line of the ranks (data-seat and data-rank say them to tests).
export function rankItem({ seat, rank, score }, seats) {
  return el("li", { dataset: { seat, rank } }, t("table.ranks", { name: seatName(seats, seat), rank, score }));
}
