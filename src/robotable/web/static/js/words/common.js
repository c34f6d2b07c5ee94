// The interface's words every page reads: the header (language menu, the way back to the
// lobby), the rules dialog's close button, a server out of reach, and the few words more than
// one page says (a seat, a bot). i18n.js registers them itself; a page's own words are in the
// other modules of this folder, registered by the page that imports them.

export const words = {
  en: {
    language: "Language",
    close: "Close",
    "lobby.back": "← Lobby",
    "create.bot": "bot: {name}",
    "error.network": "The server cannot be reached: {reason}",
    "table.seat": "seat {seat}",
    "tutorial.learn": "Learn to play",
    "board.name": "The board",
    "board.zoom_in": "Zoom in on the board",
    "board.zoom_out": "Zoom out",
    "board.zoom_fit": "The whole board",
  },
  fr: {
    language: "Langue",
    close: "Fermer",
    "lobby.back": "← Accueil",
    "create.bot": "robot : {name}",
    "error.network": "Le serveur ne répond pas : {reason}",
    "table.seat": "place {seat}",
    "tutorial.learn": "Apprendre à jouer",
    "board.name": "Le plateau",
    "board.zoom_in": "Agrandir le plateau",
    "board.zoom_out": "Réduire",
    "board.zoom_fit": "Le plateau entier",
  },
};
