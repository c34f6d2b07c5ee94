// A signed-in person's puzzle progress is kept under their account: it is merged into this
// browser's (progress.js) when a puzzle page opens, so their ticks follow them to any browser.
// A guest's stays in this browser only.

import { api } from "../api.js";
import { recordSolved } from "./progress.js";

// Whether the page's person is signed in; their solved puzzles merged into this browser's.
export async function mergeAccountProgress() {
  try {
    const { signed_in: signedIn, progress } = await api("/api/puzzles/progress/ricochet");
    for (const [id, best] of Object.entries(progress)) recordSolved(id, best.moves, best.optimal);
    return signedIn;
  } catch {
    return false; // the ticks of this browser stay as they are
  }
}
