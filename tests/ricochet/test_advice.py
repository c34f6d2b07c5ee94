"""Issue 27: what the Ricochet page tells a player, from the view alone: chips and bids per seat,
bid first (the first bid turns the sand timer, RR-18), only lower after, show the solution
within the moves bid; ``stage`` changes with the round."""

from __future__ import annotations

from robotable import games
from robotable.play.table import Table

PUZZLE = "1A2A3A4A-8A44FF0F-RC"


def test_bids_chips_demonstration_and_the_next_round() -> None:
    game = games.get("ricochet")
    options = {"chips_to_win": 2, "puzzle": PUZZLE, "bid_window_s": 1.0}
    table = Table(game, options, seed=1, seats=["human", "human"])
    first = table.snapshot(0)
    assert first["guidance"]["now"] == [{"code": "bid_first", "params": {}}]
    table.submit(0, "bid 2", now=0.5)
    mine, theirs = table.snapshot(0), table.snapshot(1)
    assert mine["counters"] == [
        [{"key": "chips", "value": 0}, {"key": "bid", "value": 2}],
        [{"key": "chips", "value": 0}],
    ]
    assert mine["guidance"]["now"] == [{"code": "bid_lower", "params": {"moves": 2}}]
    assert theirs["guidance"]["now"] == [{"code": "bid_before_timer", "params": {}}]
    table.fire_due(5.0)
    assert table.snapshot(0)["guidance"]["now"] == [
        {"code": "demonstrate", "params": {"moves": 2, "made": 0}}
    ]
    assert table.snapshot(None)["guidance"]["now"] == [{"code": "watch", "params": {"seat": 0, "moves": 2}}]
    table.submit(0, "red W", now=6.0)
    table.submit(0, "red N", now=6.0)  # two moves that miss: the chip goes back, a new one is drawn
    after = table.snapshot(0)
    assert after["guidance"]["stage"] != first["guidance"]["stage"]
    assert after["guidance"]["now"] == [{"code": "bid_first", "params": {}}]


def test_a_returned_chip_drawn_again_at_once_is_still_a_new_round() -> None:
    """RR-24 then RR-9: nobody succeeded, the chip goes back to the pile and may be the next one
    drawn: the same target and pile, but a new round, so the page forgets the last round's bids."""
    game = games.get("ricochet")
    state = game.new_state({"chips_to_win": 2}, seed=1, seats=2)
    state.pile = []  # the chip on the table is the last one: it is drawn again once returned
    before = game.guidance(state.view(0), 0)["stage"]
    state.apply(0, game.parse_action("bid 2"))
    state.apply(-1, game.parse_action("time-up"))  # the sand timer runs out: seat 0 shows
    state.apply(-1, game.parse_action("time-up"))  # and fails to show in time
    view = state.view(0)
    assert view["phase"] == "solving" and view["pile"] == [] and view["target"] is not None
    assert game.guidance(view, 0)["stage"] != before
