"""``Table.adopt``: an action carried out elsewhere on a copy of the state (a server's worker,
for a costly action) is accepted as if the table had carried it out itself."""

from __future__ import annotations

import copy

import pytest

from robotable import games
from robotable.core.concession import Concede
from robotable.play.table import Table

PUZZLE = {"puzzle": "1A2A3A4A-4ACCFF0F-RC"}


def test_an_adopted_action_leaves_the_table_as_carrying_it_out_would() -> None:
    game = games.get("ricochet")
    here, adopting = (Table(game, PUZZLE, seed=3, seats=["human"]) for _ in range(2))
    for table in (here, adopting):
        table.submit(0, "red E", 1.0)
    reveal = game.parse_action("reveal")
    here.accept(0, reveal, 2.0)
    elsewhere = copy.deepcopy(adopting.state)
    events = elsewhere.perform(0, reveal)
    adopted = adopting.adopt(0, reveal, 2.0, elsewhere, events)
    assert adopting.state is elsewhere and adopted.number == 2 and adopted.events == here.history[-1].events
    assert adopting.record.to_dict() == here.record.to_dict()
    assert adopting.state.view(0) == here.state.view(0)


def test_a_concession_is_never_adopted() -> None:
    table = Table(games.get("ricochet"), PUZZLE, seed=3, seats=["human"])
    with pytest.raises(ValueError, match="concession"):
        table.adopt(0, Concede(), 1.0, copy.deepcopy(table.state), [])
