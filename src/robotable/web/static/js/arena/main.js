// The arena page (/arena/{game}): the bots of a game's arena, best first (js/arena/rows.js),
// a bot's latest games when its name is chosen (js/arena/games.js), and a menu of the games.

import { api, el } from "../api.js";
import { gameTitle, loadGames } from "../game_words.js";
import { t, translatePage } from "../i18n.js";
import "../words/arena.js";
import { showGames } from "./games.js";
import { arenaRows } from "./rows.js";

// The game named by the page's address (/arena: the arena's first game).
function gameOfPage() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
}

function drawMenu(ids, current) {
  const menu = document.getElementById("arena-game");
  menu.replaceChildren(...ids.map((id) => el("option", { value: id }, gameTitle(id))));
  menu.value = current;
  if (!menu.dataset.wired) {
    menu.dataset.wired = "yes";
    menu.addEventListener("change", () => location.assign(`/arena/${encodeURIComponent(menu.value)}`));
  }
}

async function draw() {
  const [games, arena] = await Promise.all([loadGames(), api("/api/arena")]);
  const table = document.getElementById("arena-table");
  const ids = arena.games.length ? arena.games.map((entry) => entry.game) : games.map((game) => game.id);
  const id = gameOfPage() || ids[0] || "";
  if (!games.some((game) => game.id === id)) {
    drawMenu(ids, ids[0] ?? "");
    table.hidden = true;
    document.getElementById("arena-status").textContent = t("arena.unknown");
    return;
  }
  drawMenu(ids.includes(id) ? ids : [...ids, id], id);
  document.title = `${t("arena.tab", { game: gameTitle(id) })} · robotable`;
  document.getElementById("arena-join").textContent = t("arena.join", { game: id });
  const board = await api(`/api/arena/${encodeURIComponent(id)}`);
  document.getElementById("arena-caption").textContent = t("arena.caption", { game: gameTitle(id) });
  document.getElementById("arena-rows").replaceChildren(...arenaRows(board.players, (line) => showGames(id, line).catch(failed)));
  table.hidden = board.players.length === 0;
  document.getElementById("arena-status").textContent = statusOf(arena, board, id);
}

// What the page says above the table: a closed arena, or one where nobody has played yet.
function statusOf(arena, board, id) {
  if (!arena.on) return t("arena.closed");
  if (!board.on) return t("arena.closed_game", { game: gameTitle(id) });
  return board.players.some((line) => line.games > 0) ? "" : t("arena.empty");
}

function failed(failure) {
  document.getElementById("arena-error").textContent = failure.message;
}

translatePage(() => draw().catch(failed));
draw().catch(failed);
