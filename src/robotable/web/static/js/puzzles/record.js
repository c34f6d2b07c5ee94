// The puzzle's record, once solved: the solution is sent (POST /api/puzzles/ricochet/ID/solved),
// the server replays it and keeps it as the person's best, and answers the record ("Record: 7
// moves by Léa, optimal; 23 people solved it"). A signed-in person's solutions go under their
// account; a guest may give a name for the records (the name field under the record).

import { api } from "../api.js";
import { t } from "../i18n.js";
import { mergeAccountProgress } from "./account_progress.js";
import { guestKey, guestName } from "./guest.js";

export function recordView(puzzle) {
  const line = document.getElementById("record");
  const form = document.getElementById("record-name");
  const input = form.querySelector("input");
  let told = null; // the last answer: the record, the solvers
  let signedIn = false;
  mergeAccountProgress().then((answer) => (signedIn = answer));

  async function send() {
    const { id, moves } = puzzle.get();
    try {
      const body = { moves, name: guestName.get() || null, guest: guestKey() };
      told = await api(`/api/puzzles/ricochet/${encodeURIComponent(id)}/solved`, { method: "POST", body });
    } catch (failure) {
      told = { failure: failure.message };
    }
    draw();
  }

  function draw() {
    line.hidden = !told;
    form.hidden = !told || signedIn || Boolean(told.failure);
    input.value = guestName.get();
    line.textContent = told ? said(told) : "";
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guestName.set(input.value);
    send();
  });
  puzzle.watch(
    (s) => [s.answer],
    ({ answer }) => {
      if (answer?.solved) send();
      else {
        told = null; // a new attempt: the record comes back with its solution
        draw();
      }
    },
  );
  puzzle.watch((s) => [s.lang], draw);
}

// The record line: "Record: 7 moves by Léa, optimal; 23 people solved it" (or why it failed).
function said({ failure, record, solvers }) {
  if (failure) return failure;
  const people = t(solvers === 1 ? "record.one_solver" : "record.solvers", { count: solvers });
  if (!record) return `${t("record.nobody")} ${people}`;
  const held = t(record.optimal ? "record.optimal" : "record.held", { moves: record.score[0], name: record.name });
  return `${held}; ${people}`;
}
