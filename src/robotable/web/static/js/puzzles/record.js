// A puzzle's record, once solved, on the puzzle page of every game: the solution is sent (POST
// /api/puzzles/GAME/ID/solved), the server replays it with the game's own runner and keeps it as
// the person's best, and answers the record ("Record: 7 moves by Léa, optimal; 23 people solved
// it"). A signed-in person's solutions go under their account; a guest may give a name for the
// records (the name field under the record). The page's elements: #record and #record-name.
//
// `puzzle` is the page's controller (get, watch, and reloadBest once an account's progress is
// merged); `game` says what differs between the games:
//   id          "ricochet", "delivery", "dr2d" (the routes' part);
//   watched(s)  what of the page's state the solution depends on (its store's watch);
//   solution(s) the solution's body ({moves}, {program}, {programs}) while the page shows it
//               solved, else null: the record is shown then; a solution is sent once (again
//               only after another one);
//   score(s)    a score in words ("7 moves", "4 cards, 11 instructions");
//   keep(id, score, optimal)  the browser's progress keeps an account's best (account_progress.js).

import { api } from "../api.js";
import { t } from "../i18n.js";
import "../words/records.js";
import { mergeAccountProgress } from "./account_progress.js";
import { guestKey, guestName } from "./guest.js";

export function recordView(puzzle, game) {
  const line = document.getElementById("record");
  const form = document.getElementById("record-name");
  const input = form.querySelector("input");
  let shown = null; // the solution the page shows solved (its body as JSON), or null
  let asked = null; // the last solution sent (JSON): shown again (a step back and forth), it is not sent again
  let told = null; // the answer to `asked`: the record, the solvers (or why it failed)
  let signedIn = false;
  mergeAccountProgress(game.id, game.keep).then((answer) => {
    signedIn = answer;
    if (signedIn) puzzle.reloadBest(); // the account's best, on this page too
    draw();
  });

  async function send(solution) {
    const sent = JSON.stringify(solution);
    asked = sent;
    const body = { ...solution, name: guestName.get() || null, guest: guestKey() };
    let answer;
    try {
      answer = await api(`/api/puzzles/${game.id}/${encodeURIComponent(puzzle.get().id)}/solved`, { method: "POST", body });
    } catch (failure) {
      answer = { failure: failure.message };
    }
    if (sent !== asked) return; // another solution since: its own answer comes
    told = answer;
    draw();
  }

  function draw() {
    const on = Boolean(shown && shown === asked && told);
    line.hidden = !on;
    form.hidden = !on || signedIn || Boolean(told?.failure);
    if (document.activeElement !== input) input.value = guestName.get();
    line.textContent = on ? said(told, game.score) : "";
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guestName.set(input.value);
    if (shown) send(JSON.parse(shown)); // the same solution, now with a name
  });
  puzzle.watch(game.watched, (state) => {
    const solution = game.solution(state);
    shown = solution ? JSON.stringify(solution) : null;
    if (shown && (shown !== asked || told?.failure)) {
      told = null; // a new solution (or one refused before: sent again): its record comes with its answer
      send(solution);
    }
    draw();
  });
  puzzle.watch((s) => [s.lang], draw);
}

// The record line: "Record: 7 moves by Léa, optimal; 23 people solved it" (or why it failed).
function said({ failure, record, solvers }, score) {
  if (failure) return failure;
  const people = t(solvers === 1 ? "records.one_solver" : "records.solvers", { count: solvers });
  const held = record
    ? t(record.optimal ? "records.optimal" : "records.held", { score: score(record.score), name: record.name })
    : t("records.nobody");
  return t("records.line", { record: held, people });
}

const count = (kind, n) => t(`records.${kind}_${n === 1 ? "one" : "many"}`, { count: n });

// Ricochet's score in words: [7] is "7 moves".
export const movesWords = ([moves]) => count("moves", moves);

// Robot Delivery's score in words: [4, 11] is "4 cards, 11 instructions".
export const cardsWords = ([cards, instructions]) =>
  t("records.cards_instructions", { cards: count("cards", cards), instructions: count("instructions", instructions) });
