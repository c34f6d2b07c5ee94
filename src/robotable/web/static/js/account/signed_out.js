// The signed-out part of the account page: sign in, or create an account.

import { myName } from "../api.js";
import { post, value, wireForm } from "./form.js";

// `signedIn(name)`: what the page does once the server has opened a session. The account's
// name becomes the one the lobby offers for a new table.
export function wireSignedOut(signedIn) {
  const newName = document.getElementById("signup-name");
  if (!newName.value) newName.value = myName.get(); // the name this browser's person plays under
  wireForm("signin-form", "signin-error", async () => {
    const answer = await post("signin", { name: value("signin-name"), password: value("signin-password") });
    myName.set(answer.name);
    await signedIn(answer.name);
  });
  wireForm("signup-form", "signup-error", async () => {
    const answer = await post("signup", { name: value("signup-name"), password: value("signup-password") });
    myName.set(answer.name);
    await signedIn(answer.name);
  });
}
