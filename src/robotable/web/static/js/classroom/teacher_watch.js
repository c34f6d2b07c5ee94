// The pupil the teacher watches: their current attempt's moves, and its last run on the board
// (the server replays the moves: POST /api/puzzles/ricochet/ID/check; a new move walks its
// robot's path), redrawn whenever the room's answer shows the attempt changed: live, without a
// reload; in a Robot Delivery room their program and its last run (teacher_watch_delivery.js),
// in a DR2D room their registers and their last run (teacher_watch_dr2d.js).
// "Show to all" shows this pupil's best solution to every pupil of the room.

import { api } from "../api.js";
import { createBoard } from "../board/board.js";
import { gameSay } from "../game_words.js";
import { language, t } from "../i18n.js";
import { moveWords } from "./room_words.js";
import { deliveryWatch } from "./teacher_watch_delivery.js";
import { dr2dWatch } from "./teacher_watch_dr2d.js";

export function watchView(room) {
  const shown = (id) => document.getElementById(id);
  let caption = () => {};
  const words = { register: (number) => gameSay("dr2d", "decision.register", { number }) };
  const board = createBoard(shown("watch-board"), { caption: (frame) => caption(frame), words });
  const programs = { delivery: deliveryWatch(board, shown), dr2d: dr2dWatch(board, shown) };
  let drawn = ""; // the attempt drawn: "puzzle|moves"
  let asked = 0;

  async function drawAttempt(pupil, lengthBefore) {
    const key = `${pupil.current.puzzle}|${pupil.current.moves.join(",")}|${language()}`;
    if (key === drawn || !pupil.current.puzzle) return;
    drawn = key;
    const mine = ++asked;
    const body = { moves: pupil.current.moves, lang: language() };
    try {
      const answer = await api(`/api/puzzles/ricochet/${encodeURIComponent(pupil.current.puzzle)}/check`, { method: "POST", body });
      if (mine !== asked) return;
      const forward = pupil.current.moves.length === lengthBefore + 1;
      board.show(answer.board, { game: "ricochet", events: forward ? answer.events : [], still: !forward });
      shown("watch").dataset.moves = pupil.current.moves.length;
    } catch {
      drawn = ""; // asked again at the next round
    }
  }

  let before = { pupil: null, length: 0, game: null };
  room.watch(
    (s) => [s.room, s.picked, s.lang],
    ({ room: now, picked }) => {
      const pupil = now?.pupils.find((p) => p.id === picked);
      shown("watch").hidden = !pupil;
      if (!pupil) return;
      const program = programs[now.game]; // null: Ricochet Robots' moves
      if (before.pupil !== pupil.id || before.game !== now.game) {
        for (const watching of Object.values(programs)) watching.forget();
        drawn = "";
      }
      caption = program ? program.caption : () => {};
      for (const part of ["watch-program", "watch-frame", "watch-run"]) shown(part).hidden = !program;
      const title = now.work.find((work) => work.id === pupil.current.puzzle)?.title[language()] ?? pupil.current.puzzle;
      shown("watch-title").textContent = pupil.current.puzzle ? t("teacher.watching", { name: pupil.name, puzzle: title }) : t("teacher.no_attempt", { name: pupil.name });
      shown("watch-moves").textContent = program ? "" : pupil.current.moves.map(moveWords).join(", ");
      shown("watch-board-box").hidden = !pupil.current.puzzle; // nothing played yet: no board (nor zoom)
      const showing = now.shown?.pupil === pupil.id;
      shown("show-all").textContent = showing ? t("teacher.hide") : t("teacher.show", { name: pupil.name });
      shown("show-all").onclick = () => room.show(showing ? null : pupil.id, pupil.current.puzzle);
      shown("show-all").hidden = !showing && pupil.results[pupil.current.puzzle]?.best == null; // once solved
      const lengthBefore = before.pupil === pupil.id ? before.length : -1;
      before = { pupil: pupil.id, length: pupil.current.size ?? 0, game: now.game };
      if (program) program.draw(pupil);
      else drawAttempt(pupil, lengthBefore);
    },
  );
}
