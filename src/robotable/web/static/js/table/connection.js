// The table's WebSocket (docs/protocol.md, "The WebSocket"): opened as one seat (a spectator
// without a token), it hands each message the server sends to its handler, and when the
// connection is lost it comes back by itself, waiting a little longer each time, asking for
// what it missed since the table's last state. Browsers cannot give a WebSocket headers: the
// token rides in the URL (the server hides it in its logs). The page asks for the events'
// sentences (the log's) in its language.

// One handler per message the server sends, each telling the table what happened.
const HANDLERS = {
  hello: (table, m) => table.seated(m.seat),
  missed: (table, m) => table.missed(m.news),
  state: (table, m) => table.shown(m.state),
  update: (table, m) => table.updated(m.news, m.state),
  accepted: (table, m) => table.answered({ kind: "accepted", number: m.number }),
  refused: (table, m) => table.answered({ kind: "refused", refusal: m }),
  error: (table, m) => table.answered({ kind: "error", code: m.code, reason: m.reason }),
  notice: (table, m) => table.noticed(m),
  chat: (table, m) => table.chatted([m]),
  chat_history: (table, m) => table.chatted(m.messages),
  chat_refused: (table, m) => table.chatRefused(m),
  closing: (table, m) => table.closing(m.code, m.reason),
  pong: () => {}, // the page sends no ping: a lost connection is seen by its closing
};

const LONGEST_WAIT = 6; // reconnections wait 0.5 s, 1 s, 2 s ... at most 16 s

// Connects to `table` (its id) with `token`; `query()` gives what each (re)connection asks for
// ({since, lang}); `received`: the table controller's methods. Returns the link: send(message)
// (false when the connection is not open) and close() (the page leaves it: nothing more is
// said, no reconnection).
export function connect({ table, token, query }, received) {
  let socket = null;
  let retry = 0;
  let again = null; // the reconnection waiting
  let stopped = false; // the server said why it ended the connection: no coming back
  let left = false;
  function open() {
    received.connecting();
    const params = new URLSearchParams({ sentences: "true", ...query() });
    if (token) params.set("token", token);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const current = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}?${params}`);
    socket = current;
    const live = () => !left && current === socket;
    current.addEventListener("open", () => {
      if (!live()) return;
      retry = 0;
      received.opened();
    });
    current.addEventListener("message", (event) => {
      if (!live()) return;
      const message = JSON.parse(event.data);
      if (message.type === "closing") stopped = message.code !== "stopping"; // a server that stops comes back
      HANDLERS[message.type]?.(received, message);
    });
    current.addEventListener("close", () => {
      if (!live()) return;
      received.disconnected(!stopped);
      if (stopped) return;
      retry = Math.min(retry + 1, LONGEST_WAIT);
      again = setTimeout(open, 250 * 2 ** retry);
    });
  }
  open();
  return {
    send(message) {
      if (left || socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      left = true;
      clearTimeout(again);
      socket?.close();
    },
  };
}
