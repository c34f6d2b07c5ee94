"""Droids as arrays: the 10 x 10 board as planes, hands and emitters as counts and one-hots.

Actions: ``draw`` from each bin (4), ``pick`` each token type (16, scenario 7), the three
placing steps the game already splits a placement into (DD-14): a token type (16), an
emitter slot (10 x 3), an arrow (8); then ``back``, ``stop``, ``pass``, ``send`` each
emitter (10), an ``obstacle`` on each cell (100), ``damage`` and ``repair`` each emitter
(20), and ``wait`` (the victim of a hit may let its choice timer run out: the default choice).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import Encoder, IndexRule, Observation, SeatMemo, one_hot, relative_seats, scaled
from robotable.games.droids.actions import (
    BACK,
    PASS,
    STOP,
    Arrow,
    Choose,
    Draw,
    Obstacle,
    Pick,
    Send,
    Slot,
    Token,
)
from robotable.games.droids.board import SIZE, Board
from robotable.games.droids.phases import EMITTERS, HAND_SIZE, MINES, PHASES, SLOTS
from robotable.games.droids.state import DroidsState
from robotable.games.droids.tokens import BINS, COLOURS, DIRS, TYPES, bin_of

SCENARIOS = 7
ARROWS = tuple(DIRS)  # N E S W NE SE SW NW
TERRAIN = ".~#"  # land, river, rock
CARRIED = ("obstacle", "container", "mine", "statue")
OTHER_KINDS = ("repairer", "statue", "killer")
OBJECT_KINDS = ("obstacle", "container", "mine")
SEAT_FEATURES = (
    "hand size / 7",
    "violet tokens in hand / 7",
    "blue / 7",
    "grey / 7",
    "red / 7",
    "drawn this turn / 7",
    "stopped placing",
    "finished sending",
    "orders sent this turn / 10",
    "eliminated",
    "score / 10",
    "mobile obstacles in stock / 25",
    "carries an obstacle",
    "a container",
    "a mine",
    "the statue",
    "robot off the board",
    "plays now",
)
_TYPE = {t: i for i, t in enumerate(TYPES)}
_ARROW = {d: i for i, d in enumerate(ARROWS)}
_BIN = {b: i for i, b in enumerate(BINS)}
SLOT_WIDTH = len(TYPES) + len(ARROWS)
_SLOT_CONTENT = {  # a slot's "TOKEN:ARROW" -> its two positions in the slot's 24
    f"{t}:{d}": (_TYPE[t], len(TYPES) + _ARROW[d]) for t in TYPES for d in ARROWS
}


_BLANK_EMITTER = [False, *[None] * SLOTS]
_BLANK_EMITTERS = [_BLANK_EMITTER] * EMITTERS
"""A seat's emitters in the state when none is destroyed or holds a token: each its destroyed
flag, then its slots."""
_TYPES_OF_BIN = tuple(tuple(t for t in TYPES if bin_of(t) == b) for b in BINS)


def _hand_shares(top: int) -> tuple[float, ...]:
    """The hand block's value for 0..top tokens of one type: 1/7 added once per token in
    float32, then clipped to 1, as the first encoder added them. (Three tokens give 0.42857146,
    not the 0.42857143 that :func:`~robotable.envs.core.counts` would write: the observations,
    pinned by the tests, keep the sum.)"""
    share, values = np.zeros(1, dtype=np.float32), [0.0]
    for _ in range(top):
        share[0] += 1.0 / HAND_SIZE
        values.append(float(min(share[0], np.float32(1.0))))
    return tuple(values)


_HAND_SHARE = _hand_shares(len(TYPES) * HAND_SIZE)


def _hand_cells(out: memoryview | np.ndarray, tokens: Iterable[str]) -> None:
    """The hand block: per token type, its :data:`_HAND_SHARE` of the tokens held."""
    tally: dict[int, int] = {}
    for token in tokens:
        tally[_TYPE[token]] = tally.get(_TYPE[token], 0) + 1
    for position, count in tally.items():
        out[position] = _HAND_SHARE[count]


@lru_cache(maxsize=16)
def terrain_planes(rows: tuple[str, ...]) -> np.ndarray:
    """Land, river and rock of a board's map rows, ``(3, 10, 10)``."""
    chars = np.array([list(row) for row in rows])
    out = np.stack([chars == char for char in TERRAIN]).astype(np.float32)
    out.setflags(write=False)
    return out


