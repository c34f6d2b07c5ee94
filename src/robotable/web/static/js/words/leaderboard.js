// The leaderboard page's words (leaderboard.html, js/leaderboard/). Importing this module
// registers them. A game's title is in its catalogue, read through js/game_words.js.

import { addWords } from "../i18n.js";

export const words = {
  en: {
    "leaderboard.title": "Leaderboard",
    "leaderboard.tab": "{game} leaderboard",
    "leaderboard.game": "Game",
    "leaderboard.about": "Ratings from rated tables. A new player starts at 1,500; 200 points more means winning about 3 games in 4. Each bot level keeps the rating its games against the other levels measured.",
    "leaderboard.loading": "Loading…",
    "leaderboard.empty": "Nobody is rated at this game yet.",
    "leaderboard.caption": "{game}: players and bots, best rating first",
    "leaderboard.rank": "Rank",
    "leaderboard.player": "Player",
    "leaderboard.rating": "Rating",
    "leaderboard.games": "Rated games",
    "leaderboard.wins": "Wins",
    "leaderboard.bot": "{level} bot",
    "leaderboard.bot_account": "{name} (bot)",
    "leaderboard.provisional": "provisional",
    "leaderboard.unknown": "There is no game here by that name.",
    "leaderboard.arena": "The bots' arena: programs rated against each other",
  },
  fr: {
    "leaderboard.title": "Classement",
    "leaderboard.tab": "Classement de {game}",
    "leaderboard.game": "Jeu",
    "leaderboard.about": "Classement des tables classées. Un nouveau joueur commence à 1 500 ; 200 points de plus, c'est gagner environ 3 parties sur 4. Chaque niveau de robot garde le classement mesuré par ses parties contre les autres niveaux.",
    "leaderboard.loading": "Chargement…",
    "leaderboard.empty": "Personne n'est encore classé à ce jeu.",
    "leaderboard.caption": "{game} : joueurs et robots, du mieux classé au moins bien classé",
    "leaderboard.rank": "Rang",
    "leaderboard.player": "Joueur",
    "leaderboard.rating": "Classement",
    "leaderboard.games": "Parties classées",
    "leaderboard.wins": "Victoires",
    "leaderboard.bot": "Robot {level}",
    "leaderboard.bot_account": "{name} (robot)",
    "leaderboard.provisional": "provisoire",
    "leaderboard.unknown": "Aucun jeu de ce nom ici.",
    "leaderboard.arena": "L'arène des robots : des programmes classés les uns contre les autres",
  },
};

addWords(words);
