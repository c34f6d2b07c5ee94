// A pupil's page (classroom.html, at /classroom and /classroom/CODE): the join form (the room's
// code and a name: no account), then the room: its work with the pupil's own marks, the
// teacher's newest hint and the solution they show to all, asked every few seconds. Each
// puzzle opens on its game's puzzle page in the room (?room=CODE), where every move (Ricochet
// Robots) or every change of the program and every run (Robot Delivery, DR2D) reaches the teacher.

import { api, el } from "../api.js";
import { loadGames } from "../game_words.js";
import { language, t, translatePage } from "../i18n.js";
import "../words/classroom.js";
import "../words/delivery_puzzles.js";
import "../words/dr2d_puzzle.js";
import "../words/puzzles.js";
import { pupilTokens } from "../puzzles/room_context.js";
import { poll } from "./polling.js";
import { teacherMessages } from "./room_words.js";

const EVERY = 5000; // a class behind one school address stays within its requests a second
const typed = decodeURIComponent(location.pathname.split("/")[2] ?? "");
let code = typed.toUpperCase().replace(/[\s-]/g, "");
let me = null;

const shown = (id) => document.getElementById(id);

function mark(result) {
  if (!result?.best) return el("span", { class: "tick" }, "○");
  return el("span", { class: `tick solved${result.optimal ? " optimal" : ""}` }, result.optimal ? "★" : "✓");
}

function item(work) {
  const result = me.results[work.id];
  const game = me.game ?? "ricochet";
  const link = `/puzzles/${game}/${encodeURIComponent(work.id)}?room=${encodeURIComponent(code)}`;
  const solved = { delivery: "classroom.solved_cards", dr2d: "classroom.solved_turns" }[game] ?? "classroom.solved";
  const said = result?.best ? t(solved, { best: result.best }) : result ? t("classroom.attempts", result) : "";
  const words = [el("a", { href: link, dataset: { puzzle: work.id } }, work.title[language()]), " ", el("small", { class: "hint" }, said)];
  return el("li", { dataset: { solved: result?.best ? "yes" : "no" } }, mark(result), " ", ...words);
}

function draw() {
  const joined = Boolean(me);
  shown("join").hidden = joined;
  shown("room").hidden = !joined;
  if (!joined) return;
  shown("joined").textContent = t("classroom.joined", { name: me.name, code: me.code });
  const titleOf = (id) => me.work.find((work) => work.id === id)?.title[language()];
  shown("messages").replaceChildren(...teacherMessages(me, titleOf));
  const empty = el("li", {}, t("classroom.no_work"));
  shown("work").replaceChildren(...(me.work.length ? me.work.map(item) : [empty]));
}

async function ask() {
  const token = code && pupilTokens.get(code);
  if (!token) return;
  try {
    me = await api(`/api/classrooms/${encodeURIComponent(code)}/me`, { token });
    shown("room-error").textContent = "";
  } catch (failure) {
    shown("room-error").textContent = failure.message;
    if (["no_room", "not_yours"].includes(failure.answer?.code)) {
      pupilTokens.forget(code); // the room closed: join another
      me = null;
    }
  }
  draw();
}

shown("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const wanted = shown("join-code").value;
  try {
    const joined = await api(`/api/classrooms/${encodeURIComponent(wanted.trim())}/join`, { method: "POST", body: { name: shown("join-name").value } });
    code = joined.code;
    pupilTokens.set(code, joined.token);
    history.replaceState(null, "", `/classroom/${code}`);
    await ask();
  } catch (failure) {
    shown("room-error").textContent = failure.message;
  }
});
shown("leave").addEventListener("click", () => {
  pupilTokens.forget(code);
  me = null;
  draw();
});
shown("join-code").value = code;
translatePage(draw);
draw();
poll(ask, EVERY);
loadGames().then(draw, () => {}); // the moves of a solution shown, in words
