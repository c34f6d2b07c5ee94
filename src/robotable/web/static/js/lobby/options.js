// The "Custom" part of the new-table form: every option of the game from its schema, each in the
// words of the game's catalogue in the page's language (`option.NAME` its label,
// `option.NAME.help` its help, `choice.NAME.VALUE` a choice that is a code). A person reads no
// option identifier and no rule ID: the rules an option sets are a tooltip of its help.

import { el } from "../api.js";
import { gameSay, hasGameWord } from "../game_words.js";
import { t } from "../i18n.js";

const box = () => document.getElementById("options-box");

// Draws the game's option fields (what was entered stays when the same game's form is redrawn,
// the language switched) and shows them or not.
export function drawOptions(game, shown) {
  const fields = [];
  for (const [name, schema] of Object.entries(game.options.properties || {})) {
    if (name.endsWith("_file")) continue; // files are named at the terminal, not over the network
    fields.push(optionField(game.id, name, schema));
  }
  const entered = box().dataset.game === game.id ? enteredValues() : null;
  box().replaceChildren(el("legend", {}, t("create.options")), ...fields);
  box().dataset.game = game.id;
  box().hidden = !shown || fields.length === 0;
  if (entered) setValues(entered);
}

export function showOptions(shown) {
  box().hidden = !shown || !box().querySelector("[data-option]");
}

// Puts a preset's values in the fields (`values`: option -> value; the others at their default).
export function fillOptions(values) {
  for (const input of box().querySelectorAll("[data-option]")) {
    const value = values[input.dataset.option];
    if (input.dataset.kind === "boolean") input.checked = value ?? input.dataset.default === "true";
    else if (input.dataset.kind === "enum") input.value = String(value ?? JSON.parse(input.dataset.default));
    else input.value = value ?? "";
  }
}

// The options as entered: what the person left empty is the game's default (not sent).
export function enteredOptions() {
  const options = {};
  for (const input of box().querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "boolean") options[name] = input.checked;
    else if (input.dataset.kind === "enum") {
      options[name] = JSON.parse(input.dataset.values).find((value) => String(value) === input.value);
    } else if (input.value.trim() !== "") {
      const numeric = input.dataset.kind === "integer" || input.dataset.kind === "number";
      options[name] = numeric ? Number(input.value) : input.value;
    }
  }
  return options;
}

function enteredValues() {
  const inputs = box().querySelectorAll("[data-option]");
  return new Map([...inputs].map((input) => [input.id, input.type === "checkbox" ? input.checked : input.value]));
}

function setValues(entered) {
  for (const input of box().querySelectorAll("[data-option]")) {
    if (!entered.has(input.id)) continue;
    if (input.type === "checkbox") input.checked = entered.get(input.id);
    else input.value = entered.get(input.id);
  }
}

function optionField(gameId, name, schema) {
  const id = `option-${name}`;
  const types = [].concat(schema.type);
  let input;
  if (schema.enum) {
    // the values are the same in every language; the catalogue names those that are codes
    const word = (value) => (hasGameWord(gameId, `choice.${name}.${value}`) ? gameSay(gameId, `choice.${name}.${value}`) : String(value));
    input = el("select", { id }, schema.enum.map((value) => el("option", { value }, word(value))));
    input.value = schema.default;
  } else if (types.includes("boolean")) {
    input = el("input", { id, type: "checkbox", checked: schema.default === true });
  } else if (types.includes("integer") || types.includes("number")) {
    input = el("input", {
      id,
      type: "number",
      min: schema.minimum,
      max: schema.maximum,
      step: types.includes("integer") ? 1 : "any",
      placeholder: schema.default ?? t("create.default"),
    });
  } else {
    input = el("input", { id, placeholder: schema.default ?? t("create.default") });
  }
  input.dataset.option = name;
  input.dataset.default = JSON.stringify(schema.default ?? null);
  if (schema.enum) input.dataset.values = JSON.stringify(schema.enum); // numbers stay numbers
  input.dataset.kind = schema.enum ? "enum" : types.includes("boolean") ? "boolean" : types[0];
  const rules = schema.rules?.length ? t("create.rules", { rules: schema.rules.join(", ") }) : undefined;
  return el(
    "div",
    { class: "option" },
    el("label", { for: id }, optionWords(gameId, name, "", name.replaceAll("_", " "))),
    input,
    el("small", { title: rules }, optionWords(gameId, name, ".help", schema.description || "")),
  );
}

// The catalogue's words for the option (a game without them: the schema's English, or its name).
function optionWords(gameId, name, suffix, otherwise) {
  const key = `option.${name}${suffix}`;
  return hasGameWord(gameId, key) ? gameSay(gameId, key) : otherwise;
}
