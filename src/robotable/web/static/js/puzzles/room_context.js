// The classroom a puzzle is played in, if any (/puzzles/ricochet/ID?room=CODE,
// /puzzles/delivery/ID?room=CODE, /puzzles/dr2d/ID?room=CODE): the pupil's token for that room is kept in this browser when
// they join (classroom/pupil.js). In a room, each attempt goes through the room (POST
// /api/classrooms/CODE/attempt), which answers as the puzzle's own route does (Ricochet's check,
// Delivery's and DR2D's run) and shows the attempt to the teacher.

const KEY = "robotable:classroom:";

export const pupilTokens = {
  get: (code) => localStorage.getItem(KEY + code),
  set: (code, token) => localStorage.setItem(KEY + code, token),
  forget: (code) => localStorage.removeItem(KEY + code),
};

// {code, token} of the room this page plays in, or null (a puzzle played alone).
export function roomContext() {
  const code = new URLSearchParams(location.search).get("room");
  const token = code && pupilTokens.get(code);
  return token ? { code, token } : null;
}

// [path, options] of the request that checks an attempt `body` ({moves, lang}) of puzzle `id`.
export function checkRequest(id, body) {
  const room = roomContext();
  if (!room) return [`/api/puzzles/ricochet/${encodeURIComponent(id)}/check`, { method: "POST", body }];
  const path = `/api/classrooms/${encodeURIComponent(room.code)}/attempt`;
  return [path, { method: "POST", body: { ...body, game: "ricochet", puzzle: id }, token: room.token }];
}

// [path, options] of the request for puzzle `id` at its start: in a room, an attempt of no move
// (the teacher sees the pupil on it; a reload starts the attempt again).
export function startRequest(id, lang) {
  if (!roomContext()) return [`/api/puzzles/ricochet/${encodeURIComponent(id)}?lang=${lang}`];
  return checkRequest(id, { moves: [], lang });
}

// [path, options] of the request that runs a program of `game` (delivery, dr2d) on puzzle `id`:
// `alone` the body of the puzzle's own run route ({program} for Robot Delivery, {programs} for
// DR2D), `kept` what the room keeps ({program}; {registers}, as written). In a room, the run is
// the pupil's attempt.
export function runRequest(game, id, { alone, kept }, lang) {
  const room = roomContext();
  if (!room) return [`/api/puzzles/${game}/${encodeURIComponent(id)}/run`, { method: "POST", body: { ...alone, lang } }];
  const body = { game, puzzle: id, ...kept, run: true, lang };
  return [`/api/classrooms/${encodeURIComponent(room.code)}/attempt`, { method: "POST", body, token: room.token }];
}

// [path, options] of the request that shows the teacher a program being written (not run):
// `kept` as runRequest's; null when the puzzle is played alone (nobody follows it).
export function editRequest(game, id, kept) {
  const room = roomContext();
  if (!room) return null;
  const body = { game, puzzle: id, ...kept, run: false };
  return [`/api/classrooms/${encodeURIComponent(room.code)}/attempt`, { method: "POST", body, token: room.token }];
}
