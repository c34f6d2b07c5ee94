// Movement along the events' paths. Each game's events say where its pieces went; one function
// per game turns them into steps (pieces moving together cell by cell, with a caption such as a
// Delivery call frame), and one animator plays the steps on the new drawing: its root says the
// grid (data-cell-size) and its pieces their names (data-piece). No rule of any game is here,
// only the cells the events give.

const PER_CELL = { off: 0, fast: 45, normal: 110, slow: 260 }; // milliseconds per cell
const LONGEST = 8000; // milliseconds: a long turn report is played faster, not for ages
const DR2D_LETTERS = "ABCDEFGH"; // a DR2D robot is drawn with its seat's letter
const DR2D_MOVES = new Set(["moved", "pushed", "conveyed", "shoved", "rotated"]);
const TURN = { L: -90, R: 90 }; // degrees on screen (y downwards): anticlockwise is negative

// The speed chosen on the table page (kept in this browser); none for people who ask for less motion.
export function chosenSpeed() {
  const chosen = localStorage.getItem("robotable:movement");
  if (chosen in PER_CELL) return chosen;
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "off" : "normal";
}

// The cells from a to b one by one along a row or a column (the two ends when not aligned).
export function line(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b)) return [];
  const [dx, dy] = [Math.sign(b[0] - a[0]), Math.sign(b[1] - a[1])];
  if (dx && dy) return [a, b];
  const cells = [a];
  let [x, y] = a;
  while (x !== b[0] || y !== b[1]) {
    [x, y] = [x + dx, y + dy];
    cells.push([x, y]);
  }
  return cells;
}

const alone = (piece, start, end) => ({ moves: [{ piece, cells: line(start, end) }], caption: null });

// Ricochet: each move is straight; two moves of one robot in a row turn its ricochet's corner.
// Moves before the robots were put back (a failed demonstration) are not drawn any more.
function ricochetSteps(events) {
  const since = events.findLastIndex((e) => e.kind === "robots-reset") + 1;
  return events.slice(since).filter((e) => e.kind === "moved").map((e) => alone(e.robot, e.start, e.end));
}

function droidsSteps(events) {
  return events.filter((e) => e.kind === "moved").map((e) => alone(e.robot, e.start, e.end));
}

// DR2D's turn report, register by register: a robot pushed moves with its pusher, and robots
// moved by the factory in one register (conveyors, pushers, turntables) move together.
function dr2dSteps(events, words) {
  const steps = [];
  let last = null;
  for (const e of events) {
    if (!DR2D_MOVES.has(e.kind) || e.end === null) continue; // a robot leaving the board is not drawn
    const piece = DR2D_LETTERS[e.seat];
    const move =
      e.kind === "rotated"
        ? { piece, cells: [e.tile], turn: TURN[e.sense] ?? 0 }
        : { piece, cells: line(e.start, e.end) };
    const together = e.kind === "pushed" || (e.kind === last?.kind && e.kind !== "moved");
    if (last && last.register === e.register && together) last.moves.push(move);
    else {
      last = { moves: [move], caption: words.register(e.register), register: e.register, kind: e.kind };
      steps.push(last);
    }
  }
  return steps;
}

// Delivery's program trace: every instruction shows its call frame (slot 3 > F:A > loop x2
// (2/2)); a pawn moved slides, a pawn turned turns (where it stands: no cell), while its frame
// is shown.
function deliverySteps(events) {
  const move = (e) => {
    if (e.kind === "moved") return [{ piece: String(e.seat), cells: line(e.start, e.end) }];
    if (e.kind === "turned") return [{ piece: String(e.seat), cells: [null], turn: quarterTurns(e.start, e.end) }];
    return [];
  };
  return events
    .filter((e) => Array.isArray(e.stack) && e.stack.length && e.kind !== "slot-revealed")
    .map((e) => ({ moves: move(e), caption: e.stack.join(" > ") }));
}

// The turn from one facing to another in degrees: right 90, left -90, about 180.
function quarterTurns(from, to) {
  const quarters = ("NESW".indexOf(to) - "NESW".indexOf(from) + 4) % 4;
  return [0, 90, 180, -90][quarters] ?? 0;
}

const STEPS = { ricochet: ricochetSteps, droids: droidsSteps, dr2d: dr2dSteps, delivery: deliverySteps };

// The steps of a game's events; `words` names things in the page's language.
export function plan(game, events, words) {
  const steps = STEPS[game]?.(events, words) ?? [];
  return steps.filter((step) => step.caption || step.moves.some((move) => move.cells.length > 1 || move.turn));
}

