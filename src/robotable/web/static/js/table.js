// The table page: one WebSocket to the table (docs/protocol.md), the board as the game draws
// the seat's view, the legal actions as buttons and the notation box, the running clocks,
// the log in the games' own sentences. A lost connection comes back by itself and is told
// what it missed; a reload finds the seat again (its token is kept in this browser).

import { api, el, seatLink, tokens } from "./api.js";
import { has, language, t, translatePage } from "./i18n.js";
import { animate, chosenSpeed, plan } from "./movement.js";

const SHOWN_ACTIONS = 120; // buttons at most; the filter and the notation box reach the rest
const FLAT_LIMIT = 16; // more legal actions than this are chosen word by word

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const page = {
  token: null,
  seat: null,
  state: null,
  missed: null, // a connection's "missed" news, logged once its state names the seats
  games: null, // GET /api/games: titles, and whether a game has secrets
  titles: {},
  socket: null,
  clockOffset: 0, // server time minus this browser's, from each state's "now"
  retry: 0,
  closedByServer: false,
  pending: false,
  prefix: [], // the words chosen so far of a long list of actions
  picked: null, // a word or a cell clicked on the board ({word} or {cell}): the buttons show its actions
  news: [], // the news since the board was last drawn: their events say where the pieces went
  boardVersion: -1, // the version of the board drawn
  boardLoading: false,
  picture: null, // the drawing shown, as the server sent it
  movingUntil: 0, // when the pieces walking their paths arrive (Date.now() milliseconds)
  drawLater: null, // the next drawing, waiting for them
  here: {}, // hot seat: the seats of the people at this screen, seat number to token
  names: [], // the seats' names, kept for the hand-over screen (which shows no state)
  hidden: true, // whether the game has secrets; until the games' list says otherwise, yes
  relog: false, // the next connection asks for the whole log again (the language changed)
  verdict: null, // the game's sentence for its end, in the page's language
  helpFor: null, // what the phase help shown was asked for (phase, seat, turn, language)
};

async function start() {
  readToken();
  api("/api/games")
    .then((games) => {
      page.titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
      page.games = games;
      if (page.state) drawStatus();
    })
    .catch(() => {}); // the game's id stands in for its title
  translatePage(redraw);
  document.getElementById("language").addEventListener("change", relog);
  document.getElementById("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const box = document.getElementById("notation");
    if (box.value.trim()) send(box.value.trim());
  });
  document.getElementById("filter").addEventListener("input", drawLegal);
  document.getElementById("board").addEventListener("click", clickBoard);
  document.addEventListener("keydown", shortcut);
  wireMovement();
  drawInvites();
  // people sharing the screen: a reload shows the hand-over screen first, never a seat's game
  if (hotSeat()) showHandOver(seatOf(page.token));
  else connect();
  setInterval(drawTimers, 250);
}

// A token in the link's fragment is this browser's from now on; the fragment is then removed
// so the address bar can be shared (as a spectator's link) without giving the seat away.
function readToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("token");
  if (given) {
    tokens.set(tableId, given);
    const here = seatsHere(fragment.get("here"), given);
    if (here) {
      // a link made by `robotable play --web`: its creator's, with the other people at this screen
      tokens.setHere(tableId, here);
      tokens.setCreator(tableId, given);
    }
    history.replaceState(null, "", location.pathname + location.search);
  }
  const watching = new URLSearchParams(location.search).has("watch");
  page.token = watching ? null : tokens.get(tableId);
  const here = watching ? {} : tokens.here(tableId);
  // an invitation link opened in this browser is someone else's seat, not the shared screen's
  if (Object.values(here).includes(page.token)) page.here = here;
}

// The seats of a link's `here` ({"0": token, "2": token}), or null when it is not that.
function seatsHere(text, given) {
  let here;
  try {
    here = JSON.parse(text ?? "null");
  } catch {
    return null;
  }
  if (!here || typeof here !== "object" || Array.isArray(here)) return null;
  const entries = Object.entries(here);
  const valid = entries.every(([seat, token]) => /^\d{1,2}$/.test(seat) && typeof token === "string");
  return valid && Object.values(here).includes(given) ? here : null;
}

// ------------------------------------------------------------------ the connection

