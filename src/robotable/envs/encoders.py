"""The encoder of each game, by id (one line per game, like the games' registry)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from robotable.core.game import Game, State
from robotable.envs.core import Encoder
from robotable.envs.delivery import DeliveryEncoder
from robotable.envs.dr2d import DR2DEncoder
from robotable.envs.droids import DroidsEncoder
from robotable.envs.ricochet import RicochetEncoder
from robotable.envs.robotick import RobotickEncoder

ENCODERS: dict[str, type[Encoder]] = {
    "ricochet": RicochetEncoder,
    "dr2d": DR2DEncoder,
    "droids": DroidsEncoder,
    "delivery": DeliveryEncoder,
    "robotick": RobotickEncoder,
}


def encoder_for(game: Game, options: Mapping[str, Any], seats: int, probe: State | None = None) -> Encoder:
    """The encoder of ``game`` with these (validated) options and seats; ``probe`` is a fresh
    state to read sizes from (made with seed 0 when not given)."""
    if probe is None:
        probe = game.new_state(options, seed=0, seats=seats)
    return ENCODERS[game.id](game, options, seats, probe)
