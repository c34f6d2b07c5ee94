// A DR2D puzzle page's controller: the one owner of the page's state (a store, shared/store.js).
// The page keeps the player's registers; Run sends them (POST /api/puzzles/dr2d/ID/run) and the
// server plays them with the game's engine, answering the run step by step and, once solved, the
// score against the proven optimum: the page holds no rule. The run is then shown one step at a
// time (`step`: -1 the start, else an index of the run's steps), played on by the board's view
// while `playing`. A change of the program puts the run away. A later request wins over a
// slower earlier one. A solution is kept in this browser (progress.js). In a classroom
// (?room=CODE, ../room_context.js) the registers go through the room: each change is sent (the
// teacher follows it), in order, and a run is the pupil's attempt.

import { api } from "../../api.js";
import { language } from "../../i18n.js";
import { createStore } from "../../shared/store.js";
import { editRequest, runRequest } from "../room_context.js";
import { bestOf, recordSolved } from "./progress.js";

export const REGISTERS = 5;
export const STAY = "STAY";
const HINT_LEVELS = 2; // the optimum, then an optimal first turn
const path = (id, tail = "") => `/api/puzzles/dr2d/${encodeURIComponent(id)}${tail}`;

// `id`: the puzzle's id from the address (`course-3`).
export function createPuzzle(id) {
  const store = createStore({
    id,
    lang: language(),
    puzzle: null, // the server's: {title, lesson, turns, goal, factory, overlay, robot, ...}
    registers: [], // the letters chosen so far, in order, turn after turn ("N", "E", "S", "W", "STAY")
    run: null, // the server's answer to the last Run: {solved, steps, turns_played, moves, score?, optimum?, ...}
    step: -1, // the step of the run shown: -1 its start
    forward: false, // whether the step shown is the one after the step before (the robot walks)
    playing: false, // whether the run plays on by itself
    hint: null, // the last hint asked: {level, optimum, first?}
    best: null, // the best solution kept in this browser: {score, optimal}
    next: null, // the id of the next puzzle of the course, if any
    pending: false,
    error: "",
  });
  const { get, set } = store;
  let asked = 0; // the number of the last Run sent: an older answer is not shown
  let hinting = false; // a hint is on its way
  const noRun = { run: null, step: -1, forward: false, playing: false };
  const capacity = () => (get().puzzle?.turns ?? 0) * REGISTERS;
  let sending = Promise.resolve(); // the room's copy of the registers follows the changes in order

  // In a room, the registers now reach the teacher (a refusal is said; the page plays on).
  function tellRoom() {
    const request = editRequest("dr2d", get().id, { registers: get().registers });
    if (!request) return;
    sending = sending.then(() => api(...request).catch((failure) => set({ error: failure.message })));
  }

  async function play(registers) {
    const mine = ++asked;
    set({ pending: true });
    try {
      await sending; // the room has the registers before their run
      const request = runRequest("dr2d", get().id, { alone: { programs: programsOf(registers) }, kept: { registers } }, get().lang);
      const answer = await api(...request);
      if (mine !== asked) return;
      const best = answer.solved ? recordSolved(get().id, answer.score, answer.optimal) : get().best;
      set({ run: answer, step: -1, forward: false, playing: true, best, pending: false, error: "" });
    } catch (failure) {
      if (mine === asked) set({ pending: false, error: failure.message });
    }
  }

  async function load() {
    const puzzle = await api(`${path(id)}?lang=${get().lang}`);
    set({ puzzle, forward: false, best: bestOf(puzzle.id), error: "" }); // a new drawing: shown still
  }

  const edit = (registers) => {
    asked += 1; // a Run still on its way is no longer this program's
    set({ registers, ...noRun, pending: false });
    tellRoom();
  };
  const goTo = (step, playing = false) => {
    const last = (get().run?.steps.length ?? 0) - 1;
    const to = Math.max(-1, Math.min(step, last));
    set({ step: to, forward: to === get().step + 1, playing: playing && to < last });
  };

  return {
    get,
    watch: store.watch,
    async start() {
      try {
        await load();
        tellRoom(); // the teacher sees the pupil on this puzzle
        const listing = await api("/api/puzzles/dr2d");
        const at = listing.course.findIndex((puzzle) => puzzle.id === get().puzzle.id);
        set({ next: listing.course[at + 1]?.id ?? null });
      } catch (failure) {
        set({ error: failure.message });
      }
    },
    // Writes `letter` into the next empty register.
    add(letter) {
      if (get().registers.length < capacity()) edit([...get().registers, letter]);
    },
    undo: () => get().registers.length && edit(get().registers.slice(0, -1)),
    clear: () => edit([]),
    run: () => get().registers.length && !get().pending && play(get().registers),
    // The run's steps: one more (the robot walks it), one back, the start, the end.
    forward: () => goTo(get().step + 1, get().playing),
    back: () => goTo(get().step - 1),
    first: () => goTo(-1),
    last: () => goTo(Infinity),
    play: () => (get().step >= (get().run?.steps.length ?? 0) - 1 ? goTo(-1, true) : set({ playing: true })),
    pause: () => set({ playing: false }),
    async askHint() {
      if (hinting) return; // a second click before the first hint came asks for the same one
      hinting = true;
      const level = Math.min((get().hint?.level ?? 0) + 1, HINT_LEVELS);
      try {
        set({ hint: await api(path(get().id, "/hint"), { method: "POST", body: { level } }), error: "" });
      } catch (failure) {
        set({ error: failure.message });
      } finally {
        hinting = false;
      }
    },
    // The best kept in this browser, read again (a signed-in person's merged in: ../account_progress.js).
    reloadBest: () => set({ best: bestOf(get().id) }),
    // The page's language changed: the drawing's words and the run's sentences in it.
    async relanguage() {
      set({ lang: language() });
      try {
        await load();
        if (get().run) await replayIn(get().step);
      } catch (failure) {
        set({ error: failure.message });
      }
    },
  };

  // The same run again, its sentences in the new language, at the same step.
  async function replayIn(step) {
    const answer = await api(path(get().id, "/run"), { method: "POST", body: { programs: programsOf(get().registers), lang: get().lang } });
    set({ run: answer, step, forward: false });
  }
}

// The registers as programs of five, turn by turn: the last turn's empty registers stay.
export function programsOf(registers) {
  const programs = [];
  for (let at = 0; at < registers.length; at += REGISTERS) {
    const program = registers.slice(at, at + REGISTERS);
    programs.push([...program, ...Array(REGISTERS - program.length).fill(STAY)]);
  }
  return programs;
}
