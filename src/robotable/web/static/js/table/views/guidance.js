// The "what to do now" box: what the game says the seat must do in this phase and why an
// expected action is missing (a slot without a card, no bid yet), in the game's own words
// (`guide.CODE` of its catalogue, from the state's `guidance`); else whose turn it is. The
// cells and elements the game names (Droids: the emitter facing your robot, and its line) are
// lit on the board, again after each drawing (the board view replaces the drawing when the
// table moves).

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { t } from "../../i18n.js";
import { seatName } from "../../shared/seats.js";

export function guidanceView(table) {
  const box = document.getElementById("guide");
  const board = document.getElementById("board");
  table.watch(
    (s) => [s.server, s.seat, s.games, s.lang],
    (s) => {
      const lines = s.server && !s.server.outcome ? said(s) : [];
      box.hidden = lines.length === 0;
      document.getElementById("guide-lines").replaceChildren(...lines);
      light(table.get());
    },
  );
  new MutationObserver(() => light(table.get())).observe(board, { childList: true });

  function light(state) {
    const marks = state.server?.outcome ? {} : (state.server?.guidance?.marks ?? {});
    const cells = new Set(marks.cells ?? []);
    for (const cell of board.querySelectorAll("svg [data-cell]")) cell.classList.toggle("guided", cells.has(cell.dataset.cell));
    for (const lit of board.querySelectorAll("svg .guided:not([data-cell])")) lit.classList.remove("guided");
    for (const [attribute, value] of marks.elements ?? []) {
      if (!/^data-[a-z-]+$/.test(attribute)) continue; // a name of the drawing's own, never a selector
      for (const element of board.querySelectorAll(`svg [${attribute}]`)) {
        if (element.getAttribute(attribute) === value) element.classList.add("guided");
      }
    }
  }
}

// The game's facts in its words, else the page's plain line about whose turn it is.
function said({ server, seat, game }) {
  const facts = server.guidance?.now ?? [];
  if (facts.length) {
    return facts.map(({ code, params }) => {
      const filled = "seat" in params ? { ...params, name: seatName(server.seats, params.seat) } : params;
      return el("p", { dataset: { guide: code } }, gameSay(game, `guide.${code}`, filled));
    });
  }
  const waiting = server.to_act.map((number) => seatName(server.seats, number)).join(", ");
  if (seat === null) return waiting ? [el("p", {}, t("table.guide_watch", { seats: waiting }))] : [];
  if (server.legal.length) return [el("p", {}, t("table.guide_turn"))];
  return waiting ? [el("p", {}, t("table.guide_wait", { seats: waiting }))] : [];
}