// The cell under the middle of a piece as drawn (before it is animated): the root's
// data-origin and data-cell-size turn the drawing's units into cells.
function drawnCell(svg, element, size) {
  const box = element.getBoundingClientRect();
  const middle = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
  const point = middle.matrixTransform(svg.getScreenCTM().inverse());
  const [ox, oy] = (svg.dataset.origin ?? "0 0").split(" ").map(Number);
  return [Math.floor((point.x - ox) / size), Math.floor((point.y - oy) / size)];
}

// The middle of a cell in the drawing's units, as a CSS transform-origin (pieces drawn without
// a transform of their own, in the root's units: DR2D's robots).
function centre(svg, [x, y], size) {
  const [ox, oy] = (svg.dataset.origin ?? "0 0").split(" ").map(Number);
  return `${ox + (x + 0.5) * size}px ${oy + (y + 0.5) * size}px`;
}

const TRANSLATE = /^translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)$/;

// The piece's own translate(), which the animation's transform replaces; null for other transforms.
function ownTranslate(element) {
  const transform = element.getAttribute("transform");
  if (!transform) return { x: 0, y: 0 };
  const found = TRANSLATE.exec(transform);
  return found ? { x: Number(found[1]), y: Number(found[2]) } : null;
}

// Each piece's places in time: {time (milliseconds from the start), cell, angle (degrees turned
// so far)}. A turn takes as long as a step of one cell.
function timelines(steps, perCell) {
  const pieces = new Map();
  let start = 0;
  for (const step of steps) {
    for (const { piece, cells, turn = 0 } of step.moves) {
      const points = pieces.get(piece) ?? [];
      const angle = points.at(-1)?.angle ?? 0;
      cells.forEach((cell, k) => points.push({ time: start + k * perCell, cell, angle }));
      if (turn) points.push({ time: start + perCell, cell: cells.at(-1), angle: angle + turn });
      pieces.set(piece, points);
    }
    step.start = start;
    start += Math.max(1, ...step.moves.map((move) => move.cells.length - 1)) * perCell;
  }
  return { pieces, total: start };
}

let captionTimers = [];

// Plays the steps on the drawing now in `board` (the pieces are drawn where they ended), each
// piece starting from its first cell; `caption(text)` shows each step's caption, then "". Returns
// the elements animated (a piece the events do not place is left to the page's other slides)
// and how long it lasts in milliseconds.
export function animate(board, steps, speed, caption) {
  captionTimers.forEach(clearTimeout);
  captionTimers = [];
  caption("");
  const perCell = PER_CELL[speed] ?? 0;
  const svg = board.querySelector("svg");
  const size = Number(svg?.dataset.cellSize);
  if (!perCell || !size || !steps.length) return { elements: new Set(), duration: 0 };
  const { pieces, total } = timelines(steps, perCell);
  const scale = Math.min(1, LONGEST / total);
  const animated = new Set();
  for (const [piece, points] of pieces) {
    const element = svg.querySelector(`[data-piece="${CSS.escape(piece)}"]`);
    const own = element && ownTranslate(element);
    if (!own) continue;
    const drawn = drawnCell(svg, element, size);
    // a turn where the piece stands is on the cell of its next place, or where it is drawn
    for (let k = points.length - 1; k >= 0; k -= 1) points[k].cell ??= points[k + 1]?.cell ?? drawn;
    const last = points.at(-1);
    // a piece drawn elsewhere than its path ends (back to its start, taken off) just appears there
    if (drawn.join() !== last.cell.join()) continue;
    const turns = points.some((point) => point.angle !== last.angle);
    if (turns) element.style.transformOrigin = centre(svg, last.cell, size); // it turns on itself
    const at = (offset, { cell: [x, y], angle }) => ({
      offset,
      transform:
        `translate(${own.x + (x - last.cell[0]) * size}px, ${own.y + (y - last.cell[1]) * size}px)` +
        (turns ? ` rotate(${angle - last.angle}deg)` : ""),
    });
    const frames = [at(0, points[0]), ...points.map((point) => at(point.time / total, point)), at(1, last)];
    element.animate(frames, { duration: total * scale, easing: "linear" });
    // the cells walked, for tests (a piece waiting for its next step holds its cell: one cell)
    const walked = points.map(({ cell }) => cell.join(",")).filter((cell, k, all) => cell !== all[k - 1]);
    element.dataset.path = walked.join(" ");
    animated.add(element);
  }
  for (const step of steps.filter((s) => s.caption)) {
    captionTimers.push(setTimeout(() => caption(step.caption), step.start * scale));
  }
  captionTimers.push(setTimeout(() => caption(""), total * scale));
  return { elements: animated, duration: total * scale };
}
