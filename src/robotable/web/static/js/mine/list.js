// One table of "My tables", as a list item: the game, the other people, where it stands, and
// the way to it (play, open, or watch the replay of a finished game).

import { el } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { withNames } from "../shared/profile_link.js";

// `entry`: a table as GET /api/account/tables lists it.
export function tableItem(entry) {
  const others = entry.seats.filter((row) => row.seat !== entry.seat);
  const link = `/tables/${encodeURIComponent(entry.table)}`;
  return el(
    "li",
    { class: "mine-table", dataset: { table: entry.table, game: entry.game, status: entry.status } },
    el("strong", {}, gameTitle(entry.game)),
    " ",
    el("span", { class: "hint" }, withNames("mine.with", others), ...standing(entry).map((said) => ` · ${said}`)),
    " ",
    entry.status === "over"
      ? el("a", { href: `${link}/replay` }, t("mine.replay"))
      : el("a", { href: link, class: entry.your_turn ? "button primary" : "button" }, t(entry.your_turn ? "mine.play" : "mine.open")),
  );
}

// What to say of where a table stands: waiting for players, turn-based, the person's rank.
function standing(entry) {
  const said = [];
  if (entry.status === "open") said.push(t("mine.waiting_people"));
  if (entry.turn_based) said.push(t("mine.turn_based"));
  if (entry.ranks) {
    const rank = entry.ranks[entry.seat];
    said.push(rank === 1 ? t("mine.rank_first") : t("mine.rank", { rank, seats: entry.ranks.length }));
  }
  return said;
}
