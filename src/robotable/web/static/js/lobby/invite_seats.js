// The new-table form's seats offered to an account by name (js/lobby/new_table.js), for a
// signed-in person: "a friend: NAME" for each of their friends, and "someone, by name…" with a
// name field. The server makes each an `invite:NAME` seat: the account finds it in its "My
// tables" and on its Friends page, and the seat's invitation link still works. The Friends page's
// "invite to a new table" comes here as `/?invite=NAME`: the second seat is offered to NAME.

import { api, el } from "../api.js";
import { t } from "../i18n.js";
import "../words/friends.js";

const SOMEONE = "invite";
let friends = null; // the signed-in person's friends' names; null: signed out (no invitation by name)

// Asks the server for the friends once (a guest: 401, and the seats offer no invitation).
export async function loadFriends() {
  try {
    friends = (await api("/api/account/friends")).friends.map((friend) => friend.name);
  } catch {
    friends = null;
  }
}

// The name the page was opened to invite (`?invite=NAME`), or "".
function wanted() {
  return new URLSearchParams(location.search).get("invite")?.trim() ?? "";
}

// Adds the choices by name to `select` (seat `seat`), and returns the name field it reveals.
export function inviteChoices(select, seat) {
  if (friends === null) return [];
  for (const name of friends) select.append(el("option", { value: `invite:${name}` }, t("invite.friend", { name })));
  select.append(el("option", { value: SOMEONE }, t("invite.someone")));
  const field = el("input", {
    class: "invite-seat-name",
    maxlength: 24,
    autocomplete: "off",
    "aria-label": t("invite.someone_name", { seat }),
    hidden: true,
  });
  const reveal = () => {
    field.hidden = select.value !== SOMEONE;
  };
  select.addEventListener("change", reveal);
  const name = seat === 1 ? wanted() : "";
  if (name) {
    const friend = friends.find((known) => known.toLowerCase() === name.toLowerCase());
    select.value = friend ? `invite:${friend}` : SOMEONE;
    if (!friend) field.value = name;
  }
  reveal();
  return [" ", field];
}

// What the server reads for `select`'s seat: `invite:NAME` for a seat offered by name (null
// when its name field is empty), else the select's value.
export function seatSpec(select) {
  if (select.value !== SOMEONE) return select.value;
  const name = select.parentElement.querySelector(".invite-seat-name").value.trim();
  return name ? `invite:${name}` : null;
}
