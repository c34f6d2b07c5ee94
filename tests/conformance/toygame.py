"""Duel: a tiny card game that uses every part of the contract, to test the harness.

Nine cards 1..9 are shuffled (hidden chance) and each seat is dealt ``hand`` cards.
Each round, every seat secretly plays a card (a simultaneous phase: a locked card is
hidden until all are locked; a referee timer plays the lowest card of those who have
not); the highest card scores 1, then every seat draws a hidden card. Then the round's
caller calls "even" or "odd" and a die is rolled with the state's generator: a right
call scores 1 (a referee timer skips the call). After ``rounds`` rounds the higher
score wins.

The module is registered under the id ``toy`` only inside tests (see :func:`registered`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import pytest

from robotable import games
from robotable.core.errors import IllegalAction, NotationError
from robotable.core.game import JSON, REFEREE, Action, Event, Game, Option, Outcome, Seat, State, Timer
from robotable.core.rng import Rng

DECK = tuple(range(1, 10))


@dataclass(frozen=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Call(Action):
    parity: str

    def __str__(self) -> str:
        return f"call {self.parity}"


@dataclass(frozen=True)
class Timeout(Action):
    def __str__(self) -> str:
        return "timeout"


@dataclass(frozen=True)
class Locked(Event):
    kind: ClassVar[str] = "locked"
    seat: int  # which card stays secret


@dataclass(frozen=True)
class Revealed(Event):
    kind: ClassVar[str] = "revealed"
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    seat: int


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    value: int


@dataclass(frozen=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    seat: int
    points: int


class DuelGame(Game):
    id = "toy"
    title = "Duel (test game)"
    min_seats = 2
    max_seats = 3
    rules_version = "1"
    options = (
        Option("rounds", 3, "rounds to play", kind=int, minimum=1, maximum=3),
        Option("hand", 3, "cards dealt to each seat", kind=int, minimum=3, maximum=3),
    )

    def new_state(
        self, options: Mapping[str, Any] | None = None, *, seed: int = 0, seats: int = 2
    ) -> DuelState:
        self.check_seats(seats)
        opts = self.validate_options(options)
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(opts["hand"])) for _ in range(seats)]
        return DuelState(opts, hands, deck, rng)

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if words == ["timeout"]:
            return Timeout()
        if len(words) == 2 and words[0] == "call" and words[1] in ("even", "odd"):
            return Call(words[1])
        if len(words) == 2 and words[0] == "play" and words[1] in {str(c) for c in DECK}:
            return Play(int(words[1]))
        raise NotationError(f"not a Duel action: {text!r}")

    def decode_state(self, data: Mapping[str, JSON]) -> DuelState:
        state = DuelState(
            dict(data["options"]),
            [list(h) for h in data["hands"]],
            list(data["deck"]),
            Rng.from_state(data["rng"]),
        )
        state.round, state.phase = data["round"], data["phase"]
        state.locked, state.discards = list(data["locked"]), list(data["discards"])
        state.scores, state.last_roll = list(data["scores"]), data["last_roll"]
        return state


GAME = DuelGame()


class DuelState(State):
    game = GAME

    def __init__(self, options: dict[str, Any], hands: list[list[int]], deck: list[int], rng: Rng) -> None:
        self.options = options
        self.hands = hands
        self.seats = len(hands)
        self.deck = deck  # the top card is the last one
        self.rng = rng
        self.round = 1
        self.phase = "play"
        self.locked: list[int | None] = [None] * len(hands)
        self.discards: list[int] = []
        self.scores = [0] * len(hands)
        self.last_roll: int | None = None

    @property
    def caller(self) -> Seat:
        return (self.round - 1) % len(self.hands)

    def to_act(self) -> list[Seat]:
        if self.phase == "play":
            return [seat for seat, card in enumerate(self.locked) if card is None]
        return [self.caller] if self.phase == "call" else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [timer.action for timer in self.timers()]
        if seat not in self.to_act():
            return []
        if self.phase == "play":
            return [Play(card) for card in self.hands[seat]]
        return [Call("even"), Call("odd")]

    def timers(self) -> list[Timer]:
        if self.phase == "over":
            return []
        return [Timer(f"{self.phase}-{self.round}", 20.0, Timeout(), f"time to {self.phase}")]

    def check_rules(self, seat: Seat, action: Action) -> None:
        if self.phase == "over":
            raise IllegalAction("the game is over", seat=seat, action=action)
        if seat == REFEREE or isinstance(action, Timeout):
            if seat != REFEREE or not isinstance(action, Timeout):
                raise IllegalAction("only the referee calls time, and that is all it does", seat=seat)
            return
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not to act", seat=seat, action=action)
        if self.phase == "play" and not (isinstance(action, Play) and action.card in self.hands[seat]):
            raise IllegalAction(f"you must play a card from your hand, not {action}", seat=seat)
        if self.phase == "call" and not isinstance(action, Call):
            raise IllegalAction("call even or odd", seat=seat, action=action)

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._lock(seat, action.card)
        if isinstance(action, Call):
            return self._roll(action.parity)
        if self.phase == "call":  # the caller let the clock run out: no call this round
            return self._next_round()
        events: list[Event] = []
        for late in self.to_act():
            events += self._lock(late, self.hands[late][0])
        return events

    def _lock(self, seat: Seat, card: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.locked[seat] = card
        events: list[Event] = [Locked(seat)]
        if None not in self.locked:
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        cards = [card for card in self.locked if card is not None]
        winner = cards.index(max(cards))
        self.scores[winner] += 1
        self.discards += cards
        self.locked = [None] * len(self.hands)
        events: list[Event] = [Revealed(tuple(cards)), Scored(winner, 1)]
        for seat, hand in enumerate(self.hands):
            if self.deck:
                hand.append(self.deck.pop())
                hand.sort()
                events.append(Drew(seat))
        self.phase = "call"
        return events

    def _roll(self, parity: str) -> list[Event]:
        self.last_roll = 1 + self.rng.randrange(6)
        events: list[Event] = [Rolled(self.last_roll)]
        if (self.last_roll % 2 == 0) == (parity == "even"):
            self.scores[self.caller] += 1
            events.append(Scored(self.caller, 1))
        return events + self._next_round()

    def _next_round(self) -> list[Event]:
        self.round += 1
        self.phase = "over" if self.round > self.options["rounds"] else "play"
        return []

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        view: dict[str, JSON] = {
            "round": self.round,
            "phase": self.phase,
            "scores": list(self.scores),
            "deck_size": len(self.deck),
            "discards": list(self.discards),
            "hand_sizes": [len(hand) for hand in self.hands],
            "locked": [card is not None for card in self.locked],
            "last_roll": self.last_roll,
            "to_act": self.to_act(),
        }
        if seat is not None and 0 <= seat < len(self.hands):
            view["hand"] = list(self.hands[seat])
            view["my_card"] = self.locked[seat]
        return view

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome.from_scores(self.scores, f"after {self.options['rounds']} rounds")

    def to_dict(self) -> dict[str, JSON]:
        return {
            "options": dict(self.options),
            "hands": [list(hand) for hand in self.hands],
            "deck": list(self.deck),
            "rng": self.rng.state,
            "round": self.round,
            "phase": self.phase,
            "locked": list(self.locked),
            "discards": list(self.discards),
            "scores": list(self.scores),
            "last_roll": self.last_roll,
        }

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """Redeal every card ``seat`` cannot see, and reseed the dice."""
        state = self.clone()
        others = [s for s in range(len(self.hands)) if s != seat]
        unseen = list(state.deck)
        for other in others:
            unseen += state.hands[other]
            if state.locked[other] is not None:
                unseen.append(state.locked[other])
        rng.shuffle(unseen)
        for other in others:
            size = len(state.hands[other])
            state.hands[other] = sorted(unseen.pop() for _ in range(size))
            if state.locked[other] is not None:
                state.locked[other] = unseen.pop()
        state.deck = unseen
        state.rng = rng.spawn()
        return state


@contextmanager
def registered() -> Iterator[Game]:
    """The toy game in the registry under ``toy``, for as long as the block runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(games._REGISTRY, GAME.id, __name__)
        yield GAME
