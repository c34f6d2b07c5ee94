// The player's program as the page keeps it, and the changes a click makes: each function
// returns a new program and never changes the one given. A program is {P: slots, A: slots, ...}
// (P the onPlay board, A to D the function boards), a slot a list of cards: its action card
// (FWD, RR, FN-A ...) first, then its LOOP cards. The server judges everything else (a board
// calling itself, the puzzle solved): the page only keeps within the cards allowed.

const LOOP = "LOOP";
const MAX_LOOPS = 4; // LOOP cards in one slot at most, as in the game's deck

// The empty program of `puzzle` (its onPlay slots and function boards).
export function emptyProgram(puzzle) {
  const program = { P: Array(puzzle.slots).fill([]) };
  for (const { letter, slots } of puzzle.functions) program[letter] = Array(slots).fill([]);
  return program;
}

// How many `card` cards the allowance has left once `program` is laid.
export function left(puzzle, program, card) {
  const allowed = puzzle?.cards.find(([name]) => name === card)?.[1] ?? 0;
  const used = Object.values(program ?? {}).flat(2).filter((name) => name === card).length;
  return allowed - used;
}

// `program` with `card` put into the slot `key` ("P1", "A3"): a LOOP beside the slot's cards, an
// action card in place of the slot's own (which goes back). The same program when nothing fits.
export function placed(program, key, card) {
  const [board, index] = where(key);
  const cards = program[board]?.[index];
  if (!cards) return program;
  let next;
  if (card === LOOP) next = cards.filter((c) => c === LOOP).length < MAX_LOOPS ? [...cards, LOOP] : cards;
  else next = [card, ...cards.filter((c) => c === LOOP)];
  return next === cards ? program : withSlot(program, board, index, next);
}

// `program` with the slot `key` emptied (its cards back in the palette).
export function taken(program, key) {
  const [board, index] = where(key);
  return program[board]?.[index]?.length ? withSlot(program, board, index, []) : program;
}

// The program as the run route reads it: {"onplay": [[cards]...], "functions": {"A": ...}}.
export function programData(program) {
  const { P, ...functions } = program;
  return { onplay: P, functions };
}

// The page's program of the run route's `data` ({onplay, functions}) on `puzzle`: every slot of
// its boards, empty ones too (the inverse of programData).
export function programOf(data, puzzle) {
  const program = emptyProgram(puzzle);
  const fill = (board, slots) => (program[board] = program[board].map((empty, i) => slots?.[i] ?? empty));
  fill("P", data?.onplay);
  for (const letter of Object.keys(program)) if (letter !== "P") fill(letter, data?.functions?.[letter]);
  return program;
}

// The program's cards in all.
export function cardCount(program) {
  return Object.values(program ?? {}).flat(2).length;
}

function where(key) {
  return [key[0], Number(key.slice(1)) - 1];
}

function withSlot(program, board, index, cards) {
  return { ...program, [board]: program[board].map((slot, i) => (i === index ? cards : slot)) };
}
