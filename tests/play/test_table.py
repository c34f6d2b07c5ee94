"""The table: event-driven play for every face, its timers from action times, its restore."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.errors import IllegalAction, NotationError, RecordError, RobotableError
from robotable.core.game import REFEREE
from robotable.core.records import Recorder
from robotable.play.table import Table

RICOCHET = games.get("ricochet")
PUZZLE = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC", "bid_window_s": 60.0}


def ricochet_table() -> Table:
    return Table(RICOCHET, PUZZLE, seed=1, seats=["human", "human"], now=100.0)


def test_an_accepted_action_is_recorded_with_its_time() -> None:
    table = ricochet_table()
    accepted = table.submit(0, "bid 3", now=105.0)
    assert (accepted.number, accepted.seat, accepted.notation, accepted.time) == (1, 0, "bid 3", 105.0)
    assert [e.kind for e in accepted.events] == ["bid", "countdown-started"]
    assert table.version == 1 and table.record.actions == [(0, "bid 3")] and table.times == [105.0]


@pytest.mark.parametrize(
    ("seat", "text", "error"), [(0, "bid ²", NotationError), (5, "bid 3", IllegalAction)]
)
def test_a_refused_action_changes_nothing(seat: int, text: str, error: type[Exception]) -> None:
    table = ricochet_table()
    before = table.state.to_json()
    with pytest.raises(error):
        table.submit(seat, text, now=101.0)
    assert table.state.to_json() == before and table.version == 0 and table.record.actions == []


def test_a_timer_starts_with_the_action_that_made_it_and_fires_for_the_referee() -> None:
    table = ricochet_table()
    table.submit(0, "bid 3", now=105.0)
    (timer,) = table.running_timers()
    assert (timer.start, timer.deadline, table.next_deadline()) == (105.0, 165.0, 165.0)
    assert table.due(164.9) is None and table.fire_due(164.9) is None
    with pytest.raises(IllegalAction, match="too late"):  # a bid that arrives after the sand ran out
        table.submit(1, "bid 2", now=170.0)
    fired = table.fire_due(170.0)
    assert fired is not None and fired.seat == REFEREE and fired.notation == "time-up"
    assert table.record.actions[-1] == (REFEREE, "time-up")


def test_restore_rebuilds_state_and_deadlines_from_record_and_times() -> None:
    table = ricochet_table()
    table.submit(0, "bid 3", now=105.0)
    table.submit(1, "bid 2", now=110.0)
    again = Table.restore(RICOCHET, table.record, table.times, created=100.0)
    assert again.state == table.state and again.version == 2
    assert [t.to_dict() for t in again.running_timers()] == [t.to_dict() for t in table.running_timers()]


def test_restore_refuses_a_tampered_record() -> None:
    table = ricochet_table()
    table.submit(0, "bid 3", now=105.0)
    table.record.actions[0] = (0, "bid 0")
    with pytest.raises(RecordError, match=r"action 1 .*bid 0"):
        Table.restore(RICOCHET, table.record, table.times)
    with pytest.raises(RecordError, match="action times"):
        Table.restore(RICOCHET, table.record, [])


def test_news_and_snapshots_hold_only_what_the_seat_may_know() -> None:
    robotick = games.get("robotick")
    table = Table(robotick, seed=3, seats=["human"] * 3)
    card = table.snapshot(0)["legal"][0]
    accepted = table.submit(0, card, now=1.0)
    assert table.news(accepted, 0)["action"] == card  # the passer sees the card passed
    for other in (1, 2, None):
        news = table.news(accepted, other)
        assert news["action"] is None and card.split()[-1] not in str(news)
    spectator = table.snapshot(None)
    assert spectator["legal"] == [] and spectator["view"] == table.state.view(None)
    assert table.snapshot(1)["view"] == table.state.view(1)
    assert table.snapshot(1)["legal"] == [str(a) for a in table.state.legal_actions(1)]


def test_a_table_around_a_state_writes_through_its_recorder() -> None:
    recorder = Recorder(RICOCHET, PUZZLE, seed=1, seats=["human", "human"])
    table = Table.around(recorder.state, recorder, now=50.0)
    assert table.state is recorder.state and table.seats == 2
    assert [(t.timer.key, t.start) for t in table.running_timers()] == [("chip1-stall", 50.0)]
    table.submit(0, "bid 3", now=55.0)
    assert table.record is recorder.record and recorder.record.actions == [(0, "bid 3")]
    assert table.times == [55.0] and table.next_deadline() == 115.0


def test_a_table_around_a_bare_state_keeps_history_but_no_record() -> None:
    state = RICOCHET.new_state(PUZZLE, seed=1, seats=2)
    table = Table.around(state)
    table.submit(1, "bid 4", now=3.0)
    assert state.view(None) == table.state.view(None) and table.version == 1
    assert table.missed(0, 0)[0]["action"] == "bid 4"
    with pytest.raises(RobotableError, match="no record"):
        table.record  # noqa: B018 - the property's refusal is the point


def test_around_refuses_a_recorder_of_another_state() -> None:
    recorder = Recorder(RICOCHET, PUZZLE, seed=1, seats=["human", "human"])
    with pytest.raises(ValueError, match="recorder"):
        Table.around(RICOCHET.new_state(PUZZLE, seed=1), recorder)


def test_a_state_changed_behind_the_tables_back_is_said_plainly() -> None:
    table = ricochet_table()
    table.state.apply(0, RICOCHET.parse_action("bid 3"))  # a new timer the table never saw start
    with pytest.raises(RobotableError, match=r"behind the table's back.*chip1-countdown"):
        table.running_timers()