function connect() {
  status(t("table.connecting"));
  // the events' sentences for the log; on the first connection the whole log so far (a reload
  // shows it again), on a reconnection what happened since the last state
  // the sentences in the page's language: the games' own words, as their log modules say them
  const since = page.state && !page.relog ? page.state.version : 0;
  const query = new URLSearchParams({ sentences: "true", lang: language(), since });
  if (page.token) query.set("token", page.token);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  page.socket = socket;
  // a socket left behind (the screen handed to the next person) says nothing more
  const current = () => socket === page.socket;
  socket.addEventListener("open", () => {
    page.retry = 0;
    status(t("table.connected"));
  });
  socket.addEventListener("message", (event) => current() && receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (!current()) return;
    setPending(false);
    if (page.closedByServer) return;
    status(t("table.lost"));
    page.retry = Math.min(page.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** page.retry);
  });
}

// The language changed: the log is asked for again, worded in it (the server words each event
// for the language a connection asked for).
function relog() {
  if (!page.socket) return; // the hand-over screen: the next connection asks in the new language
  page.relog = true;
  const left = page.socket;
  page.socket = null;
  left.close();
  setPending(false);
  connect();
}

function send(action) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN || page.pending) return;
  setPending(true);
  page.sent = { action, state: page.state }; // what the person saw when they chose it
  const message = { type: "action", action };
  if (page.state) message.version = page.state.version;
  page.socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "hello":
      page.seat = message.seat;
      break;
    case "missed":
      page.missed = message.news;
      if (page.relog) document.getElementById("log").replaceChildren(); // the whole log, reworded
      else if (page.boardVersion >= 0) page.news.push(...message.news); // a reconnection: show what moved
      page.relog = false;
      break;
    case "state":
      show(message.state, page.missed ?? []);
      page.missed = null;
      break;
    case "update":
      page.news.push(message.news);
      logNews(message.news);
      show(message.state);
      break;
    case "accepted":
      setPending(false);
      answer(t("table.accepted"), "ok");
      document.getElementById("notation").value = "";
      break;
    case "refused":
      setPending(false);
      answer(t("table.refused", { reason: refusal(message) }), "error");
      break;
    case "error":
      setPending(false);
      answer(t("table.error", { reason: inWords("error", message) }), "error");
      break;
    case "notice":
      logNotice(message);
      break;
    case "closing":
      page.closedByServer = message.code !== "stopping"; // a server that stops comes back: reconnect
      status(t("table.closed", { reason: inWords("closing", message) }));
      break;
  }
}

// ------------------------------------------------------------------ drawing

// The page's condition on <body> (data-version, data-pending, data-seat): for styles, and for
// anyone driving the page (the browser tests wait on them).
function setPending(pending) {
  page.pending = pending;
  document.body.dataset.pending = pending ? "yes" : "no";
}

function show(state, missed = []) {
  page.state = state;
  for (const news of missed) logNews(news);
  document.body.dataset.version = state.version;
  document.body.dataset.seat = page.seat ?? "spectator";
  document.body.dataset.over = state.outcome ? "yes" : "no";
  page.clockOffset = state.now * 1000 - Date.now();
  page.names = state.seats.map((row) => row.name);
  page.hidden = page.games?.find((game) => game.id === state.view.game)?.hidden_information ?? true;
  redraw();
  drawBoard();
  const next = nextHere();
  if (next !== null) handOver(next);
}

function redraw() {
  if (!page.state) return;
  drawStatus();
  drawSeats();
  drawLegal();
  drawTimers();
  drawOutcome();
  drawInvites();
  drawHere();
  drawPhaseHelp();
  document.getElementById("view").textContent = JSON.stringify(page.state.view, null, 1);
}

