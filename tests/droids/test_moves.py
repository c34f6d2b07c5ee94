"""Movement: steps, pushes, the river, water orders, repairers (DD-16, DD-19..DD-23)."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.games.droids.actions import Send

from .conftest import at, four, new, order, pieces, sending


def test_ex1_move1_push_and_fixed_obstacle() -> None:
    """DD-EX-1 a-c, DD-20, DD-21: move 1 N pushes the robot in front; a fixed obstacle stops all."""
    s = new()
    pieces(s, Y=(0, 8), R=(0, 7))
    order(s, 0, "M1:N")
    assert at(s, "Y") == (0, 7) and at(s, "R") == (0, 6)
    s = new()
    pieces(s, Y=(5, 9))
    events = order(s, 0, "M1:N")
    assert at(s, "Y") == (5, 9)
    assert any(e.kind == "no-effect" for e in events)
    assert [e.sent for e in events if e.kind == "finished-sending"] == [1]  # DD-18: spent all the same
    s = new()
    pieces(s, Y=(7, 9))
    order(s, 0, "M1:N")
    assert at(s, "Y") == (7, 8)


def test_ex1_into_river_pushes_through_water() -> None:
    """DD-EX-1 d, DD-20, DD-22: E enters the river pushing F further up the water."""
    s = new()
    pieces(s, Y=(3, 7), R=(3, 6))
    order(s, 0, "M1:N")
    assert at(s, "Y") == (3, 6) and at(s, "R") == (3, 5)


def test_ex1_violet_order_in_river_has_no_effect() -> None:
    """DD-EX-1 e, DD-19: a robot in the river ignores a violet move; the token is spent."""
    s = four()
    pieces(s, G=(8, 4))
    before = s.bins["M1"]
    events = order(s, 3, "M1:N")
    assert at(s, "G") == (8, 4)
    assert [e.reason for e in events if e.kind == "no-effect"] == ["only water orders in the river"]
    assert [e.sent for e in events if e.kind == "finished-sending"] == [1]  # DD-18: spent
    assert s.bins["M1"] == before


def test_ex1_token_on_wrong_column_is_not_sendable() -> None:
    """DD-EX-1 f, DD-16: Yellow's robot on column 7: a token on emitter 2 cannot be sent."""
    s = new()
    pieces(s, Y=(7, 9))
    sending(s, 0, {2: ["M1:N"], 7: ["M1:N"]})
    assert s.sendable(0) == [7]
    with pytest.raises(IllegalAction, match="no robot"):
        s.apply(0, Send(2))


def test_ex2_move2() -> None:
    """DD-EX-2 a-d, DD-21: two steps, chain pushes twice, blocked after one, ends in the water."""
    s = new()
    pieces(s, Y=(7, 9))
    order(s, 0, "M2:N")
    assert at(s, "Y") == (7, 7)
    s = four()
    pieces(s, Y=(9, 9), R=(9, 8), B=(9, 7))
    order(s, 0, "M2:N")
    assert (at(s, "Y"), at(s, "R"), at(s, "B")) == ((9, 7), (9, 6), (9, 5))
    s = new()
    pieces(s, Y=(8, 8))
    order(s, 0, "M2:N")
    assert at(s, "Y") == (8, 7)
    s = new()
    pieces(s, Y=(0, 7))
    order(s, 0, "M2:N")
    assert at(s, "Y") == (0, 5)


def test_ex2_push_out_of_water_then_stop_in_it() -> None:
    """DD-EX-2 e, DD-22: G pushes E out of the water onto the island and stops in the river."""
    s = new()
    pieces(s, Y=(4, 8), R=(4, 6))
    order(s, 0, "M2:N")
    assert at(s, "Y") == (4, 6) and at(s, "R") == (4, 5)


def test_ex3_move_max_along_edge_row() -> None:
    """DD-EX-3 a, DD-20: pushes along the edge row stop when the front robot reaches the edge."""
    s = four()
    pieces(s, B=(8, 0), R=(5, 0), G=(3, 0), Y=(5, 9))
    order(s, 2, "MM:W")  # Blue (west side): rows are lines, row 0 is emitter 0
    assert (at(s, "G"), at(s, "R"), at(s, "B")) == ((0, 0), (1, 0), (2, 0))


