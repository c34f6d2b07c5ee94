// The account page's "Your bots" (js/account/bots.js): bots' accounts and their tokens (issue
// 32). Importing this module registers them.

import { addWords } from "../i18n.js";

export const words = {
  en: {
    "bots.title": "Your bots",
    "bots.about": "A bot is a program of yours that plays here under its own name, always shown as a bot. Make one, put its token in your program, and it sits at tables like anyone (the guide “Your own bot on a server” says how).",
    "bots.name": "Bot's name",
    "bots.make": "Make a bot",
    "bots.none": "No bot yet.",
    "bots.made": "made {date}",
    "bots.used": "last used {date}",
    "bots.no_token": "no token: it cannot play until you make one",
    "bots.new_token": "New token",
    "bots.revoke": "Revoke its token",
    "bots.delete": "Delete",
    "bots.delete_confirm": "Delete the bot {name}? Its games stay, under “deleted player”.",
    "bots.token_once": "The token of {name}, shown this once: copy it into your program now. Keep it secret: it plays as {name}.",
    "bots.copy": "Copy",
    "bots.copied": "Copied.",
    "bots.most": "An account may have {most} bots.",
    "bots.limits": "Each bot plays at most {tables} unfinished tables at once and sends at most {per_second} requests a second (bursts of {burst}); past that, the server asks it to wait.",
    "bots.off": "This server does not take bots: its host switched them off.",
  },
  fr: {
    "bots.title": "Vos robots",
    "bots.about": "Un robot est un programme à vous qui joue ici sous son propre nom, toujours présenté comme un robot. Créez-en un, mettez son jeton dans votre programme, et il s'assoit aux tables comme tout le monde (le guide « Your own bot on a server » explique comment).",
    "bots.name": "Nom du robot",
    "bots.make": "Créer un robot",
    "bots.none": "Pas encore de robot.",
    "bots.made": "créé le {date}",
    "bots.used": "utilisé le {date}",
    "bots.no_token": "pas de jeton : il ne peut pas jouer tant que vous n'en créez pas",
    "bots.new_token": "Nouveau jeton",
    "bots.revoke": "Révoquer son jeton",
    "bots.delete": "Supprimer",
    "bots.delete_confirm": "Supprimer le robot {name} ? Ses parties restent, sous « joueur supprimé ».",
    "bots.token_once": "Le jeton de {name}, montré cette seule fois : copiez-le maintenant dans votre programme. Gardez-le secret : il joue en tant que {name}.",
    "bots.copy": "Copier",
    "bots.copied": "Copié.",
    "bots.most": "Un compte peut avoir {most} robots.",
    "bots.limits": "Chaque robot joue au plus {tables} tables en cours à la fois et envoie au plus {per_second} requêtes par seconde (par salves de {burst}) ; au-delà, le serveur lui demande d'attendre.",
    "bots.off": "Ce serveur n'accepte pas de robots : son hébergeur les a désactivés.",
  },
};

addWords(words);
