// "Forgot your password?" under the sign-in form, on a server that sends email: a name or an
// address is sent, and the page says the same thing whatever the server found (it never says
// whether an account exists or has an address).

import { language, t } from "../i18n.js";
import { post, value, wireForm } from "./form.js";

// Shows the button when the server sends email (`mail`).
export function offerForgot(mail) {
  const sent = document.getElementById("forgot-sent");
  delete sent.dataset.t;
  sent.textContent = "";
  document.getElementById("forgot-line").hidden = !mail;
  if (!mail) openForgot(false);
}

// Opens (or closes) the form; opened, the focus goes to its field.
export function openForgot(open = true) {
  const form = document.getElementById("forgot-form");
  form.hidden = !open;
  document.getElementById("forgot-open").setAttribute("aria-expanded", String(open));
  if (open) {
    const field = document.getElementById("forgot-name");
    if (!field.value) field.value = value("signin-name");
    field.focus();
  }
}

export function wireForgot() {
  const sent = document.getElementById("forgot-sent");
  document.getElementById("forgot-open").addEventListener("click", () => {
    openForgot(document.getElementById("forgot-form").hidden);
  });
  wireForm("forgot-form", "forgot-error", async () => {
    sent.textContent = "";
    await post("forgot", { name: value("forgot-name"), language: language() });
    sent.dataset.t = "account.forgot_sent"; // said again in the language chosen later
    sent.textContent = t("account.forgot_sent");
  });
}
