"""Robotick as arrays: cards as 52-long one-hots (A1..A13, B1..B13, C1..C13, D1..D13).

Actions: ``pass CARD`` for each of the 52 cards (RT-9, one card at a time, twice), then
``CARD`` (play it) for each. Robotick has no timer, so no ``wait``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np

from robotable.core.game import JSON, Action, Seat, State
from robotable.envs.core import Encoder, IndexRule, Observation, one_hot, relative_seats, scaled, signed
from robotable.games.robotick.actions import Pass, Play
from robotable.games.robotick.cards import CRITERIA, DECK, HAND, HUMANS, ROUNDS, STRENGTHS, TYPES
from robotable.games.robotick.state import RobotickState

DROCO = HUMANS  # Droco's player number in views: 3
PHASES = ("pass", "play", "over")
COLUMNS = ("follow", "no-follow", "open")
CARD_NAMES = tuple(f"{t}{s}" for t in TYPES for s in range(1, STRENGTHS + 1))
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
"""A card's position in a 52-long block: its engine number (type * 13 + strength - 1), the
fast path's index."""
_CRITERION = {c: i for i, c in enumerate(CRITERIA)}


def _cards(out: np.ndarray, names: Iterable[str]) -> None:
    """Set the cards named. (Measured: one scalar write per card beats collecting positions
    for a single fancy-indexed write, at these sizes.)"""
    for card in names:
        out[_CARD[card]] = 1.0


class RobotickEncoder(Encoder):
    game_id = "robotick"
    uses_clock = False

    def setup(self, view: Mapping[str, JSON]) -> None:
        self._seatings: dict[Seat, tuple[tuple[int, ...], list[int]]] = {}
        self._kept: tuple | None = None  # see _settled
        self._ai_cards: dict[tuple, memoryview] = {}  # the AI card block of each card met

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

    def fill_seat(self, cells: memoryview, obs: Observation, state: State, seat: Seat) -> None:
        """What :meth:`fill` writes, from the state's fields that ``view(seat)`` shows (RT-25: the
        public table, and the seat's own hand, pass choice, given and received cards only). A
        card's position in a block is its engine number."""
        assert isinstance(state, RobotickState)
        at = self.layout.offsets
        order, row_of = self._seating(seat)
        cells[at["phase"] + PHASES.index(state.phase)] = 1.0
        cells[at["round"] + state.round] = 1.0
        cells[at["trick_number"]] = scaled(min(len(state.history) + 1, HAND), 12)
        if seat in range(HUMANS):
            hand = at["hand"]
            for c in state.hands[seat]:
                cells[hand + c] = 1.0
            passing = at["passing"]
            for row, cards in enumerate((state.chosen[seat], state.given[seat], state.given[seat - 1])):
                for c in cards:  # given[-1] is seat 2's: the seat before seat 0
                    cells[passing + row * DECK + c] = 1.0
        droco = at["droco_hand"]
        for c in state.hands[DROCO]:
            cells[droco + c] = 1.0
        cells[at["trump"] + state.trump] = 1.0
        cells[at["trump"] + DECK + state.trump // STRENGTHS] = 1.0
        if state.trick:
            trick = at["trick"]
            for player, c in state.trick:
                cells[trick + row_of[player] * DECK + c] = 1.0
            cells[at["led"] + state.trick[0][1] // STRENGTHS] = 1.0
        self._settled(cells, state, seat, order)
        if state.phase == "play":
            cells[at["turn"] + row_of[state.leader]] = 1.0
        to_play = state.current_player()
        if to_play is not None:
            cells[at["turn"] + HUMANS + 1 + row_of[to_play]] = 1.0
        cells[at["variants"]] = scaled(state.options["hangars"], 12)
        cells[at["variants"] + 1] = float(state.options["fixed_ai_card"])

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

    def _settled(self, cells: memoryview, state: RobotickState, seat: Seat, order: tuple[int, ...]) -> None:
        """Finished tricks, captures, scores and the AI card. All but the captures (short lists)
        change only when a trick ends or a round starts, which the round, the count of finished
        tricks and the phase tell: they are read once for every observer (each seat observes
        once a trick) and kept with the state they were read from (held, so that no other
        state can take its identity)."""
        at = self.layout.offsets
        key = (state.round, len(state.history), state.phase)
        kept = self._kept
        if kept is None or kept[0] is not state or kept[1] != key:
            kept = self._kept = (state, key, *self._read_settled(state))
        _, _, played, ai_card, round_scores, totals = kept
        cells[at["played"] : at["played"] + DECK] = played
        cells[at["ai_card"] : at["turn"]] = ai_card
        up, down, scores = at["captures"], at["captures"] + HUMANS * DECK, at["scores"]
        for row, s in enumerate(order[:HUMANS]):
            for c in state.up[s]:
                cells[up + row * DECK + c] = 1.0
            for c in state.down[s]:
                cells[down + row * DECK + c] = 1.0
            cells[scores + row] = round_scores[s]
            cells[scores + HUMANS + row] = totals[s]

    def _read_settled(self, state: RobotickState) -> tuple[memoryview, memoryview, list[float], list[float]]:
        """The played and AI card blocks' cells, and each seat's round score and total as cells."""
        played = np.zeros(DECK, dtype=np.float32)
        cells = memoryview(played)  # an item write costs a third of numpy's
        for t in state.history:
            for _, c in t["cards"]:
                cells[c] = 1.0
        ai = state.ai_card
        columns = (ai.follow, ai.no_follow, ai.open)
        ai_card = self._ai_cards.get(columns)
        if ai_card is None:  # a game draws a few of the deck's cards: each made once
            ai_card = self._ai_cards[columns] = _ai_cells(columns)
        round_scores = [_signed(state.round_score(s), 100) for s in range(HUMANS)]
        totals = [_signed(total, 300) for total in state.totals()]
        return cells, ai_card, round_scores, totals


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
