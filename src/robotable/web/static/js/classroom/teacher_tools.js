// The teacher's tools: the room's code to read aloud, the work (a series or one puzzle), a hint
// to one pupil or all, the solution shown to all, the CSV export, and keeping the room after
// its day; and the page's error line.

import { api, el } from "../api.js";
import { language, t } from "../i18n.js";

const SERIES = ["course", "book"];

export function toolsView(room) {
  const shown = (id) => document.getElementById(id);
  let puzzles = null; // the shipped puzzles, for the work menu: GET /api/puzzles/ricochet
  api("/api/puzzles/ricochet").then((listing) => {
    puzzles = [...listing.course, ...listing.book];
    drawWork(room.get().room);
  });

  function drawWork(now) {
    if (!now || !puzzles) return;
    const lang = language();
    const options = [
      ...SERIES.map((series) => el("option", { value: `series:${series}` }, t(`teacher.series.${series}`))),
      ...puzzles.map((puzzle) => el("option", { value: `puzzle:${puzzle.id}` }, puzzle.title[lang])),
    ];
    const menu = shown("work-choice");
    const focused = document.activeElement === menu;
    if (!focused) menu.replaceChildren(...options);
    if (!focused) menu.value = now.puzzle ? `puzzle:${now.puzzle}` : `series:${now.series}`;
  }

  function drawHintTargets(now) {
    const menu = shown("hint-to");
    if (document.activeElement === menu) return;
    const kept = menu.value;
    const options = [el("option", { value: "" }, t("teacher.everyone")), ...now.pupils.map((pupil) => el("option", { value: pupil.id }, pupil.name))];
    menu.replaceChildren(...options);
    menu.value = [...menu.options].some((option) => option.value === kept) ? kept : "";
  }

  shown("open-room").addEventListener("click", () => room.open());
  shown("work-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const [kind, id] = shown("work-choice").value.split(":");
    room.choose(kind === "series" ? { series: id } : { puzzle: id });
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
