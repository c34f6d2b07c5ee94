"""An event as JSON (:meth:`Event.to_dict`), which a table makes for every seat after each action:
its quick way (field names read once per class, plain values taken as they are) gives exactly
what reading every field the long way gives, for every event of every game played a while."""

from __future__ import annotations

import dataclasses
import enum
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from robotable import games
from robotable.core.game import JSON, Action, Event, Word
from robotable.play.table import Table


def the_long_way(value: Any) -> JSON:
    """:meth:`Event.to_dict`'s conversion as it was first written (every value examined)."""
    if isinstance(value, Event):
        fields = dataclasses.fields(value)
        return {"kind": value.kind, **{f.name: the_long_way(getattr(value, f.name)) for f in fields}}
    if isinstance(value, tuple | list):
        return [the_long_way(v) for v in value]
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: the_long_way(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


class Level(enum.IntEnum):
    LOW = 1


@dataclass(frozen=True)
class Spot:
    x: int
    y: int


@dataclass(frozen=True)
class Odd(Event):
    kind: ClassVar[str] = "odd"
    seat: int
    flag: bool
    level: Level
    nothing: None
    ratio: float
    actions: tuple[Action, ...]
    spots: tuple[Spot, ...]
    nested: list[list[int]]


def test_every_kind_of_field_comes_out_as_before() -> None:
    event = Odd(1, True, Level.LOW, None, 0.5, (Word("stop"),), (Spot(1, 2),), [[1, 2], []])
    assert repr(event.to_dict()) == repr(the_long_way(event))  # repr: True is not 1, nor 1.0
    assert event.to_dict() == {
        "kind": "odd",
        "seat": 1,
        "flag": True,
        "level": Level.LOW,
        "nothing": None,
        "ratio": 0.5,
        "actions": ["stop"],
        "spots": [{"x": 1, "y": 2}],
        "nested": [[1, 2], []],
    }
    assert type(event.to_dict()["level"]) is Level


@pytest.mark.parametrize("game_id", games.ids())
def test_every_event_of_a_game_played_a_while(game_id: str) -> None:
    game = games.get(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    table = Table(game, seed=7, seats=["human"] * seats)
    rng, now, seen = random.Random(7), 0.0, 0
    for _ in range(300):
        awaited = table.to_act()
        if awaited:
            seat = rng.choice(awaited)
            accepted = table.submit(seat, rng.choice(table.state.legal_actions(seat)), now)
        elif (deadline := table.next_deadline()) is not None:
            now = deadline
            accepted = table.fire_due(now)
            assert accepted is not None
        else:
            break
        for event in accepted.events:
            assert repr(event.to_dict()) == repr(the_long_way(event))
            seen += 1
    assert seen > 0
