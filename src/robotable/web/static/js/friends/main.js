// The Friends page (/friends): for a signed-in person, the seats offered to them by name
// (invitations.js), their friends, the requests they received and sent (lists.js), and a
// field to ask someone by name; signed out, a way to the account page. Each change is sent to
// the server, then the lists are asked again (they are the server's, never guessed here).

import { api, ApiError } from "../api.js";
import { loadGames } from "../game_words.js";
import { t, translatePage } from "../i18n.js";
import { showWho } from "../shared/who.js";
import "../words/friends.js";
import { sentence } from "../account/form.js";
import { drawInvitations } from "./invitations.js";
import { drawLists } from "./lists.js";

let shown = null; // the lists and invitations last drawn, redrawn in a new language

// Says `key` (with `values`) in the page's status line, read out by screen readers.
function notice(key, values) {
  const said = document.getElementById("friends-notice");
  said.textContent = key ? t(key, values) : "";
}

// Asks the server for the lists and invitations, and draws them.
async function refresh() {
  const games = loadGames().catch(() => null); // without them a game's id stands for its title
  const [lists, mine] = await Promise.all([api("/api/account/friends"), api("/api/account/tables"), games]);
  shown = { lists, invitations: mine.tables.filter((entry) => entry.invited) };
  draw();
}

function draw() {
  if (!shown) return;
  drawLists(shown.lists, act);
  drawInvitations(shown.invitations);
}

// Sends `what` (request, accept, refuse, withdraw, remove) about `name`, then says what happened.
async function act(what, name, done) {
  const error = document.getElementById("lists-error");
  error.textContent = "";
  try {
    const answer = await api(`/api/account/friends/${what}`, { method: "POST", body: { name } });
    notice(done, { name: answer.name });
    await refresh();
  } catch (failure) {
    error.textContent = sentence(failure instanceof ApiError ? failure.message : String(failure));
  }
}

function wireAsk() {
  const form = document.getElementById("ask-form");
  const error = document.getElementById("ask-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = document.getElementById("ask-name");
    const button = form.querySelector("button");
    error.textContent = "";
    button.disabled = true;
    try {
      const answer = await api("/api/account/friends/request", { method: "POST", body: { name: input.value } });
      notice(answer.state === "friends" ? "friends.now_friends" : "friends.asked", { name: answer.name });
      input.value = "";
      await refresh();
    } catch (failure) {
      error.textContent = sentence(failure instanceof ApiError ? failure.message : String(failure));
      input.setAttribute("aria-invalid", "true");
      input.addEventListener("input", () => input.removeAttribute("aria-invalid"), { once: true });
    } finally {
      button.disabled = false;
    }
  });
}

// Whether someone is signed in (401 `signed_out` when nobody).
async function signedIn() {
  try {
    await api("/api/account");
    return true;
  } catch (failure) {
    if (failure instanceof ApiError && failure.answer.code === "signed_out") return false;
    throw failure;
  }
}

function nameTab() {
  document.title = `${t("friends.title")} · robotable`;
}

async function start() {
  nameTab();
  translatePage(() => {
    nameTab();
    showWho();
    draw();
  });
  showWho();
  wireAsk();
  const inside = await signedIn();
  if (inside) await refresh(); // the lists drawn before they are shown
  document.getElementById("friends-loading").hidden = true;
  document.getElementById("friends-signed-out").hidden = inside;
  document.getElementById("friends-signed-in").hidden = !inside;
}

start().catch((failure) => {
  document.getElementById("friends-notice").textContent = failure.message;
});
