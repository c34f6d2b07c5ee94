// The board component: a game's own drawing of a view (made by the server from the view; the
// pages' policy runs no script in it), with what moved since the drawing before animated — the
// pieces the events move walk their paths (the game's planner, games/*.js), anything else that
// moved slides — and the words and cells that legal actions name made clickable. The table
// page, the replay viewer and (next) the tutorials and the editor show their boards with it; it
// knows no server and no rule, only drawings, events and actions' words.

import { plan } from "../games/index.js";
import { pickable } from "../shared/notation.js";
import { animate } from "./animate.js";
import { positions, slide } from "./slide.js";
import { chosenSpeed } from "./speed.js";
import { addZoom } from "./zoom.js";

// A board in `element`. `caption(text)`: shows a step's caption (a register, a call frame);
// `onPick({word} | {cell})`: a pickable word or cell clicked; `words`: names for the planners,
// in the page's language (`register(number)`).
export function createBoard(element, { caption = () => {}, onPick = () => {}, words = {} } = {}) {
  let picture = null; // the drawing shown, as given
  let playing = null; // its movement
  let movingUntil = 0; // when the pieces walking their paths arrive (Date.now() milliseconds)
  addZoom(element);
  element.addEventListener("click", (event) => {
    const picked = pickAt(element, event);
    if (picked) onPick(picked);
  });
  return {
    // Whether `next` is the drawing shown already.
    shows: (next) => next === picture,
    // Shows the drawing `next` (SVG text). What moved since the drawing before is animated:
    // the pieces `events` of `game` move walk their paths, anything else slides; nothing moves
    // on a first drawing, or with `still` (a jump). Says how many steps were played, effects
    // drawn and elements moved.
    show(next, { game = null, events = [], still = false } = {}) {
      const before = picture !== null && !still ? positions(element) : null;
      playing?.stop();
      element.innerHTML = next;
      picture = next;
      const steps = before ? plan(game, events, words) : [];
      const speed = chosenSpeed();
      playing = animate(element, steps, speed, caption);
      movingUntil = Date.now() + playing.duration;
      const { elements, effects } = playing;
      const slid = before ? slide(element, before, elements, speed) : 0;
      return { steps: elements.size || effects ? steps.length : 0, effects, moved: slid + elements.size };
    },
    // No drawing (the screen handed to someone else).
    clear() {
      playing?.stop();
      caption("");
      element.replaceChildren();
      picture = null;
      movingUntil = 0;
    },
    // Makes the words and cells that `legal` actions name clickable (and only those).
    mark(legal) {
      const { words: named, cells } = pickable(legal);
      for (const text of element.querySelectorAll("svg text")) {
        text.classList.toggle("pickable", named.has(text.textContent.trim()));
      }
      // a drawn figure an action names (Ricochet's "red N": the red robot); a card's own words are clicked
      for (const piece of element.querySelectorAll("svg g[data-piece]")) {
        piece.classList.toggle("pickable", named.has(piece.dataset.piece));
      }
      for (const cell of element.querySelectorAll("svg [data-cell]")) {
        cell.classList.toggle("pickable", cells.has(cell.dataset.cell));
      }
    },
    // Milliseconds until the pieces walking their paths arrive.
    moving: () => Math.max(0, movingUntil - Date.now()),
  };
}

// What a click picked: a word, a piece an action names, else a cell under the pointer (robots
// and arrows drawn over a cell do not hide it); null when nothing pickable is there.
function pickAt(element, event) {
  const text = event.target.closest?.("text.pickable");
  if (text) return { word: text.textContent.trim() };
  const piece = event.target.closest?.("g[data-piece].pickable");
  if (piece && element.contains(piece)) return { word: piece.dataset.piece };
  const under = document.elementsFromPoint(event.clientX, event.clientY);
  const cell = under.find((e) => element.contains(e) && e.matches("svg [data-cell]"));
  return cell?.classList.contains("pickable") ? { cell: cell.dataset.cell } : null;
}
