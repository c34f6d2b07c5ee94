// The Ricochet editor's tools: which robot a click places (its button pressed), and the target
// (one of the board's). Owns #ed-tools.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";
import { ROBOTS } from "./state.js";

const COLOURS = { R: "red", G: "green", B: "blue", Y: "yellow", M: "multi" };
const SYMBOLS = { C: "circle", T: "triangle", Q: "square", H: "hexagon", V: "vortex" };
export const targetName = (code) => t("editor.target_name", { colour: t(`editor.colour.${COLOURS[code[0]]}`), symbol: t(`editor.symbol.${SYMBOLS[code[1]]}`) });

export function ricochetPaletteView(editor) {
  const box = document.getElementById("ed-tools");
  editor.watch(
    (s) => [s.tool, s.target, s.targets, s.lang, s.robots.length],
    (state) => {
      const placed = state.robots.length > 4; // the silver robot is on the board: no need to say why to place it
      const word = (robot) => (robot === "silver" && placed ? "editor.robot.silver_placed" : `editor.robot.${robot}`);
      const robots = ROBOTS.map((robot) =>
        el(
          "button",
          { type: "button", class: `tool robot-${robot}`, dataset: { tool: robot }, "aria-pressed": state.tool === robot ? "true" : "false", onclick: () => editor.pickTool(robot) },
          el("span", { class: "tool-glyph", "aria-hidden": "true" }, "●"),
          el("span", { class: "tool-word" }, t(word(robot))),
        ),
      );
      const target = el(
        "label",
        { class: "facings" },
        el("span", {}, t("editor.target"), " "),
        el(
          "select",
          { id: "ed-target", onchange: (e) => editor.setTarget(e.target.value) },
          ...state.targets.map((code) => el("option", { value: code, selected: code === state.target }, targetName(code))),
        ),
      );
      const silverOut = placed && el("button", { type: "button", id: "ed-silver-out", onclick: () => editor.removeSilver() }, t("editor.silver_out"));
      box.replaceChildren(...robots, ...(silverOut ? [silverOut] : []), target);
    },
  );
}
