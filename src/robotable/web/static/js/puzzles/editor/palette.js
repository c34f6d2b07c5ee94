// A tile editor's palette (Robot Delivery's board, DR2D's factory): one button per tool of the
// game's kit (its kinds of cell, and the pieces placed: the pawn's start, the robot's, a goal),
// the one in use pressed; and the facing of the piece that has one (DR2D: also a wall's side,
// a laser's or a pusher's direction). Owns #ed-tools.

import { el } from "../../api.js";
import { t } from "../../i18n.js";

const FACINGS = "NESW";
const ARROWS = { N: "▲", E: "▶", S: "▼", W: "◀" };

export function paletteView(editor) {
  const box = document.getElementById("ed-tools");
  editor.watch(
    (s) => [s.tool, s.facing, s.lang],
    (state) => {
      const word = typeof editor.kit.facingWord === "function" ? editor.kit.facingWord(state.tool) : editor.kit.facingWord;
      const tools = editor.kit.tools.filter(([, , , hidden]) => !hidden).map(([tool, name, glyph]) =>
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
          el("span", { class: "tool-glyph", "aria-hidden": "true" }, tool === "pawn" || tool === "robot" ? ARROWS[state.facing] : glyph),
          el("span", { class: "tool-word" }, t(`editor.tool.${name}`)),
        ),
      );
      const facings = el(
        "p",
        { class: "facings", role: "group", "aria-label": t(word) },
        el("span", {}, t(word), " "),
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
            ARROWS[facing],
          ),
        ),
      );
      box.replaceChildren(...tools, ...(editor.kit.facing ? [facings] : []));
    },
  );
}
