// The Ricochet editor's state (a store): the four faces of the standard board (NW, NE, SE, SW),
// the four robots' cells (and the silver robot's, when it is in play: RR-7), the target, the rule
// RR-15, and the board as the server drew it.
// `file()` is the puzzle file the game loads (docs/puzzles.md, "The file format").

import { api } from "../../../api.js";
import { language } from "../../../i18n.js";
import { createStore } from "../../../shared/store.js";
import { words as said } from "../../../words/editor.js";

// the lesson of a puzzle made here, in both languages (the file holds both)
const LESSON = { en: said.en["editor.lesson"], fr: said.fr["editor.lesson"] };

export const ROBOTS = ["red", "green", "blue", "yellow", "silver"]; // a fifth cell: silver in play
export const FACES = ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B"];
const HEX = "0123456789ABCDEF";
const CENTRE = (x, y) => (x === 7 || x === 8) && (y === 7 || y === 8);

export function createRicochetEditor() {
  const store = createStore({
    game: "ricochet",
    lang: language(),
    faces: ["1A", "2A", "3A", "4A"],
    robots: [
      [0, 0],
      [15, 0],
      [15, 15],
      [0, 15],
    ],
    target: "RC",
    targets: [],
    mustRicochet: true,
    tool: "red",
    title: "",
    drawing: null, // the server's SVG of the board
    error: "",
  });
  const { get, set } = store;
  const robotsCode = (robots) => robots.map(([x, y]) => HEX[x] + HEX[y]).join("");

  async function redraw() {
    const { faces, robots, target, lang } = get();
    const query = new URLSearchParams({ faces: faces.join(""), robots: robotsCode(robots), target, lang });
    try {
      const drawn = await api(`/api/puzzles/editor/ricochet/drawing?${query}`);
      // a board without the target chosen: its first target
      set({ drawing: drawn.board, targets: drawn.targets, target: drawn.target ?? drawn.targets[0], error: "" });
      if (!drawn.target) redraw();
    } catch (failure) {
      set({ error: failure.message });
    }
  }

  return {
    get,
    watch: store.watch,
    game: "ricochet",
    start: redraw,
    relanguage() {
      set({ lang: language() });
      redraw();
    },
    pickTool: (tool) => set({ tool }),
    // Face `face` at `position` (0 NW .. 3 SW); the face that held its piece takes the other place.
    setFace(position, face) {
      const faces = [...get().faces];
      const other = faces.findIndex((f, i) => i !== position && f[0] === face[0]);
      if (other >= 0) faces[other] = get().faces[position];
      faces[position] = face;
      set({ faces });
      redraw();
    },
    // The robot in use onto cell (x, y): never the centre, never another robot's cell (they swap).
    // The silver robot's first placing puts it in play, on a free cell only (it has none to swap).
    place(x, y) {
      if (CENTRE(x, y) || x < 0 || y < 0 || x > 15 || y > 15) return;
      const robots = get().robots.map((cell) => [...cell]);
      const mine = ROBOTS.indexOf(get().tool);
      const there = robots.findIndex(([rx, ry]) => rx === x && ry === y);
      if (mine >= robots.length) {
        if (there >= 0) return;
        robots.push([x, y]);
      } else {
        if (there >= 0) robots[there] = robots[mine];
        robots[mine] = [x, y];
      }
      set({ robots });
      redraw();
    },
    // The silver robot out of play (four robots again).
    removeSilver() {
      set({ robots: get().robots.slice(0, 4), tool: get().tool === "silver" ? "red" : get().tool });
      redraw();
    },
    setTarget(target) {
      set({ target });
      redraw();
    },
    setMustRicochet: (mustRicochet) => set({ mustRicochet }),
    setTitle: (title) => set({ title }),
    // A puzzle file opened in the editor: true when it was read (four robots, or five with the
    // silver one), false when the editor cannot show it.
    load(data) {
      const code = typeof data?.code === "string" ? data.code.replace(/\s+/g, "").toUpperCase() : "";
      const found = /^([1-4][AB]){4}-([0-9A-F]{8}|[0-9A-F]{10})-([RGBYM][CTQHV])$/.exec(code);
      if (data?.game !== "ricochet" || !found) return false;
      const [faces, robots, target] = code.split("-");
      const starts = Array.from({ length: robots.length / 2 }, (_, n) => 2 * n);
      const cells = starts.map((i) => [HEX.indexOf(robots[i]), HEX.indexOf(robots[i + 1])]);
      const title = typeof data.title?.en === "string" ? data.title.en : "";
      set({ faces: [0, 2, 4, 6].map((i) => faces.slice(i, i + 2)), robots: cells, target, mustRicochet: data.must_ricochet !== false, title });
      redraw();
      return true;
    },
    file() {
      const { faces, robots, target, mustRicochet, title } = get();
      const text = title.trim();
      const words = { en: text, fr: text };
      const code = `${faces.join("")}-${robotsCode(robots)}-${target}`;
      return { game: "ricochet", format: 1, title: words, lesson: LESSON, code, must_ricochet: mustRicochet };
    },
  };
}
