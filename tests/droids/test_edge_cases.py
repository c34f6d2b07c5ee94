"""Edge cases of the rules, beyond the worked examples."""

from __future__ import annotations

from robotable.games.droids.board import idx
from robotable.games.droids.pieces import MINE, STATUE

from .conftest import at, dice, new, order, pieces


def test_dd36_send_order_moved_repairer_lays_a_mine_and_repairer_sets_off_mines() -> None:
    """DD-36 (decision), DD-29: a repairer moved by a send-order lays a mine; a repairer entering a
    mine sets it off without damage."""
    s = new(2)
    pieces(s, Y=(4, 9), rep1=(4, 7), rep2=(9, 0), R=(0, 3), mines=[(4, 5)])
    order(s, 0, "O1:N")
    assert at(s, "rep1") == (4, 2)
    assert s.objects == {idx(4, 7): MINE}  # the mine on (4,5) went off, one was laid on (4,7)
    assert s.pending_hits == [] and s.mines_left == 23


def test_dd20_diagonal_chain_blocked_by_the_edge() -> None:
    """DD-20: a diagonal push whose front robot would leave the board is impossible."""
    s = new()
    pieces(s, Y=(8, 1), R=(9, 0))
    order(s, 0, "MD:NE")
    assert at(s, "Y") == (8, 1) and at(s, "R") == (9, 0)


def test_dd29_statue_is_skipped_by_send_order_and_immune_to_shots() -> None:
    """DD-29 (decision), DD-24: a send-order passes over the statue; a shot at it does nothing."""
    s = new(5, 3)
    pieces(s, Y=(4, 8), statue=(4, 5), R=(4, 2), B=(0, 8))
    order(s, 0, "O4:N")  # T = N reaches R behind the statue; M = E: (5,2), (6,2), stop before (7,2)
    assert at(s, "R") == (6, 2) and at(s, "statue") == (4, 5)
    pieces(s, Y=(4, 8), statue=(4, 5), R=(4, 2), B=(0, 8))
    dice(s)  # no roll may happen
    shot = next(e for e in order(s, 0, "SH:N") if e.kind == "shot")
    assert (shot.target, shot.roll, shot.hits) == ("statue", None, 0)


def test_dd39_pushed_carrier_moves_freely() -> None:
    """DD-39: only the carrier's own movement orders are cut to one cell; pushes are not."""
    s = new(5, 3)
    pieces(s, Y=(7, 9), R=(7, 8), B=(0, 8))
    s.robots[1].carry = STATUE
    s.robots[3].cell = -1
    order(s, 0, "M2:N")
    assert at(s, "R") == (7, 6) and at(s, "Y") == (7, 7)


def test_dd22_pushing_into_the_river_stops_the_pusher_in_it() -> None:
    """DD-22: the step that puts the pusher in the river ends its move, pushed robot included."""
    s = new()
    pieces(s, Y=(7, 6), R=(7, 5))
    order(s, 0, "MM:N")
    assert at(s, "Y") == (7, 4) and at(s, "R") == (7, 3)


def test_dd24_shot_blocked_by_mobile_obstacle_and_container_not_by_mine() -> None:
    """DD-24, DD-4: mobile obstacles and containers stop shots; mines do not."""
    for objects, rolls in (
        ({"obstacles": [(4, 0)]}, ()),
        ({"containers": [(4, 0)]}, ()),
        ({"mines": [(4, 0)]}, (9,)),
    ):
        s = new()
        pieces(s, Y=(2, 0), R=(6, 0), **objects)
        dice(s, *rolls)
        events = order(s, 0, "SH:E", emitter=2)
        assert bool([e for e in events if e.kind == "shot"]) == bool(rolls)


def test_dd43_sequence_wraps_and_stops_at_seven() -> None:
    """DD-43: 'sequence' mode sends d, d+1, ... wrapping after 9, at most 7 cells a turn."""
    s = new(7, 1, killer_sheet_mode="sequence")
    s.killer_die = 5
    s.killer_sent = [5, 6, 7, 8, 9, 0]
    assert s.killer_cell_now() == 1
    s.killer_sent.append(1)
    assert s.killer_cell_now() is None
