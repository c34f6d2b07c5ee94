// The header's way to the account page (/account): "Sign in" for someone signed out, their
// name when signed in. The lobby shows it; another page may, with a `#who` link in its header.

import { api } from "../api.js";
import { t } from "../i18n.js";
import "../words/account.js";

// Asks the server who is signed in (the session cookie is HttpOnly) and words `#who` for it.
export async function showWho() {
  const link = document.getElementById("who");
  if (!link) return;
  const name = await api("/api/account").then(
    (answer) => answer.name,
    () => null, // signed out, or the server out of reach: the link still leads to the page
  );
  link.textContent = name ?? t("who.signin");
  link.title = name === null ? "" : t("who.account");
  link.dataset.signedIn = name === null ? "no" : "yes";
  link.hidden = false;
}
