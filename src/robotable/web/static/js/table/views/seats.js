// Who sits where, and what plays each seat. The table's creator may give a person's seat to a
// bot (someone left, or never came).

import { el } from "../../api.js";
import { t } from "../../i18n.js";
import { kindLabel, seatName } from "../../shared/seats.js";

export function seatsView(table) {
  const list = document.getElementById("seats");
  table.watch(
    (s) => [s.server, s.seat, s.lang],
    (s) => list.replaceChildren(...(s.server?.seats ?? []).map((row) => item(row, s))),
  );

  function item(row, { seat, token, creator, server }) {
    const mine = row.seat === seat;
    const mayHand = token !== null && creator && row.kind === "human" && !mine && !server.outcome;
    return el(
      "li",
      { class: mine ? "mine" : "", "aria-current": mine ? "true" : false },
      `${row.name} (${kindLabel(row)}${row.conceded ? `, ${t("seat.conceded")}` : ""}) `,
      mayHand ? handButton(row.seat, server.seats) : null,
    );
  }

  function handButton(seat, seats) {
    const hand = () => confirm(t("table.to_bot_confirm", { name: seatName(seats, seat) })) && table.handToBot(seat);
    return el("button", { type: "button", class: "to-bot", dataset: { seat }, onclick: hand }, t("table.to_bot"));
  }
}
