// What the server says by a code (docs/protocol.md: `refused`, `error`, `closing`), in the
// page's words. The server's English sentence is shown only where the page has no words for a
// code (a newer server's) or no better guess; its text is never read for its meaning.

import { gameSay } from "../game_words.js";
import { has, language, t } from "../i18n.js";

// An `error` or a `closing` ({code, reason}) in the page's words: `kind` is which.
export function inWords(kind, { code, reason }) {
  const key = `${kind}.${code}`;
  return code && has(key) ? t(key) : reason;
}

// Why an action was refused. `seen`: the state it was chosen on (null when not known), `seat`:
// the page's, `game`: the table's. In English the server's own reason follows the page's
// words: it may say more (the rule, the timer). When the table was already past that state
// (`behind`), the page says so too: a race, not a misclick.
export function refusalWords(refusal, seen, seat, game) {
  const code = refusal.code || "illegal";
  const english = language() === "en";
  const why = pageWhy({ ...refusal, code }, seen, seat, game);
  if (why === null && refusal.behind && !english) return t("refusal.moved_on");
  let said = why ?? refusal.reason;
  if (why !== null && english && code !== "spectator" && refusal.reason) said = `${why} (${refusal.reason})`;
  return refusal.behind ? `${said} ${t("refusal.behind")}` : said;
}

function pageWhy(refusal, seen, seat, game) {
  if (refusal.code === "too_late") return t("refusal.too_late");
  if (refusal.code === "spectator") return t("refusal.spectator");
  if (refusal.code !== "illegal") return has(`refusal.${refusal.code}`) ? t(`refusal.${refusal.code}`) : null;
  if (language() === "fr" && refusal.reason_fr) return refusal.reason_fr; // the game's own French
  if (!seen) return null;
  if (seat !== null && !seen.to_act.includes(seat)) return t("refusal.not_your_turn");
  if (!seen.legal.includes(refusal.action)) {
    const { phase } = seen.view;
    return t("refusal.not_now", { phase: phase ? gameSay(game, `phase.${phase}`) : "" });
  }
  return null;
}
