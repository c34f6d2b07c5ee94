// What the teacher's watch of a pupil shares, whatever the game (teacher_watch_delivery.js,
// teacher_watch_dr2d.js): each puzzle fetched once per language (a failed fetch forgotten, so it
// is asked again), and a pupil's attempt drawn only when it changed since drawn, an answer that
// came back after a newer question being dropped.

import { api } from "../api.js";

// A function (id, lang) -> the puzzle at its start, from `path(id)`, fetched once.
export function puzzleCache(path) {
  const described = new Map(); // "id|lang" -> the answer's promise
  return (id, lang) => {
    const key = `${id}|${lang}`;
    if (!described.has(key)) {
      const asked = api(`${path(id)}?lang=${lang}`).catch((failure) => {
        described.delete(key);
        throw failure;
      });
      described.set(key, asked);
    }
    return described.get(key);
  };
}

// The attempt drawn, by its parts' keys ({program: "...", run: "..."}).
export function attemptDrawn() {
  let drawn = null;
  let asked = 0;
  return {
    // Calls `show(before, latest)` when `keys` differ from those drawn: `before` the keys drawn
    // until now, `latest()` false once a newer attempt was asked for. A failure draws it again
    // at the next call.
    async draw(keys, show) {
      if (drawn && Object.keys(keys).every((part) => keys[part] === drawn[part])) return;
      const before = drawn ?? {};
      drawn = keys;
      const mine = ++asked;
      try {
        await show(before, () => mine === asked);
      } catch {
        if (mine === asked) drawn = null;
      }
    },
    forget() {
      drawn = null;
    },
  };
}
