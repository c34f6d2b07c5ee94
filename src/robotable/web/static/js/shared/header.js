// Every page's header: who is signed in (who.js) and, for them, "My tables" with how many wait
// for them (turns.js). A page includes it as a script of its own; it needs `#who` and
// `#my-tables` links in its header.

import { watchTurns } from "./turns.js";
import { showWho } from "./who.js";

async function start() {
  const name = await showWho();
  document.getElementById("language")?.addEventListener("change", () => setTimeout(showWho));
  const link = document.getElementById("my-tables");
  if (name === null || !link) return;
  const word = watchTurns(link);
  // after the page's own handler has switched the language (listeners run in their order)
  document.getElementById("language")?.addEventListener("change", () => setTimeout(word));
}

start();
