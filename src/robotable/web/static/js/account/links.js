// The pages the links of the server's emails open: /account#confirm=TOKEN (an address to
// confirm) and /account#reset=TOKEN (a new password to choose), and /account#forgot (the
// "forgot your password" form, from a notice). The token is in the fragment, never sent to
// the server in an address: the page posts it, and takes it out of the address bar at once.

import { myName } from "../api.js";
import { clearForms, post, value, wireForm } from "./form.js";
import { openForgot } from "./forgot.js";

const LINK = /^#(confirm|reset)=([A-Za-z0-9_-]+)$/;

// What the address's fragment asks, `{purpose, token}` or `{purpose: "forgot"}`, or null; the
// fragment is taken out of the address (a reload or a shared address carries no token).
export function linkOpened() {
  const hash = window.location.hash;
  if (!hash) return null;
  history.replaceState(null, "", window.location.pathname);
  if (hash === "#forgot") return { purpose: "forgot" };
  const found = LINK.exec(hash);
  return found ? { purpose: found[1], token: found[2] } : null;
}

// Does what the link is for. `refresh(notice)` redraws the page; `say(text)` puts a sentence
// in its notice (a refusal: the link is too old, or used already).
export async function followLink(link, refresh, say) {
  if (link.purpose === "forgot") {
    await refresh();
    if (!document.getElementById("forgot-line").hidden) openForgot();
  } else if (link.purpose === "confirm") {
    await confirmAddress(link.token, refresh, say);
  } else {
    showReset(link.token);
  }
}

async function confirmAddress(token, refresh, say) {
  try {
    await post("email/confirm", { token });
  } catch (failure) {
    await refresh();
    say(failure.message);
    return;
  }
  await refresh("account.email_confirmed_notice");
}

// The new password's form, alone on the page until the password is set; the link's token
// waits on the form (a second link opened replaces it).
function showReset(token) {
  for (const part of ["account-loading", "signed-out", "signed-in"]) document.getElementById(part).hidden = true;
  clearForms(); // a refusal of an earlier link, a password typed
  document.getElementById("reset-part").hidden = false;
  document.getElementById("reset-form").dataset.token = token;
  document.getElementById("reset-password").focus();
}

// Wires the new password's form, once.
export function wireReset(refresh) {
  const form = document.getElementById("reset-form");
  wireForm("reset-form", "reset-error", async () => {
    const answer = await post("reset", { token: form.dataset.token, password: value("reset-password") });
    delete form.dataset.token;
    myName.set(answer.name);
    await refresh("account.password_reset");
  });
}
