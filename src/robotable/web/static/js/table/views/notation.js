// The notation box: any action typed in the game's notation and sent with Enter, cleared once
// the table took it. Keys: "/" goes to the box, "f" to the actions' filter, Escape leaves them.

export function notationView(table) {
  const box = document.getElementById("notation");
  document.getElementById("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (box.value.trim()) table.send(box.value.trim());
  });
  table.watch(
    (s) => [s.answer],
    (s) => {
      if (s.answer?.kind === "accepted") box.value = "";
    },
  );
  document.addEventListener("keydown", shortcut);
}

function shortcut(event) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  if (event.key === "Escape" && typing) document.activeElement.blur();
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const goes = { "/": "notation", f: "filter" }[event.key];
  if (goes) {
    event.preventDefault();
    document.getElementById(goes).focus();
  }
}
