// The other people at this screen (hot seat): a button each hands them the screen before the
// game asks for them (a simultaneous phase).

import { el } from "../../api.js";
import { t } from "../../i18n.js";

export function hereView(table) {
  const box = document.getElementById("here-box");
  const list = document.getElementById("here");
  table.watch(
    (s) => [s.here, s.seat, s.server, s.lang],
    (s) => {
      const seats = Object.keys(s.here).map(Number);
      box.hidden = seats.length <= 1;
      const others = s.server ? seats.filter((seat) => seat !== s.seat) : [];
      const give = (seat) => {
        const name = s.names[seat] ?? t("table.seat", { seat });
        const handOver = () => table.handOver(seat);
        return el("button", { type: "button", class: "give", dataset: { seat }, onclick: handOver }, t("table.give_to", { name }));
      };
      list.replaceChildren(...others.map(give));
    },
  );
}
