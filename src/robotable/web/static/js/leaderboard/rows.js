// The leaderboard's rows (GET /api/leaderboard/{game}): rank, player, rating, rated games, wins.
// A bot's row is marked as a bot (its level in words and a "bot" mark); a provisional rating
// says so in words beside its number.

import { el } from "../api.js";
import { has, language, t } from "../i18n.js";
import { profileHref } from "../shared/profile_link.js";

// A number as the page's language writes it: 1,500 in English, 1 500 in French.
function number(value) {
  return new Intl.NumberFormat(language()).format(value);
}

// A person's name leads to their profile; a bot level says it is a bot ("Expert bot").
function playerCell(line) {
  if (line.bot === undefined) {
    const name = line.bot_account ? t("leaderboard.bot_account", { name: line.name }) : line.name;
    return el("th", { scope: "row" }, el("a", { href: profileHref(line.name) }, name));
  }
  const level = has(`bot.${line.bot}`) ? t(`bot.${line.bot}`) : line.bot;
  return el("th", { scope: "row" }, el("span", { class: "bot-mark" }, t("leaderboard.bot", { level })));
}

function ratingCell(line) {
  const provisional = line.provisional ? el("span", { class: "hint" }, ` (${t("leaderboard.provisional")})`) : null;
  return el("td", { class: "number" }, number(line.rating), provisional);
}

// One <tr> per line, in the server's order (best first).
export function leaderboardRows(lines) {
  return lines.map((line) =>
    el(
      "tr",
      { dataset: { rank: line.rank, bot: line.bot ?? "" }, class: line.bot === undefined ? "person" : "bot" },
      el("td", { class: "number" }, number(line.rank)),
      playerCell(line),
      ratingCell(line),
      el("td", { class: "number" }, number(line.games)),
      el("td", { class: "number" }, number(line.wins)),
    ),
  );
}
