"""Robot Delivery as arrays: the board as planes, hands, programs and function boards as counts.

Actions: ``slot S CARD`` for each card and onPlay slot (14 x 4), ``take S`` (4),
``fn L S CARD`` for each function board letter, slot and card (4 x 4 x 14: the game offers a
card and its place as one decision, RD-10), ``submit``, and ``wait`` (with
``program_timeout_s``, the programming time may be left to run out: RD-9).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import (
    Encoder,
    IndexRule,
    Observation,
    Parts,
    SeatMemo,
    counts,
    one_hot,
    relative_seats,
    scaled,
)
from robotable.games.delivery.actions import SUBMIT, PlaceFunction, Program, Take
from robotable.games.delivery.board import CONVEYOR_CODES, DIRECTIONS, EXPRESS_CODES, Board
from robotable.games.delivery.cards import ALL_CARDS, LETTERS, SLOTS
from robotable.games.delivery.state import DeliveryState

CELL_CODES = ".#PD"  # floor, wall, pickup, drop
BOARD_PLANES = len(CELL_CODES) + 4 + 4 + 1
CARDS = len(ALL_CARDS)
SEAT_FEATURES = 10 + CARDS  # see ``declare``
_CARD = {card: i for i, card in enumerate(ALL_CARDS)}
_DIR = {d: i for i, d in enumerate(DIRECTIONS)}
_LETTER = {letter: i for i, letter in enumerate(LETTERS)}


@lru_cache(maxsize=16)
def board_planes(rows: tuple[str, ...], starts: tuple[tuple[int, int], ...]) -> np.ndarray:
    """Floor, wall, pickup, drop; conveyors carrying N E S W; express ones N E S W; start points."""
    chars = np.array([list(row) for row in rows])
    codes = (*CELL_CODES, *CONVEYOR_CODES, *EXPRESS_CODES)
    planes = np.stack([chars == code for code in codes] + [np.zeros(chars.shape, dtype=bool)])
    for x, y in starts:
        planes[-1, y, x] = True
    out = planes.astype(np.float32)
    out.setflags(write=False)
    return out


class DeliveryEncoder(Encoder):
    game_id = "delivery"
    ready_made_actions = True  # the engine builds each action once: masks by identity

    def setup(self, view: Mapping[str, JSON]) -> None:
        rows = view["board"]["rows"]
        self.height, self.width = len(rows), len(rows[0])
        self._hands = Parts(CARDS, _hand_cells)

    def all_actions(self) -> Iterable[Action]:
        yield from (Program(slot, card) for card in ALL_CARDS for slot in range(1, SLOTS + 1))
        yield from (Take(slot) for slot in range(1, SLOTS + 1))
        yield from (
            PlaceFunction(letter, slot, card)
            for letter in LETTERS
            for card in ALL_CARDS
            for slot in range(1, SLOTS + 1)
        )
        yield SUBMIT

    def index_rules(self) -> Mapping[type, IndexRule]:
        functions = CARDS * SLOTS + SLOTS  # the first fn action follows the slots and the takes
        return {
            Program: lambda a: _CARD[a.card] * SLOTS + a.slot - 1,
            Take: lambda a: CARDS * SLOTS + a.slot - 1,
            PlaceFunction: lambda a: (
                functions + (_LETTER[a.board] * CARDS + _CARD[a.card]) * SLOTS + a.slot - 1
            ),
        }

    def declare(self) -> None:
        add, n, h, w = self.layout.add, self.seats, self.height, self.width
        add(
            "board",
            (BOARD_PLANES, h, w),
            "floor, wall, pickup, drop; conveyors carrying N E S W; express conveyors N E S W; start points",
        )
        add(
            "pawns",
            (n + 5, h, w),
            "one plane per pawn, the observer's first; the facing N E S W of "
            "every pawn at its cell; pawns holding a parcel",
        )
        add("round", 2, "round / turn_limit; the game is over")
        add("first", n, "the round's first player, the observer's seat first, one-hot")
        add(
            "hand", CARDS, "own hand, cards of each kind / 8 (FWD SR BACK SL RR UT RL LOOP LASER BUG FN-A..D)"
        )
        add("program", (SLOTS, CARDS), "own onPlay slots (secret): cards of each kind / 4")
        add(
            "seats",
            (n, SEAT_FEATURES),
            "per seat, the observer's first: holds a parcel, delivered / 2, "
            "hand size / 20, draw pile / 40, known BUGs on top / 5, submitted, "
            "cards in onPlay slots 1-4 / 5, "
            "then its discard pile, cards of each kind / 10",
        )
        add(
            "function_boards",
            (n, len(LETTERS), SLOTS, CARDS),
            "per seat (observer first), board A-D and slot, cards of each kind / 4 (face up, public)",
        )
        add("misc", 2, "BUG pile / 200; four function boards per player (option per_player_ad)")
        hot = ("pawns", "round", "hand", "program", "seats", "function_boards", "misc")
        self._hot = tuple(self.layout.offsets[name] for name in hot)  # update_seat's, at once

    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        board = view["board"]
        starts = tuple((x, y) for x, y, _ in board["starts"][: self.seats])
        obs["board"][:] = board_planes(tuple(board["rows"]), starts)
        order = relative_seats(seat, self.seats)
        pawns, rows = obs["pawns"], obs["seats"]
        n = self.seats
        for row, s in enumerate(order):
            player = view["players"][s]
            x, y = player["cell"]
            pawns[row, y, x] = 1.0
            pawns[n + _DIR[player["facing"]], y, x] = 1.0
            if player["parcel"]:
                pawns[n + 4, y, x] = 1.0
            self._fill_player(rows[row], player)
        obs["round"][:] = (scaled(view["round"], view["turn_limit"]), float(view["phase"] == "over"))
        one_hot(obs["first"], order.index(view["first_player"]))
        counts(obs["hand"], [_CARD[card] for card in view["hand"] or ()], 1 / 8)
        mine = view["players"][seat]["program"] if seat is not None and 0 <= seat < n else None
        if mine is not None:
            counts(obs["program"], _slot_positions(mine, 0), 1 / 4)
        row_of = {s: row for row, s in enumerate(order)}
        positions: list[int] = []
        for fboard in view["function_boards"]:
            board_index = row_of[fboard["owner"]] * len(LETTERS) + _LETTER[fboard["letter"]]
            positions += _slot_positions(fboard["slots"], board_index * SLOTS * CARDS)
        counts(obs["function_boards"], positions, 1 / 4)
        obs["misc"][:] = (
            scaled(view["bug_pile"], 200),
            float(view["function_boards_mode"] == "per_player_ad"),
        )

    def fixed_key(self, state: State) -> object:
        # the board is an option: one per encoder, in practice; asked at every observation
        return state.board  # type: ignore[attr-defined]  # a DeliveryState: no check

    def fill_fixed(self, obs: Observation, state: State) -> None:
        assert isinstance(state, DeliveryState)
        obs["board"][:] = _state_board_planes(state.board, self.seats)

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields that ``view(seat)`` shows: pawns,
        piles' sizes, discards and function boards (public), the seat's own hand and onPlay
        slots (secret, RD-9), and of the others' slots only how many cards each holds.

        Between two of a seat's observations, programming moves its hand and slots and the
        seat rows (hand sizes, slots filled, submitted): rewritten each time, a row's in one
        ``struct`` call, the hand from the parts met before (:class:`Parts`, by its sorted
        cards: a game's hands recur). What moves only when a round is resolved (the round, the
        first player, the BUG pile, the pawns, the rest of the seat rows) and the function boards (a
        card placed) are rewritten when the round moves and when they differ from the copy kept
        of them."""
        delivery: DeliveryState = state  # type: ignore[assignment]  # made for it: no check
        n, cells = self.seats, memo.cells
        pawns_at, round_at, hand_at, program_at, seats_at, boards_at, misc_at = self._hot
        order = relative_seats(seat, n)
        # only a round's resolution moves the pawns, the discard piles, the BUG pile, the first
        # player, and it moves the round or ends the game; a state moves only forward, by its
        # actions (a clone or a new game is another object): the same state at the same round
        # and phase shows the same ones (the key holds the state: no other takes its identity)
        kept = memo.keys.get("resolved")
        if kept is None or kept[0] is not delivery or kept[1] != delivery.round or kept[2] != delivery.phase:
            memo.keys["resolved"] = (delivery, delivery.round, delivery.phase)
            memo.clear(pawns_at, round_at)
            self._resolved_cells(memo, delivery, order)
        memo.clear(program_at, seats_at)  # the seat's own slots
        if seat is not None and 0 <= seat < n:
            self._hands.write(cells, hand_at, tuple(sorted(delivery.hands[seat])))
            self._program_cells(cells, program_at, delivery.program[seat])
        else:
            memo.clear(hand_at, program_at)
        self._seat_rows(memo, delivery, order)
        if memo.moved("boards", delivery.fboards, boards_at, misc_at, _boards):
            self._board_cells(cells, delivery, order)

    def _seat_rows(self, memo: SeatMemo, state: DeliveryState, order: tuple[int, ...]) -> None:
        """What programming moves in each seat's row: its hand size (``scaled`` of a count
        ``k`` below ``top`` is exactly ``k / top``), whether it submitted and how many cards
        each slot holds, these five packed in one call; the rest of the row moves only when a
        round is resolved (:meth:`_resolved_cells`)."""
        hands, programs, submitted = state.hands, state.program, state.submitted
        cells, buffer, pack = memo.cells, memo.bytes, _PROGRAMMING.pack_into
        start = self.layout.offsets["seats"]
        for s in order:
            hand = len(hands[s])
            first, second, third, fourth = programs[s]  # SLOTS: unpacked, a third of a map's cost
            cells[start + 2] = hand / 20 if hand < 20 else 1.0
            pack(
                buffer,
                4 * (start + 5),
                submitted[s],
                _FIFTHS[len(first)],
                _FIFTHS[len(second)],
                _FIFTHS[len(third)],
                _FIFTHS[len(fourth)],
            )
            start += SEAT_FEATURES

    def _resolved_cells(self, memo: SeatMemo, state: DeliveryState, order: tuple[int, ...]) -> None:
        """What moves only when a round is resolved: the pawns (cleared by the caller), the
        round, whether the game is over, the first player, each seat's parcel, deliveries,
        draw pile, BUGs on top and discard pile, the BUG pile."""
        at, cells, options = self.layout.offsets, memo.cells, state.options
        self._pawn_cells(cells, state, order)
        memo.clear(at["round"], at["hand"])
        cells[at["round"]] = scaled(state.round, options["turn_limit"])
        cells[at["round"] + 1] = state.phase == "over"
        cells[at["first"] + order.index(state.first)] = 1.0
        for row, s in enumerate(order):
            start = at["seats"] + row * SEAT_FEATURES
            cells[start] = state.parcel[s]
            cells[start + 1] = scaled(state.delivered[s], 2)
            cells[start + 3] = scaled(len(state.draw[s]), 40)
            cells[start + 4] = scaled(state.bug_top[s], 5)
            memo.clear(start + 10, start + SEAT_FEATURES)
            _card_counts(cells, start + 10, state.discard[s], _TENTHS)
        memo.clear(at["misc"], self.layout.size)
        cells[at["misc"]] = scaled(state.bug_pile, 200)
        cells[at["misc"] + 1] = options["function_boards"] == "per_player_ad"

    @staticmethod
    def _program_cells(cells: memoryview, start: int, program: list[list[str]]) -> None:
        """The seat's onPlay slots: per slot, cards of each kind / 4 (onto cleared cells)."""
        for cards in program:
            if len(cards) == 1:  # most filled slots: one action card
                cells[start + _CARD[cards[0]]] = 0.25
            elif cards:
                _card_counts(cells, start, cards, _QUARTERS)
            start += CARDS

    def _pawn_cells(self, cells: memoryview, state: DeliveryState, order: tuple[int, ...]) -> None:
        """The pawns block: each pawn's plane (the observer's first), facings, parcels."""
        n, plane, pawns = self.seats, self.height * self.width, self.layout.offsets["pawns"]
        for row, s in enumerate(order):
            cell = state.pos[s]
            cells[pawns + row * plane + cell] = 1.0
            cells[pawns + (n + state.facing[s]) * plane + cell] = 1.0
            if state.parcel[s]:
                cells[pawns + (n + 4) * plane + cell] = 1.0

    def _board_cells(self, cells: memoryview, state: DeliveryState, order: tuple[int, ...]) -> None:
        """The function boards block: per seat (the observer's first), board and slot, cards."""
        boards = self.layout.offsets["function_boards"]
        for row, s in enumerate(order):
            for letter, slots in state.fboards[s].items():
                board = (row * len(LETTERS) + _LETTER[letter]) * SLOTS
                for slot, cards in enumerate(slots):
                    if cards:
                        _card_counts(cells, boards + (board + slot) * CARDS, cards, _QUARTERS)

    @staticmethod
    def _fill_player(out: np.ndarray, player: Mapping[str, JSON]) -> None:
        out[0] = float(player["parcel"])
        out[1] = scaled(player["delivered"], 2)
        out[2] = scaled(player["hand_size"], 20)
        out[3] = scaled(player["draw_size"], 40)
        out[4] = scaled(player["bugs_on_top"], 5)
        out[5] = float(player["submitted"])
        for slot, count in enumerate(player["program_counts"]):
            out[6 + slot] = scaled(count, 5)
        counts(out[10:], [_CARD[card] for card in player["discard"]], 0.1)


