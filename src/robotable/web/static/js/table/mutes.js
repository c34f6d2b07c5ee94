// Whom this browser mutes at a table: the seats whose chat messages its pages hide, kept in
// this browser only (localStorage, one entry per table), so a reload hides them still. Nothing
// is sent to the server: muting is for the one who reads, the others never know.

const key = (table) => `robotable:muted:${table}`;

// The seats muted at `table`, as stored (anything else there is ignored: a list of seats only).
export function mutedSeats(table) {
  try {
    const seats = JSON.parse(localStorage.getItem(key(table)) ?? "[]");
    return Array.isArray(seats) ? seats.filter((seat) => Number.isInteger(seat) && seat >= 0) : [];
  } catch {
    return [];
  }
}

export function rememberMuted(table, seats) {
  if (seats.length) localStorage.setItem(key(table), JSON.stringify(seats));
  else localStorage.removeItem(key(table));
}
