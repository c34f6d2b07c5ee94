// The table's controller: the one owner of the table's state (a store, shared/store.js). The
// connection tells it what the server said (one method per happening, below `received`), the
// views call its commands, and every change is a new state the views redraw from. Handing the
// screen to the next person at it makes a fresh state: nothing of the last seat's is kept, so
// no view has to be told to forget anything.
//
// The state: what the screen knows of the table whoever sits at it (SCREEN), then the seat's.

import { api, tokens } from "../api.js";
import { language } from "../i18n.js";
import { goesOn, pickedActions } from "../shared/notation.js";
import { createStore } from "../shared/store.js";
import { serverAsks } from "./asks.js";
import { chatCommands, chatReceived, chatStart } from "./chat.js";
import { nameInvites } from "./name_invites.js";

// table: its id; token: the seat shown (null: a spectator); here: the seats of the people at
// this screen (seat number to token); invites: the creator's invitation links (seat to token);
// creator: the creator's token (may hand a seat to a bot); lang: the page's language; games:
// GET /api/games once loaded; game: the table's game; names: the seats' names (for the
// hand-over screen, which shows no state); notation: the page's switch that shows the notation
// box and the developer's details (views/settings.js).
const SCREEN = ["table", "token", "here", "invites", "creator", "lang", "games", "game", "names", "notation"];

function fresh(screen) {
  return {
    ...Object.fromEntries(SCREEN.map((name) => [name, screen[name]])),
    handover: null, // the seat whose person is asked to take the screen (nothing else is shown)
    connection: null, // "connecting", "connected", "lost" or "closed"
    closing: null, // {code, reason}: why the server closed the connection
    seat: null, // the connection's seat (its hello); null: a spectator
    server: null, // the last state the server sent (docs/protocol.md, "state")
    clockOffset: 0, // the server's clock minus this browser's, from that state's "now"
    log: [], // {news} and {notice}, oldest first
    missed: null, // a connection's missed news, logged once its state names the seats
    relog: false, // the connection asked for the whole log again (the language changed)
    pending: false, // an action sent, not answered yet
    sent: null, // {action, server}: the last action sent, and the state it was chosen on
    answer: null, // the server's answer to it: {kind: "accepted" | "refused" | "error" | "failed", ...}
    prefix: [], // the words chosen so far of a long list of actions
    picked: null, // a word or a cell clicked on the board ({word} or {cell}): its actions are shown
    asking: null, // {action, code, params}: an action that loses by the rules, waiting for a yes
    suggestion: null, // "asking", or the medium bot's move for this seat: {version, action, why, marks} or {failed}
    again: null, // playing again: "asking", or {failed: text}
    byName: null, // a signed-in creator's invitations by name, {seat: name} (name_invites.js)
    friendNames: null, // their friends' names, suggested when inviting by name
    byNameRefused: null, // {seat, text}: an invitation by name refused

    opened: null, // the key of the decision's slot clicked open (views/decision.js): its choices are shown
    ...chatStart(screen.table), // chat, chatAnswer, muted (chat.js)
  };
}

// What identifies the decision the table waits for: the game's stage (a Ricochet round), else
// the phase. A new one forgets the words chosen, the board's pick and the last answer.
const stageOf = (server) => server?.guidance?.stage ?? server?.view.phase ?? null;

const sameQuestion = (server, asking) => server.guidance?.confirm?.[asking.action]?.code === asking.code;

const hotSeat = (state) => Object.keys(state.here).length > 1;

// Whether the game has secrets (until the games' list says otherwise, yes): the screen is then
// handed over behind a screen that shows nothing of any seat.
const secret = (state) => state.games?.find((game) => game.id === state.game)?.hidden_information ?? true;

// The next person at this screen who must act when the seat shown may not, or null.
function nextHere(state) {
  const { server } = state;
  if (!hotSeat(state) || !server || server.outcome || server.legal.length) return null;
  const waiting = Object.keys(state.here).map(Number).filter((seat) => seat !== state.seat && server.to_act.includes(seat));
  return waiting.length ? waiting[0] : null;
}

