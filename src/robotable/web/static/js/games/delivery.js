// Robot Delivery's program trace as steps: every instruction shows its call frame (slot 3 > F:A
// > loop x2 (2/2)); a pawn moved slides, a pawn turned turns (where it stands: no cell), while
// its frame is shown. A parcel picked up goes onto the pawn, a parcel delivered into its drop
// point. A pawn is drawn with its seat's number.

import { line } from "./steps.js";

export function steps(events) {
  return events
    .filter((e) => Array.isArray(e.stack) && e.stack.length && e.kind !== "slot-revealed")
    .map((e) => ({ moves: moves(e), caption: e.stack.join(" > "), effects: parcels(e) }));
}

function moves(e) {
  if (e.kind === "moved") return [{ piece: String(e.seat), cells: line(e.start, e.end) }];
  if (e.kind === "turned") return [{ piece: String(e.seat), cells: [null], turn: quarterTurns(e.start, e.end) }];
  return [];
}

function parcels(e) {
  if (e.kind === "picked") return [{ kind: "parcel-picked", cell: e.cell, to: String(e.seat) }];
  if (e.kind === "delivered") return [{ kind: "parcel-delivered", cell: e.cell }];
  return [];
}

// The turn from one facing to another in degrees: right 90, left -90, about 180.
function quarterTurns(from, to) {
  const quarters = ("NESW".indexOf(to) - "NESW".indexOf(from) + 4) % 4;
  return [0, 90, 180, -90][quarters] ?? 0;
}
