// Choosing among legal actions written in a game's notation ("place 2 0 S", "bid 5"), by their
// words alone: what the board offers to click, what a click narrows the list to, and the words
// a long list is chosen by. No game's rule is here: only how actions are written.

export const words = (action) => action.split(/\s+/);

// A word drawn on the board that is also a word of a legal action (a card, an order token, an
// emitter slot) can be clicked; so can a cell the drawing marks (data-cell="x y") when actions
// name it right after their first word (DR2D's "place 2 0 S", Droids' "obstacle 3 4").
export function pickableWord(word) {
  return word.length >= 2 && /[A-Za-z]/.test(word);
}

// The cell an action names after its first word ("place 2 0 S": "2 0"), or null.
export function cellOf(action) {
  const [, x, y] = words(action);
  return /^\d+$/.test(x) && /^\d+$/.test(y) ? `${x} ${y}` : null;
}

// The words and cells of the board that legal actions name.
export function pickable(legal) {
  return {
    words: new Set(legal.flatMap(words).filter(pickableWord)),
    cells: new Set(legal.map(cellOf)),
  };
}

// The actions with the word or at the cell picked on the board ({word} or {cell}).
export function pickedActions(legal, { word, cell }) {
  return legal.filter((action) => (cell ? cellOf(action) === cell : words(action).includes(word)));
}

const startsWith = (split, prefix) => prefix.every((word, i) => split[i] === word);

// Whether some action goes on after the words chosen so far.
export function goesOn(legal, prefix) {
  return legal.some((action) => {
    const split = words(action);
    return split.length > prefix.length && startsWith(split, prefix);
  });
}

// The next words after `prefix`, in order: for each, the action it completes (or null) and
// whether longer actions go on after it.
export function nextWords(legal, prefix) {
  const depth = prefix.length;
  const next = new Map();
  for (const action of legal) {
    const split = words(action);
    if (!startsWith(split, prefix) || split.length <= depth) continue;
    const entry = next.get(split[depth]) ?? { action: null, more: false };
    if (split.length === depth + 1) entry.action = action;
    else entry.more = true;
    next.set(split[depth], entry);
  }
  return next;
}
