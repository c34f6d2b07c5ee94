// The seats offered to the signed-in person by name (js/friends/main.js), as "My tables" lists
// them (GET /api/account/tables, the entries with `invited`): who invites them, to which game
// and seat, and a button that takes the seat (POST .../join {seat}) and opens the table.

import { api, ApiError, el, tokens } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { sentence } from "../account/form.js";

// Draws `entries` (the invitations) into the page's list.
export function drawInvitations(entries) {
  const list = document.getElementById("invitations-list");
  if (!entries.length) {
    list.replaceChildren(el("li", { class: "empty" }, t("friends.invitations_none")));
    return;
  }
  list.replaceChildren(...entries.map(invitationItem));
}

// One seat offered by name, with its "Take the seat" button ("My tables" lists them too).
export function invitationItem(entry) {
  const error = el("span", { class: "error", role: "alert" });
  const take = async (event) => {
    event.target.disabled = true;
    try {
      const taken = await api(`/api/tables/${encodeURIComponent(entry.table)}/join`, { method: "POST", body: { seat: entry.seat } });
      tokens.set(taken.table, taken.token);
      location.assign(`/tables/${encodeURIComponent(taken.table)}`);
    } catch (failure) {
      error.textContent = sentence(failure instanceof ApiError ? failure.message : String(failure));
      event.target.disabled = false;
    }
  };
  const said = t("friends.invitation", { by: entry.by, game: gameTitle(entry.game), seat: entry.seat });
  return el(
    "li",
    { dataset: { table: entry.table, seat: entry.seat } },
    said,
    " ",
    el("button", { type: "button", class: "take", onclick: take }, t("friends.take")),
    " ",
    error,
  );
}
