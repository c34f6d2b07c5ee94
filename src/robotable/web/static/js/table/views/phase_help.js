// The game's words for what this seat may type in its phase (Ricochet's commands, Delivery's
// card codes), in the page's language: asked of the server again only when the phase, the
// seat, whether it is this seat's turn or the language changed. Games whose legal list says
// enough have none; a spectator has none.

import { api } from "../../api.js";

export function phaseHelpView(table) {
  const box = document.getElementById("phase-help-box");
  let asked = null; // what the help shown was asked for
  table.watch(
    (s) => [s.server, s.seat, s.lang],
    async (s) => {
      // a seat's (its token's, or its account's: a seat found on My tables has no token here)
      if (!s.server || s.seat === null || s.server.outcome) {
        asked = null;
        box.hidden = true;
        return;
      }
      const key = JSON.stringify([s.server.view.phase, s.seat, s.server.legal.length > 0, s.lang]);
      if (key === asked) return;
      asked = key;
      try {
        const answer = await api(`/api/tables/${encodeURIComponent(s.table)}/help?lang=${s.lang}`, { token: s.token });
        if (asked !== key) return; // asked again meanwhile: the newer answer shows
        document.getElementById("phase-help").textContent = answer.help ?? "";
        box.hidden = !answer.help;
      } catch {
        if (asked === key) asked = null; // the server is away or busy: the next state asks again
      }
    },
  );
}