// The game's words for what this seat may type in its phase (Ricochet's commands, Delivery's
// card codes), in the page's language: asked again only when the phase, the seat, whether it is
// this seat's turn or the language changed. Games whose legal list says enough have none.
async function drawPhaseHelp() {
  const state = page.state;
  const key = JSON.stringify([state.view.phase, page.token, state.legal.length > 0, language()]);
  if (key === page.helpFor) return;
  page.helpFor = key;
  const box = document.getElementById("phase-help-box");
  if (!page.token || state.outcome) {
    box.hidden = true;
    return;
  }
  try {
    const lang = language();
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/help?lang=${lang}`, { token: page.token });
    if (page.helpFor !== key) return; // asked again meanwhile: the newer answer shows
    document.getElementById("phase-help").textContent = answer.help ?? "";
    box.hidden = !answer.help;
  } catch {
    page.helpFor = null; // the server is away or busy: the next state asks again
  }
}

// One drawing asked for at a time: updates that come faster than drawings (bots playing
// quickly) are folded into the next one, so a page never floods the server with requests.
async function drawBoard() {
  if (!page.state || page.boardLoading || page.boardVersion === page.state.version) return;
  const moving = page.movingUntil - Date.now(); // pieces walking their paths arrive first
  if (moving > 0) {
    clearTimeout(page.drawLater);
    page.drawLater = setTimeout(drawBoard, moving);
    return;
  }
  page.boardLoading = true;
  const version = page.state.version;
  const token = page.token;
  let wait = 200;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/board.svg`, {
      headers: page.token ? { authorization: `Bearer ${page.token}` } : {},
    });
    const picture = response.ok ? await response.text() : null;
    if (token !== page.token) {
      // the screen went to someone else meanwhile: this seat's drawing is not shown to them
    } else if (picture !== null) {
      if (picture !== page.picture) showPicture(picture);
      page.news = [];
      document.body.dataset.board = version;
      page.boardVersion = version;
      markPickable();
    } else wait = 2000; // refused (too many requests, a seat handed to a bot): slower
  } catch {
    wait = 2000; // the server is away: the reconnection asks again
  } finally {
    page.boardLoading = false;
  }
  if (page.state && page.boardVersion !== page.state.version) setTimeout(drawBoard, wait);
}

// The game's own drawing of this seat's view, made by the server (the page's policy lets no
// script in it run), with what moved since the last one animated.
function showPicture(picture) {
  const board = document.getElementById("board");
  const before = page.picture !== null ? positions(board) : null; // a first drawing: nothing moves
  board.innerHTML = picture;
  page.picture = picture;
  const alongPaths = before ? animateNews(board, page.news) : new Set();
  document.body.dataset.moved = before ? slide(board, before, alongPaths) + alongPaths.size : 0;
}

function seatName(seat) {
  if (seat === -1) return t("table.clock");
  const row = page.state?.seats?.[seat];
  return row ? row.name : t("table.seat", { seat });
}

function drawStatus() {
  const state = page.state;
  const lines = [];
  lines.push(page.seat === null ? t("table.spectator") : t("table.you_are", { seat: `${page.seat} (${seatName(page.seat)})` }));
  const phase = state.view.phase;
  if (phase) lines.push(t("table.phase", { phase: has(`phase.${phase}`) ? t(`phase.${phase}`) : phase }));
  lines.push(t("table.version", { count: state.version }));
  if (state.seats.some((row) => row.kind === "open")) lines.push(t("table.waiting_join"));
  else if (!state.outcome) {
    if (state.to_act.includes(page.seat)) lines.push(t("table.your_turn"));
    else lines.push(t("table.to_act", { seats: state.to_act.map(seatName).join(", ") }));
  }
  document.getElementById("status").replaceChildren(...lines.map((line) => el("p", {}, line)));
  const title = page.titles?.[state.view.game] ?? String(state.view.game ?? "");
  document.title = `${title} · robotable`;
  document.getElementById("title").textContent = title;
}

function kindLabel(row) {
  if (row.kind.startsWith("bot:")) return t("create.bot", { name: row.kind.slice(4) });
  if (row.stand_in) return t("seat.stand_in", { bot: row.stand_in }); // its person left
  return t(`seat.${row.kind}`);
}

function drawSeats() {
  // the table's creator may give a person's seat to a bot (someone left, or never came)
  const creator = page.token !== null ? tokens.creator(tableId) : null;
  const mayHand = (row) => creator && row.kind === "human" && row.seat !== page.seat && !page.state.outcome;
  document.getElementById("seats").replaceChildren(
    ...page.state.seats.map((row) =>
      el(
        "li",
        { class: row.seat === page.seat ? "mine" : "", "aria-current": row.seat === page.seat ? "true" : false },
        `${row.name} (${kindLabel(row)}) `,
        mayHand(row)
          ? el("button", { type: "button", class: "to-bot", dataset: { seat: row.seat }, onclick: () => handToBot(row.seat, creator) }, t("table.to_bot"))
          : null,
      ),
    ),
  );
}

async function handToBot(seat, creator) {
  if (!confirm(t("table.to_bot_confirm", { name: seatName(seat) }))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { method: "POST", body: {}, token: creator });
  } catch (failure) {
    answer(failure.message, "error");
  }
}

