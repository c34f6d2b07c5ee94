"""Conceding (issue 27): a table-level entry of the record, ``[seat, "concede"]``, that no engine
sees. Records with concessions replay exactly; malformed ones are refused with the action's
number and the reason."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.concession import CONCEDE, Concede, Conceded, Concessions, parse_entry
from robotable.core.errors import IllegalAction, RecordError, RobotableError
from robotable.core.game import Outcome
from robotable.core.records import Record, Recorder, replay

RICOCHET = {"chips_to_win": 1, "puzzle": "1A2A3A4A-8A44FF0F-RC"}


def ricochet_record(actions: list[tuple[int, str]], outcome: Outcome | None, seats: int = 2) -> Record:
    recorder = Recorder(games.get("ricochet"), RICOCHET, seed=1, seats=["human"] * seats)
    record = recorder.record
    record.actions, record.outcome = list(actions), outcome
    return record


@pytest.mark.parametrize("game", [game.id for game in games.all_games()])
def test_no_game_reads_concede_as_its_own_notation(game: str) -> None:
    with pytest.raises(RobotableError):
        games.get(game).parse_action(CONCEDE)
    assert parse_entry(games.get(game), " Concede ") == Concede()
    assert str(Concede()) == "concede"


def test_two_seats_the_other_seat_wins_at_once() -> None:
    won = Outcome((1.0, 0.0), (1, 2), "seat 1 conceded")
    record = ricochet_record([(0, "bid 5"), (1, "concede")], won)
    final = replay(Record.from_dict(record.to_dict()), games.get("ricochet"))  # through JSON, as read
    assert final.outcome() is None  # the engine's game stopped where it was
    assert record.outcome == won


def test_the_recorder_writes_the_concession_and_its_outcome() -> None:
    recorder = Recorder(games.get("ricochet"), RICOCHET, seed=1, seats=["human", "human"])
    recorder.apply(0, games.get("ricochet").parse_action("bid 5"))
    events = recorder.apply(0, Concede())
    assert events == [Conceded(0, ends=True)]
    assert recorder.record.actions == [(0, "bid 5"), (0, "concede")]
    assert recorder.record.outcome == Outcome((0.0, 1.0), (2, 1), "seat 0 conceded")
    assert replay(recorder.record, games.get("ricochet")) is not None


def test_a_record_claiming_the_engine_outcome_after_a_concession_is_refused() -> None:
    record = ricochet_record([(1, "concede")], None)
    with pytest.raises(
        RecordError, match=r"outcome mismatch: the record says no outcome.*\(seat 1 conceded\)"
    ):
        replay(record, games.get("ricochet"))


def test_one_seat_game_ends_lost() -> None:
    lost = Outcome((0.0,), (2,), "seat 0 conceded")
    record = ricochet_record([(0, "concede")], lost, seats=1)
    replay(record, games.get("ricochet"))
    droids = Recorder(games.get("droids"), {"scenario": 7}, seed=2, seats=["human"])
    droids.apply(0, Concede())
    assert droids.record.outcome == lost


def test_conceders_rank_last_the_later_above_the_earlier() -> None:
    concessions = Concessions(4)
    concessions.record(2)
    concessions.record(0)
    engine = Outcome((5.0, 9.0, 7.0, 1.0), (4, 1, 2, 3), "engine")
    # seats 1 and 3 stand and keep their order; 0 conceded after 2, so 0 is 3rd and 2 is 4th
    assert concessions.outcome(engine) == Outcome(
        engine.scores, (3, 1, 4, 2), "engine; seats 2 and 0 conceded"
    )
    assert concessions.outcome(None) is None  # the engine's game goes on


def test_ties_among_the_others_stay_ties() -> None:
    concessions = Concessions(4)
    concessions.record(1)
    engine = Outcome((3.0, 9.0, 3.0, 1.0), (2, 1, 2, 4), "")
    assert concessions.outcome(engine) == Outcome(engine.scores, (1, 4, 1, 3), "seat 1 conceded")


def test_the_last_seat_standing_wins_at_once() -> None:
    concessions = Concessions(3)
    concessions.record(0)
    assert not concessions.ended
    assert concessions.record(2) == Conceded(2, ends=True)
    assert concessions.outcome(None) == Outcome((0.0, 1.0, 0.0), (3, 1, 2), "seats 0 and 2 conceded")


@pytest.mark.parametrize(
    ("seats", "actions", "message"),
    [
        (
            3,
            [(0, "bid 5"), (0, "concede"), (0, "concede")],
            r"action 3 \(seat 0: 'concede'\): seat 0 has already",
        ),
        (
            2,
            [(1, "concede"), (0, "concede")],
            r"action 2 .*the game is over: there is nothing left to concede",
        ),
        (2, [(1, "concede"), (0, "bid 5")], r"action 2 .*the game is over: it ended when a player conceded"),
        (2, [(-1, "concede")], r"action 1 .*the clock cannot concede"),
    ],
)
def test_malformed_concessions_are_refused_clearly(
    seats: int, actions: list[tuple[int, str]], message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay(ricochet_record(actions, None, seats=seats), games.get("ricochet"))


def test_a_concession_at_a_seat_out_of_range_is_refused_on_reading() -> None:
    data = ricochet_record([], None).to_dict()
    data["actions"] = [[2, "concede"]]
    with pytest.raises(RecordError, match=r"actions\[0\]: seat 2 is neither -1 \(referee\) nor 0..1"):
        Record.from_dict(data)
    with pytest.raises(IllegalAction, match="cannot concede: only a seat of this game"):
        Concessions(2).check(games.get("ricochet").new_state(RICOCHET, seats=2), 2, Concede())


def test_nothing_is_conceded_after_the_engine_ended_the_game() -> None:
    recorder = Recorder(games.get("droids"), {"scenario": 7}, seed=2, seats=["human"])
    state = recorder.state
    while state.outcome() is None:  # the clock and the first legal action, to the end
        seat = state.to_act()[0] if state.to_act() else -1
        legal = state.legal_actions(seat) or [t.action for t in state.timers()]
        recorder.apply(seat if state.legal_actions(seat) else -1, legal[0])
    with pytest.raises(IllegalAction, match="nothing left to concede") as refused:
        recorder.apply(0, Concede())
    assert refused.value.code == "over" and refused.value.fr