def test_ex3_move_max_stops_in_river_and_diagonals() -> None:
    """DD-EX-3 b-e, DD-21, DD-22: max N stops in the water; a diagonal pushes diagonally."""
    s = new()
    pieces(s, Y=(4, 9))
    order(s, 0, "MM:N")
    assert at(s, "Y") == (4, 6)
    s = new()
    pieces(s, Y=(6, 9), R=(7, 8))
    order(s, 0, "MD:NE")
    assert at(s, "Y") == (7, 8) and at(s, "R") == (8, 7)
    s = new()
    pieces(s, Y=(8, 5))
    order(s, 0, "MD:NE")
    assert at(s, "Y") == (9, 4)
    s = new()
    pieces(s, Y=(7, 4))
    events = order(s, 0, "MD:NE")
    assert at(s, "Y") == (7, 4)
    assert [e.reason for e in events if e.kind == "no-effect"] == ["only water orders in the river"]


def test_ex4_water_orders() -> None:
    """DD-EX-4 a, b, d, DD-19, DD-21: water moves only in the river, pushing onto land."""
    s = new()
    pieces(s, Y=(7, 9))
    events = order(s, 0, "W1:N")
    assert at(s, "Y") == (7, 9)
    assert [e.reason for e in events if e.kind == "no-effect"] == ["water orders only in the river"]
    assert [e.sent for e in events if e.kind == "finished-sending"] == [1]  # DD-18: spent
    s = new()
    pieces(s, Y=(2, 5), R=(2, 4))
    order(s, 0, "W1:N")
    assert at(s, "Y") == (2, 4) and at(s, "R") == (2, 3)
    for start, token, end in (((6, 4), "W1:E", (7, 4)), ((1, 5), "W1:N", (1, 4)), ((5, 6), "WD:SE", (6, 7))):
        s = new()
        pieces(s, Y=start)
        order(s, 0, token)
        assert at(s, "Y") == end


def test_ex4_water_token_not_in_line() -> None:
    """DD-EX-4 c, DD-16: a water token whose emitter faces no robot is not sendable."""
    s = new()
    pieces(s, Y=(2, 5))
    sending(s, 0, {4: ["W1:N"]})
    assert s.sendable(0) == []


def test_ex9_repairer_moves() -> None:
    """DD-EX-9, DD-23: repairers push through the river without stopping; grey move 1 / 2 blocked."""
    s = four(4)
    pieces(s, rep1=(3, 9), Y=(3, 7), R=(3, 6), rep2=(9, 0), B=(0, 1), G=(9, 3))
    order(s, 0, "GM:N", emitter=3)
    assert (at(s, "R"), at(s, "Y"), at(s, "rep1")) == ((3, 0), (3, 1), (3, 2))
    s = new(4)
    pieces(s, rep1=(5, 9), rep2=(8, 8), Y=(0, 1), R=(0, 3))
    order(s, 0, "G1:N", emitter=5)
    assert at(s, "rep1") == (5, 9)
    order(s, 0, "G2:N", emitter=8)
    assert at(s, "rep2") == (8, 7)


def test_ex17_two_repairers_in_a_line() -> None:
    """DD-EX-17, DD-16: the repairer nearest to the sender's side receives the grey order."""
    s = new(4)
    pieces(s, rep1=(0, 0), rep2=(0, 6), Y=(5, 9), R=(6, 0))
    order(s, 0, "G1:N", emitter=0)  # Yellow (south): nearest is (0,6)
    assert at(s, "rep2") == (0, 5) and at(s, "rep1") == (0, 0)
    s = new(4)
    pieces(s, rep1=(0, 0), rep2=(0, 6), Y=(5, 9), R=(6, 0))
    order(s, 1, "G1:S", emitter=0)  # Red (north): nearest is (0,0)
    assert at(s, "rep1") == (0, 1) and at(s, "rep2") == (0, 6)


def test_dd22_push_does_not_stop_pushed_robot_in_river() -> None:
    """DD-20, DD-22: pushed robots execute nothing and do not stop in the river; the mover
    ends its move max on the first river cell it enters."""
    s = new()
    pieces(s, Y=(7, 9), R=(7, 6))
    order(s, 0, "MM:N")  # Y pushes R from (7,6); R crosses the river cell (7,4) without stopping
    assert at(s, "Y") == (7, 4) and at(s, "R") == (7, 3)


def test_dd20_no_robot_leaves_the_board() -> None:
    """DD-20: a chain whose front robot is on the edge cannot be pushed off."""
    s = new()
    pieces(s, Y=(3, 1), R=(3, 0))
    order(s, 0, "M1:N")
    assert at(s, "Y") == (3, 1) and at(s, "R") == (3, 0)


def test_dd16_teammates_line_for_west_and_east_sides() -> None:
    """DD-16: for Blue (west) and Green (east) the lines are rows."""
    s = four()
    pieces(s, B=(4, 7), G=(6, 2), Y=(0, 9), R=(9, 0))
    assert s.robot_line(2, 2) == 7 and s.robot_line(3, 3) == 2
    assert s.robot_line(0, 0) == 0 and s.robot_line(1, 1) == 9
