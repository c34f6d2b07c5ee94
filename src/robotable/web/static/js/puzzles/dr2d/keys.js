// The keyboard on a DR2D puzzle page: the arrow keys write a register the way its picture points
// (↑ forward, → right, ↓ back, ← left: the robot's own, or the compass's when the puzzle reads
// letters so), the space bar or "." a stay, Backspace takes the last register back, Enter runs
// the program. Keys typed into a field, on a button or on the board (its arrows pan it) are theirs.

const LETTERS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W", " ": "STAY", ".": "STAY" };

export function keysOf(puzzle) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea, button, a, #board")) return; // a zoomed board pans
    const letter = LETTERS[event.key];
    if (letter) puzzle.add(letter);
    else if (event.key === "Backspace") puzzle.undo();
    else if (event.key === "Enter") puzzle.run();
    else return;
    event.preventDefault(); // the page does not scroll: a register is written
  });
}
