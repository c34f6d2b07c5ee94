// "Invite by name" in a free person's seat panel, for the table's signed-in creator (drawn by
// views/seat_tools.js): a name field suggesting their friends (a <datalist>), or the account
// invited already with a button that cancels it. The store's `byName` says who is invited where
// (js/table/name_invites.js); a name being typed survives the panels being drawn again.

import { el } from "../../api.js";
import { t } from "../../i18n.js";
import "../../words/friends.js";

const typing = new Map(); // seat -> the name being typed: the panels are redrawn at each state

// The invitation-by-name parts of `row`'s panel ([] when there are none).
export function inviteByName(row, state, table) {
  const { byName, server } = state;
  const free = row.kind === "human" && !row.account && !row.gone && row.name === `seat ${row.seat}`;
  if (!byName || !free || server.outcome) return [];
  const invited = byName[row.seat];
  if (invited) {
    return [
      el("p", { class: "invited", dataset: { seat: row.seat } }, t("invite.invited", { name: invited }), " ",
        el("button", { type: "button", class: "cancel-invite", onclick: () => table.cancelNameInvite(row.seat) }, t("invite.cancel"))),
    ];
  }
  return [nameForm(row.seat, state, table)];
}

function nameForm(seat, state, table) {
  const id = `invite-name-${seat}`;
  const input = el("input", { id, list: `${id}-friends`, maxlength: 24, autocomplete: "off", value: typing.get(seat) ?? "", class: "invite-name" });
  input.addEventListener("input", () => typing.set(seat, input.value));
  const refused = state.byNameRefused?.seat === seat ? state.byNameRefused.text : "";
  const send = (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    typing.delete(seat);
    table.inviteByName(seat, input.value.trim());
  };
  const form = el(
    "form",
    { class: "invite-by-name", dataset: { seat }, onsubmit: send },
    el("label", { for: id }, t("invite.by_name")),
    " ",
    input,
    el("datalist", { id: `${id}-friends` }, (state.friendNames ?? []).map((name) => el("option", { value: name }))),
    " ",
    el("button", { type: "submit" }, t("invite.go")),
    el("span", { class: "error", role: "alert" }, refused),
  );
  if (typing.has(seat)) queueMicrotask(() => document.activeElement === document.body && input.focus());
  return form;
}
