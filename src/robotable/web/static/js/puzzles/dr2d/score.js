// A DR2D puzzle's score in words: a score is [turns, moves] (fewest turns, then fewest registers
// that are not STAY), said "2 turns and 6 moves", "2 tours et 6 déplacements".

import { t } from "../../i18n.js";
import "../../words/dr2d_puzzle.js";

const count = (kind, n) => t(`dr2d_puzzle.${kind}_${n === 1 ? "one" : "many"}`, { count: n });

// "1 turn", "3 turns".
export const turnsWords = (turns) => count("turn", turns);

// "2 turns and 6 moves".
export const scoreWords = ([turns, moves]) => t("dr2d_puzzle.score", { turns: count("turn", turns), moves: count("move", moves) });

// Whether score `a` is better than `b` (lower, turns first); anything beats nothing.
export const better = (a, b) => !b || a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
