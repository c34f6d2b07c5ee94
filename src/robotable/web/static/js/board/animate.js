// The animator: plays a game's steps (planned from its events by games/*.js) on the new drawing,
// where the pieces are already drawn where they ended. Each piece walks from its first cell,
// cell by cell, turning where a step turns it; effects are drawn over the board (effects.js);
// each step's caption is shown while it plays. No rule of any game is here, only the cells the
// steps give.

import { drawEffect } from "./effects.js";
import { drawnCell, origin, ownTranslate, pieceOf, shape } from "./geometry.js";

const PER_CELL = { off: 0, fast: 45, normal: 110, slow: 260 }; // milliseconds per cell
const LONGEST = 8000; // milliseconds: a long turn report is played faster, not for ages
const EFFECT_CELLS = 3; // an effect lasts as long as a walk of three cells

// Plays `steps` on the drawing in `board` at `speed` (board/speed.js); `caption(text)` shows
// each step's caption, then "". Returns the pieces animated (a piece the steps do not place is
// left to the board's slides), how many effects were drawn, how long it lasts in milliseconds,
// and `stop()`, which ends its captions early (a newer drawing comes).
export function animate(board, steps, speed, caption) {
  const timers = [];
  const played = { elements: new Set(), effects: 0, duration: 0, stop: () => timers.forEach(clearTimeout) };
  caption("");
  const perCell = PER_CELL[speed] ?? 0;
  const svg = board.querySelector("svg");
  const size = Number(svg?.dataset.cellSize);
  if (!perCell || !size || !steps.length) return played;
  const { pieces, starts, total } = timelines(steps, perCell);
  const scale = Math.min(1, LONGEST / total);
  played.duration = total * scale;
  const layer = shape("g", { class: "effects", "pointer-events": "none" });
  svg.append(layer);
  steps.forEach((step, k) => {
    for (const fx of step.effects ?? []) {
      played.effects += drawEffect(svg, layer, fx, size, starts[k] * scale, EFFECT_CELLS * perCell * scale) ? 1 : 0;
    }
  });
  timers.push(setTimeout(() => layer.remove(), played.duration + 50)); // gone once played
  for (const [piece, points] of pieces) {
    const element = pieceOf(svg, piece);
    if (element && walk(svg, element, points, size, { total, duration: played.duration })) played.elements.add(element);
  }
  steps.forEach((step, k) => {
    if (step.caption) timers.push(setTimeout(() => caption(step.caption), starts[k] * scale));
  });
  timers.push(setTimeout(() => caption(""), played.duration));
  return played;
}

// Each piece's places in time: {time (milliseconds from the start), cell, angle (degrees turned
// so far)}; when each step starts; how long they all take. A turn takes as long as a step of
// one cell.
function timelines(steps, perCell) {
  const pieces = new Map();
  const starts = [];
  let start = 0;
  for (const step of steps) {
    for (const { piece, cells, turn = 0 } of step.moves) {
      const points = pieces.get(piece) ?? [];
      const angle = points.at(-1)?.angle ?? 0;
      cells.forEach((cell, k) => points.push({ time: start + k * perCell, cell, angle }));
      if (turn) points.push({ time: start + perCell, cell: cells.at(-1), angle: angle + turn });
      pieces.set(piece, points);
    }
    starts.push(start);
    const effects = step.effects?.length ? EFFECT_CELLS : 1; // an effect is seen for a moment
    start += Math.max(effects, ...step.moves.map((move) => move.cells.length - 1)) * perCell;
  }
  return { pieces, starts, total: start };
}

// Walks one piece along its places (timed on the steps' `total`) in `duration` milliseconds;
// false when it is left alone: drawn elsewhere than its path ends (put back to its start, taken
// off), or drawn with a transform the animation would replace.
function walk(svg, element, points, size, { total, duration }) {
  const own = ownTranslate(element);
  if (!own) return false;
  const drawn = drawnCell(svg, element, size);
  // a turn where the piece stands is on the cell of its next place, or where it is drawn
  for (let k = points.length - 1; k >= 0; k -= 1) points[k].cell ??= points[k + 1]?.cell ?? drawn;
  const last = points.at(-1);
  if (drawn.join() !== last.cell.join()) return false;
  const turns = points.some((point) => point.angle !== last.angle);
  if (turns) element.style.transformOrigin = centre(svg, last.cell, size); // it turns on itself
  const at = (offset, { cell: [x, y], angle }) => ({
    offset,
    transform:
      `translate(${own.x + (x - last.cell[0]) * size}px, ${own.y + (y - last.cell[1]) * size}px)` +
      (turns ? ` rotate(${angle - last.angle}deg)` : ""),
  });
  const frames = [at(0, points[0]), ...points.map((point) => at(point.time / total, point)), at(1, last)];
  element.animate(frames, { duration, easing: "linear" });
  // the cells walked, for tests (a piece waiting for its next step holds its cell: one cell)
  const walked = points.map(({ cell }) => cell.join(",")).filter((cell, k, all) => cell !== all[k - 1]);
  element.dataset.path = walked.join(" ");
  return true;
}

// The middle of a cell in the drawing's units, as a CSS transform-origin (pieces drawn without
// a transform of their own, in the root's units: DR2D's robots).
function centre(svg, [x, y], size) {
  const [ox, oy] = origin(svg);
  return `${ox + (x + 0.5) * size}px ${oy + (y + 0.5) * size}px`;
}
