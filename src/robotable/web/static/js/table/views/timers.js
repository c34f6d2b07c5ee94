// The running clocks, counted down from the deadlines the server gave on its own clock (a
// state's "now" says how far this browser's is from it). Each is named by the game's words for
// its code ("timer.bidding_closes"), with its params ({robot}, {count}).

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { t } from "../../i18n.js";

const TICK = 250; // milliseconds between two countdowns drawn

export function timersView(table) {
  const box = document.getElementById("timers");
  const draw = () => {
    const { server, clockOffset, game } = table.get();
    const now = (Date.now() + clockOffset) / 1000;
    const line = (timer) => {
      const label = timer.code ? gameSay(game, `timer.${timer.code}`, timer.params) : timer.key;
      return el("p", { class: "timer" }, t("table.left", { label, seconds: Math.max(0, Math.ceil(timer.deadline - now)) }));
    };
    box.replaceChildren(...(server?.timers ?? []).map(line));
  };
  table.watch((s) => [s.server, s.games, s.lang], draw);
  setInterval(draw, TICK);
}
