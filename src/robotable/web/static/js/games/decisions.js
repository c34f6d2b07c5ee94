// Each game's secret decision in progress as the table page draws it (views/decision.js), by
// game id: from the seat's own view and its legal actions, rows of slots (filled, empty, the
// next to fill, the last to take back) with the choices that fill them, in the game's own words
// (`say`: its catalogue). A game without one here has no decision drawn beside its panel.

import { decision as delivery } from "./delivery_decision.js";
import { decision as dr2d } from "./dr2d_decision.js";
import { decision as droids } from "./droids_decision.js";
import { decision as robotick } from "./robotick_decision.js";

const DECISIONS = { dr2d, droids, delivery, robotick };

// `seen`: {view, legal, seat, say(key, params), seatName(seat)}. A description:
// {title, rows: [{key, label, slots: [slot]}], note, finish: [choice], open: a slot's key}, where
// a slot is {key, label, state: "filled" | "empty" | "next" | "pending" | "out", shown, picture,
// send (the action a click sends), sendLabel, choices: [choice], prompt} and a choice {action,
// label, picture}; or null.
export function describeDecision(game, seen) {
  return DECISIONS[game]?.(seen) ?? null;
}
