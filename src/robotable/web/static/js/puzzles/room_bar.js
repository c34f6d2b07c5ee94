// In a classroom (?room=CODE), the puzzle page's bar (Ricochet Robots', Robot Delivery's, DR2D's):
// the way back to the room, the teacher's newest hint and the solution they show to all (GET
// /api/classrooms/CODE/me, every few seconds). "Next puzzle" stays in the room. Played alone,
// the bar stays hidden.

import { api, el } from "../api.js";
import { loadGames } from "../game_words.js";
import { language, t } from "../i18n.js";
import { poll } from "../classroom/polling.js";
import { teacherMessages } from "../classroom/room_words.js";
import { roomContext } from "./room_context.js";

const EVERY = 5000; // a class behind one school address stays within its requests a second

export function roomBarView(puzzle) {
  const room = roomContext();
  const bar = document.getElementById("room-bar");
  if (!room) return;
  const roomLink = `/classroom/${encodeURIComponent(room.code)}`;
  let me = null;

  function draw() {
    bar.hidden = false;
    const back = el("a", { href: roomLink, id: "room-back" }, t("classroom.back_to_room", { code: room.code }));
    const titleOf = (id) => me?.work.find((item) => item.id === id)?.title[language()];
    bar.replaceChildren(back, ...(me ? teacherMessages(me, titleOf) : []));
    keepNextInRoom();
  }

  // "Next puzzle": the next one of the room's work, else back to the room.
  function keepNextInRoom() {
    const next = document.getElementById("next");
    const url = new URL(next.href, location.href);
    const game = /^\/puzzles\/(ricochet|delivery|dr2d)\//.exec(url.pathname)?.[1];
    const id = game && (!me || me.game === game) ? decodeURIComponent(url.pathname.split("/").pop()) : null;
    const inWork = id && (!me || me.work.some((item) => item.id === id));
    next.href = inWork ? `${url.pathname}?room=${encodeURIComponent(room.code)}` : roomLink;
  }

  poll(async () => {
    try {
      me = await api(`/api/classrooms/${encodeURIComponent(room.code)}/me`, { token: room.token });
    } catch {
      return; // the room is over or out of reach: the puzzle plays on
    }
    draw();
  }, EVERY);
  draw();
  loadGames().then(draw, () => {}); // the moves of a solution shown, in words
  // after the panel's, on each of its changes (Ricochet's page: next, answer; Delivery's: next,
  // outcome, replaying, best; DR2D's: next, best, run, step): its link, kept in the room
  puzzle.watch((s) => [s.next, s.answer, s.outcome, s.replaying, s.best, s.run, s.step, s.lang], draw);
}
