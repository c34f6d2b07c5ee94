// The teacher's tools: the game of the room (when opening it, and with its work), the room's
// code to read aloud, the work (a series of the game or one puzzle), a hint to one pupil or all,
// the solution shown to all, the CSV export, and keeping the room after its day; and the page's
// error line.

import { api, el } from "../api.js";
import { language, t } from "../i18n.js";

const GAMES = ["ricochet", "delivery", "dr2d"];
const SERIES = { ricochet: ["course", "book"], delivery: ["course"], dr2d: ["course"] };

function gameOptions() {
  return GAMES.map((game) => el("option", { value: game }, t(`teacher.game.${game}`)));
}

export function toolsView(room) {
  const shown = (id) => document.getElementById(id);
  const puzzles = {}; // each game's shipped puzzles, for the work menu: GET /api/puzzles/GAME
  for (const game of GAMES) {
    api(`/api/puzzles/${game}`).then((listing) => {
      puzzles[game] = [...listing.course, ...(listing.book ?? [])];
      drawWork(room.get().room);
    });
  }
  let drawnGame = null; // the game the work menu was drawn for

  function drawWork(now) {
    if (!now) return;
    const games = shown("work-game");
    if (document.activeElement !== games) {
      games.replaceChildren(...gameOptions());
      games.value = drawnGame ?? now.game;
    }
    const game = games.value;
    if (!puzzles[game]) return;
    const lang = language();
    const options = [
      ...SERIES[game].map((series) => el("option", { value: `series:${series}` }, t(`teacher.series.${series}`))),
      ...puzzles[game].map((puzzle) => el("option", { value: `puzzle:${puzzle.id}` }, puzzle.title[lang])),
    ];
    const menu = shown("work-choice");
    if (document.activeElement === menu && drawnGame === game) return;
    menu.replaceChildren(...options);
    menu.value = game !== now.game ? `series:course` : now.puzzle ? `puzzle:${now.puzzle}` : `series:${now.series}`;
    drawnGame = game;
  }

  function drawHintTargets(now) {
    const menu = shown("hint-to");
    if (document.activeElement === menu) return;
    const kept = menu.value;
    const options = [el("option", { value: "" }, t("teacher.everyone")), ...now.pupils.map((pupil) => el("option", { value: pupil.id }, pupil.name))];
    menu.replaceChildren(...options);
    menu.value = [...menu.options].some((option) => option.value === kept) ? kept : "";
  }

  shown("open-game").replaceChildren(...gameOptions());
  shown("open-room").addEventListener("click", () => room.open(shown("open-game").value));
  shown("work-game").addEventListener("change", () => {
    drawnGame = shown("work-game").value;
    drawWork(room.get().room);
  });
  shown("work-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const [kind, id] = shown("work-choice").value.split(":");
    const game = shown("work-game").value;
    room.choose(kind === "series" ? { game, series: id } : { game, puzzle: id });
  });
  shown("hint-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const to = shown("hint-to").value;
    if (await room.hint(shown("hint-text").value, to ? Number(to) : null)) shown("hint-text").value = "";
  });
  shown("export-csv").addEventListener("click", () => room.csv());
  shown("keep-room").addEventListener("change", (event) => room.keep(event.target.checked));

  room.watch(
    (s) => [s.room, s.token, s.error, s.sent, s.lang],
    ({ room: now, token, error, sent, code }) => {
      shown("opening").hidden = Boolean(token);
      if (!now) {
        const kept = shown("open-game").value; // the menu in the page's language, its choice kept
        shown("open-game").replaceChildren(...gameOptions());
        shown("open-game").value = kept || GAMES[0];
      }
      shown("room").hidden = !now;
      shown("teacher-error").textContent = error;
      shown("hint-sent").textContent = sent ? t(sent) : "";
      if (!now) return;
      shown("room-code").textContent = t("teacher.code_is", { code: now.code });
      shown("room-tell").textContent = t("teacher.tell", { url: `${location.host}/classroom` });
      shown("showing").textContent = now.shown ? t("teacher.showing", { name: now.shown.name }) : "";
      shown("keep-room").checked = now.kept;
      const when = now.expires ? new Date(now.expires * 1000).toLocaleString(language()) : "";
      shown("room-life").textContent = now.kept ? t("teacher.kept") : t("teacher.expires", { when });
      document.body.dataset.room = code;
      drawWork(now);
      drawHintTargets(now);
    },
  );
}
