// A form of the account page sent to the server: its refusal is said beside it, in the
// page's language (js/api.js picks the server's French), and its button waits for the answer
// so that a double press sends one request.

import { api, ApiError } from "../api.js";
import { t } from "../i18n.js";

// On `formId`'s submit: `send()` (which calls the server and returns what happens next), its
// refusal written into `errorId`. A refusal from the server is shown as it said it.
export function wireForm(formId, errorId, send) {
  const form = document.getElementById(formId);
  const error = document.getElementById(errorId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const buttons = form.querySelectorAll("button[type=submit]");
    error.textContent = "";
    for (const button of buttons) button.disabled = true;
    try {
      await send(form);
    } catch (failure) {
      const said = failure instanceof ApiError ? failure.message : t("error.network", { reason: failure });
      error.textContent = sentence(said);
    } finally {
      for (const button of buttons) button.disabled = false;
    }
  });
}

// The server's refusals are lower-case clauses (they are quoted inside other sentences too):
// alone beside a form, each begins as a sentence does.
// A check box whose state is the server's: a change is sent by `send(wanted)` (inside
// `whileSignedIn`), which answers the state kept; a refusal puts the box back as it was and
// says why under it (`errorId`).
export function wireKeptBox(boxId, errorId, whileSignedIn, send) {
  const box = document.getElementById(boxId);
  const error = document.getElementById(errorId);
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    error.textContent = "";
    box.disabled = true;
    try {
      await whileSignedIn(async () => {
        box.checked = await send(wanted);
      });
    } catch (failure) {
      box.checked = !wanted;
      error.textContent = sentence(failure.message);
    } finally {
      box.disabled = false;
    }
  });
}

export function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A JSON POST of the account routes (the server takes JSON bodies only, from the site's pages).
export function post(route, body) {
  return api(`/api/account/${route}`, { method: "POST", body: body ?? {} });
}

// The value of the input `id`.
export function value(id) {
  return document.getElementById(id).value;
}

// Empties the forms' password fields (a password never stays on the page longer than needed)
// and their refusals.
export function clearForms() {
  for (const input of document.querySelectorAll("#account input[type=password]")) input.value = "";
  clearErrors();
}

// Removes the refusals said (in the language the page had when they came).
export function clearErrors() {
  for (const error of document.querySelectorAll("#account .error")) error.textContent = "";
}
