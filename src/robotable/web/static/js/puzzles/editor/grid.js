// A board of tiles drawn by clicks (Robot Delivery's board, DR2D's factory): its size (columns,
// rows), then a grid of cells, each a button that draws the tool in use; the pieces placed (a
// pawn, a robot, a goal) are drawn on their cells, and what a kit puts over a cell (DR2D's
// walls on its sides, lasers, pushers); a click near a cell's side gives the editor that side.
// The keyboard moves between cells with the arrows (one cell in the tab order, as a grid
// should), Enter or Space draws. Owns #ed-size and
// #ed-board.

import { el } from "../../api.js";
import { t } from "../../i18n.js";

const MAX_SIDE = 12; // the puzzle formats'
const STEPS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// The side of the cell a pointer clicked nearest (N, E, S or W); none for a click from the
// keyboard (Enter or Space), which draws on the side chosen in the palette.
function nearSide(event) {
  if (!event.detail) return undefined;
  const box = event.currentTarget.getBoundingClientRect();
  const [dx, dy] = [(event.clientX - box.left) / box.width - 0.5, (event.clientY - box.top) / box.height - 0.5];
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? "E" : "W";
  return dy > 0 ? "S" : "N";
}

export function gridView(editor) {
  const NAMES = Object.fromEntries(editor.kit.tools.map(([tool, name]) => [tool, name]));
  const GLYPHS = Object.fromEntries(editor.kit.tools.map(([tool, , glyph]) => [tool, glyph]));
  const size = document.getElementById("ed-size");
  const board = document.getElementById("ed-board");
  let focus = { x: 0, y: 0 }; // the cell in the tab order
  // why a click drew nothing (DR2D: a laser inside the factory), said under the grid: one
  // live region, kept across redraws
  const note = el("p", { id: "ed-note", class: "editor-note", role: "status" });

  const number = (id, label, value, change) =>
    el(
      "label",
      {},
      el("span", {}, label, " "),
      el("input", { id, type: "number", min: editor.kit.minSide, max: MAX_SIDE, value, onchange: (e) => change(e.target.value) }),
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

  // The signs shown on a cell: the pieces on it (else its tile's sign), then what is over it.
  function signs(marks, symbol) {
    const pieces = marks.filter((mark) => !mark.over);
    const shown = pieces.length ? pieces.map((mark) => mark.glyph).join("") : GLYPHS[symbol];
    const over = marks.filter((mark) => mark.over && mark.glyph);
    return [
      el("span", { "aria-hidden": "true" }, shown),
      ...over.map((mark) => el("span", { class: `sign-${mark.kind}`, "aria-hidden": "true" }, mark.glyph)),
    ];
  }

  function cell(state, x, y) {
    const symbol = state.cells[y * state.width + x];
    const marks = editor.kit.marks(state, x, y);
    let what = t(`editor.tool.${NAMES[symbol]}`);
    for (const mark of marks) what += `, ${t(mark.word, { facing: mark.facing ? t(`editor.facing.${mark.facing}`) : "" })}`;
    const here = focus.x === x && focus.y === y;
    const kinds = marks.map((mark) => ` cell-${mark.kind}`).join("");
    return el(
      "button",
      {
        type: "button",
        class: `cell cell-${NAMES[symbol]}${kinds}`,
        role: "gridcell",
        tabindex: here ? 0 : -1,
        dataset: { x, y, symbol },
        "aria-label": t("editor.cell", { x: x + 1, y: y + 1, what }),
        onclick: (event) => {
          focus = { x, y };
          editor.draw(x, y, nearSide(event));
        },
        onkeydown: (event) => keyed(event, x, y),
      },
      ...signs(marks, symbol),
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
    const grid = el("div", { class: "editor-grid", role: "grid", "aria-label": t(editor.kit.boardWord) }, ...rows);
    grid.style.setProperty("--columns", state.width);
    const had = board.contains(document.activeElement);
    note.textContent = state.note ? t(state.note) : "";
    board.replaceChildren(grid, note);
    if (had) board.querySelector(`button[data-x="${focus.x}"][data-y="${focus.y}"]`)?.focus();
  }

  editor.watch((s) => [s.cells, s.start, s.goal, s.width, s.height, s.lang, s.walls, s.lasers, s.pushers, s.goalLaws, s.note], draw);
}
