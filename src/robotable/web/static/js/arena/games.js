// One arena bot's latest games (GET /api/arena/{game}/games): when, against whom, its place
// (a game it ran out of time in says so), its rating before and after, and the replay.

import { api, el } from "../api.js";
import { has, language, t } from "../i18n.js";
import { botName } from "./rows.js";

function when(seconds) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

function opponentName(opponent) {
  if (opponent.name !== undefined) return t("arena.account", { name: opponent.name });
  const level = has(`bot.${opponent.level}`) ? t(`bot.${opponent.level}`) : opponent.level;
  return t("arena.level", { level });
}

function place(game) {
  if (game.timed_out) return t("arena.timed_out");
  if (game.rank === 1) return t("arena.first");
  const seats = game.opponents.length + 1;
  return seats === 2 ? t("arena.lost") : t("arena.place", { rank: game.rank, seats });
}

function item(game) {
  const names = game.opponents.map(opponentName).join(", ");
  return el(
    "li",
    { class: "arena-game", dataset: { table: game.table, rank: game.rank } },
    when(game.at),
    " · ",
    t("arena.against", { names }),
    " · ",
    el("strong", { class: "place" }, place(game)),
    " · ",
    t("arena.change", { before: game.rating_before, after: game.rating_after }),
    " ",
    el("a", { href: game.replay, class: "replay" }, t("arena.replay")),
  );
}

// Draw `line`'s games of `game` below the table.
export async function showGames(game, line) {
  const query = line.level !== undefined ? `level=${encodeURIComponent(line.level)}` : `name=${encodeURIComponent(line.name)}`;
  const answer = await api(`/api/arena/${encodeURIComponent(game)}/games?${query}`);
  document.getElementById("arena-games-title").textContent = t("arena.games_of", { bot: botName(line) });
  const list = document.getElementById("arena-games-list");
  list.replaceChildren(...(answer.games.length ? answer.games.map(item) : [el("li", { class: "hint" }, t("arena.no_games"))]));
  document.getElementById("arena-games").hidden = false;
}
