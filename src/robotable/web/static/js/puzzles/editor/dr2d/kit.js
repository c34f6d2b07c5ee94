// What the DR2D editor draws with: its tools (the factory map's tiles, in the game's board
// format, and the pieces placed: the robot's start, the goal tile), their signs, and the robot
// and the goal on their tiles.

const ARROWS = { N: "▲", E: "▶", S: "▼", W: "◀" };

export const dr2dKit = {
  minSide: 1,
  facing: true, // the robot's facing is chosen
  facingWord: "editor.robot_faces",
  boardWord: "editor.factory",
  tools: [
    [".", "floor", ""],
    ["^", "conveyor_N", "↑"],
    [">", "conveyor_E", "→"],
    ["v", "conveyor_S", "↓"],
    ["<", "conveyor_W", "←"],
    ["O", "pit", "◯"],
    ["L", "turntable_L", "↺"],
    ["R", "turntable_R", "↻"],
    ["P", "press", "▤"],
    ["w", "repair_1", "+"],
    ["W", "repair_2", "++"],
    ["robot", "robot", "▶"],
    ["goal", "goal", "★"],
  ],
  // What stands on tile (x, y) beside its kind: the robot with its facing, the goal.
  marks(state, x, y) {
    const marks = [];
    const { start, goal } = state;
    if (start && start.x === x && start.y === y) {
      marks.push({ glyph: ARROWS[start.facing], word: "editor.robot_start", facing: start.facing, kind: "pawn" });
    }
    if (goal && goal.x === x && goal.y === y) marks.push({ glyph: "★", word: "editor.goal_here", kind: "goal" });
    return marks;
  },
};
