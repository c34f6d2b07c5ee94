// The lobby's list of tables: the open ones to join, the running ones to watch.

import { api, el, myName, seatLink } from "../api.js";
import { gameTitle } from "../game_words.js";
import { t } from "../i18n.js";
import { rowName } from "../shared/seats.js";

export async function listTables() {
  const box = document.getElementById("tables");
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (failure) {
    box.replaceChildren(el("p", { class: "error" }, failure.message));
    return;
  }
  if (!tables.length) {
    box.replaceChildren(el("p", {}, t("lobby.none")));
    return;
  }
  box.replaceChildren(
    el(
      "ul",
      { class: "tables" },
      tables.map((table) =>
        el(
          "li",
          { dataset: { table: table.table } },
          el("strong", {}, gameTitle(table.game)),
          " ",
          table.seats.map(rowName).join(", "),
          " · ",
          table.open_seats.length ? t("lobby.open", { seats: table.open_seats.join(", ") }) : t("lobby.running"),
          " · ",
          t("lobby.version", { count: table.version }),
          table.rated ? [" · ", el("span", { class: "rated" }, t("lobby.rated"))] : null,
          " ",
          table.open_seats.map((seat) =>
            el("button", { type: "button", class: "join", onclick: () => join(table.table, seat) }, t("lobby.join", { seat })),
          ),
          el("a", { class: "watch", href: `/tables/${encodeURIComponent(table.table)}?watch` }, t("lobby.watch")),
        ),
      ),
    ),
  );
}

async function join(table, seat) {
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(table)}/join`, {
      method: "POST",
      body: { seat, name: myName.get() }, // none given yet: the table page asks it
    });
    location.assign(seatLink(table, joined.token, { invited: true }));
  } catch (failure) {
    alert(failure.message);
  }
}
