// A guest who signs up (or in) keeps the tables they sat at in this browser: the seats' tokens
// this browser holds are sent once, and the account holds those seats from then on (they show
// on "My tables", on every device). A token that grants nothing any more is passed over.

import { api, tokens } from "../api.js";

const MOST = 200; // what the server takes at once

// How many seats the account took (0 when there was nothing to keep, or on a failure:
// the tables are still this browser's, by their tokens).
export async function keepSeats() {
  const seats = tokens.all().slice(0, MOST);
  if (!seats.length) return 0;
  try {
    return (await api("/api/account/seats", { method: "POST", body: { seats } })).kept;
  } catch {
    return 0;
  }
}
