"""The bidding game: RR-8, RR-9, RR-13, RR-16..RR-27, RR-35; worked examples RR-EX-7..RR-EX-12."""

from __future__ import annotations

from collections import Counter

import pytest

from robotable.core.errors import IllegalAction, InvalidOptions
from robotable.core.game import REFEREE
from robotable.games.ricochet.board import CENTRE, cell_xy
from tests.ricochet.conftest import P1, kinds, new, play


def time_up(state) -> list:
    return state.apply_text(REFEREE, "time-up")


def test_rr8_robots_on_distinct_free_cells() -> None:
    """RR-8: distinct cells, never the centre, never a target; markers under the robots."""
    for seed in range(200):
        state = new(seats=2, seed=seed, silver_robot=seed % 2 == 0)
        cells = state.robots
        assert len(set(cells)) == len(cells)
        assert not {cell_xy(c) for c in cells} & CENTRE
        assert not set(cells) & set(state.board.targets.values())
        assert state.markers == state.robots


def test_rr9_rr13_chip_draw_is_uniform_and_public() -> None:
    """RR-9: a uniform draw from the 17 chips; RR-13: the chip and its cell are shown to all."""
    drawn = Counter(new(seats=2, seed=seed).chip for seed in range(1700))
    assert len(drawn) == 17 and min(drawn.values()) > 60
    state = new(seats=3, seed=1)
    assert len(state.pile) == 16 and state.chip not in state.pile
    view = state.view(2)
    assert view["target"] == state.chip
    assert "rng" not in view and view == state.determinize(2, state.rng.spawn()).view(2)


def test_rr16_bids_are_1_to_max_bid() -> None:
    state = new(P1)
    for bad in ("bid 0", "bid 100"):
        with pytest.raises(IllegalAction, match="between 1 and 99"):
            state.apply_text(0, bad)
    play(state, 0, "bid 99")
    assert state.bids[0].moves == 99
    assert new(P1, max_bid=20).legal_actions(0)[-1].moves == 20


def test_rr_ex7_bidding_sequence() -> None:
    """RR-EX-7 (RR-16, RR-17, RR-18, RR-35): raising and repeating refused; equal to others allowed."""
    state = new(P1, seats=3)
    events = play(state, 0, "bid 7")
    assert kinds(events) == ["bid", "countdown-started"] and state.phase == "countdown"
    play(state, 1, "bid 5")
    play(state, 0, "bid 4")
    with pytest.raises(IllegalAction, match="cannot raise your own bid of 4"):
        state.apply_text(0, "bid 6")
    with pytest.raises(IllegalAction, match="you already bid 4"):
        state.apply_text(0, "bid 4")
    play(state, 2, "bid 4")
    with pytest.raises(IllegalAction, match="cannot raise your own bid of 5"):
        state.apply_text(1, "bid 9")
    assert [t.key for t in state.timers()] == ["chip1-countdown"]  # RR-18: not restarted
    events = time_up(state)
    with pytest.raises(IllegalAction, match="bidding is closed"):
        state.apply_text(2, "bid 3")
    assert {s: b.moves for s, b in state.bids.items()} == {0: 4, 1: 5, 2: 4}
    assert state.queue == [0, 2, 1]
    assert events[0].kind == "demonstration-started" and events[0].seat == 0


def _ex7_until_closing(**options) -> object:
    state = new(P1, seats=3, **options)
    for seat, text in [(0, "bid 7"), (1, "bid 5"), (0, "bid 4"), (2, "bid 4")]:
        state.apply_text(seat, text)
    return state


def test_rr_ex8_tie_break_fewest_chips_first() -> None:
    """RR-EX-8, RR-20: P1 with 2 chips and P3 with 0: order P3, P1, P2."""
    state = _ex7_until_closing()
    state.chips = [["GT", "BT"], [], []]
    time_up(state)
    assert state.queue == [2, 0, 1]


