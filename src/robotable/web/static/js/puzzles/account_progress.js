// A signed-in person's puzzle progress is kept under their account: it is merged into this
// browser's (each game's progress.js) when a puzzle page or the puzzles list opens, so their
// ticks follow them to any browser. A guest's stays in this browser only.

import { api } from "../api.js";

const whole = (n) => Number.isInteger(n) && n >= 0;

// Whether the page's person is signed in; their solved puzzles of `game` ("ricochet",
// "delivery", "dr2d") given to `keep(id, score, optimal)`, which keeps each when it is better.
export async function mergeAccountProgress(game, keep) {
  try {
    const { signed_in: signedIn, progress } = await api(`/api/puzzles/progress/${game}`);
    for (const [id, best] of Object.entries(progress)) {
      if (Array.isArray(best.score) && best.score.length && best.score.every(whole)) keep(id, best.score, best.optimal === true);
    }
    return signedIn;
  } catch {
    return false; // the ticks of this browser stay as they are
  }
}