// The legal actions as buttons. A short list is shown whole; a long one (bids 1 to 99, every
// cell of a board) is chosen word by word, so no decision needs more than a screenful of
// buttons: "place" then "2" then "0" then "N". The filter shows the matching actions whole.
function drawLegal() {
  const box = document.getElementById("legal");
  const legal = page.state?.legal ?? [];
  const filter = document.getElementById("filter").value.trim().toLowerCase();
  document.getElementById("play").classList.toggle("idle", legal.length === 0);
  document.getElementById("legal-list").replaceChildren(...legal.slice(0, 500).map((a) => el("option", { value: a })));
  box.dataset.prefix = "";
  markPickable();
  if (!legal.length) {
    box.replaceChildren(el("p", {}, page.state?.outcome ? t("table.over") : t("table.nothing")));
    return;
  }
  const picked = page.picked && pickedActions(legal);
  if (picked?.length) {
    const label = page.picked.cell ?? page.picked.word;
    const clear = el("button", { type: "button", class: "unpick", onclick: () => pick(null) }, `${label} ✕`);
    box.replaceChildren(clear, ...flatButtons(picked));
    return;
  }
  page.picked = null;
  if (filter || legal.length <= FLAT_LIMIT) {
    box.replaceChildren(...flatButtons(filter ? legal.filter((a) => a.toLowerCase().includes(filter)) : legal));
    return;
  }
  box.replaceChildren(...wordButtons(legal));
}

// ------------------------------------------------------------------ movement

// Pieces the events move (robots, pawns: see movement.js) slide cell by cell along the events'
// paths. Anything else that moved slides straight from its old place to the new one: it is
// recognised as an element drawn exactly once in both drawings with the same look (tag,
// colours, size, text) at a different place, such as a card played to the trick.
const PLACE = new Set(["x", "y", "cx", "cy", "x1", "y1", "x2", "y2", "transform"]);
const TRANSLATE = /^translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)$/;
const SPEEDS = { off: 0, fast: 150, normal: 400, slow: 900 }; // milliseconds per straight slide

function signature(element) {
  const look = [...element.attributes].filter((a) => !PLACE.has(a.name)).map((a) => `${a.name}=${a.value}`);
  return `${element.tagName}|${look.sort().join("|")}|${element.children.length ? "" : element.textContent}`;
}

// Where each piece-like element is: its translate() when it has one, else its box's corner.
function place(element) {
  const transform = element.getAttribute("transform");
  if (transform) {
    const moved = TRANSLATE.exec(transform);
    return moved ? { x: Number(moved[1]), y: Number(moved[2]), translated: true } : null;
  }
  if (element.tagName === "path" || element.tagName === "g" || !element.getBBox) return null;
  const box = element.getBBox();
  return { x: box.x, y: box.y, translated: false };
}

function positions(board) {
  const found = new Map(); // signature -> places (a piece is a signature drawn once)
  for (const element of board.querySelectorAll("svg *")) {
    const where = place(element);
    if (!where) continue;
    const key = signature(element);
    found.set(key, [...(found.get(key) ?? []), where]);
  }
  return found;
}

// The news' events played along their paths on the new drawing; the elements animated.
function animateNews(board, news) {
  const words = { register: (number) => t("table.register", { number }) };
  const steps = plan(page.state?.view?.game, news.flatMap((item) => item.events), words);
  const frame = document.getElementById("frame");
  const { elements, effects, duration } = animate(board, steps, chosenSpeed(), (text) => (frame.textContent = text));
  page.movingUntil = Date.now() + duration;
  document.body.dataset.steps = elements.size || effects ? steps.length : 0;
  document.body.dataset.effects = effects;
  return elements;
}

// Animates what moved between the drawings, but the pieces already moving along their paths;
// how many elements slid.
function slide(board, before, alongPaths) {
  const duration = SPEEDS[chosenSpeed()];
  if (!duration) return 0;
  const after = positions(board);
  let moved = 0;
  for (const element of board.querySelectorAll("svg *")) {
    if (alongPaths.has(element.closest("[data-piece]"))) continue;
    const key = signature(element);
    const [old, now] = [before.get(key), after.get(key)];
    if (old?.length !== 1 || now?.length !== 1 || old[0].translated !== now[0].translated) continue;
    const [dx, dy] = [old[0].x - now[0].x, old[0].y - now[0].y];
    if (Math.abs(dx) + Math.abs(dy) < 0.5) continue;
    const from = now[0].translated ? `translate(${old[0].x}px, ${old[0].y}px)` : `translate(${dx}px, ${dy}px)`;
    const to = now[0].translated ? `translate(${now[0].x}px, ${now[0].y}px)` : "translate(0px, 0px)";
    element.animate([{ transform: from }, { transform: to }], { duration, easing: "ease-in-out" });
    moved += 1;
  }
  return moved;
}

