// The "Notify me when it is my turn" button of "My tables": asks the browser's permission to
// show notifications (js/shared/turns.js shows them), and says where it stands.

import { t } from "../i18n.js";

export function wireNotify() {
  const button = document.getElementById("notify");
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    sayNotify();
  });
  sayNotify();
}

// The button shown only while asking makes sense, and a sentence for where it stands.
export function sayNotify() {
  const button = document.getElementById("notify");
  const state = document.getElementById("notify-state");
  if (typeof Notification === "undefined") {
    button.hidden = true;
    state.textContent = t("mine.notify_unsupported");
    return;
  }
  const permission = Notification.permission;
  button.hidden = permission !== "default";
  state.textContent = permission === "granted" ? t("mine.notify_on") : permission === "denied" ? t("mine.notify_blocked") : "";
}
