// This browser's own key for the puzzle records (a guest's solutions are counted once per
// browser; the server keeps only its hash) and the name a guest gives for the records (the one
// the lobby remembers).

import { myName } from "../api.js";

const KEY = "robotable:puzzle-guest";

export function guestKey() {
  let key = localStorage.getItem(KEY);
  if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(KEY, key);
  }
  return key;
}

export const guestName = myName;