function wireMovement() {
  const menu = document.getElementById("movement");
  menu.value = chosenSpeed();
  menu.addEventListener("change", () => localStorage.setItem("robotable:movement", menu.value));
}

// ------------------------------------------------------------------ the board's clickable words and cells

// A word drawn on the board that is also a word of a legal action (a card, an order token, an
// emitter slot) can be clicked: the buttons then show the actions with that word. A cell the
// drawing marks (data-cell="x y") can be clicked when actions name it right after their first
// word (DR2D's "place 2 0 S", Droids' "obstacle 3 4"): the buttons then show those. The drawing
// stays the game's own; the page only recognises its words and cells.
function pickableWord(word) {
  return word.length >= 2 && /[A-Za-z]/.test(word);
}

// The cell an action names after its first word ("place 2 0 S": "2 0"), or null.
function cellOf(action) {
  const words = action.split(/\s+/);
  return /^\d+$/.test(words[1]) && /^\d+$/.test(words[2]) ? `${words[1]} ${words[2]}` : null;
}

function markPickable() {
  const legal = page.state?.legal ?? [];
  const words = new Set(legal.flatMap((action) => action.split(/\s+/)).filter(pickableWord));
  for (const text of document.querySelectorAll("#board svg text")) {
    text.classList.toggle("pickable", words.has(text.textContent.trim()));
  }
  const cells = new Set(legal.map(cellOf));
  for (const cell of document.querySelectorAll("#board svg [data-cell]")) {
    cell.classList.toggle("pickable", cells.has(cell.dataset.cell));
  }
}

// A click on the board: a word, else a cell under the pointer (robots and arrows drawn over a
// cell do not hide it).
function clickBoard(event) {
  const text = event.target.closest?.("text.pickable");
  if (text) return pick({ word: text.textContent.trim() });
  const cell = document.elementsFromPoint(event.clientX, event.clientY).find((e) => e.matches("#board svg [data-cell]"));
  if (cell?.classList.contains("pickable")) pick({ cell: cell.dataset.cell });
}

function pickedActions(legal) {
  const { word, cell } = page.picked;
  return legal.filter((action) => (cell ? cellOf(action) === cell : action.split(/\s+/).includes(word)));
}

function pick(picked) {
  page.picked = picked;
  drawLegal();
  document.querySelector("#legal button.action")?.focus();
}

function flatButtons(actions) {
  const buttons = actions.slice(0, SHOWN_ACTIONS).map((action) => actionButton(action, action));
  if (actions.length > SHOWN_ACTIONS) buttons.push(el("p", {}, t("table.more", { count: actions.length - SHOWN_ACTIONS })));
  return buttons;
}

function actionButton(action, label) {
  return el("button", { type: "button", class: "action", title: action, dataset: { action }, onclick: () => send(action) }, label);
}

function wordButtons(legal) {
  const startsWith = (words, prefix) => prefix.every((word, i) => words[i] === word);
  const split = legal.map((action) => [action, action.split(/\s+/)]);
  const goesOn = ([, words]) => words.length > page.prefix.length && startsWith(words, page.prefix);
  if (!split.some(goesOn)) page.prefix = []; // the table moved on
  const depth = page.prefix.length;
  const next = new Map(); // the next word: the action it completes, and whether longer ones go on
  for (const [action, words] of split) {
    if (!startsWith(words, page.prefix) || words.length <= depth) continue;
    const entry = next.get(words[depth]) ?? { action: null, more: false };
    if (words.length === depth + 1) entry.action = action;
    else entry.more = true;
    next.set(words[depth], entry);
  }
  const choose = (prefix) => {
    page.prefix = prefix;
    drawLegal();
    document.querySelector("#legal button")?.focus();
  };
  const buttons = [];
  if (depth) {
    buttons.push(el("button", { type: "button", class: "back", onclick: () => choose(page.prefix.slice(0, -1)) }, `← ${page.prefix.join(" ")}`));
  }
  for (const [word, { action, more }] of next) {
    if (action) buttons.push(actionButton(action, depth ? word : action));
    if (more) {
      buttons.push(el("button", { type: "button", class: "word", dataset: { word }, onclick: () => choose([...page.prefix, word]) }, `${word} …`));
    }
  }
  document.getElementById("legal").dataset.prefix = page.prefix.join(" ");
  return buttons.slice(0, SHOWN_ACTIONS);
}

