// The profile's table of games: for each game played, how many finished games and how many
// wins (first places, shared ones included), and the current rating once ratings exist.

import { el } from "../api.js";
import { gameTitle } from "../game_words.js";
import { language, t } from "../i18n.js";

// `games`: the profile's [{game, played, wins, rating}], the most played first.
export function gamesTable(games) {
  if (games.length === 0) return el("p", { class: "hint" }, t("profile.no_games"));
  const rated = games.some((entry) => entry.rating);
  const headers = ["profile.game", "profile.played", "profile.wins", ...(rated ? ["profile.rating"] : [])];
  return el(
    "table",
    { class: "profile-games" },
    el("caption", {}, t("profile.games_caption")),
    el("thead", {}, el("tr", {}, headers.map((key) => el("th", { scope: "col" }, headerWord(key))))),
    el("tbody", {}, games.map((entry) => row(entry, rated))),
  );
}

function headerWord(key) {
  if (key !== "profile.wins") return t(key);
  return el("span", { title: t("profile.wins_about") }, t(key));
}

function row(entry, rated) {
  const cells = [
    el("th", { scope: "row" }, gameTitle(entry.game)),
    el("td", { dataset: { played: entry.played } }, count(entry.played)),
    el("td", { dataset: { wins: entry.wins } }, count(entry.wins)),
  ];
  if (rated) cells.push(el("td", {}, entry.rating ? count(entry.rating.now) : t("profile.no_rating")));
  return el("tr", { dataset: { game: entry.game } }, cells);
}

// A number as the page's language writes it ("1,620", "1 620").
function count(value) {
  return value.toLocaleString(language());
}
