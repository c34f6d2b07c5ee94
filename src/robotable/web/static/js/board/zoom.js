// Zoom and pan for a board: buttons + (closer), − (farther) and "fit" (the whole board in its
// box) above it, two fingers pinching on a touch screen, Ctrl and the mouse wheel on a desktop.
// The board's box scrolls (one finger or the scrollbars pan a zoomed board); the zoom is a
// width given to the drawing through the box's --zoom property, so it holds across the new
// drawings the board shows (each replaces the last). <div data-zoom="1.5"> says the zoom to
// styles and tests.

import { t } from "../i18n.js";

// five times the fitted width: on a phone the smallest words of every drawing (a Robotick
// card's strength, a Delivery slot's caption, the Droids legend) are then 12 pixels or more
const MOST = 5;
const STEP = 1.5;

const clamp = (zoom) => Math.min(MOST, Math.max(1, zoom));

// Buttons (their words: said now, and again by i18n's translatePage when the language changes).
function zoomButtons(setZoom, current) {
  const bar = document.createElement("div");
  bar.className = "zoom";
  const buttons = [
    ["zoom-in", "+", "board.zoom_in", () => setZoom(current() * STEP)],
    ["zoom-out", "−", "board.zoom_out", () => setZoom(current() / STEP)],
    ["zoom-fit", "⤢", "board.zoom_fit", () => setZoom(1)],
  ];
  for (const [name, symbol, words, act] of buttons) {
    const button = document.createElement("button");
    Object.assign(button, { type: "button", className: name, textContent: symbol });
    button.dataset.tLabel = words;
    button.dataset.tTitle = words;
    button.setAttribute("aria-label", t(words));
    button.title = t(words);
    button.addEventListener("click", act);
    bar.append(button);
  }
  return bar;
}

// Zoom for the board in `element` (its box scrolls): the buttons go just before it.
export function addZoom(element) {
  let zoom = 1;
  const setZoom = (wanted, centre = null) => {
    const next = clamp(wanted);
    const box = element.getBoundingClientRect();
    // the point under the fingers (else the box's middle) stays where it is
    const [x, y] = centre ?? [box.left + box.width / 2, box.top + box.height / 2];
    const fx = (element.scrollLeft + x - box.left) / zoom;
    const fy = (element.scrollTop + y - box.top) / zoom;
    zoom = next;
    element.style.setProperty("--zoom", String(zoom));
    element.dataset.zoom = String(Math.round(zoom * 100) / 100);
    element.scrollLeft = fx * zoom - (x - box.left);
    element.scrollTop = fy * zoom - (y - box.top);
  };
  element.dataset.zoom = "1";
  element.before(zoomButtons(setZoom, () => zoom));
  pinch(element, () => zoom, setZoom);
  element.addEventListener(
    "wheel",
    (event) => {
      if (!event.ctrlKey) return; // a plain wheel scrolls the page, as everywhere
      event.preventDefault();
      setZoom(zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), [event.clientX, event.clientY]);
    },
    { passive: false },
  );
}

// Two fingers on the board: the zoom follows the distance between them (one finger pans: the
// box scrolls by itself, site.css leaves it pan-x pan-y).
function pinch(element, current, setZoom) {
  const fingers = new Map(); // pointerId -> [x, y]
  let start = null; // {distance, zoom} when the second finger came
  const spread = () => {
    const [[ax, ay], [bx, by]] = [...fingers.values()];
    return { distance: Math.hypot(ax - bx, ay - by), centre: [(ax + bx) / 2, (ay + by) / 2] };
  };
  element.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (fingers.size === 2) start = { distance: spread().distance, zoom: current() };
  });
  element.addEventListener("pointermove", (event) => {
    if (!fingers.has(event.pointerId)) return;
    fingers.set(event.pointerId, [event.clientX, event.clientY]);
    if (fingers.size !== 2 || !start?.distance) return;
    const { distance, centre } = spread();
    setZoom(start.zoom * (distance / start.distance), centre);
  });
  const lift = (event) => {
    fingers.delete(event.pointerId);
    if (fingers.size < 2) start = null;
  };
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) element.addEventListener(name, lift);
}
