// A player's profile (/players/NAME): their games and wins game by game (games.js), their
// rating drawn game after game once ratings exist (plots.js), their last finished games with links to
// the replays (last.js). Asked once of GET /api/players/NAME; drawn again in a new language.
// A hidden profile answers 404 like an unknown name, except to its own person.

import { api, ApiError } from "../api.js";
import { loadGames } from "../game_words.js";
import { t, translatePage } from "../i18n.js";
import "../words/profile.js";
import { dateOf } from "./dates.js";
import { gamesTable } from "./games.js";
import { lastGames } from "./last.js";
import { ratingPlots } from "./plots.js";

let shown = null; // the profile as the server gave it, drawn again in a new language

// The name in the page's address, as typed there (the server compares names without capitals).
function askedName() {
  return decodeURIComponent(location.pathname.slice("/players/".length)).slice(0, 100);
}

function draw() {
  if (!shown) {
    document.title = `${t("profile.title")} · robotable`;
    return;
  }
  document.title = `${t("profile.tab", { name: shown.name })} · robotable`;
  document.getElementById("profile-title").textContent = shown.name;
  document.getElementById("profile-only-you").hidden = !(shown.own && shown.hidden);
  document.getElementById("profile-settings").hidden = !shown.own;
  const facts = [t("profile.since", { date: dateOf(shown.since) })];
  if (shown.bot_of) facts.unshift(t("profile.bot_of", { owner: shown.bot_of }));
  if (shown.under_way) facts.push(t("profile.under_way", { count: shown.under_way }));
  document.getElementById("profile-facts").textContent = facts.join(" ");
  document.getElementById("profile-games").replaceChildren(gamesTable(shown.games));
  const plots = ratingPlots(shown.name, shown.games);
  document.getElementById("profile-ratings").hidden = plots.length === 0;
  document.getElementById("profile-plots").replaceChildren(...plots);
  document.getElementById("profile-last").replaceChildren(...lastGames(shown.last_games));
}

async function load() {
  try {
    shown = await api(`/api/players/${encodeURIComponent(askedName())}`);
  } catch (failure) {
    const none = failure instanceof ApiError && failure.answer.code === "no_player";
    document.getElementById("profile-none").hidden = !none;
    document.getElementById("profile-error").textContent = none ? "" : failure.message;
    return;
  } finally {
    document.getElementById("profile-loading").hidden = true;
  }
  document.getElementById("profile-found").hidden = false;
  draw();
}

async function start() {
  translatePage(draw);
  draw();
  await loadGames().catch(() => null); // without the games' words a game goes by its id
  await load();
}

start();