def test_rr_ex8_tie_break_then_earliest_bid() -> None:
    """RR-EX-8: equal chips: the earlier bid (P1 at t=40) goes first."""
    state = _ex7_until_closing()
    state.chips = [["GT"], [], ["BT"]]
    time_up(state)
    assert state.queue == [0, 2, 1]


def test_rr_ex8_earliest_bid_variant_ignores_chips() -> None:
    state = _ex7_until_closing(tie_break="earliest_bid")
    state.chips = [["GT", "BT"], [], []]
    time_up(state)
    assert state.queue == [0, 2, 1]


def test_rr_ex9_failure_then_success() -> None:
    """RR-EX-9, RR-21, RR-22, RR-23."""
    state = new(P1)
    play(state, 0, "bid 2")
    play(state, 1, "bid 3")
    time_up(state)
    with pytest.raises(IllegalAction, match="only seat 0, the demonstrator"):
        state.apply_text(1, "red W")  # RR-21: only the demonstrator moves
    events = play(state, 0, "red W", "red N")
    assert kinds(events)[-3:] == ["demonstration-failed", "robots-reset", "demonstration-started"]
    assert state.robots == state.markers  # RR-23
    events = play(state, 1, "red W", "green E", "red N")
    assert next(e for e in events if e.kind == "chip-won").seat == 1
    assert [cell_xy(c) for c in state.markers] == [(4, 1), (15, 4), (15, 15), (0, 15)]  # RR-22
    assert state.chips == [[], ["RC"]]
    assert state.phase == "solving" and state.chip != "RC"  # RR-25: a new chip


def test_rr_ex10_nobody_succeeds() -> None:
    """RR-EX-10, RR-24: every bidder fails; robots on the markers; the chip goes back."""
    state = new(P1)
    play(state, 0, "bid 2")
    play(state, 1, "bid 2")
    time_up(state)
    play(state, 0, "red W", "red N")
    events = play(state, 1, "give-up")
    assert "chip-returned" in kinds(events) and "chip-drawn" in kinds(events)
    assert [cell_xy(c) for c in state.robots] == [(8, 10), (4, 4), (15, 15), (0, 15)]
    assert len(state.pile) + 1 == 17  # the red circle is back: 17 chips less the new draw


def test_rr21_give_up_and_time_out_fail_the_demonstration() -> None:
    state = new(P1)
    play(state, 0, "bid 2")
    play(state, 1, "bid 3")
    time_up(state)
    assert [t.code for t in state.timers()] == ["demonstration_time"]
    assert state.timers()[0].seconds == 120
    events = time_up(state)
    assert events[0].kind == "demonstration-failed" and events[0].reason == "ran out of time"
    with pytest.raises(IllegalAction, match="only the demonstrator can give up"):
        state.apply_text(0, "give-up")


def test_rr21_illegal_move_does_not_end_the_demonstration() -> None:
    state = new(P1)
    play(state, 0, "bid 2")
    time_up(state)
    with pytest.raises(IllegalAction):
        state.apply_text(0, "red E")
    assert state.phase == "demonstration" and state.queue == [0]


def test_rr_ex11_anti_stall_then_a_bid() -> None:
    """RR-EX-11 (a), RR-19: at 300 s the referee starts the countdown; later bids are normal."""
    state = new(P1)
    timer = state.timers()[0]
    assert (timer.seconds, str(timer.action)) == (300, "countdown")
    events = state.apply_text(REFEREE, "countdown")
    assert events[0].kind == "countdown-started" and events[0].by == "stall"
    assert state.timers()[0].seconds == 60
    play(state, 1, "bid 6")
    assert time_up(state)[0].kind == "demonstration-started"


def test_rr_ex11_anti_stall_without_a_bid_redraws() -> None:
    """RR-EX-11 (b): the chip returns, a new chip is drawn, robots do not move."""
    state = new(P1)
    robots = list(state.robots)
    state.apply_text(REFEREE, "countdown")
    events = time_up(state)
    assert kinds(events) == ["chip-returned", "chip-drawn"]
    assert state.robots == robots and state.phase == "solving" and len(state.pile) == 16


