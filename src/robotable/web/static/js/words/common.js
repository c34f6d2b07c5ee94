// The interface's words every page reads: the header (language menu, the way back to the
// lobby), the rules dialog's close button, a server out of reach, and the few words more than
// one page says (a seat, a bot and its name: robotable/play/words.py's BOT_NAME and BOT_LEVELS
// say the same). i18n.js registers them itself; a page's own words are in the other modules of
// this folder, registered by the page that imports them.

export const words = {
  en: {
    language: "Language",
    close: "Close",
    "lobby.back": "← Lobby",
    "create.bot": "bot: {name}",
    "seat.default_name": "Player {number}",
    "bot.name": "{level} bot {number}",
    "bot.easy": "Easy",
    "bot.medium": "Medium",
    "bot.hard": "Hard",
    "bot.expert": "Expert",
    "bot.heuristic": "Heuristic",
    "bot.random": "Random",
    "bot.perfect": "Perfect",
    "bot.human": "Human-like",
    "bot.novice": "Novice",
    "bot.bfs": "Search",
    "error.network": "The server cannot be reached: {reason}",
    "table.seat": "seat {seat}",
    "tutorial.learn": "Learn to play",
  },
  fr: {
    language: "Langue",
    close: "Fermer",
    "lobby.back": "← Accueil",
    "create.bot": "robot : {name}",
    "seat.default_name": "Joueur {number}",
    "bot.name": "Robot {level} {number}",
    "bot.easy": "facile",
    "bot.medium": "moyen",
    "bot.hard": "fort",
    "bot.expert": "expert",
    "bot.heuristic": "heuristique",
    "bot.random": "au hasard",
    "bot.perfect": "parfait",
    "bot.human": "humain",
    "bot.novice": "novice",
    "bot.bfs": "chercheur",
    "error.network": "Le serveur ne répond pas : {reason}",
    "table.seat": "place {seat}",
    "tutorial.learn": "Apprendre à jouer",
  },
};
