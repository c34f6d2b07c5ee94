// The "Learn to play" link of a table page (table.html): shown when the table's game has a
// tutorial. The table's game is asked once (GET /api/tables/ID, as a spectator sees it); the
// games' list says which games have a tutorial. The table's own modules are not involved.

import { api } from "../api.js";
import { loadGames } from "../game_words.js";

async function showLink() {
  const link = document.getElementById("learn-link");
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  if (!link || !tableId) return;
  const [table, gamesList] = await Promise.all([api(`/api/tables/${encodeURIComponent(tableId)}`), loadGames()]);
  const game = table.view?.game;
  if (!gamesList.some((entry) => entry.id === game && entry.tutorial)) return;
  link.href = `/learn/${encodeURIComponent(game)}`;
  link.hidden = false;
}

showLink().catch(() => {}); // no table, no server: the page says so itself; the link stays hidden
