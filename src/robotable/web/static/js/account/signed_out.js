// The signed-out part of the account page: sign in, or create an account.

import { post, value, wireForm } from "./form.js";

// `signedIn(name)`: what the page does once the server has opened a session.
export function wireSignedOut(signedIn) {
  wireForm("signin-form", "signin-error", async () => {
    const answer = await post("signin", { name: value("signin-name"), password: value("signin-password") });
    await signedIn(answer.name);
  });
  wireForm("signup-form", "signup-error", async () => {
    const answer = await post("signup", { name: value("signup-name"), password: value("signup-password") });
    await signedIn(answer.name);
  });
}
