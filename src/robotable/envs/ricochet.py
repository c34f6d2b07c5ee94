"""Ricochet Robots as arrays: moves, bids and words; the 16 x 16 board as planes.

Actions: ``Move(robot, direction)`` for each robot in play and N, E, S, W, then
``Bid(1..max_bid)``, then ``give-up``, ``reset``, ``reveal``, ``next``, then ``wait`` (the
bidding closes only when its sand timer runs out: RR-18). The referee's ``countdown`` and
``time-up`` are not in the table: the environment applies them when every seat waits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import Encoder, IndexRule, Observation, SeatMemo, one_hot, relative_seats, scaled
from robotable.games.ricochet.actions import GIVE_UP, NEXT, RESET, REVEAL, Bid, Move
from robotable.games.ricochet.board import ALL_TARGETS, CELLS, DIRECTIONS, SIZE, assemble, faces_for
from robotable.games.ricochet.code import ROBOT_NAMES
from robotable.games.ricochet.state import DEMONSTRATION, RicochetState

PHASES = ("solving", "countdown", "demonstration", "puzzle", "over")
TARGET_CODES = tuple(t.code for t in ALL_TARGETS)
CHIPS = len(ALL_TARGETS)  # 17
LONG = 32  # moves counts are scaled by this (an optimal solution rarely needs more than 20)
_ROBOT = {name: i for i, name in enumerate(ROBOT_NAMES)}
_TARGET = {code: i for i, code in enumerate(TARGET_CODES)}
_DIRECTION = {letter: i for i, letter in enumerate(DIRECTIONS)}
_CHIP_SHARES = tuple(scaled(count, CHIPS) for count in range(CHIPS + 1))
"""``scaled(count, 17)`` of a count of chips (there are 17)."""


@lru_cache(maxsize=64)
def board_planes(faces: str, faces_file: str | None) -> np.ndarray:
    """Walls N, E, S, W and the blocked centre of one assembled board, ``(5, 16, 16)``."""
    board = assemble([faces[i : i + 2] for i in range(0, 8, 2)], faces_for(faces_file))
    walls = np.array(board.walls, dtype=np.int64).reshape(SIZE, SIZE)
    planes = np.zeros((5, SIZE, SIZE), dtype=np.float32)
    for d in range(4):
        planes[d] = (walls >> d) & 1
    centre = np.zeros(CELLS, dtype=np.float32)
    centre[list(board.blocked)] = 1.0
    planes[4] = centre.reshape(SIZE, SIZE)
    planes.setflags(write=False)
    return planes


class RicochetEncoder(Encoder):
    game_id = "ricochet"
    shares_masks = True  # bids and moves: ready-made actions, the same lists again and again

    def setup(self, view: Mapping[str, JSON]) -> None:
        self.robots = len(view["robots"])  # 4, or 5 with the silver robot (option or puzzle code)
        self.max_bid = int(self.options["max_bid"])

    def all_actions(self) -> Iterable[Action]:
        yield from (Move(r, d) for r in range(self.robots) for d in range(4))
        yield from (Bid(n) for n in range(1, self.max_bid + 1))
        yield from (GIVE_UP, RESET, REVEAL, NEXT)

    def index_rules(self) -> Mapping[type, IndexRule]:
        first_bid = 4 * self.robots - 1  # bid 1 follows the last move
        return {Move: lambda a: a.robot * 4 + a.direction, Bid: lambda a: first_bid + a.moves}

    def declare(self) -> None:
        r, add = self.robots, self.layout.add
        add("board", (5, SIZE, SIZE), "walls on the N, E, S, W side of each cell; the blocked centre")
        add("target_cell", (1, SIZE, SIZE), "the cell of the chip being played (none between chips)")
        add("robots", (r, SIZE, SIZE), "one plane per robot (red, green, blue, yellow, silver): its cell")
        add("markers", (r, SIZE, SIZE), "one plane per robot: its marker (where attempts start from)")
        add("target", CHIPS, "the chip being played, one-hot in the order RC RT RQ RH GC ... YH MV")
        add("pile", CHIPS, "chips still in the undrawn pile")
        add("phase", len(PHASES), "solving, countdown, demonstration, puzzle (solo), over")
        add(
            "seats",
            (self.seats, 5),
            "per seat, the observer first: chips won / 17, has bid, bid / max_bid, "
            "demonstrating now, still to demonstrate",
        )
        add(
            "moves",
            3,
            "moves of this attempt / 32; the demonstrator's bid / max_bid; moves left of the bid / max_bid",
        )
        add("last_direction", (r, 4), "per robot, the direction of its last move in this attempt (RR-15)")
        add("ricocheted", r, "per robot, whether it has turned 90 degrees in this attempt (RR-15)")
        add("solo", 3, "solo: best length / 32, a best attempt exists, puzzles done / 17")

    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        obs["board"][:] = board_planes(view["board"], view["options"]["faces_file"])
        if view["target_cell"] is not None:
            x, y = view["target_cell"]
            obs["target_cell"][0, y, x] = 1.0
            one_hot(obs["target"], _TARGET[view["target"]])
        robots, markers = obs["robots"], obs["markers"]
        for i, (x, y) in enumerate(view["robots"]):
            robots[i, y, x] = 1.0
        for i, (x, y) in enumerate(view["markers"]):
            markers[i, y, x] = 1.0
        if view["pile"]:
            obs["pile"][[_TARGET[code] for code in view["pile"]]] = 1.0
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        self._fill_seats(obs["seats"], view, seat)
        self._fill_moves(obs, view)
        solo = obs["solo"]
        solo[0] = scaled(view["best"], LONG)
        solo[1] = float(view["best"] is not None)
        solo[2] = scaled(len(view["results"]), CHIPS)

    def fixed_key(self, state: State) -> object:
        assert isinstance(state, RicochetState)
        return state.board  # one assembled board per game

    def fill_fixed(self, obs: Observation, state: State) -> None:
        assert isinstance(state, RicochetState)
        obs["board"][:] = board_planes("".join(state.faces), state.options["faces_file"])
        # each target's cell on this board by its code: a Target (a frozen dataclass) hashes
        # in Python, a code in C (made with the blank, so it follows the board)
        self._target_cells = {t.code: cell for t, cell in state.board.targets.items()}

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields (every seat sees the whole table:
        only the draw order is secret, RR-9, and no observation holds it). The target, the
        robots, the markers and the pile, which most steps (bids, waits) leave alone, are
        rewritten when they change; the blocks after them, small, every time."""
        assert isinstance(state, RicochetState)
        at, cells = self.layout.offsets, memo.cells
        target = state.target
        code = target.code if target is not None else None
        if memo.stale("target", code, at["target_cell"], at["robots"]):
            memo.clear(at["target"], at["pile"])  # the chip's one-hot goes with its cell
            if code is not None:
                cells[at["target_cell"] + self._target_cells[code]] = 1.0
                cells[at["target"] + _TARGET[code]] = 1.0
        if memo.moved("robots", state.robots, at["robots"], at["markers"]):
            for i, cell in enumerate(state.robots):
                cells[at["robots"] + i * CELLS + cell] = 1.0
        if memo.moved("markers", state.markers, at["markers"], at["target"]):
            for i, cell in enumerate(state.markers):
                cells[at["markers"] + i * CELLS + cell] = 1.0
        if memo.moved("pile", state.pile, at["pile"], at["phase"]):
            for chip in state.pile:
                cells[at["pile"] + _TARGET[chip]] = 1.0
        memo.clear(at["phase"], self.layout.size)  # phase, seats, moves, ..., solo
        cells[at["phase"] + PHASES.index(state.phase)] = 1.0
        demonstrator = state.queue[0] if state.phase == DEMONSTRATION else None
        start, bids = at["seats"], state.bids
        for s in relative_seats(seat, self.seats):
            cells[start] = _CHIP_SHARES[len(state.chips[s])]
            if s in bids:
                cells[start + 1] = 1.0
                cells[start + 2] = scaled(bids[s].moves, self.max_bid)
            if demonstrator is not None:
                cells[start + 3] = demonstrator == s
                cells[start + 4] = s in state.queue[1:]
            start += 5
        self._moves_cells(cells, state, demonstrator)
        solo = at["solo"]
        if state.best is not None:
            cells[solo] = scaled(len(state.best.moves), LONG)
            cells[solo + 1] = 1.0
        cells[solo + 2] = scaled(len(state.results), CHIPS)

    def _moves_cells(self, cells: memoryview, state: RicochetState, demonstrator: Seat | None) -> None:
        """The moves, last_direction and ricocheted blocks, from the attempt's moves."""
        at, moves = self.layout.offsets, state.moves
        cells[at["moves"]] = scaled(len(moves), LONG)
        if demonstrator is not None:
            bid = state.bids[demonstrator].moves
            cells[at["moves"] + 1] = scaled(bid, self.max_bid)
            cells[at["moves"] + 2] = scaled(bid - len(moves), self.max_bid)
        if not moves:
            return
        last, ricocheted = [-1] * self.robots, at["ricocheted"]
        for robot, direction in moves:
            if last[robot] >= 0 and (last[robot] + direction) % 2 == 1:
                cells[ricocheted + robot] = 1.0
            last[robot] = direction
        for robot, direction in enumerate(last):
            if direction >= 0:
                cells[at["last_direction"] + 4 * robot + direction] = 1.0

    def _fill_seats(self, out: np.ndarray, view: Mapping[str, JSON], seat: Seat) -> None:
        bids, queue = view["bids"], view["queue"]
        for row, s in enumerate(relative_seats(seat, self.seats)):
            bid = bids.get(str(s))
            out[row, 0] = scaled(len(view["chips"][s]), CHIPS)
            out[row, 1] = float(bid is not None)
            out[row, 2] = scaled(bid["moves"] if bid else 0, self.max_bid)
            out[row, 3] = float(view["demonstrator"] == s)
            out[row, 4] = float(s in queue[1:] if view["demonstrator"] is not None else False)

    def _fill_moves(self, obs: Observation, view: Mapping[str, JSON]) -> None:
        moves = view["moves"]
        info = obs["moves"]
        info[0] = scaled(len(moves), LONG)
        demonstrator = view["demonstrator"]
        if demonstrator is not None:
            bid = view["bids"][str(demonstrator)]["moves"]
            info[1] = scaled(bid, self.max_bid)
            info[2] = scaled(bid - len(moves), self.max_bid)
        last = [-1] * self.robots
        turned = obs["ricocheted"]
        for move in moves:
            name, letter = move.split()
            robot, direction = _ROBOT[name], _DIRECTION[letter]
            if last[robot] >= 0 and (last[robot] + direction) % 2 == 1:
                turned[robot] = 1.0
            last[robot] = direction
        directions = obs["last_direction"]
        for robot, direction in enumerate(last):
            if direction >= 0:
                directions[robot, direction] = 1.0
