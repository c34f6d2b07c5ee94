// The replay's controls: the buttons and the slider that step through the game, where it is,
// whose view is shown, the keys (← and → step, Home and End jump), and the record file chosen.

import { el } from "../api.js";
import { t } from "../i18n.js";

export function controlsView(replay) {
  const button = (id, go) => document.getElementById(id).addEventListener("click", go);
  button("first", () => replay.go(0));
  button("back", replay.back);
  button("forward", replay.forward);
  button("last", replay.last);
  const slider = document.getElementById("slider");
  slider.addEventListener("input", () => replay.go(Number(slider.value)));
  const menu = document.getElementById("seat");
  menu.addEventListener("change", () => replay.seeAs(menu.value === "" ? null : Number(menu.value)));
  document.addEventListener("keydown", (event) => keys(event, replay));
  document.getElementById("record-file").addEventListener("change", (event) => readRecord(event, replay));

  replay.watch(
    (s) => [s.step, s.seat, s.lang],
    ({ step, seat }) => {
      if (!step) return;
      slider.max = step.actions;
      slider.value = step.number;
      document.getElementById("position").textContent = t("replay.position", { number: step.number, total: step.actions });
      const atStart = step.number === 0;
      const atEnd = step.number === step.actions;
      for (const [id, off] of [["first", atStart], ["back", atStart], ["forward", atEnd], ["last", atEnd]]) {
        document.getElementById(id).disabled = off;
      }
      const options = step.seats.map((row) => el("option", { value: row.seat }, `${row.seat}. ${row.name}`));
      menu.replaceChildren(el("option", { value: "" }, t("replay.spectator")), ...options);
      menu.value = seat === null ? "" : String(seat);
    },
  );
  replay.watch(
    (s) => [s.error],
    (s) => (document.getElementById("error").textContent = s.error),
  );
}

// Not while a menu or the slider has the keys.
function keys(event, replay) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = { ArrowLeft: replay.back, ArrowRight: replay.forward, Home: () => replay.go(0), End: replay.last };
  if (event.key in moves) {
    event.preventDefault();
    moves[event.key]();
  }
}

// A record file from this computer: read here, its text sent with each step.
async function readRecord(event, replay) {
  const file = event.target.files[0];
  if (!file) return;
  let text;
  try {
    text = await file.text();
    JSON.parse(text); // only to say early that it is no JSON: the text itself is sent, unrounded
  } catch (failure) {
    replay.fail(t("replay.not_json", { reason: failure.message }));
    return;
  }
  await replay.load(text);
  document.getElementById("forward").focus(); // the arrow keys step at once
}
