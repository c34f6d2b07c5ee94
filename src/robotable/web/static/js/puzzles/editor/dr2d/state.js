// The DR2D editor's state (a store): the factory's map, row by row, one tile a cell in the game's
// board format (a part of a factory: its edges are the factory's), the laws and the game's start
// tiles among them; the walls on the tiles' sides, the lasers on the rim and the pushers; the
// robot's start, facing and PC; the goal (a tile, or laws in order); the turns the player has and
// the rule options. `file()` is the puzzle file the game loads (docs/puzzles.md, "DR2D", "The
// file"), its factory the board format's sections ([map], [walls], [lasers], [pushers]); `load()`
// reads one back.

import { language } from "../../../i18n.js";
import { createStore } from "../../../shared/store.js";
import { words as said } from "../../../words/editor.js";

// the lesson of a puzzle made here, in both languages (the file holds both)
const LESSON = { en: said.en["editor.lesson"], fr: said.fr["editor.lesson"] };
import { dr2dKit, STARTS } from "./kit.js";

const MAX_SIDE = 12;
const MAX_TURNS = 10;
const MAX_ITEMS = 200; // walls, lasers or pushers read from a file (a 12x12 factory has 312 sides)
const SIDES = "NESW";
const RULE_OPTIONS = ["press_every_register", "pit_damage", "reentry_scan_from_next"];
const blank = (width, height) => Array.from({ length: width * height }, () => ".");
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

// The directions a laser on (x, y) can fire: inward from the rim it is mounted on.
export function laserDirections(x, y, width, height) {
  return [...SIDES].filter((d) => {
    const [dx, dy] = STEP[OPPOSITE[d]];
    const [bx, by] = [x + dx, y + dy];
    return bx < 0 || by < 0 || bx >= width || by >= height;
  });
}

// The same side seen from the tile beside it: (x, y, E) is (x + 1, y, W).
const across = ({ x, y, side }) => ({ x: x + STEP[side][0], y: y + STEP[side][1], side: OPPOSITE[side] });
const sameWall = (a, b) => {
  const c = across(b);
  return (a.x === b.x && a.y === b.y && a.side === b.side) || (a.x === c.x && a.y === c.y && a.side === c.side);
};

// "3,4" and "E" (or "O" for W) from a line of a section, or null
function spotOf(words, width, height) {
  const match = /^(\d{1,2}),(\d{1,2})$/.exec(words[0] ?? "");
  const side = String(words[1] ?? "").toUpperCase().replace("O", "W");
  if (!match || words.length !== 2 || side.length !== 1 || !SIDES.includes(side)) return null;
  const [x, y] = [Number(match[1]), Number(match[2])];
  return x < width && y < height ? { x, y, side } : null;
}

