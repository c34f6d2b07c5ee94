// The teacher's page's controller (teacher.html, at /teach?room=CODE): the one owner of its
// state (a store, shared/store.js). It opens a room, keeps the teacher's token in this browser,
// asks for the room every second (every pupil's progress and current attempt: the page's live
// part) and sends the teacher's choices. Views draw from the store (teacher_pupils.js,
// teacher_watch.js, teacher_tools.js).

import { api } from "../api.js";
import { language } from "../i18n.js";
import { createStore } from "../shared/store.js";
import { poll } from "./polling.js";

const EVERY = 1000;
const KEY = "robotable:teach:";

export function createRoom() {
  const code = new URLSearchParams(location.search).get("room");
  const store = createStore({
    code,
    token: code && localStorage.getItem(KEY + code),
    room: null, // GET /api/classrooms/CODE: {game, work, pupils, hint, shown, kept, expires...}
    picked: null, // the id of the pupil whose attempt is watched
    lang: { now: language() }, // the views say their words in it
    sent: "", // what the last action said ("Sent.")
    error: "",
  });
  const { get, set } = store;
  const path = (tail = "") => `/api/classrooms/${encodeURIComponent(get().code)}${tail}`;
  let refresh = () => {};

  async function ask() {
    if (!get().token) return;
    try {
      set({ room: await api(path(), { token: get().token }), error: "" });
    } catch (failure) {
      set({ error: failure.message });
    }
  }

  async function send(tail, body, sent = "") {
    try {
      const answer = await api(path(tail), { method: "POST", body, token: get().token });
      set({ sent, error: "" });
      refresh();
      return answer;
    } catch (failure) {
      set({ error: failure.message, sent: "" });
      return null;
    }
  }

  return {
    get,
    watch: store.watch,
    start() {
      if (get().token) refresh = poll(ask, EVERY);
    },
    // Opens a room on `game`'s course (ricochet, delivery).
    async open(game) {
      try {
        const opened = await api("/api/classrooms", { method: "POST", body: { game } });
        localStorage.setItem(KEY + opened.code, opened.token);
        history.replaceState(null, "", `/teach?room=${opened.code}`);
        set({ code: opened.code, token: opened.token, error: "" });
        refresh = poll(ask, EVERY);
      } catch (failure) {
        set({ error: failure.message });
      }
    },
    pick: (pupil) => set({ picked: pupil }),
    relanguage: () => set({ lang: { now: language() } }), // a new value each time: the views redraw
    choose: (choice) => send("/work", choice),
    hint: (text, pupil) => send("/hint", { text, pupil }, "teacher.sent"),
    show: (pupil, puzzle) => send("/show", pupil === null ? { pupil } : { pupil, puzzle }),
    keep: (keep) => send("/keep", { keep }),
    async csv() {
      const response = await fetch(path("/results.csv"), { headers: { authorization: `Bearer ${get().token}` } });
      if (!response.ok) return set({ error: (await response.json().catch(() => ({}))).error ?? response.statusText });
      const link = Object.assign(document.createElement("a"), {
        href: URL.createObjectURL(await response.blob()),
        download: `classroom-${get().code}.csv`,
      });
      link.click();
      URL.revokeObjectURL(link.href);
    },
  };
}
