// The leaderboard page (/leaderboard/{game}): a game's rated players and bot levels, best first
// (js/leaderboard/rows.js), with a menu of the other games' leaderboards.

import { api, el } from "../api.js";
import { gameTitle, loadGames } from "../game_words.js";
import { t, translatePage } from "../i18n.js";
import "../words/leaderboard.js";
import { leaderboardRows } from "./rows.js";

// The game named by the page's address.
function gameOfPage() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
}

function drawMenu(games, current) {
  const menu = document.getElementById("leaderboard-game");
  menu.replaceChildren(...games.map((game) => el("option", { value: game.id }, gameTitle(game.id))));
  menu.value = current;
  if (!menu.dataset.wired) {
    menu.dataset.wired = "yes";
    menu.addEventListener("change", () => location.assign(`/leaderboard/${encodeURIComponent(menu.value)}`));
  }
}

async function draw() {
  const games = await loadGames();
  const id = gameOfPage();
  const status = document.getElementById("leaderboard-status");
  const table = document.getElementById("leaderboard-table");
  if (!games.some((game) => game.id === id)) {
    drawMenu(games, games[0]?.id ?? "");
    status.textContent = t("leaderboard.unknown");
    table.hidden = true;
    return;
  }
  drawMenu(games, id);
  document.getElementById("leaderboard-arena").href = `/arena/${encodeURIComponent(id)}`;
  document.title = `${t("leaderboard.tab", { game: gameTitle(id) })} · robotable`;
  const board = await api(`/api/leaderboard/${encodeURIComponent(id)}`);
  document.getElementById("leaderboard-caption").textContent = t("leaderboard.caption", { game: gameTitle(id) });
  document.getElementById("leaderboard-rows").replaceChildren(...leaderboardRows(board.players));
  const people = board.players.some((line) => line.bot === undefined);
  status.textContent = people ? "" : t("leaderboard.empty");
  table.hidden = false;
}

function failed(failure) {
  document.getElementById("leaderboard-error").textContent = failure.message;
}

translatePage(() => draw().catch(failed));
draw().catch(failed);
