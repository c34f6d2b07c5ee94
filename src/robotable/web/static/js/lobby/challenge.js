// The lobby's "Challenge a bot" (issue 32): for the game chosen, the bot accounts whose owners
// let them take challenges there (GET /api/bots?game=ID), each marked as a bot, with its owner
// and its rating at that game, best first; "Challenge" opens a new table with the bot invited
// at the second seat (`invite:NAME`), the other seats the game's medium bots, clocks on only if
// the bot takes clocked tables. The bot's program finds the seat offered and sits down.
// Challenging needs a signed-in person (an invitation by name is an account's); a server
// whose host switched bots off hides the part.

import { api, ApiError, el } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { signedInName } from "../shared/who.js";
import "../words/challenges.js";
import { openTable } from "./new_table.js";

const SHOWN = 20; // bots asked for at a time ("More bots" asks for the next ones)
let gamesList = [];
let listed = []; // the chosen game's bots drawn so far

// Draws the part for `games` (GET /api/games's list), in the page's language.
export async function drawChallenge(games) {
  gamesList = games;
  const select = document.getElementById("challenge-game");
  const before = select.value;
  select.replaceChildren(...games.map((game) => el("option", { value: game.id }, gameTitle(game.id))));
  if (games.some((game) => game.id === before)) select.value = before;
  await listBots(0);
}

export function wireChallenge() {
  document.getElementById("challenge-game").addEventListener("change", () => listBots(0));
}

async function listBots(offset) {
  const game = gamesList.find((one) => one.id === document.getElementById("challenge-game").value);
  if (!game) return;
  const list = document.getElementById("challenge-list");
  const error = document.getElementById("challenge-error");
  error.textContent = "";
  let found;
  try {
    found = await api(`/api/bots?game=${encodeURIComponent(game.id)}&limit=${SHOWN}&offset=${offset}`);
  } catch (failure) {
    error.textContent = failure.message;
    return;
  }
  document.getElementById("challenge").hidden = !found.allowed;
  listed = offset ? [...listed, ...found.bots] : found.bots;
  const signedIn = (await signedInName()) !== null;
  document.getElementById("challenge-sign-in").hidden = signedIn;
  const items = listed.map((bot) => botItem(game, bot, signedIn));
  list.replaceChildren(...(items.length ? items : [el("li", {}, t("challenge.none"))]));
  const more = document.getElementById("challenge-more");
  more.hidden = !found.more;
  more.onclick = () => listBots(listed.length);
}

function botItem(game, bot, signedIn) {
  let rating = t("challenge.unrated");
  if (bot.rating !== undefined) rating = t(bot.provisional ? "challenge.rating_provisional" : "challenge.rating", { rating: bot.rating });
  return el(
    "li",
    { dataset: { bot: bot.name } },
    el("strong", {}, t("challenge.name", { name: bot.name })),
    bot.owner ? ` · ${t("challenge.by", { owner: bot.owner })}` : "", // null: its owner hid their profile
    ` · ${rating} `,
    signedIn && el("button", { type: "button", class: "challenge-go", onclick: () => challenge(game, bot) }, t("challenge.go", { name: bot.name })),
  );
}

// A new table of `game` with `bot` invited at seat 1: as many seats as both the game and the
// bot allow at least, the others the game's medium bots.
async function challenge(game, bot) {
  const count = Math.min(Math.max(2, game.seats[0], bot.seats[0]), game.seats[1]);
  const level = game.bots.includes("medium") ? "medium" : game.bots[0];
  const kinds = ["here", `invite:${bot.name}`];
  while (kinds.length < count) kinds.push(`bot:${level}`);
  const body = {
    game: game.id,
    seats: kinds.map((kind) => (kind === "here" ? "human" : kind)),
    name: (await signedInName()) ?? "",
    ...(bot.clocked ? {} : { timers: false }),
  };
  const error = document.getElementById("challenge-error");
  error.textContent = "";
  try {
    openTable(await api("/api/tables", { method: "POST", body }), kinds);
  } catch (failure) {
    error.textContent = failure instanceof ApiError ? failure.message : String(failure);
  }
}
