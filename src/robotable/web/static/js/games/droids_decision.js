// Droids' placing (DD-14), a token at a time in three steps: a token of the hand, then an empty
// slot of an intact emitter, then the token's arrow. Drawn: the hand (a click picks a token;
// the chosen one, clicked again, goes back), the seat's ten emitters with the orders on their
// three slots (the slot nearest the board first), the slots the chosen token can take marked,
// and the slot being placed with its arrows to choose. `stop` ends the seat's placing. While
// sending (DD-15..DD-17), the orders that can be sent now (each the one nearest the board on its
// emitter) are marked, and a click sends it.

const ARROWS = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

export function decision({ view, legal, seat, say }) {
  if (!Array.isArray(view.hand) || view.eliminated?.[seat]) return null;
  if (view.phase === "send") return sending(view, legal, seat, say);
  if (view.phase !== "place") return null;
  const placing = view.placing ?? [];
  const tokenWord = (token) => say(`token.${token}`);
  const rows = [handRow(view.hand, placing, legal, say, tokenWord)];
  view.emitters[seat].forEach((emitter, number) => rows.push(emitterRow(emitter, number, placing, legal, say)));
  const finish = [];
  if (placing.length === 3 && legal.includes("back")) finish.push({ action: "back", label: say("decision.other_slot") });
  if (legal.includes("stop")) finish.push({ action: "stop", label: say("decision.stop") });
  const step = ["token", "slot", "arrow", "arrow"][placing.length];
  const token = placing[0] ?? "";
  const note = legal.length ? say(`decision.step_${step}`, { code: token, token }) : say("decision.waiting");
  const open = placing.length === 3 ? slotKey(placing[1], placing[2]) : null; // its arrows are the only choice
  return { title: say("decision.title"), rows, note, finish, open };
}

const slotKey = (emitter, slot) => `e${emitter}.${slot}`;

// The sending phase: the seat's emitters, each sendable candidate marked and sent by a click.
function sending(view, legal, seat, say) {
  const rows = view.emitters[seat].map((emitter, number) => {
    const row = emitterRow(emitter, number, [], [], say);
    const send = `send e${number}`;
    const candidate = row.slots.find((slot) => slot.state === "filled");
    if (!candidate || !legal.includes(send)) return row;
    Object.assign(candidate, { state: "next", send, sendLabel: say("decision.send") });
    return row;
  });
  const note = say(legal.length ? "decision.step_send" : "decision.waiting_send");
  return { title: say("decision.title"), rows, note };
}

// The hand: each token a slot; before a token is chosen, a click picks it.
function handRow(hand, placing, legal, say, tokenWord) {
  let pendingLeft = placing.length > 0; // the hand still holds the token being placed: shown pending
  const slots = hand.map((token, i) => {
    const slot = { key: `h${i}`, label: token, state: "filled", shown: tokenWord(token) };
    if (pendingLeft && token === placing[0]) {
      pendingLeft = false;
      const back = placing.length === 1 && legal.includes("back");
      return { ...slot, state: "pending", ...(back ? { send: "back", sendLabel: `↶ ${say("decision.put_back")}` } : {}) };
    }
    return legal.includes(token) ? { ...slot, state: "next", send: token } : slot;
  });
  return { key: "hand", label: say("decision.hand"), slots, compact: true };
}

// One emitter: its three slots, an order shown with its arrow; the slots the chosen token can
// take are marked, and a click there puts it; the slot being placed opens its arrows.
function emitterRow(emitter, number, placing, legal, say) {
  const slots = emitter.slots.map((held, i) => {
    const key = slotKey(number, i + 1);
    const slot = { key, label: String(i + 1), state: "empty", shown: null };
    if (emitter.destroyed) return { ...slot, state: "out", shown: "✕" };
    if (held) {
      const [token, arrow] = held.split(":");
      return { ...slot, state: "filled", shown: token, picture: { arrow: ARROWS[arrow] ?? 0 } };
    }
    if (placing.length === 3 && placing[1] === number && placing[2] === i + 1) {
      const arrows = legal.filter((action) => action in ARROWS);
      const choices = arrows.map((a) => ({ action: a, label: say(`arrow.${a}`), picture: { arrow: ARROWS[a] } }));
      const prompt = say("decision.choose_arrow", { code: placing[0], token: placing[0] });
      return { ...slot, state: "pending", shown: placing[0], choices, prompt };
    }
    return legal.includes(key) ? { ...slot, state: "next", send: key } : slot;
  });
  const label = say(emitter.destroyed ? "decision.emitter_destroyed" : "decision.emitter", { number });
  return { key: `e${number}`, label, slots, compact: true, inline: true };
}
