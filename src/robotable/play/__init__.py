"""Matches: seats and agents, clocks, and the loop that plays a game to its end."""

from robotable.play.clock import Clock, RealClock, VirtualClock
from robotable.play.match import (
    BotError,
    Interactive,
    Match,
    MatchAbandoned,
    MatchError,
    MatchStalled,
    Played,
    RunningTimer,
    default_clock,
)

__all__ = [
    "BotError",
    "Clock",
    "Interactive",
    "Match",
    "MatchAbandoned",
    "MatchError",
    "MatchStalled",
    "Played",
    "RealClock",
    "RunningTimer",
    "VirtualClock",
    "default_clock",
]