def _boards(fboards: list[dict[str, list[list[str]]]]) -> list[dict[str, list[list[str]]]]:
    """A copy of every seat's function boards (letter -> slots -> cards), out of the state's reach."""
    return [
        {letter: [cards.copy() for cards in slots] for letter, slots in boards.items()} for boards in fboards
    ]


def _state_board_planes(board: Board, seats: int) -> np.ndarray:
    """:func:`board_planes` of a state's board, as its view shows it."""
    starts = tuple(board.xy(cell) for cell, _ in board.starts[:seats])
    return board_planes(tuple(board.rows()), starts)


def _slot_positions(slots: Sequence[Sequence[str]], start: int) -> list[int]:
    """Positions of the cards in ``slots`` (each slot a row of card kinds) from ``start``: a slot
    holds one action card and up to three LOOPs, so counts are scaled by 4."""
    return [start + slot * CARDS + _CARD[card] for slot, cards in enumerate(slots) for card in cards]


def _hand_cells(cells: memoryview, hand: tuple[str, ...]) -> None:
    """The hand block of a hand (its cards in any order)."""
    _card_counts(cells, 0, hand, _EIGHTHS)


def _card_counts(cells: memoryview, start: int, cards: Sequence[str], shares: tuple[float, ...]) -> None:
    """:func:`~robotable.envs.core.count_cells` of ``cards`` from ``start``: per kind, its share
    of how many (``shares[count]``, 1 past the table) onto cleared cells. Counted by
    ``list.count``, in C: hands, slots and discard piles are short."""
    for card in set(cards):
        count = cards.count(card)
        cells[start + _CARD[card]] = shares[count] if count < _COUNTED else 1.0


_COUNTED = 16
"""Counts the share tables hold: from there on every share is 1 (16 * 0.1 is past 1)."""
_EIGHTHS, _QUARTERS, _TENTHS = (
    tuple(min(count * unit, 1.0) for count in range(_COUNTED)) for unit in (1 / 8, 1 / 4, 0.1)
)
"""Shares of cards of a kind in a hand, a slot, a discard pile: what ``counts`` writes for them."""
_FIFTHS = tuple(scaled(count, 5) for count in range(64))  # cards in a slot: one action card, LOOPs
_PROGRAMMING = struct.Struct(f"{1 + SLOTS}f")
"""What programming moves in a seat's row after its hand size: submitted, cards in each slot."""
assert SLOTS == 4  # _seat_rows unpacks a seat's four slots
