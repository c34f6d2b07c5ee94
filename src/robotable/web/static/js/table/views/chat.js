// The chat panel: the table's messages, oldest first, each under its seat's name (text only,
// never markup: what people write is drawn as text), a field to write in (Enter sends) with the
// characters left, and why a message was refused, in the page's words. Beside each other
// seat's name, a toggle mutes that seat: its messages are hidden on this page (remembered in
// this browser, mutes.js), and a line says how many are hidden, with a button to show each
// muted seat again. A spectator reads the chat; only the table's players write in it.

import { el } from "../../api.js";
import { has, language, t } from "../../i18n.js";
import { rowName } from "../../shared/seats.js";

const MOST = 300; // characters of a message (the server counts them once cleaned)

export function chatView(table) {
  const list = document.getElementById("chat");
  const field = document.getElementById("chat-text");
  let drawn = { chat: [], muted: null, lang: null, seats: null };
  let sent = ""; // the last text sent: given back to the field when it is refused
  document.getElementById("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = field.value;
    if (!text.trim()) return;
    sent = text;
    if (table.say(text)) field.value = "";
    charactersLeft(field);
  });
  field.addEventListener("input", () => charactersLeft(field));
  charactersLeft(field);
  table.watch(
    (s) => [s.chat, s.muted, s.lang, s.server?.seats, s.seat],
    (s) => {
      const seats = s.server?.seats ?? null;
      const same = drawn.muted === s.muted && drawn.lang === s.lang && drawn.seats === seats;
      const grown = same && s.chat.length >= drawn.chat.length && s.chat[drawn.chat.length - 1] === drawn.chat.at(-1);
      const shown = (grown ? s.chat.slice(drawn.chat.length) : s.chat).filter((m) => !s.muted.includes(m.seat));
      const items = shown.map((message) => line(message, s, table));
      const bottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40; // following the talk
      if (grown) list.append(...items); // a live region reads only what is added
      else list.replaceChildren(...items);
      if (bottom || !grown) list.scrollTop = list.scrollHeight;
      drawn = { chat: s.chat, muted: s.muted, lang: s.lang, seats };
      hiddenLine(s, table);
    },
  );
  table.watch(
    (s) => [s.seat, s.server === null, s.lang],
    (s) => {
      document.getElementById("chat-form").hidden = s.seat === null;
      document.getElementById("chat-watching").hidden = s.seat !== null || s.server === null; // once greeted
      charactersLeft(field);
    },
  );
  table.watch(
    (s) => [s.chatAnswer, s.lang],
    (s) => {
      const box = document.getElementById("chat-answer");
      box.textContent = s.chatAnswer ? refusalWords(s.chatAnswer) : "";
      if (s.chatAnswer && s.chatAnswer.code !== "offline" && !field.value) {
        field.value = sent; // what was refused is given back, to change or to send later
        charactersLeft(field);
      }
    },
  );
}

function nameOf(seats, message) {
  const row = seats?.[message.seat];
  return row ? rowName(row) : message.name;
}

function line(message, state, table) {
  const name = nameOf(state.server?.seats, message);
  const when = new Date(message.at * 1000);
  const time = el("time", { datetime: when.toISOString() }, when.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" }));
  const mine = state.seat !== null && message.seat === state.seat;
  const mute = mine
    ? null
    : el(
        "button",
        {
          type: "button",
          class: "mute",
          "aria-pressed": "false",
          "aria-label": t("chat.mute_label", { name }), // the visible word first, then whose
          title: t("chat.mute_hint", { name }),
          onclick: () => table.mute(message.seat, true),
        },
        t("chat.mute"),
      );
  return el(
    "li",
    { dataset: { number: message.number, seat: message.seat } },
    el("span", { class: "who" }, name),
    mute,
    " ",
    time,
    " ",
    el("span", { class: "said" }, message.text),
  );
}

// "3 messages hidden", and a button per muted seat to show its messages again.
function hiddenLine(state, table) {
  const box = document.getElementById("chat-hidden");
  const count = state.chat.filter((message) => state.muted.includes(message.seat)).length;
  const seats = state.server?.seats;
  const unmute = state.muted.map((seat) => {
    const name = seats?.[seat] ? rowName(seats[seat]) : t("table.seat", { seat });
    return el("button", { type: "button", class: "unmute", "aria-pressed": "true", dataset: { seat }, onclick: () => table.mute(seat, false) }, t("chat.unmute", { name }));
  });
  box.hidden = state.muted.length === 0;
  box.replaceChildren(count === 1 ? t("chat.hidden_one") : t("chat.hidden", { count }), " ", ...unmute);
}

function charactersLeft(field) {
  const left = MOST - [...field.value.trim()].length;
  const box = document.getElementById("chat-left");
  box.textContent = left >= 0 ? t("chat.left", { count: left }) : t("chat.over", { count: -left });
  box.classList.toggle("error", left < 0);
}

// A refusal in the page's words (its code's), else the server's sentence in the page's language.
function refusalWords(answer) {
  const key = `chat.refused.${answer.code}`;
  if (has(key)) return t(key, answer.params ?? {});
  return (language() === "fr" && answer.reason_fr) || answer.reason || t("chat.refused.other");
}
