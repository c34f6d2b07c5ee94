// The end of the game: the ranks (best first), the link to its replay, and the game's own line
// under them.

import { el } from "../../api.js";
import { language, t } from "../../i18n.js";
import { rankItem, standings } from "../../shared/seats.js";

export function outcomeView(table) {
  const box = document.getElementById("outcome");
  table.watch(
    (s) => [s.server?.outcome, s.log, s.lang],
    (s) => {
      const outcome = s.server?.outcome;
      if (!outcome) return box.replaceChildren();
      const rows = standings(outcome).sort((a, b) => a.rank - b.rank);
      const line = verdict(outcome, s.log);
      box.replaceChildren(
        el("h2", {}, t("table.over")),
        el("p", {}, el("a", { id: "replay-link", href: `/tables/${encodeURIComponent(s.table)}/replay` }, t("table.replay"))),
        el("ol", { class: "ranks" }, rows.map((row) => rankItem(row, s.server.seats))),
        line ? el("p", { class: "verdict" }, line) : null,
      );
    },
  );
}

// The outcome's detail is the game's English: another language shows the game's own sentence
// for the end of the game (the last "game-over" event of the log, worded in that language).
function verdict(outcome, log) {
  if (language() === "en") return outcome.detail;
  const ends = log.flatMap((entry) => entry.news?.events ?? []).filter((event) => event.kind === "game-over" && event.text);
  return ends.at(-1)?.text ?? outcome.detail;
}
