// What the DR2D editor draws with: its tools (the factory map's tiles, in the game's board
// format, its laws and game start tiles; the walls, lasers and pushers; the pieces placed: the
// robot's start, the goal tile), their signs, and what stands on a tile beside its kind, drawn
// as the game draws it where a grid of buttons can: walls dark bars on the tile's sides, a laser
// a red emitter with its beam, a pusher a bronze arrow, a law a gold L1..L3.

const ARROWS = { N: "▲", E: "▶", S: "▼", W: "◀" };
const PUSHES = { N: "⇑", E: "⇒", S: "⇓", W: "⇐" };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
export const STARTS = "abcdefgh"; // the game's start tiles S1..S8 (a full board needs a and b)

// The tiles a laser's beam crosses: from its mount, until a wall or the factory's edge.
function beam(state, laser) {
  const tiles = [];
  let [x, y] = [laser.x, laser.y];
  const walled = (at, side) => state.walls.some((w) => w.x === at[0] && w.y === at[1] && w.side === side);
  const back = { N: "S", E: "W", S: "N", W: "E" }[laser.dir];
  while (x >= 0 && y >= 0 && x < state.width && y < state.height && tiles.length < 12) {
    tiles.push([x, y]);
    const [nx, ny] = [x + STEP[laser.dir][0], y + STEP[laser.dir][1]];
    if (walled([x, y], laser.dir) || walled([nx, ny], back)) break;
    [x, y] = [nx, ny];
  }
  return tiles;
}

export const dr2dKit = {
  minSide: 1,
  facing: true, // a direction is chosen: the robot's facing, a wall's side, a laser's or pusher's
  // what the direction buttons choose, for the tool in use
  facingWord: (tool) =>
    ({ wall: "editor.wall_side", laser: "editor.laser_fires", pusher: "editor.pusher_pushes" })[tool] ?? "editor.robot_faces",
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
    ["wall", "wall_side", "▌"],
    ["laser", "laser", "◉"],
    ["pusher", "pusher", "⇒"],
    ["1", "law_1", "L1"],
    ["2", "law_2", "L2"],
    ["3", "law_3", "L3"],
    ["start", "game_start", "S"],
    ["robot", "robot", "▶"],
    ["goal", "goal", "★"],
    // a game's start tiles, drawn by the "start" tool (the next letter free): not in the palette
    ...[...STARTS].map((letter, i) => [letter, `start_${i + 1}`, `S${i + 1}`, "hidden"]),
  ],
  // What stands on tile (x, y) beside its kind: the robot with its facing, the goal, the walls
  // on its sides, a laser mounted on it or its beam crossing it, a pusher.
  marks(state, x, y) {
    const marks = [];
    const { start, goal } = state;
    if (start && start.x === x && start.y === y) {
      marks.push({ glyph: ARROWS[start.facing], word: "editor.robot_start", facing: start.facing, kind: "pawn" });
    }
    if (goal && goal.x === x && goal.y === y && !state.goalLaws.length) marks.push({ glyph: "★", word: "editor.goal_here", kind: "goal" });
    for (const wall of state.walls) {
      const [ax, ay] = [wall.x + STEP[wall.side][0], wall.y + STEP[wall.side][1]];
      const side = wall.x === x && wall.y === y ? wall.side : ax === x && ay === y ? { N: "S", E: "W", S: "N", W: "E" }[wall.side] : null;
      if (side) marks.push({ glyph: "", word: "editor.wall_here", facing: side, kind: `wall-${side}`, over: true });
    }
    for (const laser of state.lasers) {
      if (laser.x === x && laser.y === y) marks.push({ glyph: "◉", word: "editor.laser_here", facing: laser.dir, kind: "laser", over: true });
      else if (beam(state, laser).some(([bx, by]) => bx === x && by === y)) {
        marks.push({ glyph: "", word: "editor.beam_here", facing: laser.dir, kind: `beam-${"NS".includes(laser.dir) ? "v" : "h"}`, over: true });
      }
    }
    for (const pusher of state.pushers) {
      if (pusher.x === x && pusher.y === y) marks.push({ glyph: PUSHES[pusher.dir], word: "editor.pusher_here", facing: pusher.dir, kind: "pusher", over: true });
    }
    return marks;
  },
};