class DroidsEncoder(Encoder):
    game_id = "droids"

    def all_actions(self) -> Iterable[Action]:
        yield from (Draw(b) for b in BINS)
        yield from (Pick(t) for t in TYPES)
        yield from (Token(t) for t in TYPES)
        yield from (Slot(e, k) for e in range(EMITTERS) for k in range(1, SLOTS + 1))
        yield from (Arrow(d) for d in ARROWS)
        yield from (BACK, STOP, PASS)
        yield from (Send(e) for e in range(EMITTERS))
        yield from (Obstacle(x, y) for y in range(SIZE) for x in range(SIZE))
        yield from (Choose(what, e) for what in ("damage", "repair") for e in range(EMITTERS))

    def index_rules(self) -> Mapping[type, IndexRule]:
        token, slot = 4 + len(TYPES), 4 + 2 * len(TYPES)  # draws, picks, tokens, then slots
        arrow = slot + EMITTERS * SLOTS
        send = arrow + len(ARROWS) + 3  # after the arrows: back, stop, pass
        obstacle = send + EMITTERS
        choose = obstacle + SIZE * SIZE
        return {
            Draw: lambda a: _BIN[a.bin],
            Pick: lambda a: 4 + _TYPE[a.token],
            Token: lambda a: token + _TYPE[a.token],
            Slot: lambda a: slot + a.emitter * SLOTS + a.slot - 1,
            Arrow: lambda a: arrow + _ARROW[a.direction],
            Send: lambda a: send + a.emitter,
            Obstacle: lambda a: obstacle + a.y * SIZE + a.x,
            Choose: lambda a: choose + (EMITTERS if a.what == "repair" else 0) + a.emitter,
        }

    def declare(self) -> None:
        add, n = self.layout.add, self.seats
        planes = 3 + 2 + n + len(OTHER_KINDS) + len(OBJECT_KINDS)
        add(
            "board",
            (planes, SIZE, SIZE),
            "terrain (land, river, rock); own start circle, the other "
            f"circles; one plane per player robot, the observer's first ({n}); repairers, statue, "
            "killer; obstacles, containers, mines",
        )
        add("phase", len(PHASES), "setup, draw, place, send, over")
        add("turn", 1, "turn / turn_limit")
        add("scenario", SCENARIOS, "the scenario 1-7, one-hot")
        add("colour", len(COLOURS), "own colour Y B R G, one-hot")
        add("bins", len(BINS), "tokens left in the violet, blue, grey, red bins / 40")
        add(
            "hand",
            len(TYPES),
            "own hand, tokens of each type / 7 (M1 MD M2 MM W1 WD G1 GM G2 GR SH TP O1-O4)",
        )
        add("placing", len(TYPES) + EMITTERS + SLOTS, "own placement in progress: token type, emitter, slot")
        add("seats", (n, len(SEAT_FEATURES)), "per seat, the observer's first: " + ", ".join(SEAT_FEATURES))
        add(
            "emitters",
            (n, EMITTERS, 1 + SLOTS * SLOT_WIDTH),
            "per seat (observer first) and emitter: "
            "destroyed, then per slot the token type (16) and its arrow (8)",
        )
        add("pending", 4, "a hit to answer: it is the observer's, damage, repair, emitters to choose / 10")
        add("supply", 2, "mines left / 24, setup obstacles left to place / 25")
        add("killer", 11, "scenario 7: the killer's die (0-9) one-hot, its turn is done")

    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        order = relative_seats(seat, self.seats)
        row_of = {s: row for row, s in enumerate(order)}
        self._fill_board(obs["board"], view, seat, row_of)
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        obs["turn"][0] = scaled(view["turn"], view["options"]["turn_limit"])
        one_hot(obs["scenario"], view["scenario"] - 1)
        if seat is not None and 0 <= seat < self.seats:
            one_hot(obs["colour"], COLOURS.index(view["colours"][seat]))
        bins = obs["bins"]
        for name, count in view["bins"].items():
            bins[_BIN[name]] = scaled(count, 40)
        _hand_cells(obs["hand"], view["hand"] or ())
        placing = view["placing"]
        if placing:
            out = obs["placing"]
            out[_TYPE[placing[0]]] = 1.0
            if len(placing) == 3:
                out[len(TYPES) + placing[1]] = 1.0
                out[len(TYPES) + EMITTERS + placing[2] - 1] = 1.0
        self._fill_seats(obs["seats"], view, order)
        self._fill_emitters(obs["emitters"], view, order)
        if view["pending"]:
            who, what, count = view["pending"][0]
            pending = obs["pending"]
            pending[0] = float(who == seat)
            pending[1 if what == "damage" else 2] = 1.0
            pending[3] = scaled(count, EMITTERS)
        obs["supply"][:] = (scaled(view["mines_left"], MINES), scaled(view["setup_left"], 25))
        killer = view["killer"]
        if killer is not None:
            one_hot(obs["killer"], killer["die"])
            obs["killer"][10] = float(killer["done"])

    def _fill_board(self, planes: np.ndarray, view: Mapping[str, JSON], seat: Seat, row_of: dict) -> None:
        planes[:3] = terrain_planes(tuple(view["map"]))
        own = view["colours"][seat] if seat is not None and 0 <= seat < self.seats else None
        for colour, (x, y) in view["circles"].items():
            planes[3 if colour == own else 4, y, x] = 1.0
        first_other = 5 + self.seats
        for robot in view["robots"]:
            if robot["cell"] is None:
                continue
            x, y = robot["cell"]
            if robot["kind"] == "player":
                planes[5 + row_of[robot["seat"]], y, x] = 1.0
            else:
                planes[first_other + OTHER_KINDS.index(robot["kind"]), y, x] = 1.0
        first_object = first_other + len(OTHER_KINDS)
        for x, y, kind in view["objects"]:
            planes[first_object + OBJECT_KINDS.index(kind), y, x] = 1.0

    def _fill_seats(self, rows: np.ndarray, view: Mapping[str, JSON], order: tuple[int, ...]) -> None:
        robots = {r["seat"]: r for r in view["robots"] if r["kind"] == "player"}
        to_act = view["to_act"]
        out = []
        for s in order:
            bins = view["hand_bins"][s]
            row = [
                scaled(view["hand_sizes"][s], HAND_SIZE),
                *(scaled(bins[name], HAND_SIZE) for name in BINS),
                scaled(view["drawn"][s], HAND_SIZE),
                float(view["stopped"][s]),
                float(view["finished"][s]),
                scaled(view["sent"][s], EMITTERS),
                float(view["eliminated"][s]),
                scaled(view["scores"][s], 10),
                0.0,
                0.0,
                0.0,
                0.0,
                0.0,
                0.0,
                float(s in to_act),
            ]
            robot = robots.get(s)
            if robot is not None:
                row[11] = scaled(robot["stock"], 25)
                if robot["carry"] in CARRIED:
                    row[12 + CARRIED.index(robot["carry"])] = 1.0
                row[16] = float(robot["cell"] is None)
            out.append(row)
        rows[:] = out

    @staticmethod
    def _fill_emitters(out: np.ndarray, view: Mapping[str, JSON], order: tuple[int, ...]) -> None:
        """Positions gathered, then one write (a numpy scalar write per position costs more)."""
        width = out.shape[2]
        flat: list[int] = []
        for row, s in enumerate(order):
            base = row * EMITTERS * width
            for emitter in view["emitters"][s]:
                if emitter["destroyed"]:
                    flat.append(base)
                for k, content in enumerate(emitter["slots"]):
                    if content is not None:
                        token, arrow = _SLOT_CONTENT[content]
                        start = base + 1 + k * SLOT_WIDTH
                        flat += (start + token, start + arrow)
                base += width
        if flat:
            out.reshape(-1)[flat] = 1.0

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields that ``view(seat)`` shows: the
        board, robots, emitters and counts (public), the seat's own hand and, while it places,
        its pending choice (DD-46). The board's pieces and each seat's emitters, which most
        steps leave alone, are rewritten when they differ from the copy kept of them; the rest
        every time (the seat rows too: a key of all they show cost as much as writing them)."""
        assert isinstance(state, DroidsState)
        at, n, cells = self.layout.offsets, self.seats, memo.cells
        order = relative_seats(seat, n)
        mine = seat is not None and 0 <= seat < n
        shown = (tuple(map(_ROBOT_SHOWN, state.robots)), state.objects)
        if memo.moved("pieces", shown, self._pieces, at["phase"], _pieces):
            self._board_cells(cells, state, seat if mine else None, order)
        memo.clear(at["phase"], at["emitters"])  # phase .. seats
        cells[at["phase"] + PHASES.index(state.phase)] = 1.0
        cells[at["turn"]] = scaled(state.turn, state.options["turn_limit"])
        cells[at["scenario"] + state.scenario.number - 1] = 1.0
        if mine:
            cells[at["colour"] + COLOURS.index(state.colours[seat])] = 1.0
            _hand_cells(cells[at["hand"] : at["hand"] + len(TYPES)], state.hands[seat])
        count = state.bins.__getitem__
        for b, types in enumerate(_TYPES_OF_BIN):
            cells[at["bins"] + b] = scaled(sum(map(count, types)), 40)
        placing = state.placing
        if placing and state._placer() == seat:
            start = at["placing"]
            cells[start + _TYPE[placing[0]]] = 1.0
            if len(placing) == 3:
                cells[start + len(TYPES) + placing[1]] = 1.0
                cells[start + len(TYPES) + EMITTERS + placing[2] - 1] = 1.0
        self._seat_rows(memo.bytes, state, order)
        self._emitter_cells(memo, state, order)
        memo.clear(at["pending"], self.layout.size)  # pending, supply, killer
        if state.pending_hits:
            who, what, count = state.pending_hits[0]
            pending = at["pending"]
            cells[pending] = who == seat
            cells[pending + (1 if what == "damage" else 2)] = 1.0
            cells[pending + 3] = scaled(count, EMITTERS)
        cells[at["supply"]] = scaled(state.mines_left, MINES)
        cells[at["supply"] + 1] = scaled(state.setup_left, 25)
        if state.scenario.killer:
            if state.killer_die is not None:
                cells[at["killer"] + state.killer_die] = 1.0
            cells[at["killer"] + 10] = state.killer_done

    def fixed_key(self, state: State) -> object:
        assert isinstance(state, DroidsState)
        return state.board  # the board is an option: one per encoder, in practice

    def fill_fixed(self, obs: Observation, state: State) -> None:
        assert isinstance(state, DroidsState)
        obs["board"][:3] = terrain_planes(tuple(_rows(state.board)))

    def _board_cells(
        self, cells: memoryview, state: DroidsState, seat: Seat | None, order: tuple[int, ...]
    ) -> None:
        """The board block but its terrain (on the blank): circles, robots and objects."""
        start, plane = self.layout.offsets["board"], SIZE * SIZE
        own = state.colours[seat] if seat is not None else None
        for colour, cell in state.board.circles.items():
            cells[start + (3 if colour == own else 4) * plane + cell] = 1.0
        first_other = 5 + self.seats
        for robot in state.robots:
            if robot.cell < 0:
                continue
            if robot.kind == "player":
                kind_plane = 5 + order.index(robot.seat)
            else:
                kind_plane = first_other + OTHER_KINDS.index(robot.kind)
            cells[start + kind_plane * plane + robot.cell] = 1.0
        first_object = first_other + len(OTHER_KINDS)
        for cell, kind in state.objects.items():
            cells[start + (first_object + OBJECT_KINDS.index(kind)) * plane + cell] = 1.0

    def _seat_rows(self, data: memoryview, state: DroidsState, order: tuple[int, ...]) -> None:
        """The seats block (:data:`SEAT_FEATURES`), the observer's row first: each row's 18
        values packed at once (``struct`` writes float32 exactly as a memoryview's item write
        does), the shares of small counts read from tables instead of computed by a call."""
        robots = {r.seat: r for r in state.robots if r.kind == "player"}
        to_act = state.to_act()
        for row, s in enumerate(order):
            violet, blue, grey, red = _BIN_COUNTS(state.hand_bins[s])
            robot = robots.get(s)
            stock, carry, off = 0.0, None, False
            if robot is not None:
                stock, carry, off = scaled(robot.stock, 25), robot.carry, robot.cell < 0
            _ROW.pack_into(
                data,
                4 * (self.layout.offsets["seats"] + row * len(SEAT_FEATURES)),
                _SEVENTHS[len(state.hands[s])],
                _SEVENTHS[violet],
                _SEVENTHS[blue],
                _SEVENTHS[grey],
                _SEVENTHS[red],
                _SEVENTHS[state.drawn[s]],
                state.stopped[s],
                state.finished[s],
                scaled(state.sent[s], EMITTERS),
                state.eliminated[s],
                scaled(state.scores[s], 10),
                stock,
                *_CARRYING.get(carry, _CARRYING[None]),
                off,
                s in to_act,
            )

    @property
    def _pieces(self) -> int:
        """Where the board's circles, robots and objects start (after the terrain's 3 planes)."""
        return self.layout.offsets["board"] + 3 * SIZE * SIZE

    def _emitter_cells(self, memo: SeatMemo, state: DroidsState, order: tuple[int, ...]) -> None:
        """The emitters block: destroyed, then each slot's token and arrow; a seat's emitters
        are rewritten when they differ from the copy kept of them."""
        width = 1 + SLOTS * SLOT_WIDTH
        cells, first = memo.cells, self.layout.offsets["emitters"]
        for row, s in enumerate(order):
            emitters = state.emitters[s]
            base = first + row * EMITTERS * width
            if not memo.moved(_EMITTERS_OF[row], emitters, base, base + EMITTERS * width, _emitters):
                continue
            if emitters == _BLANK_EMITTERS:  # one list comparison skips a seat whose are all blank
                continue
            for emitter in emitters:
                if emitter != _BLANK_EMITTER:  # most are: one list comparison skips them
                    if emitter[0]:
                        cells[base] = 1.0
                    for k in range(SLOTS):
                        content = emitter[1 + k]
                        if content is not None:
                            token, arrow = _SLOT_CONTENT[content]
                            cells[base + 1 + k * SLOT_WIDTH + token] = 1.0
                            cells[base + 1 + k * SLOT_WIDTH + arrow] = 1.0
                base += width


_ROW = struct.Struct(f"{len(SEAT_FEATURES)}f")
_SEVENTHS = tuple(min(count, HAND_SIZE) / HAND_SIZE for count in range(256))
"""``scaled(count, 7)`` of a count of tokens (a hand holds far fewer than the 160 of the bins)."""
_BIN_COUNTS = itemgetter(*BINS)
_CARRYING = {None: (False,) * len(CARRIED)} | {
    thing: tuple(thing == other for other in CARRIED) for thing in CARRIED
}
"""A robot's load as the seat row's four flags (obstacle, container, mine, statue)."""
_ROBOT_SHOWN = attrgetter("kind", "seat", "cell")
"""What the board shows of a robot (read in C)."""
_EMITTERS_OF = tuple(f"emitters {row}" for row in range(8))


def _pieces(shown: tuple) -> tuple:
    """A copy of the robots' fields (values already) and of the objects (a dict the state
    mutates)."""
    robots, objects = shown
    return robots, objects.copy()


def _emitters(emitters: list[list[Any]]) -> list[list[Any]]:
    """A copy of a seat's emitters (each a list: its destroyed flag, then its slots)."""
    return [emitter.copy() for emitter in emitters]


def _rows(board: Board) -> list[str]:
    """The board's terrain as the view's map rows."""
    return ["".join(board.terrain[y * SIZE : (y + 1) * SIZE]) for y in range(SIZE)]
