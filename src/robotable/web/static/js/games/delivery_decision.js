// Robot Delivery's programming (RD-9, RD-10): the onPlay board's four slots, face down, each
// needing at least one card before the program can be submitted, and the seat's function
// boards, face up and for good. Any slot can be opened: its choices are the hand's cards it can
// take (a LOOP beside a card), and a filled onPlay slot gives its cards back. The next slot to
// fill is the first empty one; the note says why `submit` is not there yet.

export function decision({ view, legal, seat, say }) {
  const player = view.players?.[seat];
  if (view.phase !== "programming" || !Array.isArray(player?.program)) return null;
  if (!legal.length && !player.submitted) return null;
  const empty = player.program.map((cards, i) => (cards.length ? null : i + 1)).filter(Boolean);
  const onPlay = player.program.map((cards, i) => {
    const number = i + 1;
    const slot = slotOf(`s${number}`, cards, number, `slot ${number} `, legal, say);
    if (legal.includes(`take ${number}`)) slot.choices.push({ action: `take ${number}`, label: say("decision.take") });
    if (number === empty[0]) Object.assign(slot, { state: "next", shown: say("decision.next") });
    return { ...slot, prompt: say("decision.choose", { number }) };
  });
  const rows = [{ key: "onplay", label: say("decision.onplay"), slots: onPlay }];
  for (const { letter, slots } of view.function_boards.filter((board) => board.owner === seat)) {
    const boardSlots = slots.map((cards, i) => {
      const number = i + 1;
      const slot = slotOf(`f${letter}${number}`, cards, number, `fn ${letter} ${number} `, legal, say);
      return { ...slot, prompt: say("decision.choose_function", { letter, number }) };
    });
    rows.push({ key: `fn-${letter}`, label: say("decision.function", { letter }), slots: boardSlots });
  }
  const finish = legal.includes("submit") ? [{ action: "submit", label: say("decision.submit") }] : [];
  return { title: say("decision.title"), rows, note: note(player, empty, view.hand ?? [], say), finish };
}

// A slot holding `cards`, whose choices are the legal actions starting with `prefix` (a card
// each: its code and its words).
function slotOf(key, cards, number, prefix, legal, say) {
  const word = (card) => say(`short.${card}`);
  const choices = legal
    .filter((action) => action.startsWith(prefix))
    .map((action) => ({ action, label: `${action.slice(prefix.length)} · ${word(action.slice(prefix.length))}` }));
  const shown = cards.length ? cards.map(word).join(" + ") : null;
  return { key, label: say("decision.slot", { number }), state: cards.length ? "filled" : "empty", shown, choices };
}

// Why the program cannot be submitted yet, or that it was.
function note(player, empty, hand, say) {
  if (player.submitted) return say("decision.submitted");
  if (!empty.length) return null;
  if (hand.length < empty.length) return say("decision.hand_short", { hand: hand.length, count: empty.length });
  return say("decision.missing", { slots: empty.join(", ") });
}
