// The replay viewer: a finished game stepped action by action, forward and back, as any seat
// saw it or as a spectator. Each step is asked of the server (GET /api/tables/ID/replay/N),
// which replays the record: the page holds no rule.

import { api, el } from "./api.js";
import { t, translatePage } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-2));
const replay = { number: 0, total: 0, seat: null, step: null, asked: 0 };

async function start() {
  translatePage(redraw);
  document.getElementById("table-link").href = `/tables/${encodeURIComponent(tableId)}?watch`;
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
  await go(Number.isInteger(at) && at > 0 ? at : 0);
}

// Shows the game after its first `number` actions; a later request wins over a slower earlier one.
async function go(number) {
  if (replay.step && (number < 0 || number > replay.total)) return;
  const asked = ++replay.asked;
  const query = replay.seat === null ? "" : `?seat=${replay.seat}`;
  let step;
  try {
    step = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${number}${query}`);
  } catch (failure) {
    document.getElementById("error").textContent = failure.message;
    return;
  }
  if (asked !== replay.asked) return;
  document.getElementById("error").textContent = "";
  Object.assign(replay, { number: step.number, total: step.actions, step });
  // the game's own drawing, made by the server from the view; the page's policy runs no script in it
  document.getElementById("board").innerHTML = step.board;
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
