// What the table's creator may do for a seat, drawn in that seat's panel (views/panels.js): send
// a person their invitation link (it gives their seat and nothing else), or give a person's seat
// to a bot (someone left, or never came); signed in, invite an account by name (views/invite_name.js).
// Shown to the creator's browser only.

import { el, seatLink } from "../../api.js";
import { t } from "../../i18n.js";
import { rowName } from "../../shared/seats.js";
import { inviteByName } from "./invite_name.js";

// The tools of `row`'s panel, or null when the creator has none there (or this is not them).
export function seatTools(row, state, table) {
  const { token, creator, server, invites, seat } = state;
  const ours = token !== null && Boolean(creator);
  const personsSeat = row.kind === "human" && row.seat !== seat && !server.outcome;
  if (!personsSeat || (!ours && !invites?.[row.seat])) return null;
  const parts = [];
  if (invites?.[row.seat] && token !== null) parts.push(...inviteLink(state, row.seat, invites[row.seat]));
  if (ours) parts.push(...inviteByName(row, state, table)); // a signed-in creator's, by an account's name
  if (ours) parts.push(handButton(row, table));
  return parts.length ? el("div", { class: "seat-tools" }, parts) : null;
}

function inviteLink(state, seat, token) {
  const link = seatLink(state.table, token, { invited: true });
  const copy = async (event) => {
    await navigator.clipboard?.writeText(link);
    event.target.textContent = t("table.copied");
  };
  return [
    el("small", { class: "hint" }, t("table.invite_hint")),
    el("input", { readonly: true, value: link, "aria-label": t("table.invite_link"), class: "invite", dataset: { seat } }),
    el("button", { type: "button", class: "copy", onclick: copy }, t("table.copy")),
  ];
}

function handButton(row, table) {
  const hand = () => confirm(t("table.to_bot_confirm", { name: rowName(row) })) && table.handToBot(row.seat);
  return el("button", { type: "button", class: "to-bot", dataset: { seat: row.seat }, onclick: hand }, t("table.to_bot"));
}
