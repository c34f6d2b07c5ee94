// The words of the puzzle records, on the puzzle page of every game (js/puzzles/record.js):
// "Record: 4 cards, 11 instructions by Léa, optimal; 3 people solved it", the name a guest gives
// for the records, and the scores of the games that have no words for them elsewhere (DR2D's
// are js/puzzles/dr2d/score.js's).

import { addWords } from "../i18n.js";

export const words = {
  en: {
    "records.held": "Record: {score} by {name}",
    "records.optimal": "Record: {score} by {name}, optimal",
    "records.nobody": "No record with a name yet",
    "records.solvers": "{count} people solved it",
    "records.one_solver": "1 person solved it",
    "records.line": "{record}; {people}",
    "records.your_name": "Your name for the records",
    "records.save_name": "Keep",
    "records.moves_one": "1 move",
    "records.moves_many": "{count} moves",
    "records.cards_one": "1 card",
    "records.cards_many": "{count} cards",
    "records.instructions_one": "1 instruction",
    "records.instructions_many": "{count} instructions",
    "records.cards_instructions": "{cards}, {instructions}",
  },
  fr: {
    "records.held": "Record : {score} par {name}",
    "records.optimal": "Record : {score} par {name}, optimal",
    "records.nobody": "Pas encore de record avec un nom",
    "records.solvers": "{count} personnes l’ont résolu",
    "records.one_solver": "1 personne l’a résolu",
    "records.line": "{record} ; {people}",
    "records.your_name": "Votre nom pour les records",
    "records.save_name": "Garder",
    "records.moves_one": "1 coup",
    "records.moves_many": "{count} coups",
    "records.cards_one": "1 carte",
    "records.cards_many": "{count} cartes",
    "records.instructions_one": "1 instruction",
    "records.instructions_many": "{count} instructions",
    "records.cards_instructions": "{cards}, {instructions}",
  },
};

addWords(words);
