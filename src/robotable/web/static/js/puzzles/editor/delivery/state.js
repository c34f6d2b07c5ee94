// The Robot Delivery editor's state (a store, shared/store.js): the board's cells in the game's
// default legend, the pawn's start, the allowance, and what the server said of the last check
// and publication. `file()` is the puzzle file the game loads (docs/puzzles.md, "The file"):
// the page never says an optimum itself, the server's solver does.

import { language } from "../../../i18n.js";
import { createStore } from "../../../shared/store.js";
import { deliveryKit } from "./kit.js";

export const MAX_SIDE = 12; // the puzzle format's
export const CARDS = ["FWD", "BACK", "SL", "SR", "RL", "RR", "UT", "LOOP", "FN-A", "FN-B", "FN-C", "FN-D"];
export const MAX_EACH = 8;
export const MAX_LOOPS = 4;
export const LETTERS = "ABCD";
export const FACINGS = "NESW";

const blank = (width, height) => Array.from({ length: width * height }, () => ".");

export function createDeliveryEditor() {
  const store = createStore({
    game: "delivery",
    lang: language(), // the parts redraw their words when it changes
    width: 5,
    height: 4,
    cells: blank(5, 4), // row by row, one symbol each: . # P D ^ > v < » «
    start: null, // {x, y, facing}
    tool: "#",
    facing: "E",
    cards: { FWD: 3, SR: 1, SL: 1 },
    slots: 4,
    functions: [], // the slots of function boards A, B...
    title: "",
  });
  const { get, set } = store;

  function resize(width, height) {
    const { cells, start } = get();
    const old = get().width;
    const next = blank(width, height).map((_, i) => {
      const x = i % width;
      const y = Math.floor(i / width);
      return x < old && y < get().height ? cells[y * old + x] : ".";
    });
    const kept = start && start.x < width && start.y < height ? start : null;
    set({ width, height, cells: next, start: kept });
  }

  return {
    get,
    watch: store.watch,
    game: "delivery",
    kit: deliveryKit,
    setSize(width, height) {
      const clamp = (n) => Math.max(2, Math.min(MAX_SIDE, Number(n) || 2));
      resize(clamp(width), clamp(height));
    },
    relanguage: () => set({ lang: language() }),
    pickTool: (tool) => set({ tool }),
    face: (facing) => {
      const { start } = get();
      set({ facing, start: start ? { ...start, facing } : start });
    },
    // The tool drawn on cell (x, y): a symbol, or the pawn's start ("pawn").
    draw(x, y) {
      const { tool, width, cells, facing, start } = get();
      if (tool === "pawn") {
        const i = y * width + x;
        const next = cells[i] === "#" ? cells.with(i, ".") : cells; // the pawn never stands on a wall
        set({ start: { x, y, facing }, cells: next });
        return;
      }
      const onPawn = start && start.x === x && start.y === y;
      set({ cells: get().cells.with(y * width + x, tool), start: onPawn && tool === "#" ? null : start });
    },
    setCount(card, count) {
      const top = card === "LOOP" ? MAX_LOOPS : MAX_EACH;
      set({ cards: { ...get().cards, [card]: Math.max(0, Math.min(top, Number(count) || 0)) } });
    },
    setSlots: (slots) => set({ slots: Math.max(1, Math.min(4, Number(slots) || 1)) }),
    setFunctions(count) {
      const n = Math.max(0, Math.min(4, Number(count) || 0));
      const functions = Array.from({ length: n }, (_, i) => get().functions[i] ?? 4);
      const cards = { ...get().cards };
      for (const letter of LETTERS.slice(n)) delete cards[`FN-${letter}`]; // no card of a board that is not
      set({ functions, cards });
    },
    setFunctionSlots: (index, slots) =>
      set({ functions: get().functions.with(index, Math.max(1, Math.min(4, Number(slots) || 1))) }),
    setTitle: (title) => set({ title }),
    // A puzzle file opened in the editor: true when it was read (a board of the default
    // legend's rows, as the editor makes), false when the editor cannot show it.
    load(data) {
      const symbols = new Set(deliveryKit.tools.map(([tool]) => tool));
      const rows = Array.isArray(data?.board) ? data.board.map((row) => String(row).replace(/\s+/g, "")) : null;
      if (data?.game !== "delivery" || !rows || rows.length < 2 || rows.length > MAX_SIDE) return false;
      const width = Math.max(...rows.map((row) => [...row].length));
      const cells = rows.flatMap((row) => [...row.padEnd(width, ".")]);
      if (width < 2 || width > MAX_SIDE || !cells.every((cell) => symbols.has(cell))) return false;
      const [x, y, facing] = Array.isArray(data.start) ? data.start : [];
      const inside = Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < rows.length;
      const start = inside && FACINGS.includes(facing) ? { x, y, facing } : null;
      const cards = Object.fromEntries(CARDS.map((card) => [card, Number(data.cards?.[card]) || 0]));
      const functions = Array.isArray(data.functions) ? data.functions.slice(0, 4).map((n) => Math.max(1, Math.min(4, Number(n) || 1))) : [];
      const title = typeof data.title?.en === "string" ? data.title.en : "";
      set({ width, height: rows.length, cells, start, cards, functions, slots: Math.max(1, Math.min(4, Number(data.slots) || 4)), title });
      return true;
    },
    // The board as a board file of the game (`robotable play delivery -O board_file=FILE`):
    // its map under the default legend; a game needs two start points at least (1 to 4).
    boardFile() {
      const { width, cells } = get();
      const rows = [];
      for (let i = 0; i < cells.length; i += width) rows.push(cells.slice(i, i + width).join(" "));
      return { name: "delivery-board.txt", text: `; Robot Delivery board made in the puzzle editor\n[map]\n${rows.join("\n")}\n` };
    },
    // The puzzle file of the state: what check, publish and the game read.
    file() {
      const { width, cells, start, cards, slots, functions, title } = get();
      const rows = [];
      for (let i = 0; i < cells.length; i += width) rows.push(cells.slice(i, i + width).join(""));
      const allowed = Object.fromEntries(CARDS.filter((card) => (cards[card] ?? 0) > 0).map((card) => [card, cards[card]]));
      const text = title.trim();
      const file = { game: "delivery", format: 1, title: { en: text, fr: text }, board: rows };
      if (start) file.start = [start.x, start.y, start.facing];
      return { ...file, cards: allowed, slots, functions: [...functions] };
    },
  };
}
