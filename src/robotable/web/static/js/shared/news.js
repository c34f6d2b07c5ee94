// What happened as people read it, on every page that shows a table (the table's log, the
// replay's step): who did what, and the game's sentences for its events.

import { el } from "../api.js";
import { gameSay, hasGameWord } from "../game_words.js";
import { t } from "../i18n.js";
import { seatName } from "./seats.js";

// One action's news in a line: who acted, and what they did in the words of `game`'s catalogue
// when it has them (its notation in the tooltip); another seat's secret action: that it acted,
// not what.
export function newsLine(news, seats, game = null) {
  const done = news.action === null || news.action === undefined ? secretOf(game) : echoOf(game, news.action);
  const what = el("span", { class: "done", title: news.action ?? undefined }, done);
  return [el("span", { class: "who" }, `${news.number}. ${seatName(seats, news.seat)}`), ": ", what];
}

// An action in its game's words: the catalogue's `echo.ACTION` (the notation whole: `echo.lock`),
// else the notation with its numbers as # (`echo.e#.#`, the numbers as {n1}, {n2}...), else
// its first word (`echo.slot`, the words after it as {w1}, {w2}...); the notation itself when
// the catalogue has none of them.
export function echoOf(game, action) {
  const split = action.trim().split(/\s+/);
  const numbers = action.match(/\d+/g) ?? [];
  const params = {
    notation: action,
    ...Object.fromEntries(split.slice(1).map((word, i) => [`w${i + 1}`, word])),
    ...Object.fromEntries(numbers.map((number, i) => [`n${i + 1}`, number])),
  };
  const keys = [`echo.${action}`, `echo.${action.replace(/\d+/g, "#")}`, `echo.${split[0]}`];
  const key = game ? keys.find((candidate) => hasGameWord(game, candidate)) : undefined;
  return key ? gameSay(game, key, params) : action;
}

// Another seat's secret action, as the game words it (`echo.secret`), else plainly.
const secretOf = (game) => (game && hasGameWord(game, "echo.secret") ? gameSay(game, "echo.secret") : t("table.secret"));

// Its events, each in the game's sentence (the event's kind when the page asked for none).
export function eventItems(news) {
  return news.events.map((event) => el("li", { class: "event" }, event.text || event.kind));
}
