// The end of the game: the ranks (best first), the link to its replay, the game's own line
// under them, and who conceded (a game a concession ended: its sentence is the line).

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
      const ending = endingConcession(s.log);
      const conceded = s.server.seats.filter((row) => row.conceded && row.seat !== ending?.seat); // the line says that one
      box.replaceChildren(
        el("h2", {}, t("table.over")),
        el("p", {}, el("a", { id: "replay-link", href: `/tables/${encodeURIComponent(s.table)}/replay` }, t("table.replay"))),
        el("ol", { class: "ranks" }, rows.map((row) => rankItem(row, s.server.seats))),
        line ? el("p", { class: "verdict" }, line) : null,
        ...conceded.map((row) => el("p", { class: "conceded", dataset: { seat: row.seat } }, t("table.conceded_line", { name: row.name }))),
      );
    },
  );
}

// The outcome's detail is the game's English: another language shows the game's own sentence
// for the end of the game (the last "game-over" event of the log, worded in that language).
function verdict(outcome, log) {
  const conceded = endingConcession(log);
  if (conceded) return conceded.text; // "Ann concedes.", in the page's language, not a seat number
  if (language() === "en") return outcome.detail;
  const ends = log.flatMap((entry) => entry.news?.events ?? []).filter((event) => event.kind === "game-over" && event.text);
  return ends.at(-1)?.text ?? outcome.detail;
}

// The concession that ended the game, if one did (its event, worded by the server).
function endingConcession(log) {
  const events = log.flatMap((entry) => entry.news?.events ?? []);
  return events.filter((event) => event.kind === "conceded" && event.ends && event.text).at(-1) ?? null;
}
