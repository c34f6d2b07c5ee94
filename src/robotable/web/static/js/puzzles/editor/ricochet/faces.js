// The Ricochet board's four faces (RR-2: north-west, north-east, south-east, south-west), each a
// piece 1 to 4 on its side A or B; choosing a piece already used swaps the two. Owns #ed-size.

import { el } from "../../../api.js";
import { t } from "../../../i18n.js";
import { FACES } from "./state.js";

const PLACES = ["nw", "ne", "se", "sw"];

export function facesView(editor) {
  const box = document.getElementById("ed-size");
  editor.watch(
    (s) => [s.faces, s.lang],
    (state) =>
      box.replaceChildren(
        ...PLACES.map((place, i) =>
          el(
            "label",
            {},
            el("span", {}, t(`editor.face.${place}`), " "),
            el(
              "select",
              { id: `ed-face-${place}`, onchange: (e) => editor.setFace(i, e.target.value) },
              ...FACES.map((face) => el("option", { value: face, selected: state.faces[i] === face }, face)),
            ),
          ),
        ),
      ),
  );
}
