// What moved between two drawings without an event's path (a card played to the trick, a
// marker moved) slides straight from its old place to the new one. Such an element is
// recognised as one drawn exactly once in both drawings with the same look (tag, colours,
// size, text) at a different place.

import { ownTranslate } from "./geometry.js";

const PLACE = new Set(["x", "y", "cx", "cy", "x1", "y1", "x2", "y2", "transform"]);
const SLIDE = { off: 0, fast: 150, normal: 400, slow: 900 }; // milliseconds per straight slide

function signature(element) {
  const look = [...element.attributes].filter((a) => !PLACE.has(a.name)).map((a) => `${a.name}=${a.value}`);
  return `${element.tagName}|${look.sort().join("|")}|${element.children.length ? "" : element.textContent}`;
}

// Where a piece-like element is: its translate() when it has one, else its box's corner.
function place(element) {
  if (element.getAttribute("transform")) {
    const moved = ownTranslate(element);
    return moved ? { ...moved, translated: true } : null;
  }
  if (element.tagName === "path" || element.tagName === "g" || !element.getBBox) return null;
  const box = element.getBBox();
  return { x: box.x, y: box.y, translated: false };
}

// The places of the drawing's elements, by look (an element to slide is a look drawn once).
export function positions(board) {
  const found = new Map();
  for (const element of board.querySelectorAll("svg *")) {
    const where = place(element);
    if (!where) continue;
    const key = signature(element);
    found.set(key, [...(found.get(key) ?? []), where]);
  }
  return found;
}

// Slides what moved since `before` (positions() of the last drawing) on the drawing now in
// `board`, but the pieces in `walking` (already moving along their paths); how many slid.
export function slide(board, before, walking, speed) {
  const duration = SLIDE[speed];
  if (!duration) return 0;
  const after = positions(board);
  let moved = 0;
  for (const element of board.querySelectorAll("svg *")) {
    if (walking.has(element.closest("[data-piece]"))) continue;
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
