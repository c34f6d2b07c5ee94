// The invitation links the table's creator received, one per person's seat, to send them (each
// gives its seat and nothing else). Shown to the creator's browser only, never to a spectator.

import { el, seatLink } from "../../api.js";
import { t } from "../../i18n.js";

export function invitesView(table) {
  const box = document.getElementById("invites-box");
  const list = document.getElementById("invites");
  table.watch(
    (s) => [s.invites, s.names, s.token, s.lang],
    (s) => {
      const invites = Object.entries(s.invites);
      box.hidden = invites.length === 0 || s.token === null;
      const items = invites.map(([seat, token]) => item(s, Number(seat), token));
      list.replaceChildren(el("li", { class: "hint" }, t("table.invite_hint")), ...items);
    },
  );
}

function item(state, seat, token) {
  const link = seatLink(state.table, token);
  const copy = async (event) => {
    await navigator.clipboard?.writeText(link);
    event.target.textContent = t("table.copied");
  };
  return el(
    "li",
    {},
    `${state.names[seat] ?? t("table.seat", { seat })}: `,
    el("input", { readonly: true, value: link, "aria-label": t("table.seat", { seat }), class: "invite" }),
    el("button", { type: "button", onclick: copy }, t("table.copy")),
  );
}
