// Who this screen is at a table: the seat's token kept in this browser (a reload finds the
// seat again), the people sharing the screen, the creator's invitations. A token in the link's
// fragment is this browser's from now on; the fragment is then removed, so that the address
// bar can be shared (as a spectator's link) without giving the seat away. `?watch` watches.
// `invited=1` beside the token: an invitation link, whose person is asked a name before sitting.

import { tokens } from "../api.js";

export function readScreen(table) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("token");
  const invited = Boolean(given) && fragment.get("invited") === "1"; // a person asked their name first
  if (given) {
    tokens.set(table, given);
    const here = seatsHere(fragment.get("here"), given);
    if (here) {
      // a link made by `robotable play --web`: its creator's, with the other people at this screen
      tokens.setHere(table, here);
      tokens.setCreator(table, given);
    }
    history.replaceState(null, "", location.pathname + location.search);
  }
  const watching = new URLSearchParams(location.search).has("watch");
  const token = watching ? null : tokens.get(table);
  const here = watching ? {} : tokens.here(table);
  return {
    table,
    token,
    // an invitation link opened in this browser is someone else's seat, not the shared screen's
    here: Object.values(here).includes(token) ? here : {},
    invites: tokens.invites(table),
    creator: token !== null ? tokens.creator(table) : null,
    invited: invited && token === given,
  };
}

// The seats of a link's `here` ({"0": token, "2": token}), or null when it is not that.
function seatsHere(text, given) {
  let here;
  try {
    here = JSON.parse(text ?? "null");
  } catch {
    return null;
  }
  if (!here || typeof here !== "object" || Array.isArray(here)) return null;
  const valid = Object.entries(here).every(([seat, token]) => /^\d{1,2}$/.test(seat) && typeof token === "string");
  return valid && Object.values(here).includes(given) ? here : null;
}
