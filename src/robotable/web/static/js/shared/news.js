// What happened as people read it, on every page that shows a table (the table's log, the
// replay's step): who did what, and the game's sentences for its events.

import { el } from "../api.js";
import { gameSay, hasGameWord } from "../game_words.js";
import { t } from "../i18n.js";
import { seatName } from "./seats.js";
import { actionWords } from "./worded.js";

// One action's news in a line: who acted, and what they did in the words of `game`'s catalogue
// when it has them (its notation in the tooltip); another seat's secret action: that it acted,
// not what.
export function newsLine(news, seats, game = null) {
  const shown = news.action ?? null; // null: another seat's secret
  const done = shown === null ? secretOf(game) : (actionWords(game, "echo", shown) ?? shown);
  const what = el("span", { class: "done", title: news.action ?? undefined }, done);
  return [el("span", { class: "who" }, `${news.number}. ${seatName(seats, news.seat)}`), ": ", what];
}

// Another seat's secret action, as the game words it (`echo.secret`), else plainly.
const secretOf = (game) => (game && hasGameWord(game, "echo.secret") ? gameSay(game, "echo.secret") : t("table.secret"));

// Its events, each in the game's sentence (the event's kind when the page asked for none).
export function eventItems(news) {
  return news.events.map((event) => el("li", { class: "event" }, event.text || event.kind));
}
