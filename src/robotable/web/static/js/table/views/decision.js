// The seat's own decision in progress, drawn where the player works: DR2D's five registers,
// Droids' orders on its emitters, Delivery's program slots and function boards, Robotick's two
// cards to pass. Each game says what its decision looks like (js/games/decisions.js: rows of
// slots, filled, empty or next, from the seat's own view and its legal actions); this view
// draws it the same way for all. A slot is a button: one with an action of its own sends it (the
// last register filled takes it back), one that can be filled opens its choices (the store's
// `opened`), and a choice is sent as its action. Only the seat's own view feeds it, so a
// spectator or another seat has nothing here.

import { el } from "../../api.js";
import { gameSay } from "../../game_words.js";
import { describeDecision } from "../../games/decisions.js";
import { seatName } from "../../shared/seats.js";

const SVG = "http://www.w3.org/2000/svg";

export function decisionView(table) {
  const box = document.getElementById("decision");
  table.watch(
    (s) => [s.server, s.seat, s.games, s.lang, s.opened, s.pending],
    (s) => {
      // drawn once the games' words are here (before, a slot would read as its key's last word)
      const model = s.server && s.games && !s.server.outcome && s.seat !== null ? described(s) : null;
      box.hidden = model === null;
      box.replaceChildren(...(model ? drawn(model, s) : []));
    },
  );

  function drawn(model, state) {
    const opened = state.opened ?? model.open ?? null;
    const parts = [el("h2", {}, model.title)];
    for (const row of model.rows) {
      const slots = row.slots.map((slot) => slotButton(slot, opened === slot.key, state.pending));
      const look = ["decision-row", row.compact ? "compact" : "", row.inline ? "inline" : ""].filter(Boolean).join(" ");
      const label = row.label ? el("h3", {}, row.label) : null;
      parts.push(el("div", { class: look, dataset: { row: row.key } }, label, el("div", { class: "slots" }, slots)));
      const chosen = row.slots.find((slot) => slot.key === opened && slot.choices?.length);
      if (chosen) parts.push(chooser(chosen, state.pending));
    }
    if (model.note) parts.push(el("p", { class: "decision-note" }, model.note));
    const finish = (model.finish ?? []).map((item) => choiceButton(item, state.pending, "finish"));
    if (finish.length) parts.push(el("p", { class: "actions" }, finish));
    return parts;
  }

  function slotButton(slot, isOpen, pending) {
    const click = () => {
      if (slot.send) table.send(slot.send);
      else if (slot.choices?.length) table.open(isOpen ? null : slot.key);
    };
    const usable = Boolean(slot.send || slot.choices?.length) && !pending;
    return el(
      "button",
      {
        type: "button",
        class: `slot ${slot.state}${isOpen ? " open" : ""}`,
        dataset: { slot: slot.key, state: slot.state, ...(slot.send ? { send: slot.send } : {}) },
        "aria-expanded": slot.choices?.length ? String(isOpen) : undefined,
        disabled: !usable,
        onclick: click,
      },
      el("span", { class: "slot-label" }, slot.label),
      picture(slot.picture),
      el("span", { class: "slot-word" }, slot.shown ?? ""),
      slot.sendLabel ? el("span", { class: "slot-send" }, slot.sendLabel) : null,
    );
  }

  function chooser(slot, pending) {
    const buttons = slot.choices.map((item) => choiceButton(item, pending, "choice"));
    const prompt = el("p", {}, slot.prompt ?? "");
    return el("div", { class: "chooser", dataset: { for: slot.key } }, prompt, el("div", { class: "actions" }, buttons));
  }

  function choiceButton(item, pending, kind) {
    const send = () => {
      table.open(null);
      table.send(item.action);
    };
    const attrs = { type: "button", class: kind, title: item.action, dataset: { [kind]: item.action } };
    return el("button", { ...attrs, disabled: pending, onclick: send }, picture(item.picture), item.label);
  }
}

// The game's description of the seat's decision now, or null when it has none to draw.
function described(state) {
  const { server, game } = state;
  const say = (key, params) => gameSay(game, key, params);
  const named = (seat) => seatName(server.seats, seat);
  const seen = { view: server.view, legal: server.legal, seat: state.seat, say, seatName: named };
  return describeDecision(game, seen);
}

// A slot's or a choice's small picture: an arrow turned `arrow` degrees (0: up), or a dot.
export function picture(shape) {
  if (!shape) return null;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("class", "pic");
  svg.setAttribute("aria-hidden", "true");
  const mark = document.createElementNS(SVG, shape.dot ? "circle" : "path");
  if (shape.dot) mark.setAttribute("r", "4");
  else {
    mark.setAttribute("d", "M0 -8 L6 0 L2 0 L2 8 L-2 8 L-2 0 L-6 0 Z");
    mark.setAttribute("transform", `rotate(${shape.arrow})`);
  }
  svg.append(mark);
  return svg;
}
