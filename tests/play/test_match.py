"""The match loop: timers, waiting, refusals, limits, and clock-independent records."""

from __future__ import annotations

import pytest

from robotable import games
from robotable.core.errors import RobotableError
from robotable.core.game import REFEREE, Agent, Wait
from robotable.core.records import Recorder
from robotable.games import replay
from robotable.games.ricochet.actions import Bid, Move
from robotable.play import (
    BotError,
    Match,
    MatchError,
    MatchStalled,
    Played,
    RealClock,
    VirtualClock,
    default_clock,
)
from robotable.play.table import Table
from tests.play.agents import FakeTime, Person, Scripted

GAME = games.get("ricochet")
P1 = "1A2A3A4A-8A44FF0F-RC"  # red circle in 3: red W, green E, red N (RR-EX-4)
SOLUTION = [Move(0, 3), Move(1, 1), Move(0, 0)]


def bots(n: int = 2) -> list[Agent]:
    return [GAME.bots()["bfs"]() for _ in range(n)]


def play(agents: list[Agent], clock: object, options: dict, seed: int = 1) -> tuple[Match, list[Played]]:
    recorder = Recorder(GAME, options, seed=seed, seats=[getattr(a, "name", "x") for a in agents])
    log: list[Played] = []
    match = Match(GAME, recorder.state, agents, clock, recorder, on_events=log.append)  # type: ignore[arg-type]
    match.run()
    return match, log


def test_bot_game_ends_with_a_winner_and_its_record_replays() -> None:
    match, _ = play(bots(), VirtualClock(), {"chips_to_win": 1})
    record = match.recorder.record  # type: ignore[union-attr]
    assert record.outcome is not None and len(record.outcome.winners) == 1
    assert record.actions == match.actions
    assert replay(record).outcome() == record.outcome


def test_same_seed_same_record_under_virtual_and_real_clock() -> None:
    options = {"chips_to_win": 2, "puzzle": P1}
    virtual, _ = play(bots(), VirtualClock(), options, seed=7)
    fake = FakeTime(tick=0.25)  # every clock reading costs a quarter second
    real, _ = play(bots(), RealClock(fake.monotonic, fake.sleep), options, seed=7)
    assert real.actions == virtual.actions
    assert fake.slept  # the real clock slept through the sand timers instead of jumping


def test_bids_wait_for_the_sand_timer_then_the_lowest_bidder_demonstrates() -> None:
    _, log = play(bots(), VirtualClock(), {"chips_to_win": 1, "puzzle": P1})
    assert [(p.seat, str(p.action), p.time) for p in log[:3]] == [
        (0, "bid 3", 0.0),
        (1, "bid 3", 0.0),
        (REFEREE, "time-up", 60.0),  # RR-18: bid_window_s after the first bid
    ]
    assert [str(p.action) for p in log[3:]] == ["red W", "green E", "red N"]


def test_nobody_bids_so_the_referee_runs_the_anti_stall_countdown() -> None:
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=3), [Scripted(), Scripted()], VirtualClock())
    times = []
    match.on_events = lambda p: times.append((str(p.action), p.time, [e.kind for e in p.events]))
    match.step()  # everybody waits: the clock jumps to the stall deadline
    match.step()
    match.step()
    match.step()
    assert times == [
        ("countdown", 300.0, ["countdown-started"]),  # RR-19
        ("time-up", 360.0, ["chip-returned", "chip-drawn"]),
    ]


def test_wait_until_wakes_the_agent_at_that_time() -> None:
    late_bidder = Scripted([Wait(until=42.0), Bid(3)])
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [late_bidder, Scripted()], VirtualClock())
    played: list[Played] = []
    match.on_events = played.append
    while not played:
        match.step()
    assert (str(played[0].action), played[0].time) == ("bid 3", 42.0)


def test_timer_starts_when_its_key_first_appears() -> None:
    late_bidder = Scripted([Wait(until=20.0), Bid(5)])
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [late_bidder, Scripted()], VirtualClock(10.0))
    assert [(t.timer.key, t.start, t.deadline) for t in match.timers()] == [("chip1-stall", 10.0, 310.0)]
    match.step()  # everybody waits: the clock jumps to 20
    match.step()  # bid 5 at 20
    (countdown,) = match.timers()  # the stall timer was dropped
    assert (countdown.timer.key, countdown.start, countdown.deadline) == ("chip1-countdown", 20.0, 80.0)


