// Movement along the events' paths. Each game's events say where its pieces went; one function
// per game turns them into steps (pieces moving together cell by cell, with a caption such as a
// Delivery call frame), and one animator plays the steps on the new drawing: its root says the
// grid (data-cell-size) and its pieces their names (data-piece). No rule of any game is here,
// only the cells the events give.

const PER_CELL = { off: 0, fast: 45, normal: 110, slow: 260 }; // milliseconds per cell
const LONGEST = 8000; // milliseconds: a long turn report is played faster, not for ages
const DR2D_LETTERS = "ABCDEFGH"; // a DR2D robot is drawn with its seat's letter
const DR2D_MOVES = new Set(["moved", "pushed", "conveyed", "shoved", "rotated"]);
const COMPASS_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }; // on screen, y downwards
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

// Something shown over the board for one step, not a piece: a shot's line and its hit, a robot
// falling or leaving, a chip or a parcel going where it goes. Drawn by `animate` (see `drawEffect`).
const effect = (kind, fields) => ({ moves: [], caption: null, effects: [{ kind, ...fields }] });

// Ricochet: each move is straight; two moves of one robot in a row turn its ricochet's corner.
// Moves before the robots were put back (a failed demonstration) are not drawn any more, but
// what happened to the chips before then is (news of several actions may come to one drawing:
// a chip won, the next round's failed demonstration). A chip won leaves the target's cell for
// its winner's pile (off the board's top edge); a chip drawn appears on its cell.
function ricochetSteps(events) {
  let steps = [];
  let reached = null; // where the last robot stopped: the target's cell when a chip is won
  for (const e of events) {
    if (e.kind === "robots-reset") {
      steps = steps.filter((step) => step.effects);
      reached = null;
    } else if (e.kind === "moved") {
      steps.push(alone(e.robot, e.start, e.end));
      reached = e.end;
    } else if (e.kind === "chip-won" && reached) steps.push(effect("chip-won", { cell: reached, label: e.target }));
    else if (e.kind === "chip-drawn") steps.push(effect("chip-drawn", { cell: e.cell, label: e.target }));
  }
  return steps;
}

// Droids: robots walk; a shot draws its line from the shooter to its target, and a hit flashes.
function droidsSteps(events) {
  const steps = [];
  for (const e of events) {
    if (e.kind === "moved") steps.push(alone(e.robot, e.start, e.end));
    else if (e.kind === "shot") {
      steps.push(effect("shot", { from: e.robot, to: e.target, hit: Boolean(e.hits || e.fatal) }));
    }
  }
  return steps;
}

// DR2D's turn report, register by register: a robot pushed moves with its pusher, and robots
// moved by the factory in one register (conveyors, pushers, turntables) move together.
function dr2dSteps(events, words) {
  const steps = [];
  let last = null;
  const offToward = {}; // seat -> the compass direction of the move that took it off the board
  for (const e of events) {
    if (e.kind === "fell" || e.kind === "left") {
      // a robot falling into a pit, or leaving the board the way it moved (drawn back only
      // when it re-enters)
      const fields = e.kind === "fell" ? { cell: e.tile } : { cell: e.exit, toward: offToward[e.seat] };
      steps.push({ ...effect(e.kind, { ...fields, label: DR2D_LETTERS[e.seat] }), caption: words.register(e.register) });
      last = null;
      continue;
    }
    if (DR2D_MOVES.has(e.kind) && e.end === null) offToward[e.seat] = e.direction;
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
  // a parcel picked up goes onto the pawn, a parcel delivered into its drop point
  const parcel = (e) => {
    if (e.kind === "picked") return [{ kind: "parcel-picked", cell: e.cell, to: String(e.seat) }];
    if (e.kind === "delivered") return [{ kind: "parcel-delivered", cell: e.cell }];
    return [];
  };
  return events
    .filter((e) => Array.isArray(e.stack) && e.stack.length && e.kind !== "slot-revealed")
    .map((e) => ({ moves: move(e), caption: e.stack.join(" > "), effects: parcel(e) }));
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
  for (const step of steps) step.effects ??= [];
  const shown = (step) => step.caption || step.effects.length || step.moves.some((move) => move.cells.length > 1 || move.turn);
  return steps.filter(shown);
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
    const effects = step.effects?.length ? EFFECT_CELLS : 1; // an effect is seen for a moment
    start += Math.max(effects, ...step.moves.map((move) => move.cells.length - 1)) * perCell;
  }
  return { pieces, total: start };
}

let captionTimers = [];
const EFFECT_CELLS = 3; // an effect lasts as long as a walk of three cells
const SVG = "http://www.w3.org/2000/svg";

// The middle of a cell in the drawing's units.
function middleOf(svg, [x, y], size) {
  const [ox, oy] = (svg.dataset.origin ?? "0 0").split(" ").map(Number);
  return [ox + (x + 0.5) * size, oy + (y + 0.5) * size];
}

