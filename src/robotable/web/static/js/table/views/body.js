// The page's condition on <body> — data-version, data-seat, data-over, data-pending — for
// styles, and for anyone driving the page (the browser tests wait on them). No state (behind
// the hand-over screen, before the first one): no version, seat or end.

export function bodyView(table) {
  const data = document.body.dataset;
  table.watch(
    (s) => [s.server, s.seat, s.pending],
    (s) => {
      data.pending = s.pending ? "yes" : "no";
      if (!s.server) {
        for (const name of ["version", "seat", "over"]) delete data[name];
        return;
      }
      data.version = s.server.version;
      data.seat = s.seat ?? "spectator";
      data.over = s.server.outcome ? "yes" : "no";
    },
  );
}
