// A link to a player's profile (/players/NAME), for the names of seats their account holds.

import { el } from "../api.js";
import { t } from "../i18n.js";
import { rowName } from "./seats.js";

// The profile's address of an account's `name`.
export function profileHref(name) {
  return `/players/${encodeURIComponent(name)}`;
}

// A seat's name as people read it (shared/seats.js): a link to its profile when an account
// holds the seat (`account: true` in the seat list; the profile's name is `profile` where the
// server says it, else the seat's), else plain text.
export function seatNameLinked(row) {
  const name = rowName(row);
  const profile = row.account ? (row.profile ?? row.name) : "";
  return profile ? el("a", { href: profileHref(profile), class: "player" }, name) : name;
}

// The words `key` (like "with {names}") with `rows`' names in place of {names}, comma
// separated, each account's a link: a list of strings and links, for el().
export function withNames(key, rows) {
  const [before, after] = t(key, { names: "\u0000" }).split("\u0000");
  const names = rows.flatMap((row, i) => (i === 0 ? [seatNameLinked(row)] : [", ", seatNameLinked(row)]));
  return [before, ...names, after];
}
