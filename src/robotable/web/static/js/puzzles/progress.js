// A person's puzzle progress, kept in this browser (no account needed): for each puzzle solved,
// the fewest moves and whether that was the proven optimum. One key per puzzle, so two pages
// open at once never overwrite each other's puzzles.

const PREFIX = "robotable:puzzle:ricochet:";

// {moves, optimal} of the best solution of `id`, or null when it is not solved here.
export function bestOf(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + id) ?? "null");
    return Number.isInteger(stored?.moves) ? { moves: stored.moves, optimal: stored.optimal === true } : null;
  } catch {
    return null; // a value written by hand: as if unsolved
  }
}

// Keeps a solution of `moves` moves when it is the best so far; the best after it.
export function recordSolved(id, moves, optimal) {
  const best = bestOf(id);
  if (best && best.moves <= moves) return best;
  const kept = { moves, optimal };
  localStorage.setItem(PREFIX + id, JSON.stringify(kept));
  return kept;
}

// An account's best ([moves]) kept here when it is better (account_progress.js).
export const keepBest = (id, [moves], optimal) => recordSolved(id, moves, optimal);
