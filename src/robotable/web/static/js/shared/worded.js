// An action in its game's own words (the game's catalogue), for the log's echoes (`echo.`) and
// the action buttons (`button.`). The catalogue's key is the family and the notation whole
// (`echo.lock`), else the notation with its numbers as # (`echo.e#.#`, the numbers as {n1},
// {n2}...), else its first word (`button.slot`, the words after it as {w1}, {w2}...). No rule
// of any game here: a game without such words keeps its notation.

import { gameSay, hasGameWord } from "../game_words.js";

// The words of `action` in `game`'s catalogue under `family`, or null when it has none.
export function actionWords(game, family, action) {
  if (!game) return null;
  const split = action.trim().split(/\s+/);
  const numbers = action.match(/\d+/g) ?? [];
  const keys = [action, action.replace(/\d+/g, "#"), split[0]].map((key) => `${family}.${key}`);
  const key = keys.find((candidate) => hasGameWord(game, candidate));
  if (!key) return null;
  const params = {
    notation: action,
    ...Object.fromEntries(split.slice(1).map((word, i) => [`w${i + 1}`, word])),
    ...Object.fromEntries(numbers.map((number, i) => [`n${i + 1}`, number])),
  };
  return gameSay(game, key, params);
}
