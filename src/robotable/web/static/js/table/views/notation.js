// The notation box: any action typed in the game's notation and sent with Enter, cleared once
// the table took it. Keys: "/" goes to the box (showing it, when the page's settings hide it),
// "f" to the actions' filter, Escape leaves them.

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
  document.addEventListener("keydown", (event) => shortcut(event, table));
}

function shortcut(event, table) {
  const active = document.activeElement;
  // a checkbox (the page's settings) takes no text: the keys still work after a click on it
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(active?.tagName) && !["checkbox", "radio"].includes(active.type);
  if (event.key === "Escape" && typing) document.activeElement.blur();
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const goes = { "/": "notation", f: "filter" }[event.key];
  if (goes) {
    event.preventDefault();
    if (goes === "notation") table.setNotation(true); // a person who types "/" wants the box
    document.getElementById(goes).focus();
  }
}
