// A person's DR2D puzzle progress, kept in this browser (no account needed): for each puzzle
// solved, the best score [turns, moves] and whether it was the proven optimum. One key per
// puzzle, so two pages open at once never overwrite each other's puzzles.

import { better } from "./score.js";

const PREFIX = "robotable:puzzle:dr2d:";
const whole = (n) => Number.isInteger(n) && n >= 0;

// {score: [turns, moves], optimal} of the best solution of `id`, or null when not solved here.
export function bestOf(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + id) ?? "null");
    const score = stored?.score;
    return Array.isArray(score) && score.length === 2 && score.every(whole) ? { score, optimal: stored.optimal === true } : null;
  } catch {
    return null; // a value written by hand: as if unsolved
  }
}

// Keeps a solution of `score` when it is the best so far; the best after it.
export function recordSolved(id, score, optimal) {
  const best = bestOf(id);
  if (best && !better(score, best.score)) return best;
  const kept = { score, optimal };
  localStorage.setItem(PREFIX + id, JSON.stringify(kept));
  return kept;
}

// An account's best ([turns, moves]) kept here when it is better (../account_progress.js).
export const keepBest = (id, score, optimal) => score.length === 2 && recordSolved(id, score, optimal);
