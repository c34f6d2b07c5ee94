// The question before an action that loses the game by the rules (the state's
// `guidance.confirm`: Droids' "stop" when no placed order can be sent): a dialog that says why,
// in the game's words (`confirm.CODE`), with "do it anyway" and "cancel". Cancel, Escape or
// closing it sends nothing and changes nothing.

import { gameSay } from "../../game_words.js";

export function confirmView(table) {
  const dialog = document.getElementById("confirm");
  document.getElementById("confirm-yes").addEventListener("click", () => table.confirmed());
  document.getElementById("confirm-no").addEventListener("click", () => table.cancel());
  dialog.addEventListener("close", () => {
    if (table.get().asking) table.cancel(); // Escape closes the dialog: that is a no
  });
  table.watch(
    (s) => [s.asking, s.games, s.lang],
    (s) => {
      if (!s.asking) {
        if (dialog.open) dialog.close();
        return;
      }
      document.getElementById("confirm-why").textContent = gameSay(s.game, `confirm.${s.asking.code}`, s.asking.params);
      dialog.dataset.action = s.asking.action;
      if (!dialog.open) dialog.showModal();
      document.getElementById("confirm-no").focus();
    },
  );
}
