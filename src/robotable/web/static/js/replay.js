// The replay viewer: a finished game stepped action by action, forward and back, as any seat
// saw it or as a spectator. Each step is asked of the server (GET /api/tables/ID/replay/N, or
// POST /api/replays/step with a record file the person chose, at /replay), which replays the
// record: the page holds no rule.

import { api, el } from "./api.js";
import { language, t, translatePage } from "./i18n.js";
import { animate, chosenSpeed, plan } from "./movement.js";

const uploading = location.pathname.replace(/\/$/, "") === "/replay";
const tableId = uploading ? null : decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-2));
const replay = { number: 0, total: 0, seat: null, step: null, asked: 0, record: null };

async function start() {
  translatePage(redraw);
  if (uploading) {
    document.getElementById("upload").hidden = false;
    document.getElementById("table-link").hidden = true;
    document.getElementById("record-file").addEventListener("change", readRecord);
  } else {
    document.getElementById("table-link").href = `/tables/${encodeURIComponent(tableId)}?watch`;
  }
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("back").addEventListener("click", () => go(replay.number - 1));
  document.getElementById("forward").addEventListener("click", () => go(replay.number + 1));
  document.getElementById("last").addEventListener("click", () => go(replay.total));
  document.getElementById("slider").addEventListener("input", (event) => go(Number(event.target.value)));
  document.getElementById("seat").addEventListener("change", (event) => {
    replay.seat = event.target.value === "" ? null : Number(event.target.value);
    go(replay.number);
  });
  document.addEventListener("keydown", keys);
  const at = Number(new URLSearchParams(location.search).get("at"));
  if (!uploading) await go(Number.isInteger(at) && at > 0 ? at : 0);
}

// A record file from this computer: read here, sent with each step (the server keeps nothing).
async function readRecord(event) {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const text = await file.text();
    JSON.parse(text); // only to say early that it is no JSON: the text itself is sent, unrounded
    replay.record = text;
  } catch (failure) {
    document.getElementById("error").textContent = t("replay.not_json", { reason: failure.message });
    return;
  }
  Object.assign(replay, { step: null, seat: null, number: 0 });
  await go(0);
  document.getElementById("forward").focus(); // the arrow keys step at once
}

function ask(number) {
  if (uploading) {
    const json = `{"number": ${number}, "seat": ${JSON.stringify(replay.seat)}, "lang": "${language()}", "record": ${replay.record}}`;
    return api("/api/replays/step", { method: "POST", json });
  }
  // the log's sentences in the page's language (the games' own words)
  const query = new URLSearchParams({ lang: language() });
  if (replay.seat !== null) query.set("seat", replay.seat);
  return api(`/api/tables/${encodeURIComponent(tableId)}/replay/${number}?${query}`);
}

// Shows the game after its first `number` actions; a later request wins over a slower earlier one.
async function go(number) {
  if (replay.step && (number < 0 || number > replay.total)) return;
  if (uploading && !replay.record) return;
  const asked = ++replay.asked;
  let step;
  try {
    step = await ask(number);
  } catch (failure) {
    document.getElementById("error").textContent = failure.message;
    return;
  }
  if (asked !== replay.asked) return;
  document.getElementById("error").textContent = "";
  const forward = replay.step !== null && step.number === replay.number + 1 && step.news;
  Object.assign(replay, { number: step.number, total: step.actions, step });
  // the game's own drawing, made by the server from the view; the page's policy runs no script in it
  const board = document.getElementById("board");
  board.innerHTML = step.board;
  // one step forward: its pieces walk the paths its events give (at the table page's speed)
  const steps = forward ? plan(step.view?.game, step.news.events, { register: (number) => t("table.register", { number }) }) : [];
  const frame = document.getElementById("frame");
  animate(board, steps, chosenSpeed(), (text) => (frame.textContent = text));
  document.body.dataset.number = step.number;
  redraw();
}

function seatName(seat) {
  if (seat === -1) return t("table.clock");
  return replay.step?.seats?.[seat]?.name ?? t("table.seat", { seat });
}

function redraw() {
  const step = replay.step;
  if (!step) return;
  const slider = document.getElementById("slider");
  slider.max = step.actions;
  slider.value = step.number;
  document.getElementById("position").textContent = t("replay.position", { number: step.number, total: step.actions });
  document.getElementById("first").disabled = document.getElementById("back").disabled = step.number === 0;
  document.getElementById("forward").disabled = document.getElementById("last").disabled = step.number === step.actions;
  drawSeats(step);
  const news = step.news;
  document.getElementById("news").replaceChildren(
    ...(news
      ? [
          el("p", { class: "who" }, `${news.number}. ${seatName(news.seat)}${news.action ? `: ${news.action}` : ""}`),
          el("ul", {}, news.events.map((event) => el("li", { class: "event" }, event.text || event.kind))),
        ]
      : [el("p", {}, t("replay.start"))]),
  );
  const outcome = step.outcome;
  document.getElementById("outcome").replaceChildren(
    ...(outcome
      ? [
          el("h2", {}, t("table.over")),
          el("ol", {}, outcome.ranks.map((rank, seat) => el("li", {}, t("table.ranks", { name: seatName(seat), rank, score: outcome.scores[seat] })))),
        ]
      : []),
  );
}

function drawSeats(step) {
  const menu = document.getElementById("seat");
  const options = [el("option", { value: "" }, t("replay.spectator")), ...step.seats.map((row) => el("option", { value: row.seat }, `${row.seat}. ${row.name}`))];
  menu.replaceChildren(...options);
  menu.value = replay.seat === null ? "" : String(replay.seat);
}

// ← and → step, Home and End jump (not while a menu or the slider has the keys).
function keys(event) {
  if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName) || event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = { ArrowLeft: replay.number - 1, ArrowRight: replay.number + 1, Home: 0, End: replay.total };
  if (event.key in moves) {
    event.preventDefault();
    go(moves[event.key]);
  }
}

start();
