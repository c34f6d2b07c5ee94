// The table's title (the game's, from its catalogue) and where the game stands: who the page
// plays, the phase (the game's word for it), whom the table waits for, and how many actions
// when the page's notation switch is on (a developer's detail).

import { el } from "../../api.js";
import { gameSay, gameTitle } from "../../game_words.js";
import { t } from "../../i18n.js";
import { seatName } from "../../shared/seats.js";

export function statusView(table) {
  const lines = document.getElementById("status");
  table.watch(
    (s) => [s.game, s.games, s.lang],
    (s) => {
      if (!s.game) return;
      const title = gameTitle(s.game);
      document.title = `${title} · robotable`;
      document.getElementById("title").textContent = title;
    },
  );
  table.watch(
    (s) => [s.server, s.seat, s.games, s.lang, s.notation],
    (s) => lines.replaceChildren(...(s.server ? said(s) : []).map((line) => el("p", {}, line))),
  );
}

function said({ server, seat, game, notation }) {
  const name = (number) => seatName(server.seats, number);
  const lines = [seat === null ? t("table.spectator") : t("table.you_are", { seat: `${seat} (${name(seat)})` })];
  const { phase } = server.view;
  // once the game is over its last phase says nothing true (an ended game stays "programming")
  if (phase && !server.outcome) lines.push(t("table.phase", { phase: gameSay(game, `phase.${phase}`) }));
  if (notation) lines.push(t("table.version", { count: server.version }));
  if (server.seats.some((row) => row.kind === "open")) lines.push(t("table.waiting_join"));
  else if (!server.outcome) {
    // a seat that conceded is its bot's now: its turns are not the person's
    if (server.to_act.includes(seat) && !server.seats[seat]?.conceded) lines.push(t("table.your_turn"));
    else lines.push(t("table.to_act", { seats: server.to_act.map(name).join(", ") }));
  }
  return lines;
}
