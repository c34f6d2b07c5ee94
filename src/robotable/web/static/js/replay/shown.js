// What a step of the replay shows: the board (the game's drawing; one step forward, its pieces
// walk the paths its events give, at the table page's speed), the action's news, and the
// outcome at the end. <body>'s data-number says the step shown, for tests.

import { el } from "../api.js";
import { createBoard } from "../board/board.js";
import { t } from "../i18n.js";
import { eventItems, newsLine } from "../shared/news.js";
import { rankItem, standings } from "../shared/seats.js";

export function shownView(replay) {
  const frame = document.getElementById("frame");
  const board = createBoard(document.getElementById("board"), {
    caption: (text) => (frame.textContent = text),
    words: { register: (number) => t("table.register", { number }) },
  });
  replay.watch(
    (s) => [s.step],
    ({ step, oneForward }) => {
      if (!step) return;
      const events = oneForward ? step.news.events : [];
      board.show(step.board, { game: step.view?.game, events, still: !oneForward });
      document.body.dataset.number = step.number;
    },
  );
  replay.watch(
    (s) => [s.step, s.lang],
    ({ step }) => {
      if (!step) return;
      const { news, outcome, seats } = step;
      const told = news ? [el("p", {}, ...newsLine(news, seats, step.view?.game)), el("ul", {}, eventItems(news))] : [el("p", {}, t("replay.start"))];
      document.getElementById("news").replaceChildren(...told);
      const ranks = outcome ? standings(outcome).map((row) => rankItem(row, seats)) : [];
      document.getElementById("outcome").replaceChildren(...(outcome ? [el("h2", {}, t("table.over")), el("ol", {}, ranks)] : []));
    },
  );
}
