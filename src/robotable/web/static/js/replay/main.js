// The replay viewer (replay.html): a finished game stepped action by action, forward and back,
// as any seat saw it or as a spectator; at /replay, a record file of the person's own. The
// controller owns the replay's state (replay.js); the controls and what a step shows redraw
// from it. Relative imports: see table/main.js.

import "../words/replay.js";
import { translatePage } from "../i18n.js";
import { controlsView } from "./controls.js";
import { createReplay } from "./replay.js";
import { shownView } from "./shown.js";

const uploading = location.pathname.replace(/\/$/, "") === "/replay";
const tableId = uploading ? null : decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-2));
const replay = createReplay(tableId);
controlsView(replay);
shownView(replay);
translatePage(() => replay.relanguage());
if (uploading) {
  document.getElementById("upload").hidden = false;
  document.getElementById("table-link").hidden = true;
} else {
  document.getElementById("table-link").href = `/tables/${encodeURIComponent(tableId)}?watch`;
  const at = Number(new URLSearchParams(location.search).get("at"));
  replay.go(Number.isInteger(at) && at > 0 ? at : 0);
}
