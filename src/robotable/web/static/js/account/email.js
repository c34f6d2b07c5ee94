// The signed-in part's "Email" section, shown only when the server sends email: the address
// (confirmed, or waiting for its link to be opened), a form to add or change it, the wish to be
// told by email when it is one's turn, and removing the address. What it shows is drawn from
// the server's answer to GET /api/account (`showEmail`), never kept here.

import { language, t } from "../i18n.js";
import { post, sentence, value, wireForm, wireKeptBox } from "./form.js";

// Draws the section from `account` (the answer of GET /api/account), or hides it when the
// server sends no email.
export function showEmail(account) {
  const section = document.getElementById("email-section");
  section.hidden = !account?.mail;
  if (section.hidden) return;
  showLine("email-confirmed", account.email);
  showLine("email-pending", account.email_pending);
  document.getElementById("email-none").hidden = Boolean(account.email || account.email_pending);
  document.getElementById("email-remove").hidden = !(account.email || account.email_pending);
  const notify = document.getElementById("notify");
  notify.checked = account.notify_by_email;
  notify.disabled = !account.email && !account.notify_by_email; // yes needs a confirmed address
  document.getElementById("notify-hint").hidden = Boolean(account.email);
}

function showLine(id, address) {
  document.getElementById(`${id}-line`).hidden = !address;
  document.getElementById(id).textContent = address ?? "";
}

// `refresh(notice)` redraws the page from the server; `whileSignedIn(act)` runs `act` unless
// the session ended meanwhile.
export function wireEmail(refresh, whileSignedIn) {
  const sent = document.getElementById("email-sent");
  wireForm("email-form", "email-error", () =>
    whileSignedIn(async () => {
      sent.textContent = "";
      const answer = await post("email", { address: value("email-address"), language: language() });
      await refresh();
      document.getElementById("email-address").value = "";
      sent.textContent = t("account.email_sent", { address: answer.address });
    }),
  );
  wireNotify(whileSignedIn);
  const remove = document.getElementById("email-remove");
  const removeError = document.getElementById("email-remove-error");
  remove.addEventListener("click", async () => {
    removeError.textContent = "";
    remove.disabled = true;
    try {
      await whileSignedIn(async () => {
        await post("email/remove");
        await refresh("account.email_removed");
      });
    } catch (failure) {
      removeError.textContent = sentence(failure.message);
    } finally {
      remove.disabled = false;
    }
  });
}

// The check box says what the server keeps (form.js, wireKeptBox).
function wireNotify(whileSignedIn) {
  wireKeptBox("notify", "notify-error", whileSignedIn, async (wanted) => {
    const answer = await post("notify", { notify_by_email: wanted, language: language() });
    return answer.notify_by_email;
  });
}

// Empties what the section said last (a new account, a sign-out).
export function clearEmail() {
  document.getElementById("email-sent").textContent = "";
}
