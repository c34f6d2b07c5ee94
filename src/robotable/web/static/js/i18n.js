// Every word of the interface, in English and French. The language is the browser's (French
// when it prefers French), switchable on every page and remembered in this browser.

const WORDS = {
  en: {
    language: "Language",
    close: "Close",
    "lobby.lead": "Robot board games, played exactly by their rules: alone against bots, or with friends online.",
    "lobby.games": "Games",
    "lobby.tables": "Tables",
    "lobby.back": "← Lobby",
    "lobby.play": "New table",
    "lobby.rules": "Rules",
    "lobby.players": "{min}–{max} players",
    "lobby.players_one": "{min} players",
    "lobby.none": "No open or running table yet: create one above.",
    "lobby.join": "Join seat {seat}",
    "lobby.watch": "Watch",
    "lobby.open": "open seats: {seats}",
    "lobby.running": "running",
    "lobby.version": "{count} actions",
    "create.title": "New table: {game}",
    "create.seats": "Seats",
    "create.count": "Players",
    "create.table": "Table",
    "create.name": "Your name",
    "create.timers": "Clocks on (sand timer, time-outs)",
    "create.options": "Options",
    "create.go": "Create the table",
    "create.cancel": "Cancel",
    "create.you": "you",
    "create.here": "a person at this screen",
    "create.human": "a person (invitation link)",
    "create.open": "open (anyone may join)",
    "create.bot": "bot: {name}",
    "create.default": "default",
    "error.network": "The server cannot be reached: {reason}",
    "table.your_move": "Your move",
    "table.notation": "Action (notation)",
    "table.send": "Send",
    "table.filter": "Filter the actions",
    "table.invites": "Invitations",
    "table.invite_hint": "Send each person their link: it gives their seat and nothing else.",
    "table.copy": "Copy",
    "table.copied": "Copied",
    "table.seats": "Seats",
    "table.view": "Everything your seat sees",
    "table.log": "Log",
    "table.you_are": "You play seat {seat}.",
    "table.spectator": "You are watching.",
    "table.to_act": "Waiting for: {seats}.",
    "table.your_turn": "Your turn.",
    "table.phase": "Phase: {phase}.",
    "table.version": "Action {count}.",
    "table.over": "The game is over.",
    "table.ranks": "{name}: rank {rank}, score {score}",
    "table.accepted": "Played.",
    "table.refused": "Refused: {reason}",
    "table.error": "Error: {reason}",
    "table.nothing": "Nothing to do now.",
    "table.connected": "Connected.",
    "table.connecting": "Connecting…",
    "table.lost": "Connection lost: reconnecting…",
    "table.closed": "Closed by the server: {reason}",
    "table.clock": "the clock",
    "table.seat": "seat {seat}",
    "table.left": "{label}: {seconds} s",
    "table.more": "{count} more: use the filter or the notation box",
    "table.waiting_join": "Waiting for people to take the open seats.",
    "table.handover": "Give the screen to {name}.",
    "table.handover_hint": "What {name} sees stays hidden until they are ready.",
    "table.ready": "I am {name}: show my game",
    "table.give_to": "Give the screen to {name}",
    "table.here": "At this screen",
    "table.to_bot": "Give to a bot",
    "table.to_bot_confirm": "Give {name}'s seat to a bot for the rest of the game?",
    "seat.human": "person",
    "seat.open": "open",
    "summary.ricochet": "Race to the target: bid the fewest moves, then show them. Robots slide until they hit a wall.",
    "summary.dr2d": "Program your robot in secret, five registers at once, on a factory of conveyors, presses and lasers.",
    "summary.droids": "Place orders on the emitters, then send them one by one: move, turn, shoot. Seven scenarios, one solo.",
    "summary.delivery": "Build a program of cards with loops and functions to pick up and deliver parcels.",
    "summary.robotick": "Three players, one trick-taking game, against Droco: a robot that plays by its AI cards.",
  },
  fr: {
    language: "Langue",
    close: "Fermer",
    "lobby.lead": "Des jeux de plateau de robots, joués exactement selon leurs règles : seul contre des robots, ou en ligne entre amis.",
    "lobby.games": "Jeux",
    "lobby.tables": "Tables",
    "lobby.back": "← Accueil",
    "lobby.play": "Nouvelle table",
    "lobby.rules": "Règles",
    "lobby.players": "{min} à {max} joueurs",
    "lobby.players_one": "{min} joueurs",
    "lobby.none": "Aucune table ouverte ni en cours : créez-en une ci-dessus.",
    "lobby.join": "Prendre la place {seat}",
    "lobby.watch": "Regarder",
    "lobby.open": "places libres : {seats}",
    "lobby.running": "en cours",
    "lobby.version": "{count} actions",
    "create.title": "Nouvelle table : {game}",
    "create.seats": "Places",
    "create.count": "Joueurs",
    "create.table": "Table",
    "create.name": "Votre nom",
    "create.timers": "Horloges actives (sablier, délais)",
    "create.options": "Options",
    "create.go": "Créer la table",
    "create.cancel": "Annuler",
    "create.you": "vous",
    "create.here": "une personne devant cet écran",
    "create.human": "une personne (lien d'invitation)",
    "create.open": "libre (n'importe qui peut la prendre)",
    "create.bot": "robot : {name}",
    "create.default": "par défaut",
    "error.network": "Le serveur ne répond pas : {reason}",
    "table.your_move": "À vous de jouer",
    "table.notation": "Action (notation)",
    "table.send": "Envoyer",
    "table.filter": "Filtrer les actions",
    "table.invites": "Invitations",
    "table.invite_hint": "Envoyez à chacun son lien : il donne sa place et rien d'autre.",
    "table.copy": "Copier",
    "table.copied": "Copié",
    "table.seats": "Places",
    "table.view": "Tout ce que voit votre place",
    "table.log": "Journal",
    "table.you_are": "Vous jouez la place {seat}.",
    "table.spectator": "Vous regardez la partie.",
    "table.to_act": "En attente de : {seats}.",
    "table.your_turn": "À vous.",
    "table.phase": "Phase : {phase}.",
    "table.version": "Action {count}.",
    "table.over": "La partie est finie.",
    "table.ranks": "{name} : rang {rank}, score {score}",
    "table.accepted": "Joué.",
    "table.refused": "Refusé : {reason}",
    "table.error": "Erreur : {reason}",
    "table.nothing": "Rien à faire pour l'instant.",
    "table.connected": "Connecté.",
    "table.connecting": "Connexion…",
    "table.lost": "Connexion perdue : reconnexion…",
    "table.closed": "Fermé par le serveur : {reason}",
    "table.clock": "l'horloge",
    "table.seat": "place {seat}",
    "table.left": "{label} : {seconds} s",
    "table.more": "{count} de plus : utilisez le filtre ou la notation",
    "table.waiting_join": "En attente de joueurs pour les places libres.",
    "table.handover": "Passez l'écran à {name}.",
    "table.handover_hint": "Le jeu de {name} reste caché jusqu'à ce que {name} le demande.",
    "table.ready": "Je suis {name} : montrer mon jeu",
    "table.give_to": "Passer l'écran à {name}",
    "table.here": "Devant cet écran",
    "table.to_bot": "Confier à un robot",
    "table.to_bot_confirm": "Confier la place de {name} à un robot pour le reste de la partie ?",
    "seat.human": "personne",
    "seat.open": "libre",
    "summary.ricochet": "Course à la cible : annoncez le moins de coups, puis montrez-les. Les robots glissent jusqu'au mur.",
    "summary.dr2d": "Programmez votre robot en secret, cinq registres d'un coup, dans une usine de tapis, presses et lasers.",
    "summary.droids": "Placez des ordres sur les émetteurs, puis envoyez-les un à un : avancer, tourner, tirer. Sept scénarios, dont un solo.",
    "summary.delivery": "Composez un programme de cartes, avec boucles et fonctions, pour prendre et livrer des colis.",
    "summary.robotick": "Trois joueurs, un jeu de plis, contre Droco : un robot qui joue selon ses cartes IA.",
  },
};

const STORED = "robotable:language";

export function language() {
  const chosen = localStorage.getItem(STORED);
  if (chosen && WORDS[chosen]) return chosen;
  return (navigator.languages || [navigator.language || "en"]).some((l) => l.toLowerCase().startsWith("fr"))
    ? "fr"
    : "en";
}

export function t(key, values = {}) {
  const words = WORDS[language()];
  const text = words[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

// Fills every [data-t] element's text (and [data-t-placeholder]'s placeholder), sets the
// page's language, and wires the language menu: changing it re-runs `redraw`.
export function translatePage(redraw) {
  document.documentElement.lang = language();
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of document.querySelectorAll("[data-t-placeholder]")) {
    element.placeholder = t(element.dataset.tPlaceholder);
  }
  const menu = document.getElementById("language");
  if (menu && !menu.dataset.wired) {
    menu.dataset.wired = "yes";
    menu.value = language();
    menu.addEventListener("change", () => {
      localStorage.setItem(STORED, menu.value);
      translatePage(redraw);
      redraw();
    });
  }
}
