// The learner's actions as buttons, as on a table: a short list whole, a long one (bids 1 to 99)
// word by word ("bid" then "3"); a word or a cell picked on the board shows the actions with it.
// The button of the action the step points at, or the word that leads to it, is marked. Every
// legal action is offered, not only the expected one: a wrong one is explained, not hidden.

import { el } from "../api.js";
import { t } from "../i18n.js";
import { nextWords, pickedActions, words } from "../shared/notation.js";
import { buttonWords, notationWords } from "../shared/worded.js";
import { POINTED } from "./board.js";

const FLAT_LIMIT = 16; // more legal actions than this are chosen word by word
const SHOWN = 120;

export function actionsView(tutorial) {
  const box = document.getElementById("legal");
  tutorial.watch(
    (s) => [s.step, s.prefix, s.picked, s.lang, s.words],
    (state) => {
      const legal = state.step?.legal ?? [];
      const pointed = state.step?.point.action ?? null;
      box.replaceChildren(...buttons(tutorial, state, legal, pointed));
      box.querySelector(`.${POINTED}`)?.scrollIntoView?.({ block: "nearest" });
    },
  );
}

function buttons(tutorial, { game, prefix, picked }, legal, pointed) {
  if (!legal.length) return [];
  const say = (text) => notationWords(game, text);
  const send = (action, label = buttonWords(game, action)) => {
    const marked = action === pointed ? POINTED : "";
    const attributes = { type: "button", class: `action ${marked}`.trim(), dataset: { action } };
    return el("button", { ...attributes, onclick: () => tutorial.send(action) }, label);
  };
  if (picked) {
    const unpick = () => tutorial.pick(null);
    const clear = el("button", { type: "button", class: "unpick", onclick: unpick }, `${picked.cell ?? say(picked.word)} ✕`);
    return [clear, ...pickedActions(legal, picked).slice(0, SHOWN).map((action) => send(action))];
  }
  if (legal.length <= FLAT_LIMIT) return legal.map((action) => send(action));
  return byWords(tutorial, legal, prefix, pointed, send, say);
}

// The next words after those chosen; the word on the way to the pointed action is marked.
function byWords(tutorial, legal, prefix, pointed, send, say) {
  const target = pointed ? words(pointed) : [];
  const onTheWay = prefix.every((word, i) => target[i] === word);
  const depth = prefix.length;
  const out = [];
  if (depth) {
    const back = () => tutorial.choose(prefix.slice(0, -1));
    out.push(el("button", { type: "button", class: "back", onclick: back }, `← ${say(prefix.join(" "))}`));
  }
  for (const [word, { action, more }] of nextWords(legal, prefix)) {
    if (action) out.push(depth ? send(action, say(word)) : send(action));
    if (!more) continue;
    const marked = onTheWay && target[depth] === word && target.length > depth + 1 ? POINTED : "";
    const attributes = { type: "button", class: `word ${marked}`.trim(), dataset: { word } };
    out.push(el("button", { ...attributes, onclick: () => tutorial.choose([...prefix, word]) }, `${say(word)} …`));
  }
  if (out.length > SHOWN) return [...out.slice(0, SHOWN), el("p", {}, t("tutorial.more", { count: out.length - SHOWN }))];
  return out;
}
