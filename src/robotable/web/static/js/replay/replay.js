// The replay's controller: the one owner of the replay's state (a store, shared/store.js). It
// asks the server for the game after N actions as a seat saw it (GET /api/tables/ID/replay/N
// for a finished table, or POST /api/replays/step with a record file the person chose: the
// server replays the record, the page holds no rule); a later request wins over a slower
// earlier one.

import { api } from "../api.js";
import { language } from "../i18n.js";
import { createStore } from "../shared/store.js";

// `table`: the finished table's id, or null when the person gives a record file.
export function createReplay(table) {
  const store = createStore({
    table,
    lang: language(),
    record: null, // a record file's text, sent with each step (the server keeps nothing)
    seat: null, // whose view is shown; null: a spectator's
    step: null, // the server's answer: {number, actions, seat, seats, view, news, board, outcome}
    oneForward: false, // whether the step shown is one action after the one before (its news then move)
    error: "",
  });
  const { get, set } = store;
  let asked = 0; // requests made: only the newest one's answer is shown

  function ask(number) {
    const { record, seat, lang } = get();
    if (table === null) {
      // the record's own text, unrounded (its 64-bit seed would not survive JavaScript's numbers)
      const json = `{"number": ${number}, "seat": ${JSON.stringify(seat)}, "lang": "${lang}", "record": ${record}}`;
      return api("/api/replays/step", { method: "POST", json });
    }
    const query = new URLSearchParams({ lang }); // the log's sentences in the page's language
    if (seat !== null) query.set("seat", seat);
    return api(`/api/tables/${encodeURIComponent(table)}/replay/${number}?${query}`);
  }

  // Shows the game after its first `number` actions.
  async function go(number) {
    const { step, record } = get();
    if (step && (number < 0 || number > step.actions)) return;
    if (table === null && !record) return;
    const mine = ++asked;
    let answer;
    try {
      answer = await ask(number);
    } catch (failure) {
      set({ error: failure.message });
      return;
    }
    if (mine !== asked) return;
    const before = get().step;
    const oneForward = before !== null && answer.number === before.number + 1 && Boolean(answer.news);
    set({ step: answer, oneForward, error: "" });
  }

  const at = () => get().step?.number ?? 0;
  return {
    get,
    watch: store.watch,
    go,
    back: () => go(at() - 1),
    forward: () => go(at() + 1),
    last: () => go(get().step?.actions ?? 0),
    // Shows the same moment as `seat` saw it (null: a spectator).
    seeAs(seat) {
      set({ seat });
      go(at());
    },
    // A record file read on this computer (its text), from its start.
    async load(record) {
      set({ record, step: null, seat: null, error: "" });
      await go(0);
    },
    fail: (error) => set({ error }),
    // The page's language changed: the step is asked again, its drawing and sentences worded in it.
    relanguage() {
      set({ lang: language() });
      if (get().step) go(at());
    },
  };
}
