// The signed-in part's "Your profile" section: the link to one's profile (/players/NAME), and
// "Hide my profile", which says what the server keeps (GET /api/account's `profile_hidden`).

import { profileHref } from "../shared/profile_link.js";
import { post, wireKeptBox } from "./form.js";

// Draws the section from `account` (the answer of GET /api/account; null: signed out).
export function showProfile(account) {
  if (!account) return;
  document.getElementById("my-profile").href = profileHref(account.name);
  document.getElementById("profile-hidden").checked = Boolean(account.profile_hidden);
}

// `whileSignedIn(act)` runs `act` unless the session ended meanwhile. A refusal puts the box
// back as it was (form.js, wireKeptBox).
export function wireProfile(whileSignedIn) {
  wireKeptBox("profile-hidden", "profile-hidden-error", whileSignedIn, async (wanted) =>
    (await post("profile", { hidden: wanted })).profile_hidden,
  );
}
