// What the table page asks the server beside the game's own messages, for the seat shown: a
// suggested move (the medium bot's, words only) and a new table to play the finished game
// again (docs/protocol.md). Each answer is kept in the controller's store (`suggestion`,
// `again`), which the views read; nothing here sends an action to the table.

import { api, tokens } from "../api.js";

// The controller's commands for these requests, over its store's `get` and `set`.
export function serverAsks({ get, set }) {
  return {
    // Asks what the medium bot would play for this seat now: words only, nothing is sent to
    // the table.
    async suggest() {
      const { table, token, suggestion, seat } = get();
      if (suggestion === "asking" || seat === null) return; // a seat's, by its token or its account
      set({ suggestion: "asking" });
      try {
        const told = await api(`/api/tables/${encodeURIComponent(table)}/suggest`, { method: "POST", token });
        if (get().token === token) set({ suggestion: told });
      } catch (failure) {
        if (get().token === token) set({ suggestion: { failed: failure.answer?.code ?? null, text: failure.message } });
      }
    },
    // Plays the finished game again: the new table (the same one for everyone of this table)
    // is opened with this screen's seats, the same tokens granting them there.
    async playAgain() {
      const { table, token, here, creator, invites, seat } = get();
      if (seat === null) return; // a spectator has no seat to take again
      set({ again: "asking" });
      try {
        const made = await api(`/api/tables/${encodeURIComponent(table)}/again`, { method: "POST", token });
        if (made.token) tokens.set(made.table, made.token); // none: the account holds the new seat too
        if (Object.keys(here).length) tokens.setHere(made.table, here);
        if (creator) tokens.setCreator(made.table, creator);
        if (Object.keys(invites).length) tokens.setInvites(made.table, invites);
        location.assign(`/tables/${encodeURIComponent(made.table)}`);
      } catch (failure) {
        set({ again: { failed: failure.message } });
      }
    },
  };
}
