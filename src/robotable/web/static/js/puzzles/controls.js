// The move input beside the board: a button per robot (named in the game's words; one without
// any move is disabled), then the four directions of the picked robot as arrows (a direction
// that goes nowhere is disabled), Undo and Start again. Each button says its move in
// data-action ("red N"), for tests.

import { el } from "../api.js";
import { gameSay, loadGames } from "../game_words.js";
import { t } from "../i18n.js";

const ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };

export function controlsView(puzzle) {
  const robots = document.getElementById("robots");
  const directions = document.getElementById("directions");
  document.getElementById("undo").addEventListener("click", () => puzzle.undo());
  document.getElementById("restart").addEventListener("click", () => puzzle.restart());
  let named = false; // the robots' names are the game's words, once loaded
  loadGames().then(() => {
    named = true;
    draw(puzzle.get());
  }, () => {});
  const draw = ({ answer, selected, moves }) => {
    const legal = answer?.legal ?? [];
    robots.replaceChildren(...(answer?.robots ?? []).map((robot) => robotButton(puzzle, robot, selected, legal, named)));
    const offered = selected ? Object.keys(ARROWS) : [];
    directions.replaceChildren(...offered.map((direction) => directionButton(puzzle, `${selected} ${direction}`, legal)));
    document.getElementById("undo").disabled = !moves.length;
    document.getElementById("restart").disabled = !moves.length;
  };
  puzzle.watch((s) => [s.answer, s.selected, s.lang], draw);
}

function robotButton(puzzle, robot, selected, legal, named) {
  const movable = legal.some((move) => move.startsWith(`${robot} `));
  const name = named ? gameSay("ricochet", `word.${robot}`) : robot;
  const attributes = { type: "button", class: `robot ${robot}`, dataset: { robot }, disabled: !movable };
  attributes["aria-pressed"] = robot === selected ? "true" : "false";
  return el("button", { ...attributes, onclick: () => puzzle.select(robot) }, name);
}

function directionButton(puzzle, move, legal) {
  const direction = move.split(" ")[1];
  const label = t(`puzzles.direction.${direction}`);
  const attributes = { type: "button", class: "direction", dataset: { action: move }, "aria-label": label, title: label };
  return el("button", { ...attributes, disabled: !legal.includes(move), onclick: () => puzzle.move(move) }, ARROWS[direction]);
}
