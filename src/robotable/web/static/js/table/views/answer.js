// The answer to the last action sent, in the page's language: played, or why not (by the
// server's codes: see ../codes.js).

import { t } from "../../i18n.js";
import { inWords, refusalWords } from "../codes.js";

export function answerView(table) {
  const box = document.getElementById("answer");
  table.watch(
    (s) => [s.answer, s.lang, s.games],
    (s) => {
      box.textContent = s.answer ? said(s.answer, s) : "";
      box.className = !s.answer ? "" : s.answer.kind === "accepted" ? "ok" : "error";
    },
  );
}

function said(answer, state) {
  if (answer.kind === "accepted") return t("table.accepted");
  if (answer.kind === "refused") {
    return t("table.refused", { reason: refusalWords(answer.refusal, answer.seen, state.seat, state.game) });
  }
  if (answer.kind === "error") return t("table.error", { reason: inWords("error", answer) });
  return answer.text; // the server's refusal of an HTTP request, in the page's language when it gave one
}
