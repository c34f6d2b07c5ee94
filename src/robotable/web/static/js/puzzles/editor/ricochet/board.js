// The Ricochet board as the server draws it (the game's own SVG), clicked to place the robot in
// use: the click's point is turned into the cell under it (the drawing says its grid, cell size
// and origin). From the keyboard: a column and a row, then "Place". Owns #ed-board.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";

export function ricochetBoardView(editor) {
  const box = document.getElementById("ed-board");
  const picture = el("div", { class: "ricochet-editor-board" });
  // as the drawing labels them: 0 to F
  const numbers = () => Array.from({ length: 16 }, (_, n) => el("option", { value: n }, n.toString(16).toUpperCase()));
  const column = el("select", { id: "ed-column" }, ...numbers());
  const row = el("select", { id: "ed-row" }, ...numbers());
  const place = el("button", { type: "button", id: "ed-place", onclick: () => editor.place(Number(column.value), Number(row.value)) });
  const labels = [el("label", {}), el("label", {})];
  const form = el("p", { class: "editor-size" }, labels[0], labels[1], place);
  box.replaceChildren(picture, form);

  picture.addEventListener("click", (event) => {
    const svg = picture.querySelector("svg");
    if (!svg) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const [ox, oy] = (svg.dataset.origin ?? "0 0").split(" ").map(Number);
    const cell = Number(svg.dataset.cellSize ?? 40);
    editor.place(Math.floor((point.x - ox) / cell), Math.floor((point.y - oy) / cell));
  });

  editor.watch(
    (s) => [s.drawing, s.lang],
    (state) => {
      labels[0].replaceChildren(el("span", {}, t("editor.column"), " "), column);
      labels[1].replaceChildren(el("span", {}, t("editor.row"), " "), row);
      place.textContent = t("editor.place");
      if (state.drawing) picture.innerHTML = state.drawing; // the server's own drawing of the board
    },
  );
  editor.watch(
    (s) => [s.error],
    (state) => {
      document.getElementById("editor-error").textContent = state.error;
    },
  );
}
