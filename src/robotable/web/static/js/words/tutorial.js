// The tutorial page's words (learn.html). A tutorial shows a board like a table's, so importing
// this module registers the table page's words too (the movement menu, a register's caption).
// The tutorial's own texts come from the game's tutorial file, in the page's language.

import { addWords } from "../i18n.js";
import "./table.js";

export const words = {
  en: {
    "tutorial.step": "Step {number} of {total}",
    "tutorial.continue": "Continue",
    "tutorial.restart": "Start again",
    "tutorial.play": "Play a real game",
    "tutorial.more": "{count} more…",
  },
  fr: {
    "tutorial.step": "Étape {number} sur {total}",
    "tutorial.continue": "Continuer",
    "tutorial.restart": "Recommencer",
    "tutorial.play": "Jouer une vraie partie",
    "tutorial.more": "encore {count}…",
  },
};

addWords(words);
