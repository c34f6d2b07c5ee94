// A game's words, from the game's own catalogue (games/<id>/words/<lang>.json on the server),
// served with the game's description by GET /api/games as `words: {en: {...}, fr: {...}}`.
// Every word a person reads about a particular game (its title, summary, phases, timers,
// robots) comes from here, so a new game needs nothing under web/.
//
// loadGames() fetches the list once per page; after it resolved, the other functions answer
// synchronously. Templates are filled by the same rule as robotable.core.words: `{name}` is
// the catalogue's word for `name.VALUE` when it has one (`robot.Yellow` is "Jaune" in French),
// else the value itself; a place without a value stays as written.

import { api } from "./api.js";
import { language } from "./i18n.js";

let loading = null; // the one fetch of this page's list (forgotten when it failed)
const games = new Map(); // id -> the game's description, read-only once loaded

// The /api/games list (each game's id, title, seats, bots, options, rules, words), fetched once
// per page: every later call answers the same Promise.
export function loadGames() {
  loading ??= api("/api/games").then(
    (list) => {
      for (const game of list) games.set(game.id, game);
      return list;
    },
    (failure) => {
      loading = null; // the next call tries again
      throw failure;
    },
  );
  return loading;
}

// The game's catalogue in `lang`, English behind it (the server fills it already; this keeps a
// catalogue without a language readable).
function catalogue(gameId, lang) {
  const words = games.get(gameId)?.words ?? {};
  return { ...(words.en ?? {}), ...(words[lang] ?? {}) };
}

// Whether the game's catalogue has words for `key` (in the page's language or in English).
export function hasGameWord(gameId, key) {
  return Object.hasOwn(catalogue(gameId, language()), key);
}

// The game's words for `key` in the page's language, `params` filled in. A key no catalogue
// has (an older server, a game's new phase not worded yet) reads as what follows its
// first dot, underscores as spaces ("phase.bidding" -> "bidding", "timer.no_bid_yet" ->
// "no bid yet"): plain, never undefined, never the key's prefix.
export function gameSay(gameId, key, params = {}) {
  const words = catalogue(gameId, language());
  const template = Object.hasOwn(words, key) ? words[key] : fallback(key);
  return template.replace(/\{(\w+)\}/g, (place, name) => {
    if (!Object.hasOwn(params, name)) return place;
    const value = String(params[name]);
    const word = `${name}.${value}`;
    return Object.hasOwn(words, word) ? words[word] : value;
  });
}

// The game's title in the page's language: its catalogue's, else the list's, else its id.
export function gameTitle(gameId) {
  const words = catalogue(gameId, language());
  return (Object.hasOwn(words, "title") && words.title) || games.get(gameId)?.title || gameId;
}

function fallback(key) {
  const dot = key.indexOf(".");
  return (dot < 0 ? key : key.slice(dot + 1)).replaceAll("_", " ");
}
