"""Robotick as arrays: cards as 52-long one-hots (A1..A13, B1..B13, C1..C13, D1..D13).

Actions: ``pass CARD`` for each of the 52 cards (RT-9, one card at a time, twice), then
``CARD`` (play it) for each. Robotick has no timer, so no ``wait``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from robotable.core.game import JSON, Action, Seat
from robotable.envs.core import Encoder, IndexRule, Observation, one_hot, relative_seats, scaled, signed
from robotable.games.robotick.actions import Pass, Play
from robotable.games.robotick.cards import CRITERIA, DECK, HUMANS, ROUNDS, STRENGTHS, TYPES

DROCO = HUMANS  # Droco's player number in views: 3
PHASES = ("pass", "play", "over")
COLUMNS = ("follow", "no-follow", "open")
CARD_NAMES = tuple(f"{t}{s}" for t in TYPES for s in range(1, STRENGTHS + 1))
_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
_CRITERION = {c: i for i, c in enumerate(CRITERIA)}


def _cards(out: np.ndarray, names: Iterable[str]) -> None:
    """Set the cards named. (Measured: one scalar write per card beats collecting positions
    for a single fancy-indexed write, at these sizes.)"""
    for card in names:
        out[_CARD[card]] = 1.0


class RobotickEncoder(Encoder):
    game_id = "robotick"
    uses_clock = False

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
