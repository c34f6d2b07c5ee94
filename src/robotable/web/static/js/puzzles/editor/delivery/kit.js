// What the Robot Delivery editor draws with: its tools (the board format's kinds of cell, in
// its default legend: start points 1 to 4 are floor in a puzzle, and make the board a game's
// too; and the pawn's start), their signs, and the pawn on its cell.

export const PAWN = { N: "▲", E: "▶", S: "▼", W: "◀" };

export const deliveryKit = {
  minSide: 2,
  facing: true, // the pawn's facing is chosen
  facingWord: "editor.facing",
  boardWord: "editor.board",
  tools: [
    [".", "floor", ""],
    ["#", "wall", "■"],
    ["P", "pickup", "◆"],
    ["D", "drop", "◎"],
    ["^", "conveyor_N", "↑"],
    [">", "conveyor_E", "→"],
    ["v", "conveyor_S", "↓"],
    ["<", "conveyor_W", "←"],
    ["»", "express_E", "⇉"],
    ["«", "express_W", "⇇"],
    ["1", "start_1", "1"],
    ["2", "start_2", "2"],
    ["3", "start_3", "3"],
    ["4", "start_4", "4"],
    ["pawn", "pawn", "▶"],
  ],
  // What stands on cell (x, y) beside its kind: the pawn, with its facing.
  marks(state, x, y) {
    const { start } = state;
    if (!start || start.x !== x || start.y !== y) return [];
    return [{ glyph: PAWN[start.facing], word: "editor.pawn", facing: start.facing, kind: "pawn" }];
  },
};
