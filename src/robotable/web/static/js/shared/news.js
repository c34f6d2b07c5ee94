// What happened as people read it, on every page that shows a table (the table's log, the
// replay's step): who did what, and the game's sentences for its events.

import { el } from "../api.js";
import { t } from "../i18n.js";
import { seatName } from "./seats.js";

// One action's news in a line: who acted, and what they did (another seat's secret action:
// that it acted, not what).
export function newsLine(news, seats) {
  const done = news.action ?? t("table.secret");
  return [el("span", { class: "who" }, `${news.number}. ${seatName(seats, news.seat)}`), `: ${done}`];
}

// Its events, each in the game's sentence (the event's kind when the page asked for none).
export function eventItems(news) {
  return news.events.map((event) => el("li", { class: "event" }, event.text || event.kind));
}
