// How fast things move on the board: slow, normal, fast, or off (they jump). Chosen on the
// table page and kept in this browser; the replay viewer plays at the same speed. People who
// ask their system for less motion get none until they choose.

export const SPEEDS = ["slow", "normal", "fast", "off"];
const STORED = "robotable:movement";

export function chosenSpeed() {
  const chosen = localStorage.getItem(STORED);
  if (SPEEDS.includes(chosen)) return chosen;
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? "off" : "normal";
}

// The speed menu (a <select> of SPEEDS): shows the chosen speed and keeps a new choice.
export function wireSpeedMenu(menu) {
  menu.value = chosenSpeed();
  menu.addEventListener("change", () => localStorage.setItem(STORED, menu.value));
}
