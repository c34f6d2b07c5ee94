// The DR2D editor's state (a store): the factory's map, row by row, one tile a cell in the game's
// board format (a part of a factory: its edges are the factory's); the robot's start and facing;
// the goal tile; the turns the player has and how the letters read. `file()` is the puzzle file
// the game loads (docs/puzzles.md, "DR2D", "The file"). Walls, lasers and pushers are the file's
// own sections: this editor draws the map.

import { language } from "../../../i18n.js";
import { createStore } from "../../../shared/store.js";
import { words as said } from "../../../words/editor.js";

// the lesson of a puzzle made here, in both languages (the file holds both)
const LESSON = { en: said.en["editor.lesson"], fr: said.fr["editor.lesson"] };
import { dr2dKit } from "./kit.js";

const MAX_SIDE = 12;
const MAX_TURNS = 10;
const blank = (width, height) => Array.from({ length: width * height }, () => ".");

export function createDr2dEditor() {
  const store = createStore({
    game: "dr2d",
    lang: language(),
    width: 5,
    height: 3,
    cells: blank(5, 3),
    start: null, // {x, y, facing}
    goal: null, // {x, y}
    tool: ">",
    facing: "E",
    turns: 1,
    absolute: false,
    title: "",
  });
  const { get, set } = store;
  const inside = (spot, width, height) => spot && spot.x < width && spot.y < height;

  return {
    get,
    watch: store.watch,
    game: "dr2d",
    kit: dr2dKit,
    relanguage: () => set({ lang: language() }),
    setSize(width, height) {
      const clamp = (n) => Math.max(1, Math.min(MAX_SIDE, Number(n) || 1));
      const [w, h] = [clamp(width), clamp(height)];
      const { cells, width: old, height: oldHeight, start, goal } = get();
      const next = blank(w, h).map((_, i) => {
        const [x, y] = [i % w, Math.floor(i / w)];
        return x < old && y < oldHeight ? cells[y * old + x] : ".";
      });
      set({ width: w, height: h, cells: next, start: inside(start, w, h) ? start : null, goal: inside(goal, w, h) ? goal : null });
    },
    pickTool: (tool) => set({ tool }),
    face(facing) {
      const { start } = get();
      set({ facing, start: start ? { ...start, facing } : start });
    },
    draw(x, y) {
      const { tool, width, facing } = get();
      if (tool === "robot") set({ start: { x, y, facing } });
      else if (tool === "goal") set({ goal: { x, y } });
      else set({ cells: get().cells.with(y * width + x, tool) });
    },
    setTurns: (turns) => set({ turns: Math.max(1, Math.min(MAX_TURNS, Number(turns) || 1)) }),
    setAbsolute: (absolute) => set({ absolute }),
    setTitle: (title) => set({ title }),
    // A puzzle file opened in the editor: true when it was read (a map of the editor's tiles and
    // a goal tile), false when the editor cannot show it (walls, lasers, pushers, laws: the file's).
    load(data) {
      const symbols = new Set(dr2dKit.tools.map(([tool]) => tool));
      const lines = Array.isArray(data?.factory) ? data.factory.map(String) : String(data?.factory ?? "").split("\n");
      const kept = lines.map((line) => line.replace(/#.*/, "").trim()).filter(Boolean);
      if (data?.game !== "dr2d" || kept[0] !== "[map]" || kept.some((line, i) => i > 0 && line.startsWith("["))) return false;
      const rows = kept.slice(1).map((line) => line.split(/\s+/));
      const width = Math.max(0, ...rows.map((row) => row.length));
      if (!rows.length || rows.length > MAX_SIDE || width > MAX_SIDE) return false;
      const cells = rows.flatMap((row) => [...row, ...Array(width - row.length).fill(".")]);
      if (!cells.every((cell) => symbols.has(cell)) || !Array.isArray(data.goal?.tile)) return false;
      const [x, y] = data.robot?.tile ?? [];
      const facing = data.robot?.facing === "O" ? "W" : data.robot?.facing;
      const start = Number.isInteger(x) && Number.isInteger(y) && "NESW".includes(facing) ? { x, y, facing } : null;
      const [gx, gy] = data.goal.tile;
      const title = typeof data.title?.en === "string" ? data.title.en : "";
      const turns = Math.max(1, Math.min(MAX_TURNS, Number(data.turns) || 1));
      set({ width, height: rows.length, cells, start, goal: { x: gx, y: gy }, turns, absolute: data.options?.absolute_directions === true, title });
      return true;
    },
    file() {
      const { width, cells, start, goal, turns, absolute, title } = get();
      const rows = [];
      for (let i = 0; i < cells.length; i += width) rows.push(cells.slice(i, i + width).join(" "));
      const text = title.trim();
      const words = { en: text, fr: text };
      const file = { game: "dr2d", format: 1, title: words, lesson: LESSON, factory: ["[map]", ...rows] };
      if (start) file.robot = { tile: [start.x, start.y], facing: start.facing, pc: 7 };
      if (goal) file.goal = { tile: [goal.x, goal.y] };
      return { ...file, turns, options: { absolute_directions: absolute } };
    },
  };
}
