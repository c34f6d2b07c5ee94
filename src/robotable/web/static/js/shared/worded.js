// An action in its game's own words (the game's catalogue), for the log's echoes (`echo.`) and
// the action buttons (`button.`). The catalogue's key is the family and the notation whole
// (`echo.lock`), else the notation with its numbers as # (`echo.e#.#`, the numbers as {n1},
// {n2}...), else its first word (`button.slot`, the words after it as {w1}, {w2}...). Words
// without a sentence of their own (a long list's "bid …", Ricochet's "red N") are worded one by
// one (`word.bid` is "annoncer"). No rule of any game here: a game without such words keeps its
// notation.

import { gameSay, hasGameWord } from "../game_words.js";

// A whole action's button: its `button.` words, else its words one by one.
export function buttonWords(game, action) {
  return actionWords(game, "button", action) ?? notationWords(game, action);
}

// `text` (an action, or the first words of some) word by word: each word the game's catalogue
// names under `word.`, the rest (numbers, cells, cards) as typed.
export function notationWords(game, text) {
  if (!game) return text;
  const say = (word) => (hasGameWord(game, `word.${word}`) ? gameSay(game, `word.${word}`) : word);
  return text.split(" ").map(say).join(" ");
}

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