// The server's error or closing in the page's language, by its code (docs/protocol.md); a code
// this page does not know yet keeps the server's English sentence.
function inWords(kind, message) {
  const key = `${kind}.${message.code}`;
  return has(key) ? t(key) : message.reason;
}

// A refusal in the page's language when the page can tell why (the state the action was chosen
// on says whose turn it was and what was legal); else the game's own reason, as sent. In English
// the game's own reason says the most, and is shown after the page's.
function refusal(message) {
  const seen = page.sent?.action === message.action ? page.sent.state : null;
  let why = null;
  if (/^too late\b/.test(message.reason)) why = t("refusal.too_late");
  else if (/the table has moved on since version/.test(message.reason)) why = t("refusal.moved_on");
  else if (seen && page.seat !== null && !seen.to_act.includes(page.seat)) why = t("refusal.not_your_turn");
  else if (seen && !seen.legal.includes(message.action)) {
    const phase = seen.view.phase;
    why = t("refusal.not_now", { phase: phase && has(`phase.${phase}`) ? t(`phase.${phase}`) : phase ?? "" });
  }
  if (why === null) return message.reason;
  return language() === "en" ? `${why} (${message.reason})` : why;
}

// A timer's label in the page's language: the games' labels are a few fixed phrases (and
// Droids' choice of emitters, with its robot, count and what for).
function timerLabel(label) {
  if (has(`timer.${label}`)) return t(`timer.${label}`);
  const choice = /^(\w+) chooses (\d+) emitter\(s\) to (damage|repair)$/.exec(label);
  if (!choice) return label;
  const robot = has(`robot.${choice[1]}`) ? t(`robot.${choice[1]}`) : choice[1];
  return t("timer.choose_emitters", { robot, count: choice[2], what: t(`what.${choice[3]}`) });
}

function drawTimers() {
  const box = document.getElementById("timers");
  const timers = page.state?.timers ?? [];
  const now = (Date.now() + page.clockOffset) / 1000;
  box.replaceChildren(
    ...timers.map((timer) =>
      el("p", { class: "timer" }, t("table.left", { label: timerLabel(timer.label || timer.key), seconds: Math.max(0, Math.ceil(timer.deadline - now)) })),
    ),
  );
}

function drawOutcome() {
  const outcome = page.state.outcome;
  const box = document.getElementById("outcome");
  if (!outcome) {
    box.replaceChildren();
    return;
  }
  const rows = outcome.ranks.map((rank, seat) => ({ seat, rank, score: outcome.scores[seat] }));
  rows.sort((a, b) => a.rank - b.rank);
  box.replaceChildren(
    el("h2", {}, t("table.over")),
    el("p", {}, el("a", { id: "replay-link", href: `/tables/${encodeURIComponent(tableId)}/replay` }, t("table.replay"))),
    el("ol", { class: "ranks" }, rows.map((r) => el("li", { dataset: { seat: r.seat, rank: r.rank } }, t("table.ranks", { name: seatName(r.seat), rank: r.rank, score: r.score })))),
    verdict(outcome) ? el("p", { class: "verdict" }, verdict(outcome)) : null,
  );
}

// The game's own line under the ranks: its outcome's detail is in English, so another language
// shows the game's own sentence for the end of the game (its log's last "game-over" event).
function verdict(outcome) {
  return language() === "en" ? outcome.detail : page.verdict ?? outcome.detail;
}

function drawInvites() {
  const invites = Object.entries(tokens.invites(tableId));
  const box = document.getElementById("invites-box");
  box.hidden = invites.length === 0 || page.token === null;
  document.getElementById("invites").replaceChildren(
    el("li", { class: "hint" }, t("table.invite_hint")),
    ...invites.map(([seat, token]) => {
      const link = seatLink(tableId, token);
      return el(
        "li",
        {},
        `${seatName(Number(seat))}: `,
        el("input", { readonly: true, value: link, "aria-label": t("table.seat", { seat }), class: "invite" }),
        el("button", {
          type: "button",
          onclick: async (event) => {
            await navigator.clipboard?.writeText(link);
            event.target.textContent = t("table.copied");
          },
        }, t("table.copy")),
      );
    }),
  );
}

