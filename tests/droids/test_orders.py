"""Shooting, damage, take/put, repair, send-order, carrying (DD-24..DD-30)."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.core.game import REFEREE
from robotable.games.droids.actions import AUTO, Choose
from robotable.games.droids.board import idx
from robotable.games.droids.pieces import OBSTACLE
from robotable.games.droids.state import PLACE

from .conftest import at, dice, four, new, order, pieces, place, send, sending


def destroyed(state, seat: int) -> list[int]:  # type: ignore[no-untyped-def]
    return [e for e, em in enumerate(state.emitters[seat]) if em[0]]


def test_ex5_blocked_shots_roll_nothing() -> None:
    """DD-EX-5 a, b, DD-24: a fixed obstacle between shooter and target: no shot, no roll."""
    s = new()
    pieces(s, Y=(1, 6), R=(1, 2))
    dice(s)  # any roll would fail the test
    events = order(s, 0, "SH:N")
    assert not [e for e in events if e.kind == "shot"]
    s = new()
    pieces(s, Y=(2, 1), R=(5, 1))
    dice(s)
    order(s, 0, "SH:E", emitter=2)
    assert destroyed(s, 1) == []


@pytest.mark.parametrize(("roll", "hits"), [(0, 0), (6, 0), (7, 1), (9, 1)])
def test_ex5c_long_shot_over_the_river(roll: int, hits: int) -> None:
    """DD-EX-5 c, DD-24: n = 7 (river cells do not block): rolls 7-9 destroy 1 emitter."""
    s = new()
    pieces(s, Y=(5, 7), R=(5, 0))
    dice(s, roll)
    events = order(s, 0, "SH:N")
    shot = next(e for e in events if e.kind == "shot")
    assert (shot.distance, shot.roll, shot.hits) == (7, roll, hits)
    assert s.pending_hits == ([[1, "damage", hits]] if hits else [])


@pytest.mark.parametrize(("roll", "hits"), [(2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3)])
def test_ex5d_thresholds(roll: int, hits: int) -> None:
    """DD-EX-5 d, DD-24, DD-25: n = 3: 3-5 one emitter, 6-8 two, 9 three; the victim chooses."""
    s = new()
    pieces(s, Y=(2, 0), R=(5, 0))
    dice(s, roll)
    events = order(s, 0, "SH:E", emitter=2)
    assert next(e for e in events if e.kind == "shot").hits == hits
    if hits:
        assert s.to_act() == [1] and s.pending_hits == [[1, "damage", hits]]
        for e in range(hits):
            s.apply(1, Choose("damage", 9 - e))
    assert destroyed(s, 1) == sorted(9 - e for e in range(hits))


def test_ex5e_repairer_target_no_roll() -> None:
    """DD-EX-5 e, DD-24: the first robot in line is a repairer: no effect, no roll."""
    s = new(4)
    pieces(s, Y=(2, 0), rep1=(4, 0), R=(6, 0), rep2=(9, 9))
    dice(s)
    events = order(s, 0, "SH:E", emitter=2)
    shot = next(e for e in events if e.kind == "shot")
    assert shot.roll is None and shot.hits == 0


def test_dd24_eliminated_target_not_rolled() -> None:
    """DD-24 (decision): an eliminated player's robot as target: no effect, no roll."""
    s = four()
    pieces(s, Y=(2, 0), R=(5, 0), B=(0, 5), G=(9, 5))
    s.eliminated[1] = True
    dice(s)
    events = order(s, 0, "SH:E", emitter=2)
    assert next(e for e in events if e.kind == "shot").roll is None


def test_ex18_destroyed_emitters_return_tokens_and_refuse_placing() -> None:
    """DD-EX-18, DD-25: Red chooses 3 and 7; emitter 3's two tokens go back; placing there is refused."""
    s = new()
    pieces(s, Y=(2, 0), R=(5, 0))
    s.emitters[1][3][1:3] = ["M1:N", "SH:E"]
    s.bins["M1"] -= 1
    s.bins["SH"] -= 1
    before = (s.bins["M1"], s.bins["SH"])
    dice(s, 7)
    order(s, 0, "SH:E", emitter=2)
    events = s.apply(1, Choose("damage", 3))
    with pytest.raises(IllegalAction, match="already destroyed"):
        s.apply(1, Choose("damage", 3))
    events += s.apply(1, Choose("damage", 7))
    assert destroyed(s, 1) == [3, 7]
    assert next(e for e in events if e.kind == "damaged").returned == 2
    assert (s.bins["M1"], s.bins["SH"]) == (before[0] + 1, before[1] + 1)
    s.phase, s.pending_hits = PLACE, []
    s.goers, s.cursor, s.hands[1] = [1], 0, ["M1"]
    with pytest.raises(IllegalAction, match="emitter 3 is destroyed"):
        place(s, 1, "M1", "N", 3, 1)


