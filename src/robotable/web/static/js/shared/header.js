// Every page's header: who is signed in (who.js) and, for them, "My tables" with how many wait
// for them (turns.js). A page includes it as a script of its own; it needs `#who` and
// `#my-tables` links in its header. A page where someone signs in or out (the account page)
// says so with the window event `robotable:who`.

import { watchTurns } from "./turns.js";
import { forgetWho, showWho } from "./who.js";

let word = null; // words the link to My tables again, once it is watched

async function start() {
  const name = await showWho();
  const link = document.getElementById("my-tables");
  if (!link) return;
  if (name === null) link.hidden = true;
  else if (word === null) word = watchTurns(link);
  else link.hidden = false;
}

// after the page's own handler has switched the language (listeners run in their order)
document.getElementById("language")?.addEventListener("change", () =>
  setTimeout(() => {
    showWho();
    word?.();
  }),
);
window.addEventListener("robotable:who", () => {
  forgetWho();
  start();
});
start();