export function createDr2dEditor() {
  const store = createStore({
    game: "dr2d",
    lang: language(),
    width: 5,
    height: 3,
    cells: blank(5, 3),
    walls: [], // {x, y, side}, in the order drawn (one line of [walls] each)
    lasers: [], // {x, y, dir}
    pushers: [], // {x, y, dir}
    name: "", // the board's name line, when a file had one
    start: null, // {x, y, facing}
    pc: 7,
    goal: null, // {x, y}
    goalLaws: [], // the laws to reach in order: the goal when there are any
    tool: ">",
    facing: "E",
    turns: 1,
    absolute: false,
    options: {}, // the file's other rule options, kept as they were
    title: "",
    note: "", // the words of why the last click drew nothing (a laser inside the factory)
  });
  const { get, set } = store;
  const inside = (spot, width, height) => spot && spot.x < width && spot.y < height;

  // a law or a start letter drawn: the same one elsewhere goes (each is on one tile)
  function place(cells, at, symbol) {
    const unique = "123".includes(symbol) || STARTS.includes(symbol);
    return cells.map((cell, i) => (i === at ? symbol : unique && cell === symbol ? "." : cell));
  }

  // The factory in the game's board format: its map, then its walls, lasers and pushers.
  function factory() {
    const { width, cells, walls, lasers, pushers, name } = get();
    const lines = name ? [`name: ${name}`, "[map]"] : ["[map]"];
    for (let i = 0; i < cells.length; i += width) lines.push(cells.slice(i, i + width).join(" "));
    const section = (title, items, key) => (items.length ? [title, ...items.map((item) => `${item.x},${item.y} ${item[key]}`)] : []);
    return [...lines, ...section("[walls]", walls, "side"), ...section("[lasers]", lasers, "dir"), ...section("[pushers]", pushers, "dir")];
  }

  return {
    get,
    watch: store.watch,
    game: "dr2d",
    kit: dr2dKit,
    relanguage: () => set({ lang: language() }),
    setSize(width, height) {
      const clamp = (n) => Math.max(1, Math.min(MAX_SIDE, Number(n) || 1));
      const [w, h] = [clamp(width), clamp(height)];
      const { cells, width: old, height: oldHeight, start, goal, walls, lasers, pushers } = get();
      const next = blank(w, h).map((_, i) => {
        const [x, y] = [i % w, Math.floor(i / w)];
        return x < old && y < oldHeight ? cells[y * old + x] : ".";
      });
      set({
        width: w,
        height: h,
        cells: next,
        start: inside(start, w, h) ? start : null,
        goal: inside(goal, w, h) ? goal : null,
        walls: walls.filter((wall) => inside(wall, w, h)),
        lasers: lasers.filter((laser) => inside(laser, w, h) && laserDirections(laser.x, laser.y, w, h).includes(laser.dir)),
        pushers: pushers.filter((pusher) => inside(pusher, w, h)),
      });
    },
    pickTool: (tool) => set({ tool }),
    face(facing) {
      const { start, tool } = get();
      set({ facing, start: start && !["wall", "laser", "pusher"].includes(tool) ? { ...start, facing } : start });
    },
    // Tile (x, y) drawn with the tool in use; `side`: the side clicked near (a wall), else the
    // side chosen (the keyboard's).
    draw(x, y, side) {
      const { tool, width, height, facing, walls, lasers, pushers } = get();
      if (get().note) set({ note: "" });
      if (tool === "robot") return set({ start: { x, y, facing } });
      if (tool === "goal") return set({ goal: { x, y } });
      if (tool === "wall") {
        const wall = { x, y, side: side ?? facing };
        const kept = walls.filter((other) => !sameWall(other, wall));
        return set({ walls: kept.length < walls.length ? kept : [...walls, wall] });
      }
      if (tool === "laser") {
        const can = laserDirections(x, y, width, height);
        if (!can.length) return set({ note: "editor.laser_on_edge" }); // a laser is mounted on the rim
        const dir = can.includes(facing) ? facing : can[0];
        const kept = lasers.filter((laser) => !(laser.x === x && laser.y === y && laser.dir === dir));
        return set({ lasers: kept.length < lasers.length ? kept : [...lasers, { x, y, dir }] });
      }
      if (tool === "pusher") {
        const had = pushers.find((pusher) => pusher.x === x && pusher.y === y);
        const kept = pushers.filter((pusher) => pusher !== had);
        return set({ pushers: had?.dir === facing ? kept : [...kept, { x, y, dir: facing }] });
      }
      if (tool === "start") {
        const used = new Set(get().cells);
        const letter = [...STARTS].find((l) => !used.has(l));
        if (letter) set({ cells: place(get().cells, y * width + x, letter) });
        return;
      }
      set({ cells: place(get().cells, y * width + x, tool) });
    },
    setTurns: (turns) => set({ turns: Math.max(1, Math.min(MAX_TURNS, Number(turns) || 1)) }),
    setAbsolute: (absolute) => set({ absolute }),
    // "2 1 3": the laws to reach, in order (other signs ignored; none: the goal tile)
    setGoalLaws(text) {
      const laws = [];
      for (const sign of String(text).slice(0, 20)) if ("123".includes(sign) && !laws.includes(Number(sign))) laws.push(Number(sign));
      set({ goalLaws: laws });
    },
    setTitle: (title) => set({ title }),
    // A puzzle file opened in the editor: true when it was read, false when the editor cannot
    // show it (not a DR2D puzzle, a map of unknown tiles, a law on a tile that is not floor).
    load(data) {
      const symbols = new Set(dr2dKit.tools.map(([tool]) => tool));
      const lines = Array.isArray(data?.factory) ? data.factory.slice(0, 80).map(String) : String(data?.factory ?? "").slice(0, 4000).split("\n");
      const kept = lines.map((line) => line.replace(/#.*/, "").trim()).filter(Boolean);
      if (data?.game !== "dr2d") return false;
      let name = "";
      if (kept[0]?.startsWith("name:")) name = kept.shift().slice(5).trim();
      const sections = {};
      let current = null;
      for (const line of kept) {
        const header = /^\[(\w+)\]$/.exec(line);
        if (header) {
          current = header[1].toLowerCase();
          if (current in sections || !["map", "walls", "lasers", "pushers", "laws"].includes(current)) return false;
          sections[current] = [];
        } else if (current === null) return false;
        else sections[current].push(line.split(/\s+/));
      }
      const rows = sections.map ?? [];
      const width = rows[0]?.length ?? 0;
      if (!rows.length || rows.length > MAX_SIDE || width > MAX_SIDE || rows.some((row) => row.length !== width)) return false;
      const height = rows.length;
      const cells = rows.flat();
      if (!cells.every((cell) => symbols.has(cell) && cell.length === 1)) return false; // tiles, not tools
      for (const words of sections.laws ?? []) {
        const spot = spotOf([words[1], "N"], width, height);
        if (!spot || words.length !== 2 || !"123".includes(words[0]) || cells[spot.y * width + spot.x] !== ".") return false;
        cells[spot.y * width + spot.x] = words[0];
      }
      const read = (section, key) => {
        const items = (sections[section] ?? []).slice(0, MAX_ITEMS).map((words) => spotOf(words, width, height));
        return items.every(Boolean) ? items.map(({ x, y, side }) => ({ x, y, [key]: side })) : null;
      };
      const [walls, lasers, pushers] = [read("walls", "side"), read("lasers", "dir"), read("pushers", "dir")];
      if (!walls || !lasers || !pushers) return false;
      const [x, y] = data.robot?.tile ?? [];
      const facing = data.robot?.facing === "O" ? "W" : data.robot?.facing;
      const start = Number.isInteger(x) && Number.isInteger(y) && "NESW".includes(facing) ? { x, y, facing } : null;
      const pc = Number.isInteger(data.robot?.pc) ? Math.max(1, Math.min(7, data.robot.pc)) : 7;
      const [gx, gy] = Array.isArray(data.goal?.tile) ? data.goal.tile : [];
      const goal = Number.isInteger(gx) && Number.isInteger(gy) ? { x: gx, y: gy } : null;
      const goalLaws = Array.isArray(data.goal?.laws) ? data.goal.laws.filter((law) => [1, 2, 3].includes(law)).slice(0, 3) : [];
      if (!goal && !goalLaws.length) return false;
      const title = typeof data.title?.en === "string" ? data.title.en : "";
      const turns = Math.max(1, Math.min(MAX_TURNS, Number(data.turns) || 1));
      const options = Object.fromEntries(RULE_OPTIONS.filter((key) => typeof data.options?.[key] === "boolean").map((key) => [key, data.options[key]]));
      const absolute = data.options?.absolute_directions === true;
      set({ width, height, cells, walls, lasers, pushers, name, start, pc, goal, goalLaws, turns, absolute, options, title });
      return true;
    },
    factory,
    // The factory as a board file of the game (`robotable play dr2d -O board_file=FILE`, the
    // format of data/board_default.txt): only a whole factory is one, 12 x 12 tiles with laws 1,
    // 2 and 3 and the start tiles S1 and S2 at least (else `problem`, the words saying so).
    boardFile() {
      const { width, height, cells } = get();
      const starts = [...STARTS].filter((letter) => cells.includes(letter)).join("");
      const whole = width === MAX_SIDE && height === MAX_SIDE && [..."123"].every((law) => cells.includes(law));
      if (!whole || starts.length < 2 || !STARTS.startsWith(starts)) return { problem: "editor.not_a_board" };
      const text = ["# A Des Robots et Des Dalles factory made in the puzzle editor", ...factory(), ""].join("\n");
      return { name: "dr2d-board.txt", text };
    },
    file() {
      const { start, pc, goal, goalLaws, turns, absolute, options, title } = get();
      const text = title.trim();
      const words = { en: text, fr: text };
      const file = { game: "dr2d", format: 1, title: words, lesson: LESSON, factory: factory() };
      if (start) file.robot = { tile: [start.x, start.y], facing: start.facing, pc };
      if (goalLaws.length) file.goal = { laws: [...goalLaws] };
      else if (goal) file.goal = { tile: [goal.x, goal.y] };
      return { ...file, turns, options: { ...options, absolute_directions: absolute } };
    },
  };
}
