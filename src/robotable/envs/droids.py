"""Droids as arrays: the 10 x 10 board as planes, hands and emitters as counts and one-hots.

Actions: ``draw`` from each bin (4), ``pick`` each token type (16, scenario 7), the three
placing steps the game already splits a placement into (DD-14): a token type (16), an
emitter slot (10 x 3), an arrow (8); then ``back``, ``stop``, ``pass``, ``send`` each
emitter (10), an ``obstacle`` on each cell (100), ``damage`` and ``repair`` each emitter
(20), and ``wait`` (the victim of a hit may let its choice timer run out: the default choice).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
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
from robotable.games.droids.tokens import BINS, COLOURS, DIRS, TYPES

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
EMITTER_WIDTH = 1 + SLOTS * SLOT_WIDTH
_SLOT_CONTENT = {  # a slot's "TOKEN:ARROW" -> its two positions in the slot's 24
    f"{t}:{d}": (_TYPE[t], len(TYPES) + _ARROW[d]) for t in TYPES for d in ARROWS
}


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

    def step_mask(self, legal: Sequence[Action], may_wait: bool) -> np.ndarray:
        """A new mask of ``legal``, by index arithmetic written in the loop (the table's rules
        cost a call per action, twice as much): the setup's lists, some ninety obstacles a step,
        in a loop of their own; a placement's slots, tokens and arrows, and the draws, before the
        word that may end the list ('back', 'stop'). No mask is kept: Droids' legal lists hold
        actions the engine makes afresh (draws, sends), and a cache of them cost more than it
        saved (measured: the garbage collector walks every list kept)."""
        out = np.zeros(self.action_count, dtype=np.int8)
        cells = memoryview(out)
        kind = type(legal[0]) if legal else None
        if kind is Obstacle:
            first = self._first[Obstacle]
            try:
                for action in legal:
                    cells[first + action.y * SIZE + action.x] = 1
            except AttributeError:  # not all obstacles (the engine's setup lists are): as any list
                return self._new_mask(legal, may_wait)
        else:
            first, rules = self._first.get(kind, 0), self.table.rules
            try:
                for action in legal:
                    if type(action) is not kind:
                        cells[rules[type(action)](action)] = 1
                    elif kind is Slot:
                        cells[first + action.emitter * SLOTS + action.slot - 1] = 1
                    elif kind is Token:
                        cells[first + _TYPE[action.token]] = 1
                    elif kind is Arrow:
                        cells[first + _ARROW[action.direction]] = 1
                    elif kind is Draw:
                        cells[_BIN[action.bin]] = 1
                    else:
                        cells[rules[kind](action)] = 1
            except KeyError:  # an action not in the table: the table's mask says which, clearly
                return self._new_mask(legal, may_wait)
        if may_wait:
            out[-1] = 1
        return out

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
        self._places()
        self._first = {kind: self.encode(first) for kind, first in _FIRSTS.items()}
        """Where the actions written in :meth:`step_mask`'s loop start in the table."""

    def _places(self) -> None:
        """Where the fast path writes (cells; the slices, of the memo's bytes): the robots' and
        objects' planes, and the two runs of blocks joined from bytes (phase to seats, pending
        to killer)."""
        at, plane = self.layout.offsets, SIZE * SIZE
        self._robot_planes = at["board"] + 5 * plane
        first_other = self._robot_planes + self.seats * plane
        self._other_planes = {kind: first_other + i * plane for i, kind in enumerate(OTHER_KINDS)}
        self._object_planes = first_other + len(OTHER_KINDS) * plane
        self._object_plane = {kind: self._object_planes + i * plane for i, kind in enumerate(OBJECT_KINDS)}
        self._middle = slice(4 * at["phase"], 4 * at["emitters"])
        self._tail = slice(4 * at["pending"], 4 * self.layout.size)

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
        width = EMITTER_WIDTH
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
        its pending choice (DD-46).

        Every part is a function of a few state fields (its key): the board's pieces and each
        seat's emitters are rewritten when the state's tag of them changed; the other
        parts (phase to seat rows, then pending to killer) are joined from bytes made once per
        key (:class:`_Made`: a look-up in C) and written in one slice each. Their keys recur:
        a hand, a seat's row of counts, a turn."""
        assert isinstance(state, DroidsState)
        mine = seat is not None and 0 <= seat < self.seats
        order = relative_seats(seat, self.seats)
        self._piece_cells(memo, state, seat if mine else None, order)
        hands, hand_bins, drawn, stopped, finished, sent, eliminated, scores, robots = _ROW_FIELDS(state)
        to_act, placing = state.to_act(), state.placing
        parts = [
            _HEAD[
                state.phase,
                state.turn,
                state.options["turn_limit"],
                state.scenario.number,
                state.colours[seat] if mine else None,
            ],
            _BINS[_BIN_COUNTS(state.bin_totals)],
            _HAND[tuple(hands[seat])] if mine else _NO_HAND,
            _PLACING[tuple(placing)] if placing and state._placer() == seat else _NO_PLACING,
        ]
        for s in order:  # the first robots are the players', seat by seat
            parts.append(
                _ROW_BYTES[
                    len(hands[s]),
                    _BIN_COUNTS(hand_bins[s]),
                    drawn[s],
                    stopped[s],
                    finished[s],
                    sent[s],
                    eliminated[s],
                    scores[s],
                    _ROBOT_ROW(robots[s]),
                    s in to_act,
                ]
            )
        memo.bytes[self._middle] = b"".join(parts)
        self._emitter_cells(memo, state, order)
        hit = state.pending_hits[0] if state.pending_hits else None
        memo.bytes[self._tail] = _TAIL[
            None if hit is None else (hit[0] == seat, hit[1], hit[2]),
            state.mines_left,
            state.setup_left,
            (state.killer_die, state.killer_done) if state.scenario.killer else None,
        ]

    def fixed_key(self, state: State) -> object:
        assert isinstance(state, DroidsState)
        return state.board  # the board is an option: one per encoder, in practice

    def fill_fixed(self, obs: Observation, state: State) -> None:
        assert isinstance(state, DroidsState)
        obs["board"][:3] = terrain_planes(tuple(_rows(state.board)))

    def _piece_cells(
        self, memo: SeatMemo, state: DroidsState, seat: Seat | None, order: tuple[int, ...]
    ) -> None:
        """The board block but its terrain (on the blank): the start circles, the robots and the
        objects. Nothing is read while the state's ``pieces_tag`` is the one the memo last
        wrote from (the state replaces it when a robot moves or an object comes or goes: most
        steps move nothing); else each is rewritten when it differs from what the memo last
        wrote (compared in C), the objects by their difference: a setup step adds an obstacle
        to some twenty, a robot takes or puts one."""
        keys, cells, plane = memo.keys, memo.cells, SIZE * SIZE
        if keys.get("pieces") == state.pieces_tag:  # most steps: nothing moved on the board
            return
        keys["pieces"] = state.pieces_tag
        own = state.colours[seat] if seat is not None else None
        if keys.get("circles", _UNSET) != own:
            keys["circles"] = own
            start = self._pieces
            memo.clear(start, start + 2 * plane)
            for colour, cell in state.board.circles.items():
                cells[start + (0 if colour == own else 1) * plane + cell] = 1.0
        robots = tuple(map(_ROBOT_SHOWN, state.robots))
        if keys.get("robots") != robots:
            keys["robots"] = robots
            memo.clear(self._robot_planes, self._object_planes)
            for kind, robot_seat, cell in robots:
                if cell >= 0:
                    if kind == "player":
                        kind_plane = self._robot_planes + order.index(robot_seat) * plane
                    else:
                        kind_plane = self._other_planes[kind]
                    cells[kind_plane + cell] = 1.0
        objects, kept = state.objects, keys.get("objects", _NO_OBJECTS)  # by value: a clone's tag is new
        if objects != kept:
            planes = self._object_plane
            added = objects.items() - kept.items()
            if len(objects) != len(kept) + len(added):  # some were taken away or changed kind
                for cell, kind in kept.items() - objects.items():
                    cells[planes[kind] + cell] = 0.0
            for cell, kind in added:
                cells[planes[kind] + cell] = 1.0
            keys["objects"] = objects.copy()

    def _emitter_cells(self, memo: SeatMemo, state: DroidsState, order: tuple[int, ...]) -> None:
        """The emitters block: a seat's emitters are rewritten, each from the bytes made once
        for its contents, when the state's tag of them is not the one the memo last wrote from
        (the state replaces it when a token is placed, sent or returned, an emitter destroyed or
        repaired)."""
        first, size, keys, tags = (
            self.layout.offsets["emitters"],
            EMITTERS * EMITTER_WIDTH,
            memo.keys,
            state.emitter_tags,
        )
        for row, s in enumerate(order):
            if keys.get(_EMITTERS_OF[row]) != tags[s]:
                keys[_EMITTERS_OF[row]] = tags[s]
                start = 4 * (first + row * size)
                memo.bytes[start : start + 4 * size] = b"".join(
                    map(_EMITTER.__getitem__, map(tuple, state.emitters[s]))
                )

    @property
    def _pieces(self) -> int:
        """Where the board's circles, robots and objects start (after the terrain's 3 planes)."""
        return self.layout.offsets["board"] + 3 * SIZE * SIZE


