// The signed-in part's "Your profile" section: the link to one's profile (/players/NAME), and
// "Hide my profile", which says what the server keeps (GET /api/account's `profile_hidden`).

import { profileHref } from "../shared/profile_link.js";
import { post, sentence } from "./form.js";

// Draws the section from `account` (the answer of GET /api/account; null: signed out).
export function showProfile(account) {
  if (!account) return;
  document.getElementById("my-profile").href = profileHref(account.name);
  document.getElementById("profile-hidden").checked = Boolean(account.profile_hidden);
}

// `whileSignedIn(act)` runs `act` unless the session ended meanwhile. A refusal puts the box
// back as it was.
export function wireProfile(whileSignedIn) {
  const box = document.getElementById("profile-hidden");
  const error = document.getElementById("profile-hidden-error");
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    error.textContent = "";
    box.disabled = true;
    try {
      await whileSignedIn(async () => {
        box.checked = (await post("profile", { hidden: wanted })).profile_hidden;
      });
    } catch (failure) {
      box.checked = !wanted;
      error.textContent = sentence(failure.message);
    } finally {
      box.disabled = false;
    }
  });
}
