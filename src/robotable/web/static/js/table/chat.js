// The table's chat in the controller's store (docs/protocol.md, "Chat"): the messages heard
// (`chat`, oldest first, each once: a reconnection's greeting gives the last ones again), the
// answer to the last message sent (`chatAnswer`: a refusal, or "offline") and the seats muted
// in this browser (`muted`, mutes.js). The controller's link sends; the views read.

import { mutedSeats, rememberMuted } from "./mutes.js";

const KEPT = 200; // messages the page keeps (the server greets with its last 50)

// The chat's part of a fresh state for `table`.
export const chatStart = (table) => ({ chat: [], chatAnswer: null, muted: mutedSeats(table) });

// `chat` with `messages` added: by number, each once, oldest first.
export function heard(chat, messages) {
  const known = new Set(chat.map((message) => message.number));
  const added = messages.filter((message) => Number.isInteger(message.number) && !known.has(message.number));
  if (!added.length) return chat;
  return [...chat, ...added].sort((a, b) => a.number - b.number).slice(-KEPT);
}

// The controller's chat commands over its store's `get` and `set`; `send(message)`: the
// table's link (false when no connection is open).
export function chatCommands({ get, set }, send) {
  return {
    // Says `text` to the table; false when it could not be sent (the connection is down).
    say(text) {
      const sent = send({ type: "say", text });
      set({ chatAnswer: sent ? null : { code: "offline" } });
      return sent;
    },
    // Hides (`on`) or shows again the messages of `seat` on this page, remembered in this browser.
    mute(seat, on) {
      const { table, muted } = get();
      const seats = on ? [...new Set([...muted, seat])] : muted.filter((one) => one !== seat);
      rememberMuted(table, seats);
      set({ muted: seats });
    },
  };
}

// What the connection tells of the chat (connection.js's handlers).
export function chatReceived({ get, set }) {
  return {
    chatted: (messages) => set({ chat: heard(get().chat, messages) }),
    chatRefused: (refusal) => set({ chatAnswer: refusal }),
  };
}
