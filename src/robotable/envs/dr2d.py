"""Des Robots et Des Dalles as arrays: the 12 x 12 factory as planes, programs as one-hots.

Actions: ``Place(x, y, facing)`` for every tile and facing (576: the game offers a start
tile and a facing as one decision, DR-7), the five registers N, E, S, W, STAY, then
``undo``, ``lock``, ``standby``, ``go``, then ``wait`` (a standby window, or the
programming time with ``program_timeout_s``, may be left to run out).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import (
    Encoder,
    IndexRule,
    Observation,
    Parts,
    SeatMemo,
    one_hot,
    relative_seats,
    scaled,
)
from robotable.games.dr2d.actions import GO, LOCK, REGISTERS, STANDBY, UNDO, Place
from robotable.games.dr2d.board import DIRS, SIZE, TILES, load_board, xy
from robotable.games.dr2d.engine import LETTERS
from robotable.games.dr2d.fleet import MAX_PC
from robotable.games.dr2d.state import PLACEMENT, WINDOW, DR2DState

PHASES = ("placement", "programming", "window", "over")
KINDS = 8  # floor, conveyor, pit, turntable L, turntable R, press, wrench, double wrench
REGISTER_COUNT = 5
OPTION_FLAGS = ("absolute_directions", "press_every_register", "pit_damage", "standby_between_registers")
SEAT_FEATURES = (
    "placed",
    "on the board",
    "PC / 7",
    "law 1",
    "law 2",
    "law 3",
    "register slots lost / 5",
    "finished",
    "PC at the finish / 7",
    "inactive (standby)",
    "standby pending",
    "cancelled",
    "repair pending / 7",
    "program locked",
    "has left the board",
    "places now",
)
_LETTER = {letter: i for i, letter in enumerate(LETTERS)}  # a register's code is its position
_DIR = {letter: i for i, letter in enumerate(DIRS)}


@lru_cache(maxsize=16)
def board_planes(board_file: str | None) -> np.ndarray:
    """The factory's fixed elements, ``(28, 12, 12)``: tile kind (8), conveyor direction (4),
    walls (4), laser beams by direction (4), pushers by direction (4), laws 1-3 (3), start tiles."""
    board = load_board(board_file)
    planes = np.zeros((28, TILES), dtype=np.float32)
    tiles = np.arange(TILES)
    planes[np.array(board.kind), tiles] = 1.0
    belt = np.array(board.belt)
    planes[8 + belt[belt >= 0], tiles[belt >= 0]] = 1.0
    planes[12:16] = np.array(board.wall, dtype=np.float32).reshape(TILES, 4).T
    for laser in board.lasers:
        planes[16 + laser.direction, list(laser.beam)] = 1.0
    pusher = np.array(board.pusher)
    planes[20 + pusher[pusher >= 0], tiles[pusher >= 0]] = 1.0
    law = np.array(board.law_at)
    planes[23 + law[law > 0] - 1, tiles[law > 0]] = 1.0
    planes[27, list(board.starts)] = 1.0
    out = planes.reshape(28, SIZE, SIZE)
    out.setflags(write=False)
    return out


class DR2DEncoder(Encoder):
    game_id = "dr2d"
    shares_masks = True  # placements and registers: the same lists again and again

    def setup(self, view: Mapping[str, JSON]) -> None:
        self._rows = Parts(len(SEAT_FEATURES), _seat_row)
        self._programs = Parts(REGISTER_COUNT * 5, _program_cells)

    def all_actions(self) -> Iterable[Action]:
        yield from (Place(*xy(tile), facing) for tile in range(TILES) for facing in range(4))
        yield from REGISTERS
        yield from (UNDO, LOCK, STANDBY, GO)

    def index_rules(self) -> Mapping[type, IndexRule]:
        return {Place: lambda a: (a.y * SIZE + a.x) * 4 + a.facing}

    def declare(self) -> None:
        add = self.layout.add
        add(
            "board",
            (28, SIZE, SIZE),
            "tile kind (floor, conveyor, pit, turntable L, turntable R, press, "
            "wrench, double wrench), conveyor direction N E S W, walls on the N E S W side, laser beams "
            "travelling N E S W, pushers pushing N E S W, law tiles 1 2 3, start tiles",
        )
        add(
            "robots",
            (10, SIZE, SIZE),
            "own robot, its facing N E S W (at its tile), the other robots, "
            "their facings N E S W (at their tiles), own exit tile (re-entry, DR-32)",
        )
        add("phase", len(PHASES), "placement, programming, window (standby window), over")
        add("turn", 1, "turn / turn_limit")
        add("window", REGISTER_COUNT, "the register a standby window follows, one-hot (1-4)")
        add("draft", (REGISTER_COUNT, 5), "own registers entered so far (secret): N E S W STAY per slot")
        add(
            "seats",
            (self.seats, len(SEAT_FEATURES)),
            "per robot, the observer's first: " + ", ".join(SEAT_FEATURES),
        )
        add(
            "last_programs",
            (self.seats, REGISTER_COUNT, 5),
            "the programs revealed last turn, the observer's first",
        )
        add("options", len(OPTION_FLAGS), ", ".join(OPTION_FLAGS))

    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        options = view["options"]
        obs["board"][:] = board_planes(options["board_file"])
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        obs["turn"][0] = scaled(view["turn"], view["turn_limit"])
        if view["register"] is not None:
            one_hot(obs["window"], view["register"])
        draft = obs["draft"]
        for slot, letter in enumerate(view["program"] or ()):
            draft[slot, _LETTER[letter]] = 1.0
        planes, rows, programs = obs["robots"], obs["seats"], obs["last_programs"]
        for row, s in enumerate(relative_seats(seat, self.seats)):
            robot = view["robots"][s]
            if robot["tile"] is not None:
                x, y = robot["tile"]
                base = 0 if row == 0 else 5
                planes[base, y, x] = 1.0
                planes[base + 1 + _DIR[robot["facing"]], y, x] = 1.0
            if row == 0 and robot["exit"] is not None:
                x, y = robot["exit"]
                planes[9, y, x] = 1.0
            rows[row] = self._robot_row(robot, view["to_place"] == s)
            for slot, letter in enumerate(view["last_programs"][s] or ()):
                programs[row, slot, _LETTER[letter]] = 1.0
        flags = obs["options"]
        for i, name in enumerate(OPTION_FLAGS):
            flags[i] = float(bool(options[name]))

    @staticmethod
    def _robot_row(robot: Mapping[str, JSON], placing: bool) -> list[float]:
        laws = robot["laws"]
        return [
            float(robot["placed"]),
            float(robot["tile"] is not None),
            scaled(robot["pc"], MAX_PC),
            float(1 in laws),
            float(2 in laws),
            float(3 in laws),
            scaled(robot["skip"], 5),
            float(bool(robot["finished"])),
            scaled(robot["finish_pc"], MAX_PC),
            float(robot["inactive"]),
            float(robot["standby_pending"]),
            float(robot["cancelled"]),
            scaled(robot["repair_pending"], MAX_PC),
            float(robot["locked"]),
            float(bool(robot["left_order"])),
            float(placing),
        ]

    def fixed_key(self, state: State) -> object:
        assert isinstance(state, DR2DState)
        return state.board  # loaded once per board file

    def fill_fixed(self, obs: Observation, state: State) -> None:
        assert isinstance(state, DR2DState)
        obs["board"][:] = board_planes(state.options["board_file"])

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields that ``view(seat)`` shows: the
        public robots and programs of last turn, and the seat's own draft only (secret, DR-11).
        A register's code is its position among N E S W STAY. The robots, the seat rows and the
        revealed programs move only when a turn's registers run (or a robot is placed, or a
        seat locks): they are rewritten when the fleet's fields differ from the copy kept of
        them; the phase, the draft and the small blocks are written every time."""
        assert isinstance(state, DR2DState)
        at, cells, options = self.layout.offsets, memo.cells, state.options
        to_place = state.order[state.placing] if state.phase == PLACEMENT else None
        shown = (*state.fleet.public_lists(), state.locked, state.last_programs, to_place)
        if memo.moved("fleet", shown, at["robots"], at["phase"], snapshot=_snapshot):
            memo.clear(at["seats"], at["options"])  # the seat rows and the revealed programs
            self._fleet_cells(cells, state, seat, to_place)
        memo.clear(at["phase"], at["seats"])  # phase, turn, window, draft
        cells[at["phase"] + PHASES.index(state.phase)] = 1.0
        cells[at["turn"]] = scaled(state.turn, options["turn_limit"])
        if state.phase == WINDOW:
            cells[at["window"] + state.register] = 1.0
        if seat is not None and 0 <= seat < self.seats:
            for slot, code in enumerate(state.drafts[seat]):
                cells[at["draft"] + 5 * slot + code] = 1.0
        memo.clear(at["options"], self.layout.size)
        for i, name in enumerate(OPTION_FLAGS):
            if options[name]:
                cells[at["options"] + i] = 1.0

    def _fleet_cells(self, cells: memoryview, state: DR2DState, seat: Seat, to_place: Seat | None) -> None:
        """The robots block, the seat rows and the revealed programs (rows and programs are
        :class:`~robotable.envs.core.Parts`)."""
        at = self.layout.offsets
        lists = state.fleet.public_lists()  # a Robot's fields, by seat: building Robots would cost here
        tiles, facings, pcs, laws, pit_slots, finished, finish_pcs = lists[:7]
        inactive, standby_pending, cancelled, repairs, exit_tiles, left_orders, placed = lists[7:]
        planes, rows, programs = at["robots"], at["seats"], at["last_programs"]
        for row, s in enumerate(relative_seats(seat, self.seats)):
            tile = tiles[s]
            if tile >= 0:
                base = planes + (0 if row == 0 else 5) * TILES
                cells[base + tile] = 1.0
                cells[base + (1 + facings[s]) * TILES + tile] = 1.0
            if row == 0 and exit_tiles[s] >= 0:
                cells[planes + 9 * TILES + exit_tiles[s]] = 1.0
            key = (
                placed[s],
                tile >= 0,
                pcs[s],
                laws[s],
                pit_slots[s],
                bool(finished[s]),
                finish_pcs[s] if finished[s] else None,
                inactive[s],
                standby_pending[s],
                cancelled[s],
                repairs[s],
                state.locked[s],
                bool(left_orders[s]),
                to_place == s,
            )
            self._rows.write(cells, rows + row * len(SEAT_FEATURES), key)
            program = state.last_programs[s]
            if program is not None:
                self._programs.write(cells, programs + row * REGISTER_COUNT * 5, tuple(program))


