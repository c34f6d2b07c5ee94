"""The toy game's rules: a warm-up (simultaneous, with a timer), a duel (turns), the end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from robotable.core.errors import IllegalAction
from robotable.core.game import JSON, REFEREE, Action, Event, Outcome, Seat, State, Timer, Word
from robotable.core.rng import Rng

if TYPE_CHECKING:
    from tests.web.toy_game.game import ToyGame

WORDS = ("ready", "point", "double", "time-up")
WIN = 3
WARM_UP_SECONDS = 600.0


@dataclass(frozen=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    seat: int
    points: int


@dataclass(frozen=True)
class Began(Event):
    kind: ClassVar[str] = "began"


class ToyState(State):
    def __init__(
        self,
        game: ToyGame,
        rng: Rng,
        *,
        phase: str = "warm_up",
        ready: list[bool] | None = None,
        points: list[int] | None = None,
        turn: int = 0,
    ) -> None:
        self.game = game
        self.rng = rng
        self.seats = 2
        self.phase = phase
        self.ready = ready if ready is not None else [False, False]
        self.points = points if points is not None else [0, 0]
        self.turn = turn

    def to_act(self) -> list[Seat]:
        if self.phase == "warm_up":
            return [seat for seat in range(self.seats) if not self.ready[seat]]
        return [self.turn] if self.phase == "duel" else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == REFEREE:
            return [timer.action for timer in self.timers()]
        if seat not in self.to_act():
            return []
        return [Word("ready")] if self.phase == "warm_up" else [Word("point"), Word("double")]

    def timers(self) -> list[Timer]:
        if self.phase != "warm_up":
            return []
        return [Timer("warm_up", WARM_UP_SECONDS, Word("time-up"), code="warm_up", params={"colour": "Red"})]

    def check_rules(self, seat: Seat, action: Action) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(
                f"{action} is not possible now (phase {self.phase})", seat=seat, action=action
            )

    def perform(self, seat: Seat, action: Action) -> list[Event]:
        word = str(action)
        if word in ("ready", "time-up"):
            if seat != REFEREE:
                self.ready[seat] = True
            if word == "time-up" or all(self.ready):
                self.phase = "duel"
                return [Began()]
            return []
        scored = 2 if word == "double" else 1
        self.points[seat] += scored
        self.turn = 1 - seat
        if self.points[seat] >= WIN:
            self.phase = "over"
        return [Scored(seat, scored)]

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        return {
            "game": "toy",
            "phase": self.phase,
            "ready": list(self.ready),
            "points": list(self.points),
            "turn": self.turn,
        }

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.points) if self.phase == "over" else None

    def to_dict(self) -> dict[str, JSON]:
        return {**self.view(None), "rng": self.rng.state}

    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        return self.clone()
