// The log, newest first: each action's news (who, what, and its events in the game's own
// sentences, as the server worded them for the page's language) and the notices (a bot stands
// in for a person who left, they are back), worded here. The log only grows, but when it is
// asked for again (the language changed, the screen handed on): new entries are added to those
// drawn, anything else is drawn afresh.

import { el } from "../../api.js";
import { t } from "../../i18n.js";
import { eventItems, newsLine } from "../../shared/news.js";
import { levelWord, seatName } from "../../shared/seats.js";

export function logView(table) {
  const list = document.getElementById("log");
  let drawn = []; // the entries drawn, oldest first
  let lang = null; // the language they were drawn in
  let games = null; // the games' words they were drawn with (actions are worded by them once loaded)
  table.watch(
    (s) => [s.log, s.lang, s.games],
    (s) => {
      const grown = s.lang === lang && s.games === games && drawn.length <= s.log.length && s.log[drawn.length - 1] === drawn.at(-1);
      const seats = s.server?.seats;
      const items = (grown ? s.log.slice(drawn.length) : s.log).map((entry) => item(entry, seats, s.game));
      if (grown) list.prepend(...items.reverse());
      else list.replaceChildren(...items.reverse());
      drawn = s.log;
      lang = s.lang;
      games = s.games;
    },
  );
}

function item({ news, notice }, seats, game) {
  if (notice) {
    const text = t(`notice.${notice.notice}`, { name: seatName(seats, notice.seat), bot: notice.bot ? levelWord(notice.bot) : "" });
    return el("li", { class: "notice", dataset: { notice: notice.notice, seat: notice.seat } }, text);
  }
  const events = eventItems(news);
  return el("li", { dataset: { number: news.number } }, ...newsLine(news, seats, game), events.length ? el("ul", {}, events) : null);
}
