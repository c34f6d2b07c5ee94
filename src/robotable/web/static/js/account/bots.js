// The signed-in part's "Your bots" section (issue 32): the account's bots with their token's
// dates, making one, a new token, revoking it, deleting a bot. A token is shown once, when the
// server makes it (it keeps only its hash); the section never shows it again.

import { api, el } from "../api.js";
import { t } from "../i18n.js";
import { dateOf } from "../profile/dates.js";
import "../words/bots.js";
import { challengesPart } from "./bot_challenges.js";
import { post, sentence, value, wireForm } from "./form.js";

let listed = null; // GET /api/account/bots's answer, drawn again in a new language

// Loads and draws the section for `account` (GET /api/account's answer; null: signed out).
export async function showBots(account) {
  hideToken();
  listed = account ? await api("/api/account/bots") : null;
  drawBots();
}

export function drawBots() {
  const list = document.getElementById("bots-list");
  if (!listed) return list.replaceChildren();
  const items = listed.bots.map(botItem);
  list.replaceChildren(...(items.length ? items : [el("li", {}, t("bots.none"))]));
  document.getElementById("bots-most").textContent = t("bots.most", { most: listed.most });
  const limits = document.getElementById("bots-limits");
  limits.textContent = t("bots.limits", listed.limits);
  limits.hidden = !listed.allowed;
  document.getElementById("bot-form").hidden = !listed.allowed; // a server without bots says so
  document.getElementById("bots-off").hidden = listed.allowed;
}

function botItem(bot) {
  const facts = [t("bots.made", { date: dateOf(bot.created) })];
  if (bot.token_created === null) facts.push(t("bots.no_token"));
  else if (bot.last_used !== null) facts.push(t("bots.used", { date: dateOf(bot.last_used) }));
  const route = `bots/${encodeURIComponent(bot.name)}`;
  return el(
    "li",
    { dataset: { bot: bot.name } },
    el("strong", {}, bot.name),
    ` · ${facts.join(" · ")} `,
    button("bots.new_token", async () => showToken(await post(`${route}/token`))),
    bot.token_created === null ? "" : button("bots.revoke", () => post(`${route}/revoke`)),
    button("bots.delete", () => confirm(t("bots.delete_confirm", { name: bot.name })) && post(`${route}/delete`)),
    challengesPart(bot, (act) => guarded(act)), // the games and tables it takes challenges at
  );
}

let guarded = (act) => act(); // whileSignedIn, once wired

function button(key, act) {
  return el(
    "button",
    {
      type: "button",
      onclick: () => {
        const error = document.getElementById("bots-error");
        error.textContent = "";
        guarded(async () => {
          await act();
          listed = await api("/api/account/bots");
          drawBots();
        }).catch((failure) => (error.textContent = sentence(failure.message)));
      },
    },
    t(key),
  );
}

function showToken(made) {
  document.getElementById("bot-token-words").textContent = t("bots.token_once", { name: made.name });
  document.getElementById("bot-token").textContent = made.token;
  document.getElementById("bot-token-copied").textContent = "";
  document.getElementById("bot-token-shown").hidden = false;
}

function hideToken() {
  document.getElementById("bot-token").textContent = "";
  document.getElementById("bot-token-shown").hidden = true;
}

// `whileSignedIn(act)` runs `act` unless the session ended meanwhile.
export function wireBots(whileSignedIn) {
  guarded = whileSignedIn;
  wireForm("bot-form", "bots-error", () =>
    whileSignedIn(async () => {
      const made = await post("bots", { name: value("bot-name") });
      document.getElementById("bot-name").value = "";
      listed = await api("/api/account/bots");
      drawBots();
      showToken(made);
    }),
  );
  document.getElementById("bot-token-copy").addEventListener("click", async () => {
    await navigator.clipboard?.writeText(document.getElementById("bot-token").textContent);
    document.getElementById("bot-token-copied").textContent = t("bots.copied");
  });
}
