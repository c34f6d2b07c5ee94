// The puzzle page's controller: the one owner of the page's state (a store, shared/store.js).
// The page keeps the player's moves; the server replays them from the start at each change
// (POST /api/puzzles/ricochet/ID/check) and answers the board, the moves that may follow and,
// once solved, the score against the proven optimum: the page holds no rule. A later request
// wins over a slower earlier one. A solution is kept in this browser (progress.js).

import { api } from "../api.js";
import { language } from "../i18n.js";
import { createStore } from "../shared/store.js";
import { bestOf, recordSolved } from "./progress.js";
import { checkRequest, startRequest } from "./room_context.js";

const HINT_LEVELS = 2; // the length, then the first move

// `id`: the puzzle's id from the address (`daily`: today's).
export function createPuzzle(id) {
  const store = createStore({
    id, // the puzzle's own id once known (`daily` becomes `daily-DATE`)
    lang: language(),
    answer: null, // the server's: {title, lesson, moves, solved, straight, board, events, legal, score?, optimum?, optimal?}
    moves: [], // the player's moves from the start, in notation ("red N")
    forward: false, // whether the answer shows one move more than the one before (its path walks)
    selected: null, // the robot picked ("red"), whose directions are offered
    hint: null, // the last hint asked: {level, optimum, first?}
    best: null, // the best solution kept in this browser: {moves, optimal}
    next: null, // the id of the puzzle after this one in its series, if any
    pending: false,
    error: "",
  });
  const { get, set } = store;
  let asked = 0;
  let asking = false; // a hint is on its way

  async function replay(moves, forward) {
    const mine = ++asked;
    set({ pending: true });
    let answer;
    try {
      answer = await api(...checkRequest(get().id, { moves, lang: get().lang })); // in a classroom: through it
    } catch (failure) {
      if (mine === asked) set({ pending: false, error: failure.message });
      return;
    }
    if (mine !== asked) return;
    const best = answer.solved ? recordSolved(get().id, answer.moves, answer.optimal) : get().best;
    const selected = answer.legal.some((move) => move.startsWith(`${get().selected} `)) ? get().selected : null;
    set({ answer, moves, forward, selected, best, pending: false, error: "" });
  }

  async function start() {
    try {
      const answer = await api(...startRequest(id, get().lang)); // in a classroom: the teacher sees it opened
      set({ id: answer.id, answer, best: bestOf(answer.id), error: "" });
      set({ next: nextOf(answer.id, await api("/api/puzzles/ricochet")) });
    } catch (failure) {
      set({ error: failure.message });
    }
  }

  const over = () => !get().answer || get().answer.legal.length === 0;
  return {
    get,
    watch: store.watch,
    start,
    // Plays `move` ("red N") after the moves so far.
    move(move) {
      if (get().pending || over() || !get().answer.legal.includes(move)) return;
      replay([...get().moves, move], true);
    },
    undo: () => get().moves.length && replay(get().moves.slice(0, -1), false),
    restart: () => replay([], false),
    select: (robot) => set({ selected: robot }),
    async askHint() {
      if (asking) return; // a second click while the first is on its way asks the same level
      asking = true;
      const level = Math.min((get().hint?.level ?? 0) + 1, HINT_LEVELS);
      try {
        const hint = await api(`/api/puzzles/ricochet/${encodeURIComponent(get().id)}/hint`, { method: "POST", body: { level } });
        set({ hint, error: "" });
      } catch (failure) {
        set({ error: failure.message });
      } finally {
        asking = false;
      }
    },
    // The best kept in this browser, read again (a signed-in person's merged in: account_progress.js).
    reloadBest: () => set({ best: bestOf(get().id) }),
    // The page's language changed: the same moves, the board's words in it.
    relanguage() {
      set({ lang: language() });
      if (get().answer) replay(get().moves, false);
    },
  };
}

// The puzzle after `id` in its series (the course, or the book in order), or null.
function nextOf(id, listing) {
  for (const series of [listing.course, listing.book]) {
    const at = series.findIndex((puzzle) => puzzle.id === id);
    if (at >= 0) return series[at + 1]?.id ?? null;
  }
  return null;
}
