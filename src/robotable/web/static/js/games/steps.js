// What a game's planner makes of its events: steps, played one after the other by the board's
// animator (board/animate.js). A step moves pieces together cell by cell ({piece, cells, turn}:
// `piece` is the drawing's data-piece, `turn` degrees on screen), shows a caption meanwhile (a
// DR2D register, a Delivery call frame), and draws effects over the board (a shot, a fall, a
// chip: see board/effects.js). Only the cells the events give are here, no rule of any game.

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

// One piece walking from `start` to `end`.
export const alone = (piece, start, end) => ({ moves: [{ piece, cells: line(start, end) }], caption: null });

// Something shown over the board for one step, not a piece: a shot's line and its hit, a robot
// falling or leaving, a chip or a parcel going where it goes.
export const effect = (kind, fields) => ({ moves: [], caption: null, effects: [{ kind, ...fields }] });
