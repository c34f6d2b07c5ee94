// Everything the seat sees: the game's view as the server sent it, for the curious.

export function seenView(table) {
  const text = document.getElementById("view");
  table.watch(
    (s) => [s.server],
    (s) => {
      text.textContent = s.server ? JSON.stringify(s.server.view, null, 1) : "";
    },
  );
}
