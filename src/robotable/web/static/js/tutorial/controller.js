// The tutorial's controller: the one owner of the tutorial's state (a store, shared/store.js).
// It asks the server for a step (POST /api/tutorials/GAME/step) with the learner's answers so
// far: the server replays the tutorial and checks the answer, the page holds no rule. A later
// request wins over a slower earlier one.

import { api } from "../api.js";
import { loadGames } from "../game_words.js";
import { language } from "../i18n.js";
import { pickedActions, words } from "../shared/notation.js";
import { createStore } from "../shared/store.js";

// `game`: the game's id; `name`: which of its tutorials (the file's name).
export function createTutorial(game, name = "tutorial") {
  const store = createStore({
    game,
    name,
    lang: language(),
    step: null, // the server's answer: {number, total, title, text, point, waits, board, legal, played, events, done}
    forward: false, // whether the step shown is the one after the step before (its events then move)
    wrong: null, // the kind explanation of the learner's last action, when it was not the expected one
    pending: false, // a request is on its way
    prefix: [], // the words chosen so far of a long list of actions
    picked: null, // a word or a cell clicked on the board ({word} or {cell}): its actions are shown
    error: "",
    words: false, // whether the games' words (the buttons' words in the page's language) are loaded
  });
  const { get, set } = store;
  let asked = 0; // requests made: only the newest one's answer is shown

  async function ask(number, action = null) {
    const { step, lang } = get();
    const played = step && number >= step.number ? step.played : [];
    const body = { number, played, lang, name };
    if (action !== null) body.action = action;
    const mine = ++asked;
    set({ pending: true });
    let answer;
    try {
      answer = await api(`/api/tutorials/${encodeURIComponent(game)}/step`, { method: "POST", body });
    } catch (failure) {
      if (mine === asked) set({ pending: false, error: failure.message });
      return;
    }
    if (mine !== asked) return;
    if (answer.wrong) {
      const { prefix, picked, step } = get();
      set({ pending: false, wrong: answer.wrong, error: "", ...onTheWay(prefix, picked, step) });
      return;
    }
    const before = get().step;
    const forward = before !== null && answer.number === before.number + 1;
    set({ step: answer, forward, wrong: null, pending: false, prefix: [], picked: null, error: "" });
  }

  const at = () => get().step?.number ?? 0;
  return {
    get,
    watch: store.watch,
    start() {
      loadGames().then(() => set({ words: true }), () => {}); // until then the buttons say the notation
      return ask(0);
    },
    // The learner read the step: the next one.
    next: () => ask(at() + 1),
    restart: () => ask(0),
    // The learner's action at this step: the next step when it is the expected one, else the
    // step's explanation (nothing changes).
    send(action) {
      if (get().pending) return;
      ask(at(), action); // the words chosen on the way to the pointed action stay after a wrong one
    },
    pick: (picked) => set({ picked }),
    choose: (prefix) => set({ prefix }),
    // The page's language changed: the same step, in it.
    relanguage() {
      set({ lang: language() });
      if (get().step) ask(at());
    },
  };
}

// What the learner chose that leads to the action the step points at: after a wrong action whose
// words went elsewhere ("place 2 0 ..." when the step points at "place 0 2 S") or from a cell that
// is not the pointed action's, the list goes back to where the pointed word or button is marked.
function onTheWay(prefix, picked, step) {
  const pointed = step?.point.action;
  if (!pointed) return { prefix, picked };
  const target = words(pointed);
  const strays = prefix.findIndex((word, i) => target[i] !== word);
  const keep = !picked || pickedActions([pointed], picked).length > 0;
  return { prefix: strays < 0 ? prefix : prefix.slice(0, strays), picked: keep ? picked : null };
}
