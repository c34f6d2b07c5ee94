// The arena's rows (GET /api/arena/{game}): rank, bot, rating, games won of those played, and
// what it does now.
// A bot's name is a button that shows its latest games (js/arena/games.js); robotable's levels
// say so ("Expert bot (robotable)"), a person's program says whose it is.

import { el } from "../api.js";
import { has, language, t } from "../i18n.js";

function number(value) {
  return new Intl.NumberFormat(language()).format(value);
}

// What a line is called on the page: a level in words, or a bot account's name marked as a bot.
export function botName(line) {
  if (line.level === undefined) return t("arena.account", { name: line.name });
  const level = has(`bot.${line.level}`) ? t(`bot.${line.level}`) : line.level;
  return t("arena.level", { level });
}

function botCell(line, show) {
  const button = el("button", { type: "button", class: "link" }, botName(line));
  button.addEventListener("click", () => show(line));
  const owner = line.owner ? el("span", { class: "hint" }, ` ${t("arena.owner", { owner: line.owner })}`) : null;
  return el("th", { scope: "row" }, button, owner);
}

function ratingCell(line) {
  const provisional = line.provisional ? el("span", { class: "hint" }, ` (${t("arena.provisional")})`) : null;
  return el("td", { class: "number" }, number(line.rating), provisional);
}

function stateCell(line) {
  if (line.paused_until !== undefined) {
    const time = new Intl.DateTimeFormat(language(), { timeStyle: "short" }).format(new Date(line.paused_until * 1000));
    return el("td", { class: "paused" }, t("arena.paused", { time }));
  }
  return el("td", {}, t(line.active ? "arena.in" : "arena.left"));
}

// One <tr> per line, in the server's order (best first); `show(line)` opens its games.
export function arenaRows(lines, show) {
  return lines.map((line) =>
    el(
      "tr",
      { dataset: { rank: line.rank, level: line.level ?? "" }, class: line.level === undefined ? "account" : "bot" },
      el("td", { class: "number" }, number(line.rank)),
      botCell(line, show),
      ratingCell(line),
      el("td", { class: "number" }, t("arena.won_of", { wins: number(line.wins), games: number(line.games) })),
      stateCell(line),
    ),
  );
}