class _Made(dict):
    """The bytes of one part of the observation per key, made by ``make(key)`` on the first
    look-up (``__missing__``); every later one is a dictionary look-up in C. A part's bytes are
    a function of its key by construction, so equal keys from any state give equal bytes."""

    LIMIT = 1 << 14
    """Keys kept (cleared when full): a few MB at most."""

    def __init__(self, make: Callable[[Any], bytes]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> bytes:
        if len(self) >= self.LIMIT:
            self.clear()
        made = self[key] = self.make(key)
        return made


def _floats(size: int, write: Callable[[memoryview], None]) -> bytes:
    """``size`` float32 zeros, written by ``write`` through a memoryview (as the fast path
    writes: a Python float stored as float32, exactly as numpy's item write stores it)."""
    out = np.zeros(size, dtype=np.float32)
    write(memoryview(out))
    return out.tobytes()


def _head(key: tuple) -> bytes:
    """The phase, turn, scenario and colour blocks (5 + 1 + 7 + 4)."""
    phase, turn, turn_limit, scenario, colour = key

    def write(cells: memoryview) -> None:
        cells[PHASES.index(phase)] = 1.0
        cells[len(PHASES)] = scaled(turn, turn_limit)
        cells[len(PHASES) + 1 + scenario - 1] = 1.0
        if colour is not None:
            cells[len(PHASES) + 1 + SCENARIOS + COLOURS.index(colour)] = 1.0

    return _floats(len(PHASES) + 1 + SCENARIOS + len(COLOURS), write)


def _bins(totals: tuple[int, ...]) -> bytes:
    """The bins block from the tokens left in each bin (the state keeps them: ``bin_totals``)."""
    return struct.pack(f"{len(BINS)}f", *(scaled(count, 40) for count in totals))


def _hand(tokens: tuple[str, ...]) -> bytes:
    """The hand block: each type's share of the tokens held (a tenth of the hands met are new)."""
    shares = [0.0] * len(TYPES)
    for token in set(tokens):
        shares[_TYPE[token]] = _HAND_SHARE[tokens.count(token)]
    return struct.pack(f"{len(TYPES)}f", *shares)


def _placing(placing: tuple) -> bytes:
    """The placing block: the pending token, then its emitter and slot once chosen."""

    def write(cells: memoryview) -> None:
        cells[_TYPE[placing[0]]] = 1.0
        if len(placing) == 3:
            cells[len(TYPES) + placing[1]] = 1.0
            cells[len(TYPES) + EMITTERS + placing[2] - 1] = 1.0

    return _floats(len(TYPES) + EMITTERS + SLOTS, write)


def _seat_row(key: tuple) -> bytes:
    """One seat's row (:data:`SEAT_FEATURES`) from its counts, flags and robot."""
    size, bins, drawn, stopped, finished, sent, eliminated, score, robot, acting = key
    stock, carry, cell = robot
    return _ROW.pack(
        _SEVENTHS[size],
        *(_SEVENTHS[count] for count in bins),
        _SEVENTHS[drawn],
        stopped,
        finished,
        scaled(sent, EMITTERS),
        eliminated,
        scaled(score, 10),
        scaled(stock, 25),
        *_CARRYING.get(carry, _CARRYING[None]),
        cell < 0,
        acting,
    )


def _tail(key: tuple) -> bytes:
    """The pending, supply and killer blocks (4 + 2 + 11)."""
    hit, mines_left, setup_left, killer = key

    def write(cells: memoryview) -> None:
        if hit is not None:
            mine, what, count = hit
            cells[0] = mine
            cells[1 if what == "damage" else 2] = 1.0
            cells[3] = scaled(count, EMITTERS)
        cells[4] = scaled(mines_left, MINES)
        cells[5] = scaled(setup_left, 25)
        if killer is not None:
            die, done = killer
            if die is not None:
                cells[6 + die] = 1.0
            cells[6 + 10] = done

    return _floats(4 + 2 + 11, write)


def _emitter(emitter: tuple) -> bytes:
    """One emitter's cells: destroyed, then each slot's token type and arrow."""

    def write(cells: memoryview) -> None:
        if emitter[0]:
            cells[0] = 1.0
        for k, content in enumerate(emitter[1:]):
            if content is not None:
                token, arrow = _SLOT_CONTENT[content]
                cells[1 + k * SLOT_WIDTH + token] = 1.0
                cells[1 + k * SLOT_WIDTH + arrow] = 1.0

    return _floats(EMITTER_WIDTH, write)


_HEAD = _Made(_head)
_BINS = _Made(_bins)
_HAND = _Made(_hand)
_NO_HAND = bytes(4 * len(TYPES))
_PLACING = _Made(_placing)
_NO_PLACING = bytes(4 * (len(TYPES) + EMITTERS + SLOTS))
_ROW_BYTES = _Made(_seat_row)
_TAIL = _Made(_tail)
_EMITTER = _Made(_emitter)
_FIRSTS = {Obstacle: Obstacle(0, 0), Slot: Slot(0, 1), Token: Token(TYPES[0]), Arrow: Arrow(ARROWS[0])}
"""The first action of each class whose mask index :meth:`DroidsEncoder.step_mask` computes."""
_UNSET = object()
"""A memo's key before the part was first written: equal to nothing."""
_NO_OBJECTS: dict[int, str] = {}
"""A memo's objects before it first wrote any (its planes are the blank's zeros): never mutated."""

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
_ROW_FIELDS = attrgetter(
    "hands", "hand_bins", "drawn", "stopped", "finished", "sent", "eliminated", "scores", "robots"
)
"""What the seat rows are read from (in one C call)."""
_ROBOT_ROW = attrgetter("stock", "carry", "cell")
"""What a seat's row shows of its robot (read in C)."""
_EMITTERS_OF = tuple(f"emitters {row}" for row in range(8))


def _rows(board: Board) -> list[str]:
    """The board's terrain as the view's map rows."""
    return ["".join(board.terrain[y * SIZE : (y + 1) * SIZE]) for y in range(SIZE)]
