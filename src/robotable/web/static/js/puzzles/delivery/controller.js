// The Robot Delivery puzzle page's controller: the one owner of the page's state (a store,
// shared/store.js). The page keeps the player's program (program.js); the server runs it
// (POST /api/puzzles/delivery/ID/run) and answers the steps to replay, the board at the end
// and, once solved, the score against the proven optimum: the page holds no rule. The answer
// is shown once the board has replayed it (`replayed`). A solution is kept in this browser.
// In a classroom (?room=CODE, ../room_context.js) the program goes through the room: each change
// is sent (the teacher follows it), in order, and a run is the pupil's attempt.

import { api } from "../../api.js";
import { language } from "../../i18n.js";
import { createStore } from "../../shared/store.js";
import { editRequest, runRequest } from "../room_context.js";
import { emptyProgram, left, placed, programData, taken } from "./program.js";
import { bestOf, recordSolved } from "./progress.js";

const HINT_LEVELS = 2; // the optimum, then the first onPlay slot
const url = (id, tail = "") => `/api/puzzles/delivery/${encodeURIComponent(id)}${tail}`;

export function createDeliveryPuzzle(id) {
  const store = createStore({
    id,
    lang: language(),
    puzzle: null, // the server's: {title, lesson, board, pawn, parcels, drops, cards, slots, functions}
    program: null, // {P: [slot, ...], A: [...]}, a slot a list of cards (program.js)
    history: [], // the programs before, for undo
    picked: null, // the card picked in the palette, waiting for a slot
    outcome: null, // the last run's answer: {solved, cards, instructions, steps, board, score?, optimum?, optimal?}
    replaying: false, // the board is playing the outcome's steps
    frame: "", // the call frame the replay is at ("slot 2 > F:A > A slot 1")
    hint: null, // {level, optimum, first?}
    best: null, // {cards, optimal} kept in this browser
    next: null, // the id of the course's next puzzle, if any
    pending: false,
    error: "",
  });
  const { get, set } = store;
  let sending = Promise.resolve(); // the room's copy of the program follows the changes in order

  // In a room, the program now reaches the teacher (a refusal is said; the page plays on).
  function tellRoom() {
    const request = editRequest("delivery", id, { program: programData(get().program) });
    if (!request) return;
    sending = sending.then(() => api(...request).catch((failure) => set({ error: failure.message })));
  }

  function edit(program) {
    set({ program, history: [...get().history, get().program], outcome: null, replaying: false, error: "" });
    tellRoom();
  }

  async function start() {
    try {
      const puzzle = await api(`${url(id)}?lang=${get().lang}`);
      set({ puzzle, program: get().program ?? emptyProgram(puzzle), best: bestOf(id), error: "" });
      tellRoom(); // the teacher sees the pupil on this puzzle
      const listing = await api("/api/puzzles/delivery");
      const at = listing.course.findIndex((entry) => entry.id === id);
      set({ next: listing.course[at + 1]?.id ?? null });
    } catch (failure) {
      set({ error: failure.message });
    }
  }

  async function runProgram() {
    if (get().pending || !get().program) return;
    set({ pending: true, outcome: null, error: "" });
    try {
      await sending; // the room has the program before its run
      const program = programData(get().program);
      const outcome = await api(...runRequest("delivery", id, { alone: { program }, kept: { program } }, get().lang));
      set({ outcome, replaying: true, pending: false });
    } catch (failure) {
      set({ pending: false, error: failure.message });
    }
  }

  return {
    get,
    watch: store.watch,
    start,
    run: runProgram,
    // Picks a card of the palette (again: puts it down).
    pick(card) {
      const { puzzle, program, picked } = get();
      if (picked === card || left(puzzle, program, card) > 0) set({ picked: picked === card ? null : card });
    },
    // The picked card into slot `key` ("P1", "A2"); with no card picked, the slot's cards back.
    slot(key) {
      const { program, picked } = get();
      if (!program || get().replaying) return;
      const next = picked ? placed(program, key, picked) : taken(program, key);
      if (next !== program) edit(next);
      set({ picked: null }); // one card, one slot: the next card is picked again
    },
    undo() {
      const history = get().history;
      if (!history.length || get().replaying) return;
      set({ program: history.at(-1), history: history.slice(0, -1), outcome: null, error: "" });
      tellRoom();
    },
    clear: () => get().puzzle && !get().replaying && edit(emptyProgram(get().puzzle)),
    // The board shows the step whose call frame is `frame`.
    showing: (frame) => set({ frame }),
    // The board has played the outcome: it is told, and a solution kept.
    replayed() {
      const { outcome } = get();
      const best = outcome?.solved ? recordSolved(id, outcome.cards, outcome.optimal === true) : get().best;
      set({ replaying: false, frame: "", best });
    },
    async askHint() {
      const level = Math.min((get().hint?.level ?? 0) + 1, HINT_LEVELS);
      try {
        set({ hint: await api(url(id, "/hint"), { method: "POST", body: { level } }), error: "" });
      } catch (failure) {
        set({ error: failure.message });
      }
    },
    // The best kept in this browser, read again (a signed-in person's merged in: ../account_progress.js).
    reloadBest: () => set({ best: bestOf(id) }),
    // The page's language changed: the board's words in it (the program is kept).
    relanguage() {
      set({ lang: language(), outcome: null, replaying: false });
      start();
    },
  };
}
