// Droids' events as steps: robots walk; a shot draws its line from the shooter to its target,
// and a hit flashes.

import { alone, effect } from "./steps.js";

export function steps(events) {
  const planned = [];
  for (const e of events) {
    if (e.kind === "moved") planned.push(alone(e.robot, e.start, e.end));
    else if (e.kind === "shot") {
      planned.push(effect("shot", { from: e.robot, to: e.target, hit: Boolean(e.hits || e.fatal) }));
    }
  }
  return planned;
}
