// The lobby's new-table form: the seats (a person here, an invitation, an open seat, a bot),
// the table's clock, the game's options from its schema (each explained in the page's
// language), and the creation itself, with the refusals the page can word.

import { api, ApiError, el, tokens } from "../api.js";
import { gameTitle } from "../game_words.js";
import { language, t } from "../i18n.js";

let chosen = null; // the game of the open creation form

// Wires the form's own controls, once.
export function wireForm() {
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("create-cancel").addEventListener("click", () => showForm(null));
  document.getElementById("seat-count").addEventListener("change", drawSeats);
}

// Redraws the open form in the page's language (what was entered stays).
export function redrawForm() {
  if (chosen) showForm(chosen);
}

export function showForm(game) {
  chosen = game;
  const section = document.getElementById("create");
  section.hidden = !game;
  if (!game) {
    document.getElementById("options-box").dataset.game = ""; // a new form starts from the defaults
    return;
  }
  document.getElementById("create-title").textContent = t("create.title", { game: gameTitle(game.id) });
  const count = document.getElementById("seat-count");
  const before = Number(count.value) || 0;
  count.replaceChildren();
  for (let n = game.seats[0]; n <= game.seats[1]; n++) count.append(el("option", { value: n }, n));
  count.value = before >= game.seats[0] && before <= game.seats[1] ? before : Math.min(Math.max(2, game.seats[0]), game.seats[1]);
  drawSeats();
  drawOptions(game);
  document.getElementById("create-error").textContent = "";
  section.scrollIntoView({ block: "nearest" });
}

function drawSeats() {
  const game = chosen;
  const list = document.getElementById("seat-list");
  const count = Number(document.getElementById("seat-count").value);
  const kinds = [
    ["here", t("create.here")],
    ["human", t("create.human")],
    ["open", t("create.open")],
    ...game.bots.map((name) => [`bot:${name}`, t("create.bot", { name })]),
  ];
  const rows = [el("li", {}, el("span", { class: "you" }, t("create.you")))];
  for (let seat = 1; seat < count; seat++) {
    const select = el(
      "select",
      { class: "seat-kind", "aria-label": t("table.seat", { seat }) },
      kinds.map(([value, label]) => el("option", { value }, label)),
    );
    select.value = game.bots.length ? `bot:${game.bots[0]}` : "human";
    rows.push(el("li", {}, select));
  }
  list.replaceChildren(...rows);
}

function drawOptions(game) {
  const box = document.getElementById("options-box");
  const fields = [];
  for (const [name, schema] of Object.entries(game.options.properties || {})) {
    if (name.endsWith("_file")) continue; // files are named at the terminal, not over the network
    fields.push(optionField(name, schema));
  }
  // the same game's form redrawn (the language switched): what was entered stays
  const entered = box.dataset.game === game.id ? enteredValues() : new Map();
  box.replaceChildren(el("legend", {}, t("create.options")), ...fields);
  box.dataset.game = game.id;
  box.hidden = fields.length === 0;
  for (const input of box.querySelectorAll("[data-option]")) {
    if (!entered.has(input.id)) continue;
    if (input.type === "checkbox") input.checked = entered.get(input.id);
    else input.value = entered.get(input.id);
  }
}

function enteredValues() {
  const inputs = document.querySelectorAll("#options-box [data-option]");
  return new Map([...inputs].map((input) => [input.id, input.type === "checkbox" ? input.checked : input.value]));
}

function optionField(name, schema) {
  const id = `option-${name}`;
  const types = [].concat(schema.type);
  let input;
  if (schema.enum) {
    // the values are the same in both languages; a French page names them in French
    const names = (language() === "fr" && schema.enum_fr) || schema.enum;
    input = el("select", { id }, schema.enum.map((v, i) => el("option", { value: v }, names[i] ?? v)));
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
  if (schema.enum) input.dataset.values = JSON.stringify(schema.enum); // numbers stay numbers
  input.dataset.kind = schema.enum ? "enum" : types.includes("boolean") ? "boolean" : types[0];
  return el(
    "div",
    { class: "option" },
    el("label", { for: id, title: name }, optionLabel(name, schema)),
    input,
    el("small", {}, optionHelp(schema)),
  );
}

// The option's name in the page's language: the game's few French words (title_fr), or the
// name itself (the terminal's -O name, shown as a tooltip in both languages).
function optionLabel(name, schema) {
  return (language() === "fr" && schema.title_fr) || name.replaceAll("_", " ");
}

// The option's help in the page's language: the schema carries the game's French beside the
// English (description_fr); English when a game has none.
function optionHelp(schema) {
  return (language() === "fr" && schema.description_fr) || schema.description || "";
}

function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options-box [data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "boolean") options[name] = input.checked;
    else if (input.dataset.kind === "enum") {
      options[name] = JSON.parse(input.dataset.values).find((value) => String(value) === input.value);
    }
    else if (input.value.trim() !== "") {
      options[name] = input.dataset.kind === "integer" || input.dataset.kind === "number" ? Number(input.value) : input.value;
    }
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const chosenKinds = ["here", ...[...document.querySelectorAll(".seat-kind")].map((s) => s.value)];
  // a person at this screen is a person to the server; this browser keeps their seat's token
  const seats = chosenKinds.map((kind) => (kind === "here" ? "human" : kind));
  const body = {
    game: chosen.id,
    seats,
    options: chosenOptions(),
    timers: document.getElementById("timers").checked,
    name: document.getElementById("player-name").value,
  };
  // people at one screen take turns at it: a seat whose page is closed is not a person gone,
  // so no bot stands in for anyone at a hot-seat table (online tables get the server's default)
  if (chosenKinds.filter((kind) => kind === "here").length > 1) body.stand_in = "none";
  const error = document.getElementById("create-error");
  try {
    const created = await api("/api/tables", { method: "POST", body });
    tokens.set(created.table, created.token);
    tokens.setCreator(created.table, created.token);
    const here = { 0: created.token };
    const invites = {};
    for (const [seat, token] of Object.entries(created.invites)) {
      if (chosenKinds[seat] === "here") here[seat] = token;
      else invites[seat] = token;
    }
    tokens.setInvites(created.table, invites);
    tokens.setHere(created.table, here);
    location.assign(`/tables/${encodeURIComponent(created.table)}`);
  } catch (failure) {
    error.textContent = failure instanceof ApiError ? creationRefusal(failure) : String(failure);
  }
}

// A refusal of the form in the page's language where the page can tell what it is about: an
// option the game cannot read (a puzzle code, a board; the field is marked and its help says the
// form), or a game that needs its clocks; else the server's reason as sent.
function creationRefusal(failure) {
  const { option, reason, code } = failure.answer;
  const input = option && document.getElementById(`option-${option}`);
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.addEventListener("input", () => input.removeAttribute("aria-invalid"), { once: true });
    input.focus();
    const label = document.querySelector(`label[for="option-${option}"]`)?.textContent ?? option;
    return t("create.bad_option", { name: label, reason });
  }
  if (code === "needs_clock") return t("create.needs_clock", { game: gameTitle(chosen.id), timers: t("create.timers"), reason });
  return failure.message;
}