def _snapshot(shown: tuple) -> tuple:
    """A copy of the fleet's lists, the locks and the revealed programs (lists of lists) that
    the state's later changes do not reach."""
    *lists, locked, programs, to_place = shown
    copied = [None if p is None else list(p) for p in programs]
    return (*map(list, lists), list(locked), copied, to_place)


def _seat_row(cells: memoryview, key: tuple) -> None:
    """One robot's row of the seats block (:data:`SEAT_FEATURES`) from the fleet's fields."""
    placed, on_board, pc, laws, skip, finished, finish_pc, inactive, pending, cancelled = key[:10]
    repair, locked, left, placing = key[10:]
    cells[0] = placed
    cells[1] = on_board
    cells[2] = scaled(pc, MAX_PC)
    cells[3] = laws & 1
    cells[4] = laws >> 1 & 1
    cells[5] = laws >> 2 & 1
    cells[6] = scaled(skip, 5)
    cells[7] = finished
    cells[8] = scaled(finish_pc, MAX_PC) if finished else 0.0
    cells[9] = inactive
    cells[10] = pending
    cells[11] = cancelled
    cells[12] = scaled(repair, MAX_PC)
    cells[13] = locked
    cells[14] = left
    cells[15] = placing


def _program_cells(cells: memoryview, program: tuple[int, ...]) -> None:
    """A revealed program: per register slot, its code among N E S W STAY."""
    for slot, code in enumerate(program):
        cells[5 * slot + code] = 1.0
