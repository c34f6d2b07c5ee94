// The new-table form's "Rated" box: shown only to a signed-in person (a rated table's creator
// has an account), and unticked and disabled, with the reason beside it, while the seats chosen
// make the table unratable (the server's rules: docs/protocol.md, "Rated tables and ratings").

import { t } from "../i18n.js";

const RATED_LEVELS = ["easy", "medium", "hard", "expert"];

// Shows the box when someone is signed in.
export function showRated(signedIn) {
  document.getElementById("rated-box").hidden = !signedIn;
  if (!signedIn) document.getElementById("rated").checked = false;
}

// Why the seats chosen cannot make a rated table (a word's key), or null when they can.
function unratable(kinds) {
  if (kinds.length < 2) return "create.rated_alone";
  if (kinds.filter((kind) => kind === "here").length > 1) return "create.rated_here";
  const bots = kinds.filter((kind) => kind?.startsWith("bot:")).map((kind) => kind.slice(4));
  if (bots.some((level) => !RATED_LEVELS.includes(level))) return "create.rated_bots";
  return null;
}

// Enables the box for `kinds` (every seat's choice, "here" for a person at this screen), or
// disables it saying why.
export function judgeRated(game, kinds) {
  const box = document.getElementById("rated");
  const why = document.getElementById("rated-why");
  const reason = game ? unratable(kinds) : null;
  box.disabled = reason !== null;
  if (reason) box.checked = false;
  why.textContent = reason ? t(reason) : "";
}

// Whether the table asked for is rated.
export function ratedChosen() {
  const box = document.getElementById("rated");
  return !document.getElementById("rated-box").hidden && box.checked && !box.disabled;
}
