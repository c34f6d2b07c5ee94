"""Robotick as arrays: cards as 52-long one-hots (A1..A13, B1..B13, C1..C13, D1..D13).

Actions: ``pass CARD`` for each of the 52 cards (RT-9, one card at a time, twice), then
``CARD`` (play it) for each. Robotick has no timer, so no ``wait``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import (
    Encoder,
    IndexRule,
    Observation,
    SeatMemo,
    one_hot,
    relative_seats,
    scaled,
    signed,
)
from robotable.games.robotick.actions import Pass, Play
from robotable.games.robotick.cards import CRITERIA, DECK, DROCO, HAND, HUMANS, ROUNDS, STRENGTHS, TYPES
from robotable.games.robotick.state import RobotickState

PHASES = ("pass", "play", "over")
COLUMNS = ("follow", "no-follow", "open")
CARD_NAMES = tuple(f"{t}{s}" for t in TYPES for s in range(1, STRENGTHS + 1))
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
"""A card's position in a 52-long block: its engine number (type * 13 + strength - 1), the
fast path's index."""
_CRITERION = {c: i for i, c in enumerate(CRITERIA)}
_HUMAN_SEATS = frozenset(range(HUMANS))
_TRICK_NUMBER = tuple(scaled(min(finished + 1, HAND), 12) for finished in range(HAND + 1))
"""The trick number's cell per count of finished tricks (12 once the last one is played)."""


def _cards(out: np.ndarray, names: Iterable[str]) -> None:
    """Set the cards named. (Measured: one scalar write per card beats collecting positions
    for a single fancy-indexed write, at these sizes.)"""
    for card in names:
        out[_CARD[card]] = 1.0