function shape(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

// Where a piece is drawn (its cell's middle), or null when it is not on the board.
function pieceMiddle(svg, piece, size) {
  const element = svg.querySelector(`[data-piece="${CSS.escape(piece)}"]`);
  return element ? middleOf(svg, drawnCell(svg, element, size), size) : null;
}

// One effect drawn over the board in `layer` and played from `delay` for `duration`
// milliseconds (then it is gone); false when there is nothing to draw it on.
function drawEffect(svg, layer, fx, size, delay, duration) {
  const timing = { delay, duration, easing: "ease-out" };
  const at = fx.cell ? middleOf(svg, fx.cell, size) : null;
  const add = (element, frames) => {
    element.dataset.effect = fx.kind;
    element.style.opacity = "0"; // seen only while its animation plays
    layer.append(element);
    element.animate(frames, timing);
  };
  if (fx.kind === "shot") {
    const [from, to] = [pieceMiddle(svg, fx.from, size), pieceMiddle(svg, fx.to, size)];
    if (!from || !to) return false;
    const colour = fx.hit ? "#d62728" : "#7f7f7f";
    const ray = shape("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], stroke: colour, "stroke-width": size / 8 });
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    ray.setAttribute("stroke-dasharray", `${length} ${length}`);
    add(ray, [{ strokeDashoffset: length, opacity: 1 }, { strokeDashoffset: 0, opacity: 1, offset: 0.5 }, { strokeDashoffset: 0, opacity: 0 }]);
    if (fx.hit) {
      const flash = shape("circle", { cx: to[0], cy: to[1], r: size / 2, fill: "none", stroke: colour, "stroke-width": size / 10 });
      flash.style.transformOrigin = `${to[0]}px ${to[1]}px`;
      add(flash, [{ opacity: 0, transform: "scale(0.2)" }, { opacity: 0, transform: "scale(0.2)", offset: 0.45 }, { opacity: 1, transform: "scale(1.2)", offset: 0.7 }, { opacity: 0, transform: "scale(1.6)" }]);
    }
    return true;
  }
  if (!at) return false;
  const token = shape("circle", { cx: at[0], cy: at[1], r: size * 0.3, fill: "#ffbf00", stroke: "#333", "stroke-width": size / 25 });
  token.style.transformOrigin = `${at[0]}px ${at[1]}px`;
  if (fx.kind === "fell") {
    // the robot goes down into the pit: smaller and darker until gone
    token.setAttribute("fill", "#555");
    add(token, [{ transform: "scale(1.2)", opacity: 1 }, { transform: "scale(0.1) rotate(270deg)", opacity: 0.2 }]);
  } else if (fx.kind === "left") {
    // it slides one cell on, over the edge, and fades (it swells where no direction is known)
    const [dx, dy] = COMPASS_STEP[fx.toward] ?? [0, 0];
    const away = fx.toward in COMPASS_STEP ? `translate(${dx * size}px, ${dy * size}px)` : "scale(1.8)";
    add(token, [{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: away, opacity: 0 }]);
  } else if (fx.kind === "chip-won") {
    // the chip leaves the target's cell for its winner's pile, over the board's top edge
    const [, oy] = (svg.dataset.origin ?? "0 0").split(" ").map(Number);
    add(token, [{ transform: "translate(0px, 0px)", opacity: 1 }, { transform: `translate(0px, ${oy - at[1]}px)`, opacity: 0 }]);
  } else if (fx.kind === "chip-drawn") {
    add(token, [{ transform: "scale(2.5)", opacity: 0 }, { transform: "scale(1)", opacity: 1, offset: 0.6 }, { transform: "scale(1)", opacity: 0 }]);
  } else if (fx.kind === "parcel-picked" || fx.kind === "parcel-delivered") {
    const parcel = shape("rect", { x: at[0] - size * 0.2, y: at[1] - size * 0.2, width: size * 0.4, height: size * 0.4, fill: "#a0522d" });
    parcel.style.transformOrigin = `${at[0]}px ${at[1]}px`;
    // picked: it rises onto the pawn; delivered: it sinks into the drop point
    const end = fx.kind === "parcel-picked" ? "translate(0px, -20%) scale(1.3)" : "scale(0.1)";
    add(parcel, [{ transform: "scale(1)", opacity: 1 }, { transform: end, opacity: 0 }]);
  } else return false;
  return true;
}

// Plays the steps on the drawing now in `board` (the pieces are drawn where they ended), each
// piece starting from its first cell; `caption(text)` shows each step's caption, then "". Returns
// the elements animated (a piece the events do not place is left to the page's other slides),
// how many effects were drawn (see `drawEffect`) and how long it lasts in milliseconds.
export function animate(board, steps, speed, caption) {
  captionTimers.forEach(clearTimeout);
  captionTimers = [];
  caption("");
  const perCell = PER_CELL[speed] ?? 0;
  const svg = board.querySelector("svg");
  const size = Number(svg?.dataset.cellSize);
  if (!perCell || !size || !steps.length) return { elements: new Set(), effects: 0, duration: 0 };
  const { pieces, total } = timelines(steps, perCell);
  const scale = Math.min(1, LONGEST / total);
  const animated = new Set();
  const layer = shape("g", { class: "effects", "pointer-events": "none" });
  svg.append(layer);
  let effects = 0;
  for (const step of steps) {
    for (const fx of step.effects ?? []) {
      effects += drawEffect(svg, layer, fx, size, step.start * scale, EFFECT_CELLS * perCell * scale) ? 1 : 0;
    }
  }
  captionTimers.push(setTimeout(() => layer.remove(), total * scale + 50)); // gone once played
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
  return { elements: animated, effects, duration: total * scale };
}
