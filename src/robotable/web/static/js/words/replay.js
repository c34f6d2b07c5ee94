// The replay page's words (replay.html). A replay shows a table, so importing this module
// registers the table page's words too (the clock, a game's end, a register's caption).

import { addWords } from "../i18n.js";
import "./table.js";

export const words = {
  en: {
    "replay.title": "Replay",
    "replay.first": "⏮ Start",
    "replay.back": "◀ Back",
    "replay.forward": "Forward ▶",
    "replay.last": "End ⏭",
    "replay.slider": "Action",
    "replay.seat": "Seen by",
    "replay.spectator": "a spectator",
    "replay.keys": "Keys: ← and → step, Home and End jump.",
    "replay.news": "This action",
    "replay.table": "Back to the table",
    "replay.position": "After {number} of {total} actions.",
    "replay.start": "The start of the game.",
    "replay.file": "A record file (JSON)",
    "replay.not_json": "Not a record file: {reason}",
  },
  fr: {
    "replay.title": "Revoir la partie",
    "replay.first": "⏮ Début",
    "replay.back": "◀ Reculer",
    "replay.forward": "Avancer ▶",
    "replay.last": "Fin ⏭",
    "replay.slider": "Action",
    "replay.seat": "Vue de",
    "replay.spectator": "un spectateur",
    "replay.keys": "Touches : ← et → pour avancer ou reculer, Début et Fin pour sauter.",
    "replay.news": "Cette action",
    "replay.table": "Retour à la table",
    "replay.position": "Après {number} actions sur {total}.",
    "replay.start": "Le début de la partie.",
    "replay.file": "Un fichier de partie (JSON)",
    "replay.not_json": "Ce n'est pas un fichier de partie : {reason}",
  },
};

addWords(words);