def test_dd25_default_choice_and_refusals() -> None:
    """DD-25, DD-47: the timer applies the default (lowest-numbered empty emitters first);
    a destroyed emitter cannot be chosen; damage beyond the intact emitters is lost."""
    s = new()
    pieces(s, Y=(2, 0), R=(5, 0))
    s.emitters[1][0][1] = "M1:N"
    s.bins["M1"] -= 1
    dice(s, 9)
    order(s, 0, "SH:E", emitter=2)
    assert [t.action for t in s.timers()] == [AUTO]
    with pytest.raises(IllegalAction):
        s.apply(0, Choose("damage", 4))  # not the victim
    s.apply(REFEREE, AUTO)
    assert destroyed(s, 1) == [1, 2, 3]
    assert s.pending_hits == [] and s.timers() == []
    s.emitters[1] = [[True, None, None, None] for _ in range(9)] + [[False, None, None, None]]
    s2 = s.clone()
    s2.hit(1, 3)
    events: list = []
    assert not s2._await_choice(events)  # forced: the last emitter goes, two hits are lost
    assert destroyed(s2, 1) == list(range(10))


def test_ex6_take() -> None:
    """DD-EX-6, DD-26: take an object; take from a robot carrying one; not from the river."""
    s = new()
    pieces(s, Y=(7, 8), R=(0, 1), obstacles=[(7, 7), (0, 2)])
    order(s, 0, "TP:N")
    assert s.robots[0].carry == OBSTACLE and idx(7, 7) not in s.objects
    order(s, 1, "TP:S")  # Red (north) on column 0
    assert s.robots[1].carry == OBSTACLE and idx(0, 2) not in s.objects
    s = new()
    pieces(s, Y=(6, 8), R=(6, 7))
    s.robots[1].carry = OBSTACLE
    order(s, 0, "TP:N")
    assert s.robots[0].carry == OBSTACLE and s.robots[1].carry is None
    s = new()
    pieces(s, Y=(6, 5), obstacles=[(6, 4)])
    order(s, 0, "TP:N")
    assert s.robots[0].carry is None


def test_ex7_put() -> None:
    """DD-EX-7, DD-26: put on a free cell (river allowed), never on obstacle, robot or object."""
    cases = [
        ((0, 8), "TP:N", {}, (0, 7)),
        ((9, 8), "TP:W", {}, (8, 8)),
        ((2, 8), "TP:N", {}, None),
        ((7, 8), "TP:N", {"R": (7, 7)}, None),
        ((6, 6), "TP:N", {}, None),
        ((4, 7), "TP:N", {}, (4, 6)),
    ]
    for start, token, others, expected in cases:
        s = new()
        pieces(s, Y=start, **others)
        s.robots[0].carry = OBSTACLE
        order(s, 0, token)
        if expected is None:
            assert s.robots[0].carry == OBSTACLE, start
        else:
            assert s.objects == {idx(*expected): OBSTACLE} and s.robots[0].carry is None
    s = new()
    pieces(s, Y=(4, 7), mines=[(4, 6)])
    s.robots[0].carry = OBSTACLE
    order(s, 0, "TP:N")
    assert s.robots[0].carry == OBSTACLE  # a cell holding a mine is not free


def test_ex8_send_order_tokens() -> None:
    """DD-EX-8 a-c, DD-29, DD-8: kind 2 pulls back; kind 1 pushes away and stops in the river;
    a target in the river does not move."""
    s = new()
    pieces(s, Y=(3, 0), R=(7, 0))
    order(s, 0, "O2:E")
    assert at(s, "Y") == (0, 0) and at(s, "R") == (1, 0)
    s = four()
    pieces(s, Y=(7, 9), R=(7, 7), B=(7, 6), G=(0, 0))
    order(s, 0, "O1:N")
    assert at(s, "R") == (7, 4) and at(s, "B") == (7, 3)
    s = new()
    pieces(s, Y=(9, 7), R=(9, 4))
    order(s, 0, "O1:N")
    assert at(s, "R") == (9, 4)


