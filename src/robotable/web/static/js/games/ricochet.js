// Ricochet Robots' events as steps: each move is straight; two moves of one robot in a row turn
// its ricochet's corner. Moves before the robots were put back (a failed demonstration) are not
// drawn any more, but what happened to the chips before then is (news of several actions may
// come to one drawing: a chip won, the next round's failed demonstration). A chip won leaves the
// target's cell for its winner's pile; a chip drawn appears on its cell.

import { alone, effect } from "./steps.js";

export function steps(events) {
  let planned = [];
  let reached = null; // where the last robot stopped: the target's cell when a chip is won
  for (const e of events) {
    if (e.kind === "robots-reset") {
      planned = planned.filter((step) => step.effects);
      reached = null;
    } else if (e.kind === "moved") {
      planned.push(alone(e.robot, e.start, e.end));
      reached = e.end;
    } else if (e.kind === "chip-won" && reached) planned.push(effect("chip-won", { cell: reached, label: e.target }));
    else if (e.kind === "chip-drawn") planned.push(effect("chip-drawn", { cell: e.cell, label: e.target }));
  }
  return planned;
}
