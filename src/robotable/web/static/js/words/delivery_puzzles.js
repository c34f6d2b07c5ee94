// The Robot Delivery puzzle page's words (delivery_puzzle.html) and those of its course on the
// puzzles list. The puzzles' titles and lessons come from the server in both languages; the
// cards' names from the game's catalogue (short.FWD ...). Importing this registers the Ricochet
// puzzle pages' words too (back link, undo, hint, next, the movement menu).

import { addWords } from "../i18n.js";
import "./puzzles.js";

export const words = {
  en: {
    "dpuzzles.title": "Robot Delivery: program the pawn",
    "dpuzzles.made_by": "A puzzle made by {name}.",
    "dpuzzles.download": "Download the puzzle file",
    "dpuzzles.course_about": "Program the pawn: sequence, then LOOP, then functions. One lesson each.",
    "dpuzzles.program": "Your program",
    "dpuzzles.how": "Pick a card, then a slot. A slot clicked with no card picked gives its cards back.",
    "dpuzzles.cards": "Cards",
    "dpuzzles.left": "{count} left",
    "dpuzzles.onplay": "onPlay board",
    "dpuzzles.function": "Function board {letter}",
    "dpuzzles.slot": "slot {number}",
    "dpuzzles.empty": "empty",
    "dpuzzles.run": "Run",
    "dpuzzles.clear": "Clear",
    "dpuzzles.running": "Running…",
    "dpuzzles.optimal": "Solved with {cards} cards: optimal!",
    "dpuzzles.solved": "Solved with {cards} cards ({instructions} instructions); best is {best} cards ({best_instructions} instructions).",
    "dpuzzles.unsolved": "Not solved: {delivered} of {parcels} parcels delivered. Change the program and run it again.",
    "dpuzzles.hint_optimum": "The best program uses {cards} cards and runs {instructions} instructions.",
    "dpuzzles.hint_first": "Its first onPlay slot holds: {cards}.",
    "dpuzzles.best": "Your best: {cards} cards.",
    "dpuzzles.best_optimal": "Your best: {cards} cards, optimal.",
    "dpuzzles.solved_in": "solved with {cards} cards",
  },
  fr: {
    "dpuzzles.made_by": "Un puzzle créé par {name}.",
    "dpuzzles.download": "Télécharger le fichier du puzzle",
    "dpuzzles.title": "Robot Delivery : programmez le pion",
    "dpuzzles.course_about": "Programmez le pion : la séquence, puis LOOP, puis les fonctions. Une leçon par puzzle.",
    "dpuzzles.program": "Votre programme",
    "dpuzzles.how": "Choisissez une carte, puis une case. Une case cliquée sans carte choisie rend ses cartes.",
    "dpuzzles.cards": "Cartes",
    "dpuzzles.left": "reste {count}",
    "dpuzzles.onplay": "Tableau onPlay",
    "dpuzzles.function": "Tableau de fonction {letter}",
    "dpuzzles.slot": "case {number}",
    "dpuzzles.empty": "vide",
    "dpuzzles.run": "Lancer",
    "dpuzzles.clear": "Tout effacer",
    "dpuzzles.running": "Le programme tourne…",
    "dpuzzles.optimal": "Résolu avec {cards} cartes : optimal !",
    "dpuzzles.solved": "Résolu avec {cards} cartes ({instructions} instructions) ; le meilleur est {best} cartes ({best_instructions} instructions).",
    "dpuzzles.unsolved": "Pas résolu : {delivered} colis livré(s) sur {parcels}. Changez le programme et relancez-le.",
    "dpuzzles.hint_optimum": "Le meilleur programme utilise {cards} cartes et exécute {instructions} instructions.",
    "dpuzzles.hint_first": "Sa première case onPlay contient : {cards}.",
    "dpuzzles.best": "Votre meilleur : {cards} cartes.",
    "dpuzzles.best_optimal": "Votre meilleur : {cards} cartes, optimal.",
    "dpuzzles.solved_in": "résolu avec {cards} cartes",
  },
};

addWords(words);