def test_timers_start_when_play_does_not_when_the_match_is_set_up() -> None:
    clock = VirtualClock()
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [Scripted(), Scripted()], clock)
    clock.wait_until(7.0)  # e.g. a solver compiling before the first step
    match.step()
    assert [(t.start, t.deadline) for t in match.timers()] == [(7.0, 307.0)]


def test_the_match_plays_through_its_table() -> None:
    """History, record, action times and timers are the table's: one bookkeeping for every face."""
    match, log = play(bots(), VirtualClock(), {"chips_to_win": 1, "puzzle": P1})
    table = match.table
    assert log == table.history  # on_events is given the table's accepted actions themselves
    assert match.actions == [(a.seat, a.notation) for a in table.history] == table.record.actions
    assert table.record is match.recorder.record  # type: ignore[union-attr]
    assert table.times == [p.time for p in log] == [0.0, 0.0, 60.0, 60.0, 60.0, 60.0]
    assert table.state is match.state and table.running_timers() == match.timers() == []


def test_a_match_without_recorder_keeps_the_history_but_no_record() -> None:
    state = GAME.new_state({"chips_to_win": 1, "puzzle": P1}, seed=1)
    match = Match(GAME, state, bots(), VirtualClock())
    match.run()
    assert len(match.actions) == match.table.version == 6
    with pytest.raises(RobotableError, match="no record"):
        match.table.record  # noqa: B018 - the property's refusal is the point


def test_a_server_style_driver_on_a_bare_table_plays_what_the_match_plays() -> None:
    """The same table driven without blocking (fire what is due, ask each seat once, else
    jump to the next deadline), as the server does, gives the match's actions and times."""
    options = {"chips_to_win": 2, "puzzle": P1}
    match, log = play(bots(), VirtualClock(), options, seed=7)
    table = Table(GAME, options, seed=7, seats=["bfs", "bfs"], now=0.0)
    agents, now = bots(), 0.0
    while table.outcome() is None:
        if table.fire_due(now) is not None:
            continue
        for seat in table.state.to_act():
            answer = agents[seat].act(table.turn(seat, now))
            if not isinstance(answer, Wait):
                table.submit(seat, answer, now)
                break
        else:
            now = table.next_deadline()  # type: ignore[assignment]
    assert [(a.seat, a.notation, a.time) for a in table.history] == [
        (p.seat, p.notation, p.time) for p in log
    ]
    assert table.record.actions == match.recorder.record.actions  # type: ignore[union-attr]


def test_turn_shows_the_clock_and_the_running_timer() -> None:
    watcher = Scripted()
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [watcher, Scripted()], VirtualClock(5.0))
    match.step()
    turn = watcher.turns[0]
    assert turn.now == 5.0
    assert turn.extra["timers"][0]["left"] == 300.0
    assert turn.extra["wake"] == 305.0


def test_illegal_action_from_a_bot_is_a_bug() -> None:
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [Scripted([Move(0, 0)]), Scripted()])
    with pytest.raises(BotError, match="robots move only during a demonstration"):
        match.step()


def test_illegal_action_from_a_person_is_refused_and_asked_again() -> None:
    person = Person([Move(0, 0), Bid(0), Bid(4)])
    state = GAME.new_state({"puzzle": P1}, seed=1)
    before = state.to_dict()
    match = Match(GAME, state, [person, Scripted()], VirtualClock())
    match.step()
    match.step()
    assert state.to_dict() == before  # refused actions change nothing
    assert [r for r, _ in person.refusals] == ["red N", "bid 0"]
    assert "bid first" in person.refusals[0][1]
    match.step()
    assert match.actions == [(0, "bid 4")]


