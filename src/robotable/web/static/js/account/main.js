// The account page (/account): signed out, the forms to sign in or create an account
// (signed_out.js, and forgot.js on a server that sends email); signed in, the account's name
// and what its person may do with it (signed_in.js, email.js); the pages the emails' links
// open (links.js). Who is signed in is asked of the server (the session cookie is HttpOnly).

import { api, ApiError } from "../api.js";
import { t, translatePage } from "../i18n.js";
import "../words/account.js";
import "../words/profile.js";
import { clearEmail, showEmail, wireEmail } from "./email.js";
import { offerForgot, wireForgot } from "./forgot.js";
import { clearErrors, clearForms, sentence } from "./form.js";
import { followLink, linkOpened, wireReset } from "./links.js";
import { showProfile, wireProfile } from "./profile.js";
import { drawBots, showBots, wireBots } from "./bots.js";
import { whileSignedIn, wireSignedIn } from "./signed_in.js";
import { keepSeats } from "./keep_seats.js";
import { wireSignedOut } from "./signed_out.js";

// The account signed in (GET /api/account's answer), or null (401 signed_out).
async function whoIsSignedIn() {
  try {
    return await api("/api/account");
  } catch (failure) {
    if (failure instanceof ApiError && failure.answer.code === "signed_out") return null;
    throw failure;
  }
}

// Shows the part for who is signed in, `notice` (a word's key, or none) above it; the focus
// goes to the page's title, so that a screen reader starts again from the top of the new part.
async function refresh(notice) {
  const account = await whoIsSignedIn();
  const name = account?.name ?? null;
  clearForms();
  clearEmail();
  showEmail(account);
  showProfile(account);
  await showBots(account);
  if (name === null) offerForgot((await api("/api/account/mail")).mail);
  document.getElementById("account-loading").hidden = true;
  document.getElementById("reset-part").hidden = true;
  document.getElementById("signed-out").hidden = name !== null;
  document.getElementById("signed-in").hidden = name === null;
  document.getElementById("account-name").textContent = name ?? "";
  const said = document.getElementById("account-notice");
  if (notice) said.dataset.t = notice;
  else delete said.dataset.t;
  said.textContent = notice ? t(notice) : "";
  if (notice !== undefined) document.getElementById("account-title").focus();
  window.dispatchEvent(new Event("robotable:who")); // the header says who is signed in now
}

// A sentence of the server's (a link's refusal) in the page's notice.
function say(text) {
  const said = document.getElementById("account-notice");
  delete said.dataset.t;
  said.textContent = sentence(text);
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
    drawBots();
  });
  const link = linkOpened(); // before anything: the token leaves the address bar at once
  // signed in: the seats this browser held as a guest are the account's from now on
  wireSignedOut(async () => refresh((await keepSeats()) ? "account.seats_kept" : null));
  wireForgot();
  wireSignedIn(refresh);
  wireEmail(refresh, (act) => whileSignedIn(refresh, act));
  wireProfile((act) => whileSignedIn(refresh, act));
  wireBots((act) => whileSignedIn(refresh, act));
  wireReset(refresh);
  // a link opened in a tab already on this page changes only the fragment
  window.addEventListener("hashchange", () => {
    const opened = linkOpened();
    if (opened) followLink(opened, refresh, say).catch((failure) => say(failure.message));
  });
  if (link) await followLink(link, refresh, say);
  else await refresh();
}

start().catch((failure) => {
  document.getElementById("account-notice").textContent = failure.message;
});
