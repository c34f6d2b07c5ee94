// The lobby's new-table form: the seats (a person here, an invitation, an open seat, a bot),
// the table's clock or its time banks (js/lobby/turn_based.js), the game's presets (js/lobby/presets.js) or every option (Custom:
// js/lobby/options.js), and the creation itself, with the refusals the page can word.

import { api, ApiError, el, myName, tokens } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { levelWord } from "../shared/seats.js";
import { signedInName } from "../shared/who.js";
import { drawOptions, enteredOptions } from "./options.js";
import { judgeRated, ratedChosen } from "./rated.js";
import { drawPresets, forgetPresets, presetOptions } from "./presets.js";
import { drawTurnBased, paceChosen, turnBased, wireTurnBased } from "./turn_based.js";
import { inviteChoices, seatSpec } from "./invite_seats.js";

let chosen = null; // the game of the open creation form

// Wires the form's own controls, once.
export function wireForm() {
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("create-cancel").addEventListener("click", () => showForm(null));
  document.getElementById("seat-count").addEventListener("change", drawSeats);
  wireTurnBased();
  document.getElementById("seat-list").addEventListener("change", () => judgeRated(chosen, chosenKinds()));
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
    forgetPresets();
    return;
  }
  document.getElementById("create-title").textContent = t("create.title", { game: gameTitle(game.id) });
  const count = document.getElementById("seat-count");
  const before = Number(count.value) || 0;
  count.replaceChildren();
  for (let n = game.seats[0]; n <= game.seats[1]; n++) count.append(el("option", { value: n }, n));
  count.value = before >= game.seats[0] && before <= game.seats[1] ? before : Math.min(Math.max(2, game.seats[0]), game.seats[1]);
  const name = document.getElementById("player-name");
  if (!name.value) name.value = myName.get(); // the name given last time, editable
  signedInName().then((account) => {
    // a signed-in person plays under their account's name at every table (the server's rule)
    if (account === null) return;
    name.value = account;
    name.readOnly = true;
    name.title = t("create.account_name");
  });
  drawSeats();
  drawTurnBased();
  drawPresets(game);
  drawOptions(game, presetOptions(game) === null);
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
    ...game.bots.map((name) => [`bot:${name}`, t("create.bot", { name: levelWord(name) })]),
  ];
  const rows = [el("li", {}, el("span", { class: "you" }, t("create.you")))];
  for (let seat = 1; seat < count; seat++) {
    const select = el(
      "select",
      { class: "seat-kind", "aria-label": t("table.seat", { seat }) },
      kinds.map(([value, label]) => el("option", { value }, label)),
    );
    select.value = game.bots.length ? `bot:${game.bots[0]}` : "human";
    rows.push(el("li", {}, select, ...inviteChoices(select, seat))); // signed in: a friend, or by name
  }
  list.replaceChildren(...rows);
  judgeRated(game, chosenKinds());
}

// Every seat's choice: "here" for a person at this screen (the creator's first), else a seat kind.
function chosenKinds() {
  return ["here", ...[...document.querySelectorAll(".seat-kind")].map(seatSpec)];
}

// The preset's options, or for Custom those entered in the fields.
function chosenOptions() {
  return presetOptions(chosen) ?? enteredOptions();
}

async function create(event) {
  event.preventDefault();
  const kinds = chosenKinds();
  const error = document.getElementById("create-error");
  const unnamed = kinds.indexOf(null); // "someone, by name" with no name written
  if (unnamed > 0) {
    error.textContent = t("invite.needs_name", { seat: unnamed });
    return;
  }
  // a person at this screen is a person to the server; this browser keeps their seat's token
  const seats = kinds.map((kind) => (kind === "here" ? "human" : kind));
  const body = {
    game: chosen.id,
    seats,
    options: chosenOptions(),
    ...paceChosen(),
    name: document.getElementById("player-name").value.trim() || t("seat.default_name", { number: 1 }),
    rated: ratedChosen(),
  };
  myName.set(document.getElementById("player-name").value);
  // people at one screen take turns at it: a seat whose page is closed is not a person gone,
  // so no bot stands in for anyone at a hot-seat table (online tables get the server's default)
  if (kinds.filter((kind) => kind === "here").length > 1) body.stand_in = "none";
  try {
    openTable(await api("/api/tables", { method: "POST", body }), kinds);
  } catch (failure) {
    error.textContent = failure instanceof ApiError ? creationRefusal(failure) : String(failure);
  }
}

// Keeps the new table's tokens in this browser (the creator's, the seats of people at this
// screen, the invitation links) and opens its page. `kinds`: each seat's choice ("here"...).
export function openTable(created, kinds) {
  tokens.set(created.table, created.token);
  tokens.setCreator(created.table, created.token);
  const here = { 0: created.token };
  const invites = {};
  for (const [seat, token] of Object.entries(created.invites)) {
    if (kinds[seat] === "here") here[seat] = token;
    else invites[seat] = token;
  }
  tokens.setInvites(created.table, invites);
  tokens.setHere(created.table, here);
  location.assign(`/tables/${encodeURIComponent(created.table)}`);
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
  if (code === "needs_clock" && turnBased()) return t("create.needs_clock_turn_based", { game: gameTitle(chosen.id), reason });
  if (code === "needs_clock") return t("create.needs_clock", { game: gameTitle(chosen.id), timers: t("create.timers"), reason });
  return failure.message;
}
