// The interface's words, in English and French: the language is the browser's (French when it
// prefers French), switchable on every page and remembered in this browser.
//
// The words themselves live in js/words/: common.js (every page's, registered here), and one
// module per page (lobby.js, table.js, replay.js) that registers its words when imported:
// a page imports the words it says. A game's own words (title, summary, phases, timers,
// robots) are not here: they are in the game's catalogue, served with /api/games and read
// through js/game_words.js, so a new game needs nothing under web/.

import { words as common } from "./words/common.js";

export const LANGUAGES = ["en", "fr"];
const WORDS = { en: {}, fr: {} };
const STORED = "robotable:language";

// Merges a module's words, `{en: {key: template}, fr: {...}}`, into the interface's. English is
// behind every language: a key a language lacks is said in English.
export function addWords(words) {
  for (const lang of LANGUAGES) Object.assign(WORDS[lang], words[lang] ?? {});
}

addWords(common);

export function language() {
  const chosen = localStorage.getItem(STORED);
  if (chosen && LANGUAGES.includes(chosen)) return chosen;
  return (navigator.languages || [navigator.language || "en"]).some((l) => l.toLowerCase().startsWith("fr"))
    ? "fr"
    : "en";
}

// Whether the interface has words for `key` (in English, so in every language).
export function has(key) {
  return key in WORDS.en;
}

// The template `key` in the page's language (else English, else the key itself), its `{name}`
// places filled with `values[name]` (a place without a value stays as written).
export function t(key, values = {}) {
  const text = WORDS[language()][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

// Fills every [data-t] element's text (and [data-t-placeholder]'s placeholder, [data-t-label]'s
// aria-label, [data-t-title]'s title), sets the page's language, and wires the language menu:
// changing it re-runs `redraw`.
export function translatePage(redraw) {
  document.documentElement.lang = language();
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of document.querySelectorAll("[data-t-placeholder]")) {
    element.placeholder = t(element.dataset.tPlaceholder);
  }
  // the names of what shows no words (a board, a button drawn as a sign), and their tooltips
  for (const element of document.querySelectorAll("[data-t-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tLabel));
  }
  for (const element of document.querySelectorAll("[data-t-title]")) element.title = t(element.dataset.tTitle);
  const menu = document.getElementById("language");
  if (menu && !menu.dataset.wired) {
    menu.dataset.wired = "yes";
    menu.value = language();
    menu.addEventListener("change", () => {
      localStorage.setItem(STORED, menu.value);
      translatePage(redraw);
      redraw();
    });
  }
}
