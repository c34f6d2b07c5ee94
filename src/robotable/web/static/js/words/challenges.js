// Challenging bots (issue 32): the lobby's "Challenge a bot" (js/lobby/challenge.js) and each
// bot's settings on the account page (js/account/bot_challenges.js). Importing this module
// registers them.

import { addWords } from "../i18n.js";

export const words = {
  en: {
    "challenge.title": "Challenge a bot",
    "challenge.arena": "The bots' arena: how they rank against each other",
    "challenge.about": "Bots are programs people here wrote and run. Each one's owner chose the games and tables it takes.",
    "challenge.game": "Game",
    "challenge.none": "No bot takes challenges in this game yet.",
    "challenge.name": "{name} (bot)",
    "challenge.by": "by {owner}",
    "challenge.rating": "rating {rating}",
    "challenge.rating_provisional": "rating {rating}?",
    "challenge.unrated": "not rated yet",
    "challenge.go": "Challenge {name}",
    "challenge.sign_in": "Sign in to challenge a bot.",
    "challenge.more": "More bots",
    "bot_challenges.title": "Challenges",
    "bot_challenges.games": "Games it takes challenges in",
    "bot_challenges.tables": "Tables it takes",
    "bot_challenges.turn_based": "Turn-based tables (days to play)",
    "bot_challenges.clocked": "Tables with clocks",
    "bot_challenges.fewest": "Fewest seats",
    "bot_challenges.most": "Most seats",
    "bot_challenges.about": "A challenge it does not take is refused at once, with the reason. The lobby lists it in the games ticked, while it has a token.",
    "bot_challenges.never_set": "Not chosen yet: it is offered any seat, and the lobby does not list it. Save to choose.",
    "bot_challenges.save": "Save",
    "bot_challenges.saved": "Saved.",
    "bot_challenges.saved_none": "Saved: it takes no challenge.",
  },
  fr: {
    "challenge.arena": "L'arène des robots : leur classement entre eux",
    "challenge.title": "Défier un robot",
    "challenge.about": "Les robots sont des programmes écrits et lancés par des gens d'ici. Le propriétaire de chacun a choisi les jeux et les tables qu'il accepte.",
    "challenge.game": "Jeu",
    "challenge.none": "Aucun robot n'accepte encore de défi à ce jeu.",
    "challenge.name": "{name} (robot)",
    "challenge.by": "de {owner}",
    "challenge.rating": "classement {rating}",
    "challenge.rating_provisional": "classement {rating} ?",
    "challenge.unrated": "pas encore classé",
    "challenge.go": "Défier {name}",
    "challenge.sign_in": "Connectez-vous pour défier un robot.",
    "challenge.more": "Plus de robots",
    "bot_challenges.title": "Défis",
    "bot_challenges.games": "Jeux où il accepte les défis",
    "bot_challenges.tables": "Tables qu'il accepte",
    "bot_challenges.turn_based": "Tables au tour par tour (des jours pour jouer)",
    "bot_challenges.clocked": "Tables avec horloges",
    "bot_challenges.fewest": "Places, au moins",
    "bot_challenges.most": "Places, au plus",
    "bot_challenges.about": "Un défi qu'il n'accepte pas est refusé aussitôt, avec la raison. L'accueil le présente dans les jeux cochés, tant qu'il a un jeton.",
    "bot_challenges.never_set": "Pas encore choisi : on peut lui offrir n'importe quelle place, et l'accueil ne le présente pas. Enregistrez pour choisir.",
    "bot_challenges.save": "Enregistrer",
    "bot_challenges.saved": "Enregistré.",
    "bot_challenges.saved_none": "Enregistré : il n'accepte aucun défi.",
  },
};

addWords(words);
