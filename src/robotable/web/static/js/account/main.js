// The account page (/account): signed out, the forms to sign in or create an account
// (signed_out.js); signed in, the account's name and what its person may do with it
// (signed_in.js). Who is signed in is asked of the server (the session cookie is HttpOnly).

import { api, ApiError } from "../api.js";
import { t, translatePage } from "../i18n.js";
import "../words/account.js";
import { clearErrors, clearForms } from "./form.js";
import { wireSignedIn } from "./signed_in.js";
import { wireSignedOut } from "./signed_out.js";

// The name signed in, or null (401 signed_out).
async function whoIsSignedIn() {
  try {
    return (await api("/api/account")).name;
  } catch (failure) {
    if (failure instanceof ApiError && failure.answer.code === "signed_out") return null;
    throw failure;
  }
}

// Shows the part for who is signed in, `notice` (a word's key, or none) above it; the focus
// goes to the page's title, so that a screen reader starts again from the top of the new part.
async function refresh(notice) {
  const name = await whoIsSignedIn();
  clearForms();
  document.getElementById("account-loading").hidden = true;
  document.getElementById("signed-out").hidden = name !== null;
  document.getElementById("signed-in").hidden = name === null;
  document.getElementById("account-name").textContent = name ?? "";
  const said = document.getElementById("account-notice");
  if (notice) said.dataset.t = notice;
  else delete said.dataset.t;
  said.textContent = notice ? t(notice) : "";
  if (notice !== undefined) document.getElementById("account-title").focus();
}

// The tab's title, in the page's language (a screen reader says it first).
function nameTab() {
  document.title = `${t("account.title")} · robotable`;
}

async function start() {
  nameTab();
  translatePage(() => {
    clearErrors();
    nameTab();
  });
  wireSignedOut(() => refresh(null));
  wireSignedIn(refresh);
  await refresh();
}

start().catch((failure) => {
  document.getElementById("account-notice").textContent = failure.message;
});
