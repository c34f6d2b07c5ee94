// What a DR2D puzzle gives its player: the turns (five registers each), the laws to reach in
// order when the goal is laws rather than a tile, and whether N, E, S, W are compass points
// rather than the robot's forward, right, back, left (DR-12). Owns
// #ed-allowance-form.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";

export function dr2dAllowanceView(editor) {
  const box = document.getElementById("ed-allowance-form");
  editor.watch(
    (s) => [s.turns, s.absolute, s.goalLaws, s.lang],
    (state) =>
      box.replaceChildren(
        el(
          "label",
          { class: "count" },
          el("span", {}, t("editor.turns"), " "),
          el("input", { id: "ed-turns", type: "number", min: 1, max: 10, value: state.turns, onchange: (e) => editor.setTurns(e.target.value) }),
        ),
        el(
          "p",
          {},
          el(
            "label",
            { class: "wide" },
            el("span", {}, t("editor.goal_laws"), " "),
            el("input", { id: "ed-goal-laws", maxlength: 12, inputmode: "numeric", value: state.goalLaws.join(" "), onchange: (e) => editor.setGoalLaws(e.target.value) }),
          ),
        ),
        el(
          "p",
          {},
          el(
            "label",
            {},
            el("input", { id: "ed-absolute", type: "checkbox", checked: state.absolute, onchange: (e) => editor.setAbsolute(e.target.checked) }),
            " ",
            t("editor.absolute"),
          ),
        ),
      ),
  );
}
