// Robotick's two cards to pass (RT-9): chosen in secret, one after the other, for the player on
// the left; a card chosen stays chosen. The next slot opens the cards of the hand that can go.

const PASSED = 2;
const HUMANS = 3;

export function decision({ view, legal, seat, say, seatName }) {
  const chosen = view.pass_chosen;
  if (view.phase !== "pass" || !Array.isArray(chosen)) return null;
  const passes = legal.filter((action) => action.startsWith("pass "));
  if (!passes.length && chosen.length < PASSED) return null;
  const name = seatName((seat + 1) % HUMANS);
  const slots = [];
  for (let i = 0; i < PASSED; i += 1) {
    const number = i + 1;
    const slot = { key: `c${number}`, label: say("decision.card", { number }), state: "empty", shown: null };
    if (i < chosen.length) Object.assign(slot, { state: "filled", shown: chosen[i] });
    else if (i === chosen.length && passes.length) {
      const choices = passes.map((action) => ({ action, label: action.slice("pass ".length) }));
      const prompt = say("decision.choose", { number, name });
      Object.assign(slot, { state: "next", shown: say("decision.next"), choices, prompt });
    }
    slots.push(slot);
  }
  const note = say(chosen.length < PASSED ? "decision.note" : "decision.done", { name });
  return { title: say("decision.title"), rows: [{ key: "pass", label: null, slots }], note };
}
