// The editor's palette: one button per tool (the Delivery board's kinds of cell, and the
// pawn's start), the one in use pressed; and the pawn's facing. Owns #ed-tools.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";
import { FACINGS } from "./state.js";

export const TOOLS = [
  [".", "floor"],
  ["#", "wall"],
  ["P", "pickup"],
  ["D", "drop"],
  ["^", "conveyor_N"],
  [">", "conveyor_E"],
  ["v", "conveyor_S"],
  ["<", "conveyor_W"],
  ["»", "express_E"],
  ["«", "express_W"],
  ["pawn", "pawn"],
];
export const GLYPHS = { ".": "", "#": "■", P: "◆", D: "◎", "^": "↑", ">": "→", v: "↓", "<": "←", "»": "⇉", "«": "⇇" };
export const PAWN = { N: "▲", E: "▶", S: "▼", W: "◀" };

export function paletteView(editor) {
  const box = document.getElementById("ed-tools");
  editor.watch(
    (s) => [s.tool, s.facing, s.lang],
    (state) => {
      const tools = TOOLS.map(([tool, name]) =>
        el(
          "button",
          {
            type: "button",
            class: `tool tool-${name}`,
            dataset: { tool },
            "aria-pressed": state.tool === tool ? "true" : "false",
            title: t(`editor.tool.${name}`),
            onclick: () => editor.pickTool(tool),
          },
          el("span", { class: "tool-glyph", "aria-hidden": "true" }, tool === "pawn" ? PAWN[state.facing] : GLYPHS[tool]),
          el("span", { class: "tool-word" }, t(`editor.tool.${name}`)),
        ),
      );
      const facings = el(
        "p",
        { class: "facings", role: "group", "aria-label": t("editor.facing") },
        el("span", {}, t("editor.facing"), " "),
        ...[...FACINGS].map((facing) =>
          el(
            "button",
            {
              type: "button",
              dataset: { facing },
              "aria-pressed": state.facing === facing ? "true" : "false",
              title: t(`editor.facing.${facing}`),
              "aria-label": t(`editor.facing.${facing}`),
              onclick: () => editor.face(facing),
            },
            PAWN[facing],
          ),
        ),
      );
      box.replaceChildren(...tools, facings);
    },
  );
}
