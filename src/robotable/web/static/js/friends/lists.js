// The Friends page's three lists (js/friends/main.js): friends (invite to a new table, remove),
// requests received (accept, refuse) and sent (withdraw). Names come from other people: they
// are drawn as text, and each button says whose it is (a screen reader hears "Accept Bob").

import { el } from "../api.js";
import { language, t } from "../i18n.js";

// Draws `lists` ({friends, received, sent}); `act(what, name, said)` sends a change.
export function drawLists(lists, act) {
  fill("friends-list", lists.friends, "friends.none", (person) => [
    el("a", { href: `/?invite=${encodeURIComponent(person.name)}`, class: "invite-friend" }, t("friends.invite", person)),
    button("friends.remove", person, () => confirm(t("friends.remove_confirm", person)) && act("remove", person.name, "friends.removed")),
  ]);
  fill("received-list", lists.received, "friends.received_none", (person) => [
    button("friends.accept", person, () => act("accept", person.name, "friends.accepted")),
    button("friends.refuse", person, () => act("refuse", person.name, "friends.refused")),
  ]);
  fill("sent-list", lists.sent, "friends.sent_none", (person) => [
    button("friends.withdraw", person, () => act("withdraw", person.name, "friends.withdrawn")),
  ]);
}

function fill(id, people, empty, tools) {
  const list = document.getElementById(id);
  if (!people.length) {
    list.replaceChildren(el("li", { class: "empty" }, t(empty)));
    return;
  }
  list.replaceChildren(
    ...people.map((person) =>
      el(
        "li",
        { dataset: { name: person.name } },
        el("strong", {}, person.name),
        " ",
        el("small", { class: "hint" }, t("friends.since", { date: day(person.since) })),
        " ",
        ...tools(person),
      ),
    ),
  );
}

// A button whose words name the person it is about ("Accept Bob").
function button(key, person, onclick) {
  return el("button", { type: "button", dataset: { act: key.split(".")[1] }, onclick }, t(key, person));
}

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(language());
}
