// Each bot's "Challenges" in the account page's "Your bots" (js/account/bots.js; issue 32): the
// games it takes challenges in (none ticked: it takes none), whether it takes turn-based tables
// and tables with clocks, and the tables' seats. The owner's choice is kept by the server
// (GET/POST /api/account/bots/NAME/challenges), which refuses at once a challenge the bot does
// not take; until the owner saves once, the bot is offered any seat and the lobby lists it not.

import { api, el } from "../api.js";
import { gameTitle, loadGames } from "../game_words.js";
import { t } from "../i18n.js";
import "../words/challenges.js";
import { post, sentence } from "./form.js";

// A closed <details> for `bot` (an entry of GET /api/account/bots): its settings are asked for
// when it is opened, and drawn in the page's language.
export function challengesPart(bot, whileSignedIn) {
  const part = el("details", { class: "bot-challenges", dataset: { bot: bot.name } });
  part.append(el("summary", {}, t("bot_challenges.title")));
  part.addEventListener("toggle", () => {
    if (part.open && !part.dataset.loaded) fill(part, bot.name, whileSignedIn);
  });
  return part;
}

async function fill(part, name, whileSignedIn) {
  const route = `bots/${encodeURIComponent(name)}/challenges`;
  const [games, taken] = await Promise.all([loadGames(), api(`/api/account/${route}`)]);
  part.dataset.loaded = "yes";
  const box = (label, checked, attrs = {}) => el("label", {}, el("input", { type: "checkbox", checked, ...attrs }), " ", label);
  const number = (label, value, cls) =>
    el("label", {}, label, " ", el("input", { type: "number", min: 2, max: 16, value, class: cls, required: true }));
  const said = el("p", { class: "status", role: "status" });
  const hint = el("p", { class: "hint" }, t(taken.set ? "bot_challenges.about" : "bot_challenges.never_set"));
  const form = el(
    "form",
    { class: "challenges-form" },
    el(
      "fieldset",
      {},
      el("legend", {}, t("bot_challenges.games")),
      ...games.map((game) => box(gameTitle(game.id), taken.games.includes(game.id), { class: "challenge-game", value: game.id })),
    ),
    el(
      "fieldset",
      {},
      el("legend", {}, t("bot_challenges.tables")),
      box(t("bot_challenges.turn_based"), taken.turn_based, { class: "challenge-turn-based" }),
      box(t("bot_challenges.clocked"), taken.clocked, { class: "challenge-clocked" }),
      number(t("bot_challenges.fewest"), taken.seats[0], "challenge-fewest"),
      number(t("bot_challenges.most"), taken.seats[1], "challenge-most"),
    ),
    hint,
    el("button", { type: "submit" }, t("bot_challenges.save")),
    said,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    said.textContent = "";
    const chosen = (cls) => form.querySelector(`.${cls}`);
    const body = {
      games: [...form.querySelectorAll(".challenge-game:checked")].map((input) => input.value),
      turn_based: chosen("challenge-turn-based").checked,
      clocked: chosen("challenge-clocked").checked,
      seats: [Number(chosen("challenge-fewest").value), Number(chosen("challenge-most").value)],
    };
    whileSignedIn(async () => {
      const kept = await post(route, body);
      said.textContent = kept.games.length ? t("bot_challenges.saved") : t("bot_challenges.saved_none");
      hint.textContent = t("bot_challenges.about"); // chosen now: the lobby lists it
    }).catch((failure) => (said.textContent = sentence(failure.message)));
  });
  part.append(form);
}