def test_rr19_stall_can_be_disabled() -> None:
    assert new(P1, stall_after_s=None).timers() == []


def test_rr35_referee_words_and_bad_seats_are_refused() -> None:
    state = new(P1)
    before = state.to_dict()
    for seat, text, reason in [
        (0, "time-up", "referee's clock"),
        (5, "bid 3", "not a seat of this game"),
        (0, "red W", "bid first"),
        (REFEREE, "time-up", "referee cannot say time-up now"),
        (0, "reset", "solo puzzles"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply_text(seat, text)
    assert state.to_dict() == before


def test_rr_ex12_end_thresholds() -> None:
    """RR-EX-12, RR-26: 8 chips with 2 players, 6 with 3, 5 with 4; none for 5+ (RR-27)."""
    game = new(P1).game
    defaults = game.validate_options({})
    assert [game.chips_to_win(defaults, n) for n in (2, 3, 4, 5, 6)] == [8, 6, 5, None, None]


def test_rr26_the_threshold_ends_the_game() -> None:
    state = new(P1, chips_to_win=1)
    play(state, 0, "bid 3")
    time_up(state)
    events = play(state, 0, "red W", "green E", "red N")
    assert events[-1].kind == "game-over" and events[-1].winners == (0,)
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (1.0, 0.0)
    assert state.to_act() == [] and state.timers() == []


def test_rr27_five_or_more_play_out_the_pile_and_ties_share() -> None:
    """RR-EX-12: six players, final counts 4, 4, 3, 3, 2, 1: the two with 4 share the win."""
    state = new(P1, seats=6)
    state.chips = [["a"] * 4, ["b"] * 4, ["c"] * 3, ["d"] * 3, ["e"] * 2, []]
    state.pile = []  # the red circle in play is the last chip
    play(state, 5, "bid 3")
    time_up(state)
    events = play(state, 5, "red W", "green E", "red N")
    assert events[-1].kind == "game-over"
    assert state.outcome().winners == (0, 1)
    assert state.outcome().ranks == (1, 1, 3, 3, 5, 6)


def test_seat_count_is_checked() -> None:
    with pytest.raises(InvalidOptions, match="2 to 8"):
        new(seats=9)
    assert new(seats=12, max_players=12).seats == 12


def test_rr35_a_bid_must_be_a_whole_number() -> None:
    from robotable.games.ricochet.actions import Bid, Word

    state = new(P1)
    before = state.to_dict()
    for bad in (Bid(2.5), Bid(True)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="moves must be a whole number"):
            state.apply(0, bad)
    with pytest.raises(IllegalAction, match="cannot read 'foo'"):
        state.apply(0, Word("foo"))
    assert state.to_dict() == before


def test_rr_ex11_a_bid_during_the_stall_countdown_does_not_restart_it() -> None:
    """RR-EX-11 (a), RR-18: the countdown timer keeps its key, so the clock keeps its start."""
    state = new(P1)
    state.apply_text(REFEREE, "countdown")
    running = state.timers()
    play(state, 1, "bid 6")
    assert state.timers() == running


@pytest.mark.parametrize(("seats", "threshold"), [(2, 8), (3, 6), (4, 5)])
@pytest.mark.parametrize("short_by", [1, 2])
def test_rr_ex12_the_threshold_chip_ends_the_game(seats: int, threshold: int, short_by: int) -> None:
    """RR-EX-12, RR-26: winning the threshold-th chip ends the game at once; one fewer does not."""
    state = new(P1, seats=seats)
    state.chips[1] = ["GT"] * (threshold - short_by)
    play(state, 1, "bid 3")
    time_up(state)
    events = play(state, 1, "red W", "green E", "red N")
    if short_by == 1:
        assert events[-1].kind == "game-over" and state.outcome().winners == (1,)
    else:
        assert events[-1].kind == "chip-drawn" and state.outcome() is None
