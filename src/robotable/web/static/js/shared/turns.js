// The header's "My tables" link (/mine), with how many of the signed-in person's tables wait
// for them, asked again every 20 seconds and whenever the page comes back into view. A table
// that starts waiting for them while a page of the site is open shows a notification of the
// browser (once they allowed it on "My tables"), unless they are looking at that very table.

import { api } from "../api.js";
import { t } from "../i18n.js";
import { gameTitle, loadGames } from "../game_words.js";
import "../words/mine.js";

const EVERY_MS = 20_000;

export function watchTurns(link) {
  let waiting = null; // the tables that waited at the last answer (null: none asked yet)
  let count = 0;
  const word = () => {
    link.textContent = count ? t("mine.link_count", { count }) : t("mine.link");
    link.classList.toggle("waiting", count > 0);
    link.dataset.yourTurn = String(count);
  };
  async function ask() {
    let answer;
    try {
      answer = await api("/api/account/turns");
    } catch {
      return; // signed out meanwhile, or the server out of reach: asked again later
    }
    const now = new Set(answer.tables.map((entry) => entry.table));
    if (waiting !== null) notify(answer.tables.filter((entry) => !waiting.has(entry.table)));
    waiting = now;
    count = answer.your_turn;
    word();
  }
  link.hidden = false;
  word();
  ask();
  setInterval(ask, EVERY_MS);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && ask());
  return word; // words the link again (a new language)
}

// One notification per table that started waiting (its tag: a table notifies once).
async function notify(started) {
  if (!started.length || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  await loadGames().catch(() => null);
  for (const { table, game } of started) {
    const here = location.pathname === `/tables/${encodeURIComponent(table)}`;
    if (here && document.visibilityState === "visible") continue; // they are looking at it
    const shown = new Notification(t("mine.notify_title"), {
      body: t("mine.notify_body", { game: gameTitle(game) }),
      tag: `robotable-${table}`,
      icon: "/favicon.ico",
    });
    shown.onclick = () => {
      window.focus();
      location.href = `/tables/${encodeURIComponent(table)}`;
    };
  }
}
