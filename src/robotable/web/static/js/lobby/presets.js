// The presets of the new-table form: the game's own (GET /api/games' `presets`, "standard" first:
// the rulebook's game), each worded by the game's catalogue (`preset.NAME`, `preset.NAME.about`),
// and "Custom", which opens every option (js/lobby/options.js) from the preset chosen before it.

import { el } from "../api.js";
import { gameSay, hasGameWord } from "../game_words.js";
import { t } from "../i18n.js";
import { fillOptions, showOptions } from "./options.js";

export const CUSTOM = "custom";

let shownFor = null; // the game whose presets are drawn
let chosen = null; // the preset chosen (a name, or CUSTOM)

// Draws the game's presets; a redraw of the same game (the language switched) keeps the choice.
export function drawPresets(game) {
  if (shownFor !== game.id) {
    shownFor = game.id;
    chosen = game.presets?.[0]?.name ?? CUSTOM;
  }
  const items = [...(game.presets ?? []).map((preset) => presetItem(game, preset.name)), customItem()];
  const box = document.getElementById("presets-box");
  box.replaceChildren(el("legend", {}, t("create.preset")), ...items);
  box.hidden = !game.presets?.length;
  showOptions(chosen === CUSTOM);
}

// The options the chosen preset sets; null for Custom (the fields say them).
export function presetOptions(game) {
  return chosen === CUSTOM ? null : { ...presetOf(game, chosen) };
}

// Forgets the choice: a new form starts from the game's first preset.
export function forgetPresets() {
  shownFor = null;
}

function presetItem(game, name) {
  const words = [presetWords(game.id, name, ""), presetWords(game.id, name, ".about")];
  return choice(name, words, () => fillOptions(presetOf(game, name))); // Custom starts from it
}

// The catalogue's words for a preset; a game without them has the page's words for Standard.
function presetWords(gameId, name, suffix) {
  const key = `preset.${name}${suffix}`;
  if (hasGameWord(gameId, key)) return gameSay(gameId, key);
  return name === "standard" ? t(`create.standard${suffix.replace(".", "_")}`) : suffix ? "" : name;
}

function customItem() {
  return choice(CUSTOM, [t("create.custom"), t("create.custom_about")], () => {});
}

function presetOf(game, name) {
  return game.presets.find((preset) => preset.name === name)?.options ?? {};
}

function choice(name, [label, about], chose) {
  const input = el("input", { type: "radio", name: "preset", value: name, checked: chosen === name });
  input.addEventListener("change", () => {
    chosen = name;
    chose();
    showOptions(name === CUSTOM);
  });
  return el(
    "label",
    { class: "preset", dataset: { preset: name } },
    input,
    el("span", { class: "preset-name" }, label),
    el("small", {}, about),
  );
}