// ------------------------------------------------------------------ hot seat

// Several people at one screen: this browser holds each one's seat token. When the seat shown
// has nothing to do and another person here has, the screen goes to them; in a game with
// secrets a hand-over screen comes first, showing nothing of any seat, and the page connects
// as the next person only when they ask for it.

function hotSeat() {
  return Object.keys(page.here).length > 1;
}

function seatOf(token) {
  return Number(Object.entries(page.here).find(([, held]) => held === token)?.[0] ?? 0);
}

function nextHere() {
  const state = page.state;
  if (!hotSeat() || !state || state.outcome || state.legal.length) return null;
  const waiting = Object.keys(page.here).map(Number).filter((seat) => seat !== page.seat && state.to_act.includes(seat));
  return waiting.length ? waiting[0] : null;
}

function handOver(seat) {
  page.token = page.here[seat];
  tokens.set(tableId, page.token); // a reload comes back to this person (behind the screen)
  const left = page.socket;
  page.socket = null;
  left?.close();
  clearTimeout(page.drawLater);
  Object.assign(page, { state: null, seat: null, boardVersion: -1, prefix: [], news: [], picture: null, movingUntil: 0 });
  setPending(false); // the answer to the last action went to the socket left behind
  for (const id of ["board", "frame", "log", "legal", "legal-list", "status", "timers", "outcome", "seats", "here", "answer"]) {
    document.getElementById(id).replaceChildren();
  }
  document.getElementById("view").textContent = "";
  delete document.body.dataset.version;
  if (page.hidden) showHandOver(seat);
  else connect();
}

function showHandOver(seat) {
  const name = page.names[seat] ?? t("table.seat", { seat });
  document.body.classList.add("handing-over");
  document.body.dataset.handover = seat;
  document.getElementById("handover").hidden = false;
  document.getElementById("handover-title").textContent = t("table.handover", { name });
  document.getElementById("handover-hint").textContent = t("table.handover_hint", { name });
  const ready = document.getElementById("handover-ready");
  ready.textContent = t("table.ready", { name });
  ready.onclick = () => {
    document.getElementById("handover").hidden = true;
    document.body.classList.remove("handing-over");
    delete document.body.dataset.handover;
    connect();
  };
  ready.focus();
}

// The other people here, to hand them the screen before the game asks (a simultaneous phase).
function drawHere() {
  const box = document.getElementById("here-box");
  box.hidden = !hotSeat();
  const others = Object.keys(page.here).map(Number).filter((seat) => seat !== page.seat);
  document.getElementById("here").replaceChildren(
    ...others.map((seat) =>
      el("button", { type: "button", class: "give", dataset: { seat }, onclick: () => handOver(seat) }, t("table.give_to", { name: seatName(seat) })),
    ),
  );
}

function logNews(news) {
  const log = document.getElementById("log");
  const actor = seatName(news.seat);
  const done = news.action ?? t("table.secret"); // another seat's secret action: that it acted, not what
  const lines = [el("span", { class: "who" }, `${news.number}. ${actor}`), `: ${done}`];
  for (const event of news.events) if (event.kind === "game-over" && event.text) page.verdict = event.text;
  const events = news.events.map((event) => el("li", { class: "event" }, event.text || event.kind));
  log.prepend(el("li", { dataset: { number: news.number } }, ...lines, events.length ? el("ul", {}, events) : null));
}

// A person left and a bot stands in for them, or they are back: said in the log, in the
// page's language (the server sends only what happened).
function logNotice(message) {
  const text = t(`notice.${message.notice}`, { name: seatName(message.seat), bot: message.bot ?? "" });
  document.getElementById("log").prepend(el("li", { class: "notice", dataset: { notice: message.notice, seat: message.seat } }, text));
}

function answer(text, kind) {
  const box = document.getElementById("answer");
  box.textContent = text;
  box.className = kind;
}

function status(text) {
  document.getElementById("connection").textContent = text;
}

// Keyboard: "/" goes to the notation box, "f" to the filter, Escape leaves them.
function shortcut(event) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  if (event.key === "Escape" && typing) document.activeElement.blur();
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "/") {
    event.preventDefault();
    document.getElementById("notation").focus();
  } else if (event.key === "f") {
    event.preventDefault();
    document.getElementById("filter").focus();
  }
}

start();
