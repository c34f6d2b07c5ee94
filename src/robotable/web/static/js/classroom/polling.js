// Asks the server again and again: `ask()` every `every` milliseconds, the next one only once
// the last has answered (a slow server is never asked twice at once), while the page is open.
// Returns a function that asks at once (after the person changed something).

export function poll(ask, every) {
  let timer = null;
  async function round() {
    clearTimeout(timer);
    try {
      await ask();
    } finally {
      timer = setTimeout(round, every);
    }
  }
  round();
  return round;
}
