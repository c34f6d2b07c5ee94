// What both pages share: calls to the server's HTTP API, building elements (text always as
// text: names and reasons come from other people), and where a table's tokens are kept.

import { language, t } from "./i18n.js";

// `answer`: the server's whole refusal (docs/protocol.md): `option` and `reason` name a refused
// option, `code` a refusal the page words itself.
export class ApiError extends Error {
  constructor(message, answer = {}) {
    super(message);
    this.answer = answer;
  }
}

// A JSON answer, or an ApiError carrying the server's one-sentence reason. `json`: a body
// already written as JSON text (a record file's, whose 64-bit seed JavaScript numbers would round).
export async function api(path, { method = "GET", body, json, token } = {}) {
  const headers = {};
  const text = json ?? (body === undefined ? undefined : JSON.stringify(body));
  if (text !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: text });
  } catch (error) {
    throw new ApiError(t("error.network", { reason: error.message }));
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const said = (language() === "fr" && answer.error_fr) || answer.error; // the game's French, when it gave one
    throw new ApiError(said || `${response.status} ${response.statusText}`, answer);
  }
  return answer;
}

// <tag attrs...>children</tag>; strings become text nodes, never markup.
export function el(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) {
      element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return element;
}

// A seat's token for a table, in this browser only: a reload or a lost connection keeps the
// seat. The invitation links a creator receives are kept the same way, for the table page.
export const tokens = {
  get: (table) => localStorage.getItem(`robotable:token:${table}`),
  set: (table, token) => localStorage.setItem(`robotable:token:${table}`, token),
  invites: (table) => JSON.parse(localStorage.getItem(`robotable:invites:${table}`) || "{}"),
  setInvites: (table, invites) => localStorage.setItem(`robotable:invites:${table}`, JSON.stringify(invites)),
  // the creator's token, which may hand a person's seat to a bot
  creator: (table) => localStorage.getItem(`robotable:creator:${table}`),
  setCreator: (table, token) => localStorage.setItem(`robotable:creator:${table}`, token),
  // the seats of the people sharing this screen (hot seat), seat number to token
  here: (table) => JSON.parse(localStorage.getItem(`robotable:here:${table}`) || "{}"),
  setHere: (table, here) => localStorage.setItem(`robotable:here:${table}`, JSON.stringify(here)),
  // every seat this browser holds: [{table, token}] (a guest who signs up keeps them)
  all: () =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("robotable:token:"))
      .map((key) => ({ table: key.slice("robotable:token:".length), token: localStorage.getItem(key) })),
};

// The name this browser's person gave last (the lobby and an invitation offer it again).
export const myName = {
  get: () => localStorage.getItem("robotable:name") ?? "",
  set: (name) => name.trim() && localStorage.setItem("robotable:name", name.trim()),
};

// The link that gives `token`'s seat: the token rides in the fragment, which browsers never
// send to a server (not in its logs, not in a Referer). `invited`: a person's invitation, whose
// page asks their name before they sit (js/table/name_ask.js).
export function seatLink(table, token, { invited = false } = {}) {
  const link = `${location.origin}/tables/${encodeURIComponent(table)}#token=${encodeURIComponent(token)}`;
  return invited ? `${link}&invited=1` : link;
}
