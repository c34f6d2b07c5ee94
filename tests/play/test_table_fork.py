"""``Table.fork``: a copy to carry actions out ahead on (a server checks its next actions there
while the ones before are stored). The fork takes what the table would take, and refuses what
it would refuse; nothing done on it changes the table."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.concession import Concede, ended_entry
from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE
from robotable.play.table import Table


def placed_dr2d() -> Table:
    table = Table(games.get("dr2d"), {}, seed=1, seats=["human"] * 4, now=0.0)
    while len(table.to_act()) == 1:
        seat = table.to_act()[0]
        table.submit(seat, table.state.legal_actions(seat)[0], 1.0)
    return table


def test_a_fork_carries_actions_out_as_the_table_would_and_leaves_the_table_as_it_was() -> None:
    table = placed_dr2d()
    before, version = table.state.to_dict(), table.version
    fork = table.fork()
    program = ["N", "E", "S", "W", "STAY", "lock"]
    ahead = [fork.submit(0, action, 2.0) for action in program]
    assert table.state.to_dict() == before and table.version == version  # untouched
    assert [a.number for a in ahead] == list(range(version + 1, version + 7))
    for action in program:
        table.submit(0, action, 2.0)
    assert fork.state.to_dict() == table.state.to_dict() and fork.to_act() == table.to_act() == [1, 2, 3]
    with pytest.raises(IllegalAction):  # locked: refused on the fork as on the table
        fork.submit(0, "N", 3.0)


def test_a_fork_keeps_the_concessions_and_timers_of_its_table() -> None:
    table = Table(games.get("robotick"), {}, seed=2, seats=["human"] * 3, now=0.0)
    table.accept(1, Concede(), 1.0)
    fork = table.fork()
    assert fork.concessions.order == [1] and fork.running_timers() == table.running_timers()
    fork.accept(2, Concede(), 2.0)  # the game ends on the fork only
    assert fork.outcome() is not None and table.outcome() is None and table.concessions.order == [1]


def test_a_fork_of_a_table_its_administrator_ended_is_ended_too() -> None:
    table = Table(games.get("robotick"), {}, seed=2, seats=["human"] * 3, now=0.0)
    table.accept(REFEREE, ended_entry("the club closes"), 1.0)
    fork = table.fork()
    assert fork.outcome() == table.outcome() and fork.outcome() is not None
    with pytest.raises(IllegalAction):
        fork.submit(0, "concede", 2.0)  # nothing is taken once it ended
