"""The registry of games: ``robotable.games.get("ricochet")``.

Each game lives in its own package and exposes a ``GAME`` object. Games are imported
lazily, so listing them or loading one never pays for the others.
"""

from __future__ import annotations

import importlib

from robotable.core import records
from robotable.core.errors import RecordError, RobotableError, quoted
from robotable.core.game import Game, State

# One line per game: id -> module holding GAME. Games still to be built are listed
# in PLANNED so that `robotable games` can say what is coming.
_REGISTRY: dict[str, str] = {
    "ricochet": "robotable.games.ricochet",
    "dr2d": "robotable.games.dr2d",
    "droids": "robotable.games.droids",
    "delivery": "robotable.games.delivery",
    "robotick": "robotable.games.robotick",
}

PLANNED: dict[str, str] = {}


class UnknownGame(RobotableError):
    """No game with that id."""


def ids() -> list[str]:
    """The ids of every playable game, in registry order."""
    return list(_REGISTRY)


def get(game_id: str) -> Game:
    """The game with this id (``UnknownGame`` lists the ones there are)."""
    try:
        module_name = _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(_REGISTRY)
        planned = f" ({', '.join(PLANNED)} are not playable yet)" if game_id in PLANNED else ""
        raise UnknownGame(f"unknown game {quoted(game_id)}{planned}; playable games: {known}") from None
    return importlib.import_module(module_name).GAME


def all_games() -> list[Game]:
    return [get(game_id) for game_id in _REGISTRY]


def replay(record: records.Record, *, stop_after: int | None = None) -> State:
    """:func:`robotable.core.records.replay` in the game the record names."""
    try:
        game = get(record.game)
    except UnknownGame as exc:
        where = f"{record.source}: " if record.source else ""
        raise RecordError(f"{where}game: {exc}") from None
    return records.replay(record, game, stop_after=stop_after)
