// The board drawn by clicks: its size (columns, rows), then a grid of cells, each a button that
// draws the tool in use. The keyboard moves between cells with the arrows (one cell in the tab
// order, as a grid should), Enter or Space draws. Owns #ed-size and #ed-board.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";
import { GLYPHS, PAWN, TOOLS } from "./palette.js";
import { MAX_SIDE } from "./state.js";

const NAMES = Object.fromEntries(TOOLS);
const STEPS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export function gridView(editor) {
  const size = document.getElementById("ed-size");
  const board = document.getElementById("ed-board");
  let focus = { x: 0, y: 0 }; // the cell in the tab order

  const number = (id, label, value, change) =>
    el(
      "label",
      {},
      el("span", {}, label, " "),
      el("input", { id, type: "number", min: 2, max: MAX_SIDE, value, onchange: (e) => change(e.target.value) }),
    );

  editor.watch(
    (s) => [s.width, s.height, s.lang],
    (state) =>
      size.replaceChildren(
        number("ed-width", t("editor.width"), state.width, (w) => editor.setSize(w, editor.get().height)),
        number("ed-height", t("editor.height"), state.height, (h) => editor.setSize(editor.get().width, h)),
      ),
  );

  function keyed(event, x, y) {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const { width, height } = editor.get();
    focus = { x: Math.max(0, Math.min(width - 1, x + step[0])), y: Math.max(0, Math.min(height - 1, y + step[1])) };
    draw(editor.get());
    board.querySelector(`button[data-x="${focus.x}"][data-y="${focus.y}"]`)?.focus();
  }

  function cell(state, x, y) {
    const symbol = state.cells[y * state.width + x];
    const pawn = state.start && state.start.x === x && state.start.y === y;
    let what = t(`editor.tool.${NAMES[symbol]}`);
    if (pawn) what += `, ${t("editor.pawn", { facing: t(`editor.facing.${state.start.facing}`) })}`;
    const here = focus.x === x && focus.y === y;
    return el(
      "button",
      {
        type: "button",
        class: `cell cell-${NAMES[symbol]}${pawn ? " cell-pawn" : ""}`,
        role: "gridcell",
        tabindex: here ? 0 : -1,
        dataset: { x, y, symbol },
        "aria-label": t("editor.cell", { x: x + 1, y: y + 1, what }),
        onclick: () => {
          focus = { x, y };
          editor.draw(x, y);
        },
        onkeydown: (event) => keyed(event, x, y),
      },
      el("span", { "aria-hidden": "true" }, pawn ? PAWN[state.start.facing] : GLYPHS[symbol]),
    );
  }

  function draw(state) {
    if (focus.x >= state.width || focus.y >= state.height) focus = { x: 0, y: 0 };
    const rows = [];
    for (let y = 0; y < state.height; y += 1) {
      const cells = [];
      for (let x = 0; x < state.width; x += 1) cells.push(cell(state, x, y));
      rows.push(el("div", { class: "editor-row", role: "row" }, ...cells));
    }
    const grid = el("div", { class: "editor-grid", role: "grid", "aria-label": t("editor.board") }, ...rows);
    grid.style.setProperty("--columns", state.width);
    const had = board.contains(document.activeElement);
    board.replaceChildren(grid);
    if (had) board.querySelector(`button[data-x="${focus.x}"][data-y="${focus.y}"]`)?.focus();
  }

  editor.watch((s) => [s.cells, s.start, s.width, s.height, s.lang], draw);
}
