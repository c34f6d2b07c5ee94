// The lobby: the games (each in its own catalogue's words), a form to create a table
// (js/lobby/new_table.js), the open tables to join and the running ones to watch
// (js/lobby/tables.js), the bots to challenge (js/lobby/challenge.js), each game's rules and its
// tutorial (/learn/GAME).

import { api, el } from "./api.js";
import { gameSay, gameTitle, loadGames } from "./game_words.js";
import { language, t, translatePage } from "./i18n.js";
import { drawChallenge, wireChallenge } from "./lobby/challenge.js";
import { loadFriends } from "./lobby/invite_seats.js";
import { redrawForm, showForm, wireForm } from "./lobby/new_table.js";
import { showRated } from "./lobby/rated.js";
import { listTables } from "./lobby/tables.js";
import { signedInName } from "./shared/who.js";
import "./words/lobby.js";

async function start() {
  translatePage(redraw);
  await Promise.all([loadGames(), loadFriends()]); // a signed-in person's friends: seats offered by name
  redraw();
  wireForm();
  wireChallenge();
  setInterval(listTables, 5000); // redraw() has listed them once already
}

async function redraw() {
  const gamesList = await loadGames();
  drawGames(gamesList);
  drawChallenge(gamesList); // the bots people may challenge in a game
  signedInName().then((name) => showRated(name !== null));
  redrawForm();
  listTables();
}

function drawGames(gamesList) {
  const box = document.getElementById("games");
  box.replaceChildren(
    ...gamesList.map((game) => {
      const players =
        game.seats[0] === game.seats[1]
          ? t("lobby.players_one", { min: game.seats[0] })
          : t("lobby.players", { min: game.seats[0], max: game.seats[1] });
      return el(
        "article",
        { class: "card", dataset: { game: game.id } },
        el("img", { src: `/api/games/${game.id}/picture.svg?lang=${language()}`, alt: "", loading: "lazy" }),
        el("h3", {}, gameTitle(game.id)),
        el("p", { class: "players" }, players),
        el("p", { class: "summary" }, gameSay(game.id, "summary")),
        el(
          "p",
          { class: "actions" },
          el("button", { type: "button", class: "new-table", onclick: () => showForm(game) }, t("lobby.play")),
          game.rules.length > 0 && // a game without a rules summary offers none
            el("button", { type: "button", class: "rules", onclick: () => showRules(game) }, t("lobby.rules")),
          game.tutorial && el("a", { class: "learn", href: `/learn/${encodeURIComponent(game.id)}` }, t("tutorial.learn")),
          el("a", { class: "leaderboard", href: `/leaderboard/${encodeURIComponent(game.id)}` }, t("lobby.leaderboard")),
        ),
      );
    }),
  );
}

async function showRules(game) {
  const lang = game.rules.includes(language()) ? language() : "en";
  const rules = await api(`/api/games/${game.id}/rules?lang=${lang}`);
  // our own rules summaries, rendered by the server with raw HTML escaped
  document.getElementById("rules-text").innerHTML = rules.html;
  document.getElementById("rules-dialog").showModal();
}

start().catch((failure) => {
  document.getElementById("games").replaceChildren(el("p", { class: "error" }, failure.message));
});
