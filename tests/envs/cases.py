"""The games and option sets the environment tests play, and a seeded random playout."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from robotable import games
from robotable.core.game import REFEREE, Seat, State
from robotable.core.rng import Rng
from robotable.envs.core import Encoder
from robotable.envs.encoders import encoder_for


@dataclass(frozen=True)
class EnvCase:
    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 2
    actions: int = 0
    """The documented size of the action space (docs/envs.md)."""

    @property
    def label(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game_id}-{self.seats}" + (f"-{extra}" if extra else "")

    def env_options(self) -> dict[str, Any]:
        return {"seats": self.seats, **self.options}


# every game, and the option sets that change the spaces or the phases
CASES = [
    EnvCase("ricochet", {}, 2, 120),
    EnvCase("ricochet", {"silver_robot": True}, 2, 124),
    EnvCase("ricochet", {"max_bid": 20}, 3, 41),
    EnvCase("ricochet", {}, 1, 120),
    EnvCase("dr2d", {"turn_limit": 6}, 2, 586),
    EnvCase(
        "dr2d",
        {
            "turn_limit": 3,
            "standby_between_registers": True,
            "program_timeout_s": 30.0,
            "start_placement": "free",
        },
        3,
        586,
    ),
    EnvCase("droids", {"scenario": 1}, 2, 208),
    EnvCase("droids", {"scenario": 6}, 2, 208),
    EnvCase("droids", {"scenario": 7}, 1, 208),
    EnvCase("droids", {"scenario": 3}, 3, 208),
    EnvCase("delivery", {"turn_limit": 6}, 2, 286),
    EnvCase(
        "delivery", {"turn_limit": 6, "function_boards": "per_player_ad", "program_timeout_s": 20.0}, 3, 286
    ),
    EnvCase("robotick", {}, 3, 104),
]
HIDDEN = [case for case in CASES if games.get(case.game_id).hidden_information]


def new_state(case: EnvCase, seed: int) -> State:
    return games.get(case.game_id).new_state(case.options, seed=seed, seats=case.seats)


def encoder(case: EnvCase) -> Encoder:
    game = games.get(case.game_id)
    return encoder_for(game, game.validate_options(case.options), case.seats)


def playout(case: EnvCase, seed: int, max_actions: int) -> Iterator[tuple[Seat, State]]:
    """A seeded random game on the engine: before each action, yields every seat to act
    with the state (the caller may inspect, not change); timers run out one time in ten."""
    state = new_state(case, seed)
    rng = Rng(seed ^ 0xE17)
    for _ in range(max_actions):
        if state.is_over():
            return
        acting, timers = state.to_act(), state.timers()
        for seat in acting:
            yield seat, state
        if timers and (not acting or rng.random() < 0.1):
            state.apply(REFEREE, timers[0].action)
            continue
        seat = rng.choice(acting)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
