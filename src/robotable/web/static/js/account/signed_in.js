// The signed-in part of the account page: signing out (here, or on every device), a new
// password, and deleting the account, asked twice (a dialog that warns and wants the password).

import { ApiError } from "../api.js";
import { post, sentence, value, wireForm } from "./form.js";

// `refresh(notice)`: redraws the page from who the server says is signed in, `notice` (a
// word's key) said above it.
export function wireSignedIn(refresh) {
  signOutButton("signout", "signout", "account.signed_out", refresh);
  signOutButton("signout-everywhere", "signout-everywhere", "account.signed_out_everywhere", refresh);
  wireForm("password-form", "password-error", () =>
    whileSignedIn(refresh, async () => {
      await post("password", { current: value("password-current"), new: value("password-new") });
      await refresh("account.password_changed");
    }),
  );
  wireDelete(refresh);
}

// `act()`, unless the session has ended meanwhile (signed out on another device, or 30 days
// unused): the page then shows the sign-in forms, saying why.
export async function whileSignedIn(refresh, act) {
  try {
    await act();
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.answer.code === "signed_out")) throw failure;
    document.getElementById("delete-dialog").close();
    await refresh("account.session_ended");
  }
}

function signOutButton(id, route, notice, refresh) {
  const button = document.getElementById(id);
  const error = document.getElementById("signout-error");
  button.addEventListener("click", async () => {
    error.textContent = "";
    button.disabled = true;
    try {
      await whileSignedIn(refresh, async () => {
        await post(route);
        await refresh(notice);
      });
    } catch (failure) {
      error.textContent = sentence(failure.message);
    } finally {
      button.disabled = false;
    }
  });
}

function wireDelete(refresh) {
  const dialog = document.getElementById("delete-dialog");
  document.getElementById("delete-open").addEventListener("click", () => {
    document.getElementById("delete-password").value = "";
    document.getElementById("delete-error").textContent = "";
    dialog.showModal(); // the focus goes to the password, the first field in it
  });
  document.getElementById("delete-cancel").addEventListener("click", () => dialog.close());
  wireForm("delete-form", "delete-error", () =>
    whileSignedIn(refresh, async () => {
      await post("delete", { password: value("delete-password") });
      dialog.close();
      await refresh("account.deleted");
    }),
  );
}
