// A person's Robot Delivery puzzle progress, kept in this browser (no account needed), as
// Ricochet's (../progress.js): for each puzzle solved, the fewest cards and whether that was
// the proven optimum. One key per puzzle, so two pages open at once never overwrite each other.

const PREFIX = "robotable:puzzle:delivery:";

// {cards, optimal} of the best solution of `id`, or null when it is not solved here.
export function bestOf(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + id) ?? "null");
    return Number.isInteger(stored?.cards) ? { cards: stored.cards, optimal: stored.optimal === true } : null;
  } catch {
    return null; // a value written by hand: as if unsolved
  }
}

// Keeps a solution of `cards` cards when it is the best so far (or the first optimal one); the best after it.
export function recordSolved(id, cards, optimal) {
  const best = bestOf(id);
  if (best && (best.cards < cards || (best.cards === cards && (best.optimal || !optimal)))) return best;
  const kept = { cards, optimal };
  localStorage.setItem(PREFIX + id, JSON.stringify(kept));
  return kept;
}

// An account's best ([cards, instructions]) kept here when it is better (../account_progress.js).
export const keepBest = (id, [cards], optimal) => recordSolved(id, cards, optimal);