// `screen`: the SCREEN fields known at the start. `connect(where, received)`: the transport
// (connection.js's WebSocket; a test or a tutorial may give its own); `loadGames()`: the games'
// list (game_words.js).
export function createTable(screen, { connect, loadGames }) {
  const store = createStore(fresh({ ...screen, lang: language(), games: null, game: null, names: [] }));
  const { get, set } = store;
  let link = null; // the connection as the seat shown; none behind the hand-over screen

  // What a (re)connection asks for: the news since the last state (all of it to reword the log).
  const query = () => {
    const { server, relog, lang } = get();
    return { since: server && !relog ? server.version : 0, lang };
  };
  const open = () => {
    link = connect({ table: get().table, token: get().token, query }, received);
  };

  function show(server, news) {
    const before = get();
    const told = [...(before.missed ?? []), ...news].map((item) => ({ news: item }));
    const anew = before.server !== null && stageOf(before.server) !== stageOf(server);
    set({
      server,
      log: before.relog ? told : [...before.log, ...told],
      missed: null,
      relog: false,
      clockOffset: server.now * 1000 - Date.now(),
      game: server.view.game,
      names: server.seats.map((row) => row.name),
      // the words chosen and the board's pick stay while actions go on with them
      prefix: !anew && goesOn(server.legal, before.prefix) ? before.prefix : [],
      picked: !anew && before.picked && pickedActions(server.legal, before.picked).length ? before.picked : null,
      ...(anew ? { answer: null, opened: null } : {}),
      // a question stands while the new state still says the action loses, for the same reason
      asking: before.asking && sameQuestion(server, before.asking) ? before.asking : null,
      // a suggestion is about the table as it was when asked
      suggestion: before.suggestion?.version === server.version || before.suggestion === "asking" ? before.suggestion : null,
    });
    const next = nextHere(get());
    if (next !== null) handOver(next);
  }

  // Gives the screen to the person of `seat`: their token is this browser's from now on (a
  // reload comes back to them, behind the hand-over screen when the game has secrets).
  function handOver(seat) {
    const before = get();
    const token = before.here[seat];
    tokens.set(before.table, token);
    link?.close(); // a connection left behind says nothing more
    link = null;
    const hidden = secret(before);
    store.replace({ ...fresh({ ...before, token }), handover: hidden ? seat : null });
    if (!hidden) open();
  }

  function transmit(action) {
    const { pending, server } = get();
    if (pending || !link) return;
    const message = { type: "action", action };
    if (server) message.version = server.version; // a refusal then says whether the table moved on
    if (link.send(message)) set({ pending: true, sent: { action, server } });
  }

  // What the connection tells (connection.js): one method per happening.
  const received = {
    connecting: () => set({ connection: "connecting" }),
    opened: () => set({ connection: "connected" }),
    disconnected: (again) => set({ pending: false, ...(again ? { connection: "lost" } : {}) }),
    closing: (code, reason) => set({ connection: "closed", closing: { code, reason } }),
    seated: (seat) => set({ seat }),
    missed: (news) => set({ missed: news }),
    shown: (server) => show(server, []),
    updated: (news, server) => show(server, [news]),
    answered(answer) {
      const { sent } = get();
      const seen = answer.refusal && sent?.action === answer.refusal.action ? sent.server : null;
      set({ pending: false, answer: { ...answer, seen } });
    },
    noticed: (notice) => set({ log: [...get().log, { notice }] }),
    ...chatReceived(store),
  };

  return {
    get,
    watch: store.watch,
    start() {
      loadGames().then((games) => set({ games }), () => {}); // meanwhile the game's id stands for its title
      const state = get();
      const mine = Object.entries(state.here).find(([, held]) => held === state.token);
      // people sharing the screen: a reload shows the hand-over screen first, never a seat's game
      if (hotSeat(state)) set({ handover: Number(mine?.[0] ?? 0) });
      else open();
    },
    // The person the hand-over screen waits for is there.
    ready() {
      set({ handover: null });
      open();
    },
    // Sends an action; one the game says loses by the rules waits for a yes (confirmed) first.
    send(action) {
      const loses = get().server?.guidance?.confirm?.[action];
      if (loses) set({ asking: { action, ...loses } });
      else transmit(action);
    },
    confirmed() {
      const { asking } = get();
      set({ asking: null });
      if (asking) transmit(asking.action);
    },
    cancel: () => set({ asking: null }),
    setNotation: (notation) => set({ notation }),
    pick: (picked) => set({ picked }),
    open: (opened) => set({ opened }),
    choose: (prefix) => set({ prefix }),
    handOver,
    // The creator gives a person's seat to a bot (someone left, or never came).
    async handToBot(seat) {
      const { table, token, creator } = get();
      try {
        await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/bot`, { method: "POST", body: {}, token: creator });
      } catch (failure) {
        if (get().token === token) set({ answer: { kind: "failed", text: failure.message } });
      }
    },
    ...serverAsks(store),
    ...chatCommands(store, (message) => link?.send(message) ?? false),
    ...nameInvites(store),
    // The page's language changed: the log is asked for again, worded in it (the server words
    // each event for the language a connection asked for).
    relanguage() {
      set({ lang: language(), relog: link !== null, pending: false });
      if (!link) return; // behind the hand-over screen: the next connection asks in the new language
      link.close();
      open();
    },
  };
}
