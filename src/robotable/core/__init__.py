"""The contract every game follows, and the pieces all games share."""

from robotable.core.errors import (
    DataFileError,
    IllegalAction,
    InvalidOptions,
    NotationError,
    RecordError,
    RobotableError,
    StateError,
)
from robotable.core.game import (
    REFEREE,
    Action,
    Agent,
    Event,
    Game,
    Option,
    Outcome,
    Seat,
    State,
    Timer,
    Turn,
    Wait,
)
from robotable.core.rng import Rng

__all__ = [
    "REFEREE",
    "Action",
    "Agent",
    "DataFileError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "NotationError",
    "Option",
    "Outcome",
    "RecordError",
    "Rng",
    "RobotableError",
    "Seat",
    "State",
    "StateError",
    "Timer",
    "Turn",
    "Wait",
]
