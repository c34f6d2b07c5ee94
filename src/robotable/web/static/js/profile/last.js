// The profile's last finished games, the last ended first: the game, its date, the others at
// the table (a link to the profile of each account's seat), the player's place, and the replay.

import { el } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { withNames } from "../shared/profile_link.js";
import { dateOf } from "./dates.js";

// `games`: the profile's last_games, each {table, game, ended, seat, seats, ranks, scores, replay}.
export function lastGames(games) {
  if (games.length === 0) return [el("li", { class: "hint" }, t("profile.no_games"))];
  return games.map(item);
}

function item(entry) {
  const others = entry.seats.filter((row) => row.seat !== entry.seat);
  return el(
    "li",
    { class: "profile-game", dataset: { table: entry.table, game: entry.game } },
    el("strong", {}, gameTitle(entry.game)),
    " · ",
    dateOf(entry.ended),
    " · ",
    el("span", { class: "with" }, others.length ? withNames("profile.with", others) : t("profile.alone")),
    " · ",
    el("span", { class: "place", dataset: { rank: entry.ranks[entry.seat] } }, place(entry)),
    " ",
    el("a", { href: entry.replay, class: "replay" }, t("profile.replay")),
  );
}

function place(entry) {
  const rank = entry.ranks[entry.seat];
  if (rank !== 1) return t("profile.rank", { rank, seats: entry.ranks.length });
  const shared = entry.ranks.filter((other) => other === 1).length > 1;
  return t(shared ? "profile.first_shared" : "profile.first");
}
