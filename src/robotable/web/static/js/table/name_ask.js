// An invited person is asked their name before sitting: when this browser opens an invitation
// link (`invited=1`, js/table/screen.js) to a person's seat nobody named yet, a dialog
// offers the name given last (remembered in this browser, editable); an empty name is the
// seat's "Player N" in the page's language; a signed-in person is not asked (their account's
// name is theirs at every table). The name goes with the join (POST .../join with the
// invitation's token), and the table starts once it is answered, whatever the answer.

import { api, myName } from "../api.js";
import { t } from "../i18n.js";
import { signedInName } from "../shared/who.js";

// Resolves once the person is seated with a name (at once when there is nothing to ask).
export async function askName({ table, token, creator, here, invited }) {
  if (!invited || !token || token === creator || Object.keys(here).length) return;
  const path = `/api/tables/${encodeURIComponent(table)}`;
  let seen;
  try {
    seen = await api(path, { token });
  } catch {
    return; // a token that grants nothing now: the connection says why
  }
  // a seat nobody named yet goes by the server's "seat N" (server/seats.py's seat_name)
  if (seen.seat === null || seen.outcome || seen.seats[seen.seat]?.name !== `seat ${seen.seat}`) return;
  // a signed-in person sits under their account's name (the server's), nothing to ask
  const signedIn = (await signedInName()) !== null;
  const fallback = t("seat.default_name", { number: seen.seat + 1 });
  const name = signedIn ? "" : (await dialogAnswer(fallback)).trim() || fallback;
  if (!signedIn) myName.set(name === fallback ? "" : name);
  try {
    await api(`${path}/join`, { method: "POST", body: { name }, token });
  } catch {
    // the seat is played on all the same; the name is asked again next time
  }
}

// What the person typed, when they sit down (Enter, the button, or Escape: never refused).
function dialogAnswer(fallback) {
  const dialog = document.getElementById("name-dialog");
  const input = document.getElementById("name-input");
  input.value = myName.get();
  input.placeholder = fallback;
  document.getElementById("name-hint").textContent = t("table.name_hint", { name: fallback });
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(input.value), { once: true }));
}
