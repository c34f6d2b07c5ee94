// The rule of a Ricochet puzzle (RR-15): whether the target robot must ricochet before it stops
// on the target. Owns #ed-allowance-form.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";

export function ruleView(editor) {
  const box = document.getElementById("ed-allowance-form");
  editor.watch(
    (s) => [s.mustRicochet, s.lang],
    (state) =>
      box.replaceChildren(
        el(
          "label",
          {},
          el("input", { id: "ed-must-ricochet", type: "checkbox", checked: state.mustRicochet, onchange: (e) => editor.setMustRicochet(e.target.checked) }),
          " ",
          t("editor.must_ricochet"),
        ),
      ),
  );
}
