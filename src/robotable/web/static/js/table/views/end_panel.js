// The end-of-game panel: the ranks and scores exactly as the server's outcome (the record's)
// gives them, best first, ties shared, each seat by its name; the game's own line under them
// and who conceded (a game a concession ended: its sentence is the line); and what to do next:
// "Play again" (a new table with the same seats and options: the first person who asks makes
// it, everyone else of this table finds the same one and is told of it in the log, each taking
// their own seat with their own link), "Watch the replay" and "Back to the lobby". Once the
// game is over the move box, its actions and their filter give way to it.

import { el } from "../../api.js";
import { language, t } from "../../i18n.js";
import { seatName, standings } from "../../shared/seats.js";

export function endPanelView(table) {
  const box = document.getElementById("outcome");
  table.watch(
    (s) => [s.server?.outcome, s.server?.seats, s.log, s.lang, s.seat, s.again],
    (s) => {
      const outcome = s.server?.outcome;
      document.getElementById("play").hidden = Boolean(outcome);
      if (!outcome) return box.replaceChildren();
      const seats = s.server.seats;
      const ending = endingConcession(s.log);
      const conceded = seats.filter((row) => row.conceded && row.seat !== ending?.seat); // the line says that one
      const line = verdict(outcome, s.log);
      const parts = [
        el("h2", {}, t("table.over")),
        el("ol", { class: "ranks" }, ranked(outcome).map((row) => rankItem(row, seats, s.seat))),
        line ? el("p", { class: "verdict" }, line) : null,
        ...conceded.map((row) => el("p", { class: "conceded", dataset: { seat: row.seat } }, t("table.conceded_line", { name: seatName(seats, row.seat) }))),
        againNote(s),
        el("p", { class: "end-actions actions" }, ...nextSteps(table, s)),
      ];
      box.replaceChildren(...parts.filter(Boolean)); // a missing part is null: not a text "null"
    },
  );
}

// The seats best first (a shared rank keeps the seats' order), each with whether it shares it.
function ranked(outcome) {
  const rows = standings(outcome).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const count = (rank) => rows.filter((row) => row.rank === rank).length;
  return rows.map((row) => ({ ...row, tied: count(row.rank) > 1 }));
}

function rankItem({ seat, rank, score, tied }, seats, mine) {
  const name = seatName(seats, seat);
  return el(
    "li",
    { dataset: { seat, rank, score }, class: seat === mine ? "mine" : null },
    el("span", { class: "rank" }, t(tied ? "table.end_rank_tied" : "table.end_rank", { rank })),
    " ",
    el("span", { class: "name" }, seat === mine ? t("table.end_you", { name }) : name),
    " ",
    el("span", { class: "score" }, t("table.end_score", { score })),
  );
}

// Play again (a seat only: a spectator has no seat to take), the replay, the lobby.
function nextSteps(table, s) {
  const steps = [];
  if (s.seat !== null) {
    const asking = s.again === "asking";
    const label = t(asking ? "table.play_again_asking" : "table.play_again");
    steps.push(el("button", { type: "button", id: "play-again", disabled: asking, onclick: () => table.playAgain() }, label));
  } else if (lastAgain(s.log)) {
    const href = `/tables/${encodeURIComponent(lastAgain(s.log).table)}?watch`;
    steps.push(el("a", { id: "watch-again", class: "button", href }, t("table.watch_again")));
  }
  const replay = `/tables/${encodeURIComponent(s.table)}/replay`;
  steps.push(el("a", { id: "replay-link", class: "button", href: replay }, t("table.watch_replay")));
  steps.push(el("a", { id: "lobby-link", class: "button", href: "/" }, t("table.back_lobby")));
  return steps;
}

// Someone of this table asked to play again (the log's notice), or playing again failed.
function againNote(s) {
  if (s.again?.failed) return el("p", { id: "again-note", class: "refused", role: "alert" }, t("table.play_again_failed", { reason: s.again.failed }));
  const notice = lastAgain(s.log);
  if (!notice || notice.seat === s.seat) return null;
  const name = seatName(s.server.seats, notice.seat);
  return el("p", { id: "again-note" }, t(s.seat === null ? "table.again_watch" : "table.again_join", { name }));
}

function lastAgain(log) {
  return log.filter((entry) => entry.notice?.notice === "again").at(-1)?.notice ?? null;
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

// The concession that ended the game, if one did, or the server's administrator's end (its
// event, worded by the server).
function endingConcession(log) {
  const events = log.flatMap((entry) => entry.news?.events ?? []);
  const ends = (event) => (event.kind === "conceded" && event.ends) || event.kind === "ended";
  return events.filter((event) => ends(event) && event.text).at(-1) ?? null;
}
