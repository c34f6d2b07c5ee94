// The page's settings: the "notation box" switch. Off by default, so a person sees the game
// and its buttons, not the developer's tools; on, it brings back the notation box, the action
// number and the raw view ("Everything your seat sees"). Remembered in this browser.
// <body data-notation="on|off"> says it to the styles (site.css hides .dev-only when off).

import { t } from "../../i18n.js";

const KEY = "robotable.notation";

// Whether this browser asked for the notation box (read once at the page's start).
export function notationWanted() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false; // storage refused (a private window): the default
  }
}

function remember(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // storage refused: the switch holds for this page only
  }
}

export function settingsView(table) {
  const toggle = document.getElementById("show-notation");
  toggle.addEventListener("change", () => table.setNotation(toggle.checked));
  table.watch(
    (s) => [s.notation, s.lang],
    (s) => {
      toggle.checked = s.notation;
      toggle.parentElement.title = t("table.show_notation_hint");
      document.body.dataset.notation = s.notation ? "on" : "off";
      remember(s.notation);
    },
  );
}