def test_ex8d_send_order_through_obstacles_and_kinds_3_4() -> None:
    """DD-EX-8 d, DD-29, DD-8: transmission ignores the obstacle (1,3); kinds 3 and 4 turn
    the move a quarter anticlockwise / clockwise."""
    s = new()
    pieces(s, Y=(1, 6), R=(1, 2))
    order(s, 0, "O1:N")
    assert at(s, "R") == (1, 0)
    s = new()
    pieces(s, Y=(1, 6), R=(1, 2))
    order(s, 0, "O3:N")  # M = W
    assert at(s, "R") == (0, 2)
    s = new()
    pieces(s, Y=(1, 6), R=(1, 2))
    order(s, 0, "O4:N")  # M = E: (2,2), (3,2) ... until (6,2), before the obstacle (7,2)
    assert at(s, "R") == (6, 2)


def test_dd29_send_order_moves_a_repairer_ignoring_the_river() -> None:
    """DD-29: a repairer target moves max, not stopped by the river."""
    s = new(4)
    pieces(s, Y=(4, 9), rep1=(4, 7), rep2=(9, 0), R=(0, 3))
    order(s, 0, "O1:N")
    # across the river (4,6), the island, the river (4,3), up to the fixed obstacle (4,1)
    assert at(s, "rep1") == (4, 2)


def test_ex10_repair() -> None:
    """DD-EX-10, DD-27: a repair order on a damaged robot: its player removes one marker each time."""
    s = new(4)
    pieces(s, rep1=(6, 9), Y=(6, 8), R=(0, 3), rep2=(9, 0))
    s.emitters[0][2][0] = s.emitters[0][5][0] = True
    sending(s, 1, {6: ["GR:N", "GR:S", "GR:N"]})
    send(s, 1, 6)
    assert s.to_act() == [0]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="emitter 4 is not destroyed"):
        s.apply(0, Choose("repair", 4))  # DD-47: an intact emitter cannot be repaired
    with pytest.raises(IllegalAction, match="choose an emitter to repair"):
        s.apply(0, Choose("damage", 2))
    assert s.to_json() == before
    s.apply(0, Choose("repair", 5))
    assert destroyed(s, 0) == [2]
    send(s, 1, 6)  # towards the edge: no effect
    assert destroyed(s, 0) == [2]
    send(s, 1, 6)  # the last one is forced
    assert destroyed(s, 0) == []


def test_dd28_obstacle_stock() -> None:
    """DD-28: with a stock, take/put takes a mobile obstacle or puts one from the stock."""
    s = new(6)
    pieces(s, Y=(3, 8), R=(6, 1), obstacles=[(3, 7)])
    order(s, 0, "TP:N")
    assert s.robots[0].stock == 13 and s.objects == {}
    order(s, 0, "TP:N")
    assert s.robots[0].stock == 12 and s.objects == {idx(3, 7): OBSTACLE}
    s.robots[0].stock = 0
    order(s, 0, "TP:W")
    assert s.objects == {idx(3, 7): OBSTACLE}


def test_dd30_carried_object_moves_with_pushed_carrier() -> None:
    """DD-30, DD-4: a carried object is on no cell and travels with its carrier, pushed or not."""
    s = new()
    pieces(s, Y=(0, 8), R=(0, 7))
    s.robots[1].carry = OBSTACLE
    order(s, 0, "M1:N")
    assert at(s, "R") == (0, 6) and s.robots[1].carry == OBSTACLE and s.objects == {}
    assert s.is_free(idx(0, 8))  # DD-5


def test_ex5_ex24_every_roll() -> None:
    """DD-EX-5 c, d, DD-EX-24, DD-24: the full tables of rolls 0-9 at n = 7, 3 and 4."""
    hits = lambda n: [new().hits_for(r, n) for r in range(10)]  # noqa: E731
    assert hits(7) == [0] * 7 + [1, 1, 1]
    assert hits(3) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]
    assert hits(4) == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
    assert hits(1) == [0, 1, 2, 3, 3, 3, 3, 3, 3, 3]  # a roll of 0 always misses
