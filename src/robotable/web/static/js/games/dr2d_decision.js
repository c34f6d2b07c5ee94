// DR2D's program being entered (DR-10): five registers, filled in order, in secret. A filled
// register shows its arrow and word (DR-12: forward, right, back, left in the robot's own frame;
// north, east, south, west with `absolute_directions`); the next one opens the five choices;
// the last one filled is taken back by a click (undo). Five filled: lock the program.

const LETTERS = ["N", "E", "S", "W"];
const STAY = "STAY";
const REGISTERS = 5;

// The picture of a register: an arrow turned a quarter per letter, a dot for STAY.
export const pictureOf = (letter) => (letter === STAY ? { dot: true } : { arrow: 90 * LETTERS.indexOf(letter) });

export function decision({ view, legal, seat, say }) {
  if (view.phase !== "programming" || !Array.isArray(view.program)) return null;
  const robot = view.robots.find((r) => r.seat === seat);
  const registers = legal.filter((action) => action === STAY || LETTERS.includes(action));
  if (!robot?.locked && !registers.length && !legal.includes("lock")) return null;
  const reading = view.options?.absolute_directions ? "absolute" : "relative";
  const word = (letter) => say(`register.${reading}.${letter}`);
  const program = view.program;
  const slots = [];
  for (let i = 0; i < REGISTERS; i += 1) {
    const letter = program[i];
    const number = i + 1;
    const slot = { key: `r${number}`, label: say("decision.register", { number }), state: "empty", shown: null };
    if (letter !== undefined) {
      Object.assign(slot, { state: "filled", shown: word(letter), picture: pictureOf(letter) });
      const last = i === program.length - 1 && legal.includes("undo");
      if (last) Object.assign(slot, { send: "undo", sendLabel: `↶ ${say("decision.undo")}` });
    } else if (i === program.length && registers.length) {
      const choices = registers.map((action) => ({ action, label: word(action), picture: pictureOf(action) }));
      const prompt = say("decision.choose", { number });
      Object.assign(slot, { state: "next", shown: say("decision.next"), choices, prompt });
    }
    slots.push(slot);
  }
  const finish = legal.includes("lock") ? [{ action: "lock", label: say("decision.lock") }] : [];
  const missing = REGISTERS - program.length;
  const note = robot?.locked ? say("decision.locked") : missing ? say("decision.missing", { count: missing }) : null;
  return { title: say("decision.title"), rows: [{ key: "program", label: null, slots }], note, finish };
}
