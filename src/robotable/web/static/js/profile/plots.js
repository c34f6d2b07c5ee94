// The profile's ratings: one drawing per game rated in, a point per rated game (drawn by the server: GET
// /api/players/NAME/rating/GAME.svg), each with its text alternative ("Rating went from 1,500
// to 1,620 over 14 games"). Nothing until ratings exist.

import { el } from "../api.js";
import { gameTitle } from "../game_words.js";
import { language } from "../i18n.js";

// `games`: the profile's games; those with a `rating` get a drawing.
export function ratingPlots(name, games) {
  return games.filter((entry) => entry.rating).map((entry) => plot(name, entry));
}

function plot(name, entry) {
  const lang = language();
  const words = entry.rating.summary[lang] ?? entry.rating.summary.en;
  const src = `/api/players/${encodeURIComponent(name)}/rating/${encodeURIComponent(entry.game)}.svg?lang=${lang}`;
  return el(
    "figure",
    { class: "rating-plot", dataset: { game: entry.game } },
    el("img", { src, alt: words, width: 640, height: 320 }),
    el("figcaption", {}, gameTitle(entry.game)),
  );
}