class RobotickEncoder(Encoder):
    game_id = "robotick"
    uses_clock = False
    ready_made_actions = True  # the engine builds each action once: masks by identity

    def setup(self, view: Mapping[str, JSON]) -> None:
        self._seatings: dict[Seat, tuple[tuple[int, ...], list[int]]] = {}
        self._ai_cards: dict[tuple, memoryview] = {}  # the AI card block of each card met
        self._settled: _Settled | None = None  # the last state's round (see _Settled)

    def all_actions(self) -> Iterable[Action]:
        yield from (Pass(c) for c in range(DECK))
        yield from (Play(c) for c in range(DECK))

    def index_rules(self) -> Mapping[type, IndexRule]:
        return {Pass: lambda a: a.card, Play: lambda a: DECK + a.card}

    def declare(self) -> None:
        add = self.layout.add
        add("phase", len(PHASES), "pass, play, over")
        add("round", ROUNDS, "the round 1-3, one-hot")
        add("trick_number", 1, "trick number / 12")
        add("hand", DECK, "own hand")
        add("passing", (3, DECK), "own cards chosen to pass (secret), given, received")
        add("droco_hand", DECK, "Droco's hand (face up, RT-8)")
        add("trump", DECK + len(TYPES), "the trump card, then the trump type A-D")
        add(
            "trick",
            (HUMANS + 1, DECK),
            "the cards in the current trick, by player: the observer, the next two seats, Droco",
        )
        add("led", len(TYPES), "the type led in the current trick")
        add("played", DECK, "every card played in a finished trick of this round")
        add("captures", (2, HUMANS, DECK), "face-up then face-down captures per seat, the observer's first")
        add(
            "scores",
            (2, HUMANS),
            "round score and total per seat, the observer's first, -100..100 and -300..300 mapped "
            "onto 0..1 (RT-23: scores may be negative)",
        )
        add(
            "ai_card",
            (len(COLUMNS), 2, len(CRITERIA)),
            "Droco's AI card: for each column (can follow, "
            "cannot follow, leads), the first and second criterion (weakest, strongest, largest type, "
            "smallest type)",
        )
        add(
            "turn",
            (2, HUMANS + 1),
            "the trick's leader, then the player to play: observer, next, next but one, Droco",
        )
        add("variants", 2, "hangars / 12; fixed AI card (variant 2)")
        at = self.layout.offsets
        hot = ("hand", "droco_hand", "trump", "trick", "led", "played", "turn", "variants")
        self._hot = tuple(at[name] for name in hot)  # update_seat's, in locals at once
        self._trick_number = at["trick_number"]
        assert at["scores"] + 2 * HUMANS == at["ai_card"] == at["played"] + _Settled.SIZE

    def fill(self, obs: Observation, view: Mapping[str, JSON], seat: Seat) -> None:
        order = [*relative_seats(seat, HUMANS), DROCO]
        row_of = {p: row for row, p in enumerate(order)}
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        one_hot(obs["round"], view["round"] - 1)
        obs["trick_number"][0] = scaled(view["trick_number"], 12)
        _cards(obs["hand"], view.get("hand", ()))
        passing = obs["passing"]
        for row, key in enumerate(("pass_chosen", "given", "received")):
            _cards(passing[row], view.get(key, ()))
        _cards(obs["droco_hand"], (card for column in view["droco_hand"] for card in column))
        trump = obs["trump"]
        trump[_CARD[view["trump_card"]]] = 1.0
        trump[DECK + TYPES.index(view["trump"])] = 1.0
        trick = obs["trick"]
        for player, card in view["trick"]:
            trick[row_of[player], _CARD[card]] = 1.0
        if view["led"] is not None:
            one_hot(obs["led"], TYPES.index(view["led"]))
        _cards(obs["played"], (card for t in view["tricks"] for _, card in t["cards"]))
        captures, scores = obs["captures"], obs["scores"]
        for row, s in enumerate(order[:HUMANS]):
            _cards(captures[0, row], view["captures"][s]["up"])
            _cards(captures[1, row], view["captures"][s]["down"])
            scores[0, row] = signed(view["round_score"][s], 100)
            scores[1, row] = signed(view["totals"][s], 300)
        ai = obs["ai_card"]
        for c, column in enumerate(COLUMNS):
            for rank, criterion in enumerate(view["ai_card"][column][:2]):
                ai[c, rank, _CRITERION[criterion]] = 1.0
        turn = obs["turn"]
        for row, key in enumerate(("leader", "to_play")):
            if view[key] is not None:
                turn[row, row_of[view[key]]] = 1.0
        obs["variants"][:] = (scaled(view["hangars"], 12), float(view["options"]["fixed_ai_card"]))

    def update_seat(self, memo: SeatMemo, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields that ``view(seat)`` shows (RT-25: the
        public table, and the seat's own hand, pass choice, given and received cards only). A
        card's position in a block is its engine number.

        A seat observes about once a trick: between two of its observations its hand, Droco's
        hand, the table and the turn move (rewritten each time: Robotick has no fixed blocks, so
        a part is cleared with zeros), a trick is finished and cards are captured (the settled
        blocks, read once a trick for every observer: :class:`_Settled`), while the round's
        facts and the passed cards stay (rewritten when the round or the phase moves, and the
        passed cards all through the pass phase)."""
        rt: RobotickState = state  # type: ignore[assignment]  # made for it: no isinstance
        cells, keys = memo.cells, memo.keys
        hand_at, droco_at, trump_at, trick_at, led_at, settled_at, turn_at, variants_at = self._hot
        order, row_of = self._seatings.get(seat) or self._seating(seat)
        history, phase = rt.history, rt.phase
        # the round's list of finished tricks (held in the key: no other list takes its
        # identity) names one round of one state: a new round and a clone bring new lists
        kept = keys.get("round")
        new_round = kept is None or kept[0] is not history
        if new_round or kept[1] != phase:
            keys["round"] = (history, phase)
            self._round_facts(memo, rt)
        cells[self._trick_number] = _TRICK_NUMBER[len(history)]
        if seat in _HUMAN_SEATS:
            cells[hand_at : hand_at + DECK] = _ZEROS[:DECK]
            for c in rt.hands[seat]:
                cells[hand_at + c] = 1.0
            if new_round or phase == "pass" or kept[1] == "pass":  # the choices, the exchange
                self._passing(cells, rt, seat)
        cells[droco_at:trump_at] = _ZEROS[:DECK]
        for c in rt.hands[DROCO]:
            cells[droco_at + c] = 1.0
        cells[trick_at:settled_at] = _ZEROS[: settled_at - trick_at]  # the table, the type led
        trick = rt.trick
        if trick:
            for player, c in trick:
                cells[trick_at + row_of[player] * DECK + c] = 1.0
            cells[led_at + trick[0][1] // STRENGTHS] = 1.0
        settled = self._settled
        if settled is None or settled.history is not history:
            settled = self._settled = _Settled(rt)
        settled.catch_up(rt)
        if keys.get("settled") != settled.version:  # versions are never reused (see _Settled)
            keys["settled"] = settled.version
            cells[settled_at : settled_at + _Settled.SIZE] = settled.cells[order[0]]
        cells[turn_at:variants_at] = _ZEROS[: variants_at - turn_at]
        to_play = rt.current_player()
        if to_play is not None:  # in the play phase: the trick's leader and who plays
            cells[turn_at + row_of[rt.leader]] = 1.0
            cells[turn_at + HUMANS + 1 + row_of[to_play]] = 1.0

    def _round_facts(self, memo: SeatMemo, state: RobotickState) -> None:
        """Phase, round, trump, AI card and the options shown: within one round of one state,
        only the phase moves (when the cards are passed, and when the game ends)."""
        at, cells, options = self.layout.offsets, memo.cells, state.options
        memo.clear(at["phase"], at["trick_number"])
        cells[at["phase"] + PHASES.index(state.phase)] = 1.0
        cells[at["round"] + state.round] = 1.0
        memo.clear(at["trump"], at["trick"])
        cells[at["trump"] + state.trump] = 1.0
        cells[at["trump"] + DECK + state.trump // STRENGTHS] = 1.0
        ai = state.ai_card
        columns = (ai.follow, ai.no_follow, ai.open)
        ai_card = self._ai_cards.get(columns)
        if ai_card is None:  # a game draws a few of the deck's cards: each made once
            ai_card = self._ai_cards[columns] = _ai_cells(columns)
        cells[at["ai_card"] : at["turn"]] = ai_card
        cells[at["variants"]] = scaled(options["hangars"], 12)
        cells[at["variants"] + 1] = float(options["fixed_ai_card"])

    def _passing(self, cells: memoryview, state: RobotickState, seat: int) -> None:
        """The cards the seat chose to pass, gave and received (secret). Within one round of one
        state they move only in the pass phase (the choice grows) and when it ends (the cards
        change hands): written then, and kept through the play phase."""
        start = self.layout.offsets["passing"]
        cells[start : start + 3 * DECK] = _ZEROS[: 3 * DECK]
        for row, cards in enumerate((state.chosen[seat], state.given[seat], state.given[seat - 1])):
            for c in cards:  # given[-1] is seat 2's: the seat before seat 0
                cells[start + row * DECK + c] = 1.0

    def _seating(self, seat: Seat) -> tuple[tuple[int, ...], list[int]]:
        """The players in the observer's order (itself, the next two, Droco), and each one's row."""
        seating = self._seatings.get(seat)
        if seating is None:
            order = (*relative_seats(seat, HUMANS), DROCO)
            row_of = [0] * (HUMANS + 1)
            for row, player in enumerate(order):
                row_of[player] = row
            seating = self._seatings[seat] = (order, row_of)
        return seating


class _Settled:
    """The blocks that move only when a trick is finished: the played, captures and scores
    blocks (consecutive: the cards played in the round's finished tricks, each seat's captures,
    round score and total). Kept for one round of one state (its list of finished tricks,
    held, names it: a new round or a clone brings a new list) and shared by the observers, who
    each observe about once a trick: read once a trick for all of them, and copied into an
    observation in one slice, made for each seat that may come first (the observer's rows
    first).

    The round's finished tricks and each pile of captures are lists the state only appends to
    within a round: only their new items are read (the lengths read so far are kept). Each
    change takes a new version number from a counter shared by all (an observer's memo keeps
    the version it copied: a number never handed out twice stands for one content)."""

    SIZE = DECK + 2 * HUMANS * DECK + 2 * HUMANS
    CAPTURES, SCORES = DECK, DECK + 2 * HUMANS * DECK  # where they start in the part
    _versions = itertools.count(1)

    def __init__(self, state: RobotickState) -> None:
        self.history = state.history
        self.piles = (*state.up, *state.down)  # the round's: replaced with the history
        self.read = [0] * len(self.piles)  # how much of each pile is read
        self.tricks = 0  # how many finished tricks are read
        self.rounds = -1  # how many rounds' scores the totals are read from
        self.points = [0] * HUMANS  # each seat's round score (RT-23)
        self.version = 0
        parts = np.zeros((HUMANS, self.SIZE), dtype=np.float32)
        parts[:, self.SCORES : self.SCORES + HUMANS] = _signed(0, 100)
        self.cells = tuple(memoryview(part) for part in parts)  # per first seat

    def catch_up(self, state: RobotickState) -> None:
        """Read what the state added since (it is this round of the state that made this)."""
        history = state.history
        if len(history) == self.tricks and len(state.scores) == self.rounds:
            return
        first, second, third = self.cells
        for trick in history[self.tricks :]:
            for _, c in trick["cards"]:
                first[c] = second[c] = third[c] = 1.0
        self.tricks = len(history)
        self._read_captures(state.pv)
        if len(state.scores) != self.rounds:  # the game's last round is scored in it
            self.rounds = len(state.scores)
            for s, total in enumerate(state.totals()):
                self._write_seat(_TOTAL_AT[s], _signed(total, 300))
        self.version = next(self._versions)

    def _read_captures(self, pv: tuple[int, ...]) -> None:
        """The captures added to each pile, and the round scores they move."""
        read, points = self.read, self.points
        first, second, third = self.cells
        for pile_index, pile in enumerate(self.piles):
            done = read[pile_index]
            if len(pile) == done:
                continue
            read[pile_index] = len(pile)
            s = pile_index % HUMANS
            at_first, at_second, at_third = _PILE_AT[pile_index]
            for c in pile[done:]:
                first[at_first + c] = second[at_second + c] = third[at_third + c] = 1.0
                points[s] += -pv[c] if pile_index >= HUMANS else pv[c]
            self._write_seat(_ROUND_SCORE_AT[s], _signed(points[s], 100))

    def _write_seat(self, at: tuple[int, ...], value: float) -> None:
        """``value`` at its place in every first seat's part."""
        for cells, position in zip(self.cells, at, strict=True):
            cells[position] = value


def _rows_at(start: int, s: int, row: int) -> tuple[int, ...]:
    """Where seat ``s``'s row (``row`` cells long, rows from ``start``) is in each first seat's
    part: the first seat's own row comes first."""
    return tuple(start + (s - first) % HUMANS * row for first in range(HUMANS))


_PILE_AT = tuple(
    _rows_at(_Settled.CAPTURES + face_down * HUMANS * DECK, s, DECK)
    for face_down in (0, 1)
    for s in range(HUMANS)
)
"""Each pile (face up for seats 0-2, then face down) in each first seat's part."""
_ROUND_SCORE_AT = tuple(_rows_at(_Settled.SCORES, s, 1) for s in range(HUMANS))
_TOTAL_AT = tuple(_rows_at(_Settled.SCORES + HUMANS, s, 1) for s in range(HUMANS))
_ZEROS = memoryview(np.zeros((HUMANS + 2) * DECK, dtype=np.float32))  # the longest part: the table
"""What a cleared part holds: Robotick has no fixed blocks, its blank is zeros."""


def _ai_cells(columns: tuple[tuple[str, ...], ...]) -> memoryview:
    """The AI card block of a card's columns (can follow, cannot follow, leads)."""
    ai_card = np.zeros((len(COLUMNS), 2, len(CRITERIA)), dtype=np.float32)
    for column, ranked in enumerate(columns):
        for rank, criterion in enumerate(ranked[:2]):
            ai_card[column, rank, _CRITERION[criterion]] = 1.0
    return memoryview(ai_card.reshape(-1))


@lru_cache(maxsize=4096)
def _signed(value: int, top: int) -> float:
    """:func:`~robotable.envs.core.signed`, remembered: scores are a few hundred integers."""
    return signed(value, top)
