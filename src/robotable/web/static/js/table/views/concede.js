// The Concede button and its question. A person may give up at any moment, on their turn or
// not (docs/protocol.md, "Conceding"); the dialog first says what it does for this table: with
// one other seat standing they lose now and it wins; alone (a solo game) the game counts as
// lost; with more, they are ranked last and a bot plays their seat to the end while they watch.
// "Keep playing", Escape or closing the dialog sends nothing. Once the seat conceded, the button
// gives way to a line saying so; so it does once the seat's time bank ran out (a bot plays it).

import { t } from "../../i18n.js";
import { seatName } from "../../shared/seats.js";

// What conceding does now for `seat`, in words: the seats still standing decide it.
export function concedeWhy(seats, seat) {
  const others = seats.filter((row) => row.seat !== seat && !row.conceded);
  if (others.length === 0) return t("table.concede_solo");
  if (others.length === 1) return t("table.concede_two", { name: seatName(seats, others[0].seat) });
  return t("table.concede_more");
}

export function concedeView(table) {
  const box = document.getElementById("concede-box");
  const button = document.getElementById("concede");
  const note = document.getElementById("concede-note");
  const dialog = document.getElementById("concede-dialog");
  button.addEventListener("click", () => {
    const { server, seat } = table.get();
    document.getElementById("concede-why").textContent = concedeWhy(server.seats, seat);
    dialog.showModal();
    document.getElementById("concede-no").focus(); // the safe answer first
  });
  document.getElementById("concede-no").addEventListener("click", () => dialog.close());
  document.getElementById("concede-yes").addEventListener("click", () => {
    dialog.close();
    table.send("concede");
  });
  table.watch(
    (s) => [s.server, s.seat, s.lang],
    (s) => {
      const row = s.server?.seats?.[s.seat];
      const playing = s.seat !== null && row !== undefined && !s.server.outcome;
      box.hidden = !playing;
      const outOfTime = Boolean(s.server?.banks?.seats?.[s.seat]?.out);
      button.hidden = !playing || Boolean(row.conceded) || outOfTime;
      const said = row?.conceded ? "table.you_conceded" : outOfTime ? "table.you_out_of_time" : null;
      note.textContent = playing && said ? t(said) : "";
      if (!playing && dialog.open) dialog.close(); // the game ended meanwhile: nothing to ask
    },
  );
}
