// "My tables" (/mine): every table the signed-in person sits at, those waiting for them first,
// then those under way, then the finished ones (GET /api/account/tables), asked again every
// 20 seconds; and the button that lets the browser notify them (notify.js).

import { api, ApiError, el } from "../api.js";
import { loadGames } from "../game_words.js";
import { t, translatePage } from "../i18n.js";
import "../words/mine.js";
import { invitationItem } from "../friends/invitations.js";
import "../words/friends.js";
import "../words/profile.js";
import { profileHref } from "../shared/profile_link.js";
import { signedInName } from "../shared/who.js";
import { tableItem } from "./list.js";
import { sayNotify, wireNotify } from "./notify.js";

const EVERY_MS = 20_000;
let listed = null; // the last answer, drawn again in a new language

function draw() {
  document.title = `${t("mine.title")} · robotable`;
  if (!listed) return;
  const offered = listed.filter((e) => e.invited);
  const mine = listed.filter((e) => !e.invited);
  const parts = {
    "mine-waiting": [mine.filter((e) => e.your_turn), "mine.none_waiting"],
    "mine-running": [mine.filter((e) => !e.your_turn && e.status !== "over"), "mine.none_running"],
    "mine-finished": [mine.filter((e) => e.status === "over"), "mine.none_finished"],
  };
  for (const [id, [entries, none]] of Object.entries(parts)) {
    const items = entries.length ? entries.map(tableItem) : [el("li", { class: "hint" }, t(none))];
    document.getElementById(id).replaceChildren(...items);
  }
  // the seats offered by name, shown only when there are some (taken from here, or on Friends)
  document.getElementById("mine-offered-part").hidden = !offered.length;
  document.getElementById("mine-offered").replaceChildren(...offered.map(invitationItem));
}

async function refresh() {
  try {
    listed = (await api("/api/account/tables")).tables;
  } catch (failure) {
    const signedOut = failure instanceof ApiError && failure.answer.code === "signed_out";
    document.getElementById("mine-signed-out").hidden = !signedOut;
    document.getElementById("mine-signed-in").hidden = true;
    document.getElementById("mine-error").textContent = signedOut ? "" : failure.message;
    return false;
  } finally {
    document.getElementById("mine-loading").hidden = true;
  }
  document.getElementById("mine-signed-in").hidden = false;
  document.getElementById("mine-error").textContent = "";
  draw();
  return true;
}

async function start() {
  translatePage(() => {
    draw();
    sayNotify();
  });
  await loadGames();
  draw();
  if (await refresh()) {
    const name = await signedInName();
    if (name !== null) document.getElementById("my-profile").href = profileHref(name);
    wireNotify();
    setInterval(refresh, EVERY_MS);
  }
}

start();
