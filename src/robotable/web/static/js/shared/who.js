// Who is signed in, as every page's header shows it: the way to the account page (/account),
// "Sign in" for someone signed out, their name when signed in. Asked of the server once a page
// (the session cookie is HttpOnly: no script reads it).

import { api } from "../api.js";
import { t } from "../i18n.js";
import "../words/account.js";

let asked = null;

// The signed-in person's name, or null (signed out, or the server out of reach).
export function signedInName() {
  asked ??= api("/api/account").then(
    (answer) => answer.name,
    () => null,
  );
  return asked;
}

// Forgets who was signed in: a sign-in or a sign-out on this page (js/account/) changed it.
export function forgetWho() {
  asked = null;
}

// Words `#who` for who is signed in; the answer: their name, or null.
export async function showWho() {
  const name = await signedInName();
  const link = document.getElementById("who");
  if (!link) return name;
  link.textContent = name ?? t("who.signin");
  link.title = name === null ? "" : t("who.account");
  link.dataset.signedIn = name === null ? "no" : "yes";
  link.hidden = false;
  return name;
}
