// The table's board: the seat's drawing asked of the server (GET /api/tables/ID/board.svg),
// its words in the page's language (asked again when the language changes), one request at a time. Updates that come faster than drawings (bots playing quickly) are
// folded into the next one, which is asked only once the pieces walking their paths have
// arrived, so a page never floods the server; the news since the drawing before say what
// moved. The board component (board/board.js) shows it; a word or a cell picked on it narrows
// the actions. <body>'s data-board (the version drawn), data-steps, data-effects and data-moved
// say what it did, for tests.

import { createBoard } from "../../board/board.js";
import { t } from "../../i18n.js";

const SOON = 200; // milliseconds before asking again for a drawing the table moved past
const LATER = 2000; // ... after a refusal (too many requests, a seat handed to a bot) or no answer

export function boardView(table) {
  const frame = document.getElementById("frame");
  const board = createBoard(document.getElementById("board"), {
    caption: (text) => (frame.textContent = text),
    onPick: (picked) => table.pick(picked),
    words: { register: (number) => t("table.register", { number }) },
  });
  let drawn = -1; // the version drawn
  let drawnIn = null; // ... in this language
  let told = -1; // the last action whose news was played on a drawing
  let asking = false;
  let waiting = null; // the next request, waiting for the pieces to arrive

  table.watch(
    (s) => [s.server, s.lang],
    (s) => {
      if (s.server) {
        board.mark(s.server.legal);
        ask();
        return;
      }
      clearTimeout(waiting);
      drawn = -1;
      told = -1;
      board.clear();
    },
  );

  async function ask() {
    const { server, table: id, token, lang } = table.get();
    if (!server || asking || (drawn === server.version && drawnIn === lang)) return;
    const moving = board.moving();
    if (moving > 0) {
      clearTimeout(waiting);
      waiting = setTimeout(ask, moving);
      return;
    }
    asking = true;
    let wait = SOON;
    try {
      const query = new URLSearchParams({ lang });
      const response = await fetch(`/api/tables/${encodeURIComponent(id)}/board.svg?${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const picture = response.ok ? await response.text() : null;
      if (picture === null) wait = LATER;
      // the screen went to someone else meanwhile: this seat's drawing is not shown to them
      else if (token === table.get().token) show(picture, server.version, lang);
    } catch {
      wait = LATER; // the server is away: the reconnection asks again
    } finally {
      asking = false;
    }
    const now = table.get();
    if (now.server && (drawn !== now.server.version || drawnIn !== now.lang)) setTimeout(ask, wait);
  }

  // The drawing asked at `version`; it may be newer (drawn when the request reached the
  // server): the news received until it came say what moved.
  function show(picture, version, lang) {
    const { log, server } = table.get();
    const news = log.filter((entry) => entry.news?.number > told).map((entry) => entry.news);
    if (!board.shows(picture)) {
      const did = board.show(picture, { game: server.view.game, events: news.flatMap((item) => item.events) });
      Object.assign(document.body.dataset, { steps: did.steps, effects: did.effects, moved: did.moved });
    }
    told = Math.max(told, ...news.map((item) => item.number));
    drawn = version;
    drawnIn = lang;
    document.body.dataset.board = version;
    board.mark(server.legal);
  }
}
