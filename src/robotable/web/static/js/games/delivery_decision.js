// Robot Delivery's programming (RD-9, RD-10): the onPlay board's four slots, face down, each
// needing at least one card before the program can be submitted, and the seat's function
// boards, face up and for good. Any slot can be opened: its choices are the hand's cards it can
// take (a LOOP beside a card), and a filled onPlay slot gives its cards back. The next slot to
// fill is the first empty one; the note says why `submit` is not there yet.

const SLOTS = 4;

export function decision({ view, legal, seat, say }) {
  const player = view.players?.[seat];
  if (view.phase !== "programming" || !Array.isArray(player?.program)) return null;
  if (!legal.length && !player.submitted) return null;
  const cardWord = (card) => say(`short.${card}`);
  const choice = (action, card) => ({ action, label: `${card} · ${cardWord(card)}` });
  const shown = (cards) => (cards.length ? cards.map(cardWord).join(" + ") : null);
  const empty = player.program.map((cards, i) => (cards.length ? null : i + 1)).filter(Boolean);

  const onPlay = player.program.map((cards, i) => {
    const number = i + 1;
    const prefix = `slot ${number} `;
    const choices = legal.filter((a) => a.startsWith(prefix)).map((a) => choice(a, a.slice(prefix.length)));
    if (legal.includes(`take ${number}`)) choices.push({ action: `take ${number}`, label: say("decision.take") });
    const state = cards.length ? "filled" : number === empty[0] ? "next" : "empty";
    const words = shown(cards) ?? (state === "next" ? say("decision.next") : "");
    return { key: `s${number}`, label: say("decision.slot", { number }), state, shown: words, choices, prompt: say("decision.choose", { number }) };
  });
  const rows = [{ key: "onplay", label: say("decision.onplay"), slots: onPlay }];
  for (const board of view.function_boards.filter((b) => b.owner === seat)) {
    rows.push({ key: `fn-${board.letter}`, label: say("decision.function", { letter: board.letter }), slots: functionSlots(board, legal, choice, shown, say) });
  }
  const finish = legal.includes("submit") ? [{ action: "submit", label: say("decision.submit") }] : [];
  return { title: say("decision.title"), rows, note: note(player, empty, view.hand ?? [], say), finish };
}

function functionSlots({ letter, slots }, legal, choice, shown, say) {
  return slots.slice(0, SLOTS).map((cards, i) => {
    const number = i + 1;
    const prefix = `fn ${letter} ${number} `;
    const choices = legal.filter((a) => a.startsWith(prefix)).map((a) => choice(a, a.slice(prefix.length)));
    const prompt = say("decision.choose_function", { letter, number });
    return { key: `f${letter}${number}`, label: say("decision.slot", { number }), state: cards.length ? "filled" : "empty", shown: shown(cards), choices, prompt };
  });
}

// Why the program cannot be submitted yet, or that it was.
function note(player, empty, hand, say) {
  if (player.submitted) return say("decision.submitted");
  if (!empty.length) return null;
  if (hand.length < empty.length) return say("decision.hand_short", { hand: hand.length, count: empty.length });
  return say("decision.missing", { slots: empty.join(", ") });
}
