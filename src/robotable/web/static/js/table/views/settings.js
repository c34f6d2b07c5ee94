// The page's settings: the "notation box" switch and the "sound on your turn" switch, both off
// by default and remembered in this browser. The notation switch, off, keeps the developer's
// tools out of the way (the notation box, the action number, the raw view: <body
// data-notation="on|off"> says it to the styles, site.css hides .dev-only when off). The sound
// switch, on, plays a short chime when the table comes to this seat (../sound.js).

import { t } from "../../i18n.js";
import { chime, unlockOnFirstGesture } from "../sound.js";

const KEY = "robotable.notation";
const SOUND_KEY = "robotable.sound";

function stored(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false; // storage refused (a private window): the default
  }
}

function remember(key, on) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // storage refused: the switch holds for this page only
  }
}

// Whether this browser asked for the notation box (read once at the page's start).
export const notationWanted = () => stored(KEY);

export function settingsView(table) {
  const toggle = document.getElementById("show-notation");
  toggle.addEventListener("change", () => table.setNotation(toggle.checked));
  table.watch(
    (s) => [s.notation, s.lang],
    (s) => {
      toggle.checked = s.notation;
      toggle.parentElement.title = t("table.show_notation_hint");
      document.body.dataset.notation = s.notation ? "on" : "off";
      remember(KEY, s.notation);
    },
  );
  soundSwitch(table);
}

// A person's turn: the seat is to act, the game goes on, and the seat is still theirs (a seat
// that conceded is its bot's).
const personsTurn = ({ server, seat }) =>
  Boolean(server && seat !== null && !server.outcome && server.to_act.includes(seat) && !server.seats[seat]?.conceded);

// The sound switch, and the chime when the turn comes to this seat (not on the page's first
// state: the person who just opened it knows; nor again while the turn stays theirs).
function soundSwitch(table) {
  const toggle = document.getElementById("sound");
  toggle.checked = stored(SOUND_KEY);
  toggle.addEventListener("change", () => remember(SOUND_KEY, toggle.checked));
  unlockOnFirstGesture();
  let before = null; // {seat, turn}: whether it was this seat's turn in the state before
  table.watch(
    (s) => [s.server, s.seat, s.lang],
    (s) => {
      toggle.parentElement.title = t("table.sound_hint");
      if (!s.server) return;
      const turn = personsTurn(s);
      // a screen handed to another person at this table starts afresh: they know it is theirs
      if (turn && before?.seat === s.seat && !before.turn) {
        // counted whether it sounds or not (<body data-turns-come>): the tests compare the two
        document.body.dataset.turnsCome = String(Number(document.body.dataset.turnsCome ?? 0) + 1);
        if (toggle.checked) chime();
      }
      before = { seat: s.seat, turn };
    },
  );
}
