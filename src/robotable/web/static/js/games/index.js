// The games' movement planners, by game id: each turns its game's events into the steps the
// board plays (see steps.js). A game without a planner (Robotick: cards played go to the trick)
// has nothing walking a path: what moved between two drawings just slides (board/slide.js).

import { steps as delivery } from "./delivery.js";
import { steps as dr2d } from "./dr2d.js";
import { steps as droids } from "./droids.js";
import { steps as ricochet } from "./ricochet.js";

const PLANNERS = { ricochet, dr2d, droids, delivery };

// The steps of a game's events worth showing; `words` names things in the page's language
// (`register(number)`: a DR2D register's caption).
export function plan(game, events, words) {
  const planned = PLANNERS[game]?.(events, words) ?? [];
  for (const step of planned) step.effects ??= [];
  const shown = (step) => step.caption || step.effects.length || step.moves.some((move) => move.cells.length > 1 || move.turn);
  return planned.filter(shown);
}
