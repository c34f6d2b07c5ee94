"""Issue 27: what the DR2D page's seat panels show, from the view alone: each seat's PC and the
laws it holds (DR-1: one robot per player, PC from 7; DR-3: the laws), worded without a robot
number the drawing does not show (the seat's one robot is drawn with its letter)."""

from __future__ import annotations

from robotable import games
from robotable.play.table import Table


def test_each_seat_panel_has_its_robots_pc_and_laws() -> None:
    game = games.get("dr2d")
    table = Table(game, game.validate_options({}), seed=3, seats=["human", "human", "human"])
    counters = table.snapshot(None)["counters"]
    assert counters == [[{"key": "pc", "value": 7}, {"key": "laws", "value": 0}]] * 3
    assert [game.say(f"counter.{c['key']}", c, "fr") for c in counters[0]] == ["PC : 7", "lois détenues : 0"]


def test_counters_come_from_the_view_alone() -> None:
    game = games.get("dr2d")
    counters = game.counters(game.new_state(seed=1, seats=2).view(None))
    assert counters == [[{"key": "pc", "value": 7}, {"key": "laws", "value": 0}]] * 2
