// The legal actions as buttons. A short list is shown whole; a long one (bids 1 to 99, every
// cell of a board) is chosen word by word, so that no decision needs more than a screenful of
// buttons: "place" then "2" then "0" then "N". The filter shows the matching actions whole; a
// word or a cell picked on the board shows the actions with it. The notation box suggests them
// all (#legal-list).

import { el } from "../../api.js";
import { t } from "../../i18n.js";
import { nextWords, pickedActions } from "../../shared/notation.js";
import { buttonWords, notationWords } from "../../shared/worded.js";

const SHOWN_ACTIONS = 120; // buttons at most; the filter and the notation box reach the rest
const FLAT_LIMIT = 16; // more legal actions than this are chosen word by word
const SUGGESTED = 500; // the notation box's suggestions at most

export function actionsView(table) {
  const box = document.getElementById("legal");
  const filter = document.getElementById("filter");
  let picked = null; // the pick last drawn: a new one takes the focus to its actions
  let game = null; // the game whose words label the buttons (its catalogue's `button.` and `word.`)
  const say = (words) => notationWords(game, words);

  function draw(state) {
    const legal = state.server?.legal ?? [];
    game = state.game;
    document.getElementById("play").classList.toggle("idle", legal.length === 0);
    document.getElementById("legal-list").replaceChildren(...legal.slice(0, SUGGESTED).map((a) => el("option", { value: a })));
    box.dataset.prefix = "";
    const newPick = state.picked !== picked;
    picked = state.picked;
    if (!legal.length) {
      box.replaceChildren(el("p", {}, state.server?.outcome ? t("table.over") : t("table.nothing")));
    } else if (state.picked) {
      const label = state.picked.cell ?? say(state.picked.word);
      const clear = el("button", { type: "button", class: "unpick", onclick: () => table.pick(null) }, `${label} ✕`);
      box.replaceChildren(clear, ...flat(pickedActions(legal, state.picked)));
      if (newPick) box.querySelector("button.action")?.focus();
    } else {
      const typed = filter.value.trim().toLowerCase();
      const matching = typed ? legal.filter((a) => a.toLowerCase().includes(typed)) : legal;
      box.replaceChildren(...(typed || legal.length <= FLAT_LIMIT ? flat(matching) : byWords(legal, state.prefix)));
    }
  }

  function flat(actions) {
    const buttons = actions.slice(0, SHOWN_ACTIONS).map((action) => button(action));
    if (actions.length > SHOWN_ACTIONS) buttons.push(el("p", {}, t("table.more", { count: actions.length - SHOWN_ACTIONS })));
    return buttons;
  }

  // An action's button, in the game's words (the notation in its tooltip); a long list's last
  // word alone once the words before it are chosen.
  function button(action, label = buttonWords(game, action)) {
    const send = () => table.send(action);
    return el("button", { type: "button", class: "action", title: action, dataset: { action }, onclick: send }, label);
  }

  // The next words after those chosen (the controller keeps them while actions go on with them).
  function byWords(legal, prefix) {
    const choose = (words) => {
      table.choose(words);
      box.querySelector("button")?.focus();
    };
    const depth = prefix.length;
    const buttons = [];
    if (depth) {
      const back = () => choose(prefix.slice(0, -1));
      buttons.push(el("button", { type: "button", class: "back", onclick: back }, `← ${say(prefix.join(" "))}`));
    }
    for (const [word, { action, more }] of nextWords(legal, prefix)) {
      if (action) buttons.push(depth ? button(action, say(word)) : button(action));
      const on = () => choose([...prefix, word]);
      if (more) buttons.push(el("button", { type: "button", class: "word", dataset: { word }, onclick: on }, `${say(word)} …`));
    }
    box.dataset.prefix = prefix.join(" ");
    return buttons.slice(0, SHOWN_ACTIONS);
  }

  filter.addEventListener("input", () => draw(table.get()));
  table.watch((s) => [s.server, s.prefix, s.picked, s.lang, s.games], draw);
}