def test_a_person_typing_past_the_deadline_is_too_late() -> None:
    fake = FakeTime(tick=0.0)
    clock = RealClock(fake.monotonic, fake.sleep)
    state = GAME.new_state({"puzzle": P1, "stall_after_s": 30.0}, seed=1)

    def slow_typist() -> None:
        fake.t += 31.0

    person = Person([Bid(4)], on_act=slow_typist)
    match = Match(GAME, state, [person, Scripted()], clock)
    match.step()
    assert person.refusals == [("bid 4", "too late: the timer ran out (no bid yet)")]
    match.step()
    assert match.actions == [(REFEREE, "countdown")]


def test_persons_passing_are_asked_again_rather_than_the_clock_sleeping() -> None:
    fake = FakeTime(tick=0.0)
    person = Person([Wait(), Wait(), Bid(5)])
    match = Match(
        GAME,
        GAME.new_state({"puzzle": P1}, seed=1),
        [person, Scripted()],
        RealClock(fake.monotonic, fake.sleep),
    )
    for _ in range(3):
        match.step()
    assert fake.slept == []
    assert match.actions == [(0, "bid 5")]


def test_bots_are_asked_before_a_person() -> None:
    person, bot = Person(), Scripted([Bid(6)])
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [person, bot], VirtualClock())
    match.step()
    assert match.actions == [(1, "bid 6")]
    assert person.turns == []


def test_stalled_match_says_so() -> None:
    state = GAME.new_state({"puzzle": P1, "stall_after_s": None}, seed=1)
    match = Match(GAME, state, [Scripted(), Scripted()], VirtualClock())
    with pytest.raises(MatchStalled, match="no timer"):
        match.step()


def test_max_actions_stops_a_runaway_match() -> None:
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), bots(), VirtualClock(), max_actions=4)
    with pytest.raises(MatchError, match="no result after 4 actions"):
        match.run()


def test_clock_choice_follows_the_seats() -> None:
    assert isinstance(default_clock(bots()), VirtualClock)
    assert isinstance(default_clock([*bots(1), Person()]), RealClock)


def test_recorder_must_hold_the_state() -> None:
    recorder = Recorder(GAME, {"puzzle": P1}, seats=["a", "b"])
    with pytest.raises(ValueError, match="recorder"):
        Match(GAME, GAME.new_state({"puzzle": P1}), bots(), VirtualClock(), recorder)


def test_solo_bot_plays_puzzles_on_the_virtual_clock() -> None:
    state = GAME.new_state({"puzzle": P1}, seed=1, seats=1)
    match = Match(GAME, state, bots(1), VirtualClock(), max_actions=8)
    for _ in range(4):
        match.step()
    assert [a for _, a in match.actions] == ["red W", "green E", "red N", "next"]


def test_the_person_at_the_keyboard_is_asked_again_until_they_pass() -> None:
    """Two people in one simultaneous phase: seat 1 bid, so seat 1 is asked first again, not
    seat 0 (at a shared keyboard, the screen would change hands after every action)."""
    first, second = Person([Wait()]), Person([Bid(6), Bid(5), Wait()])
    match = Match(GAME, GAME.new_state({"puzzle": P1}, seed=1), [first, second], VirtualClock())
    match.step()  # seat 0 passes, seat 1 bids 6
    match.step()  # seat 1 still holds the keyboard: bids 5
    assert match.actions == [(1, "bid 6"), (1, "bid 5")]
    assert len(first.turns) == 1 and len(second.turns) == 2
    match.step()  # seat 1 passes: the keyboard goes round to seat 0
    assert len(second.turns) == 3 and len(first.turns) == 2


def test_a_decision_finished_hands_the_keyboard_to_the_next_seat() -> None:
    """DR2D placement (one seat at a time), then programming for both: after seat 1 placed,
    seat 0 is asked first, as the table goes round."""
    dr2d = games.get("dr2d")
    state = dr2d.new_state({}, seed=1, seats=2)
    first = Person([dr2d.parse_action("place 2 0 S"), dr2d.parse_action("N")])
    second = Person([dr2d.parse_action("place 9 11 N")])
    match = Match(dr2d, state, [first, second], VirtualClock())
    for _ in range(3):
        match.step()
    assert match.actions == [(0, "place 2 0 S"), (1, "place 9 11 N"), (0, "N")]
    assert len(second.turns) == 1  # not asked in the programming phase before seat 0
