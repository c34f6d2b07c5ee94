"""The factory: DR-19..DR-27; DR-EX-10..DR-EX-15 and DR-EX-20."""

from __future__ import annotations

import pytest

from robotable.games.dr2d.engine import Rules, start_turn
from robotable.games.dr2d.event_sink import NO_EVENTS
from tests.dr2d.conftest import DEFAULT, fleet, kinds, p_board, run_turn, tile

STAY5 = "STAY STAY STAY STAY STAY"
ABSOLUTE = Rules(absolute=True)


# --------------------------------------------------------------------------- pits (DR-25)


@pytest.mark.parametrize(
    ("pc", "expected"),
    [
        (7, [(4, 5), (5, 5), (5, 5), (6, 5), (7, 5)]),
        (6, [(4, 5), (5, 5), (5, 5), (5, 5), (6, 5)]),
        (5, [(4, 5), (5, 5), (5, 5), (5, 5), (5, 5)]),
    ],
)
def test_ex10_pits_cost_slots_by_pc(pc: int, expected: list) -> None:
    """DR-EX-10 / DR-25: PC 7 loses 1 slot, PC 6 two, PC 5 three; no damage."""
    board = p_board("O", left=5, top=5)
    f = fleet(((4, 5), "E", pc))
    trace, events = run_turn(board, f, ["STAY N N N N"])
    assert [t[0] for t in trace] == expected
    assert f.pc == [pc]
    assert kinds(events, "fell")[0]["slots"] == {7: 1, 6: 2, 5: 3}[pc]


def test_ex10_pit_slots_carry_into_the_next_turn() -> None:
    """DR-EX-10 / DR-25: entering in register 4 at PC 5 loses register 5 and registers 1-2 next turn."""
    board = p_board("O", left=5, top=5)
    f = fleet(((4, 5), "E", 5))
    run_turn(board, f, ["STAY STAY STAY N N"])
    assert tile(f, 0) == (5, 5) and f.skip[0] == 2
    trace, events = run_turn(board, f, ["N N N STAY STAY"])
    assert [t[0] for t in trace] == [(5, 5), (5, 5), (6, 5), (6, 5), (6, 5)]
    assert [e["register"] for e in kinds(events, "skipped")] == [1, 2]


def test_ex10_pit_damage_option() -> None:
    """DR-EX-10 / DR-25: with pit_damage, entering the pit also costs 1 PC."""
    board = p_board("O", left=5, top=5)
    f = fleet(((4, 5), "E"))
    trace, events = run_turn(board, f, ["STAY N N N N"], Rules(pit_damage=True))
    assert f.pc == [6]
    assert [(e["register"], e["damage"]) for e in kinds(events, "damaged")] == [(2, 1)]  # at entry
    assert trace[3] == [(6, 5)]  # PC at entry was 7: one slot lost


def test_dr25_pushed_into_a_pit_and_entering_again_adds() -> None:
    """DR-25: entering by a push counts; the skipping robot is stationary and can be pushed."""
    board = p_board("O O", left=5, top=5)
    f = fleet(((3, 5), "E"), ((4, 5), "N"))
    _, events = run_turn(board, f, ["N N STAY STAY STAY", None])
    assert [(e["register"], e["tile"]) for e in kinds(events, "fell", 1)] == [(1, [5, 5]), (2, [6, 5])]
    # register 1: B pushed into (5,5) (1 slot); register 2: pushed on into (6,5) (+1 slot)
    assert tile(f, 1) == (6, 5)
    assert f.skip[1] == 0  # slots elapse in registers 2 and 3


# --------------------------------------------------------------------------- conveyors (DR-20)


def test_ex12_conveyor_loop() -> None:
    """DR-EX-12 / DR-20: the default loop carries A and B; facings stay N; no laser reaches them."""
    f = fleet(((4, 1), "N"), ((5, 1), "N"))
    trace, events = run_turn(DEFAULT, f, [STAY5, STAY5])
    assert trace[:3] == [[(5, 1), (6, 1)], [(6, 1), (7, 1)], [(7, 1), (7, 2)]]
    assert f.facing == [0, 0]
    assert not [e for e in kinds(events, "burned") if e["register"] <= 3]


def test_ex13a_conveyor_blocked_by_a_robot_that_stays() -> None:
    """DR-EX-13 (a) / DR-20: C off the belt blocks B, which blocks A; no damage, no pushing."""
    board = p_board("> > >", left=2, top=5)
    f = fleet(((3, 5), "N"), ((4, 5), "N"), ((5, 5), "N"))
    trace, _ = run_turn(board, f, [STAY5, STAY5, STAY5])
    assert trace[0] == [(3, 5), (4, 5), (5, 5)]
    assert f.pc == [7, 7, 7]


def test_ex13b_conveyor_moves_robots_together() -> None:
    """DR-EX-13 (b) / DR-20: without C both move at once."""
    board = p_board("> > >", left=2, top=5)
    f = fleet(((3, 5), "N"), ((4, 5), "N"))
    trace, _ = run_turn(board, f, [STAY5, STAY5])
    assert trace[0] == [(4, 5), (5, 5)]


def test_ex13c_conveyors_to_the_same_tile() -> None:
    """DR-EX-13 (c) / DR-20: two belt moves to one tile both fail, no damage."""
    board = p_board(". v\n> .", left=2, top=4)
    f = fleet(((2, 5), "N"), ((3, 4), "N"))
    trace, _ = run_turn(board, f, [STAY5, STAY5])
    assert trace[0] == [(2, 5), (3, 4)]
    assert f.pc == [7, 7]


def test_dr20_conveyor_off_the_board_and_walls() -> None:
    """DR-20: a belt may carry a robot off the board; a wall stops it."""
    board = p_board("^", left=4, top=0)
    f = fleet(((4, 0), "E"))
    trace, events = run_turn(board, f, [STAY5])
    assert trace[0] == [None] and kinds(events, "conveyed")[0]["end"] is None
    board = p_board("^", left=4, top=0, walls=["4,0 N"])
    f = fleet(((4, 0), "E"))
    trace, _ = run_turn(board, f, [STAY5])
    assert trace[4] == [(4, 0)]


# --------------------------------------------------------------------------- turntables, pushers, lasers


def test_dr21_turntables_turn_every_register() -> None:
    """DR-21: anticlockwise turntable: one quarter turn per register, facing only."""
    board = p_board("L", left=5, top=5)
    f = fleet(((5, 5), "N"))
    _, events = run_turn(board, f, [STAY5])
    assert [e["facing"] for e in kinds(events, "rotated")] == ["W", "S", "E", "N", "W"]
    assert tile(f, 0) == (5, 5)


def test_ex14_pushers_on_even_registers() -> None:
    """DR-EX-14 / DR-22: the W-rim pusher at (0,6) pushes A east in register 2 only."""
    f = fleet(((0, 6), "N"))
    trace, events = run_turn(DEFAULT, f, [STAY5])
    assert [t[0] for t in trace] == [(0, 6), (1, 6), (1, 6), (1, 6), (1, 6)]
    assert [e["register"] for e in kinds(events, "shoved")] == [2]
    assert f.pc == [7]


def test_dr22_pusher_blocked_by_a_robot_or_wall() -> None:
    """DR-22: the push fails when the target tile holds a robot."""
    f = fleet(((0, 6), "N"), ((1, 6), "N"))
    trace, _ = run_turn(DEFAULT, f, [STAY5, STAY5])
    assert trace[1] == [(0, 6), (1, 6)]
    board = p_board(pushers=["5,5 E"], walls=["5,5 E"])
    f = fleet(((5, 5), "N"))
    trace, _ = run_turn(board, f, [STAY5])
    assert trace[1] == [(5, 5)]


def test_ex11_lasers_fire_on_odd_registers() -> None:
    """DR-EX-11 / DR-23: La hits A in registers 1, 3, 5; B behind A is shielded."""
    f = fleet(((2, 3), "N"), ((5, 3), "N"))
    _, events = run_turn(DEFAULT, f, [STAY5, STAY5])
    assert [e["register"] for e in kinds(events, "burned", 0)] == [1, 3, 5]
    assert f.pc == [4, 7]


def test_dr23_beam_stops_at_walls_and_hits_the_mount_tile() -> None:
    """DR-23 / DR-26: the beam of La ends at the wall E of (8,3); a robot on the mount tile is hit."""
    beam = next(laser.beam for laser in DEFAULT.lasers if laser.mount == 3 * 12)
    assert beam[-1] == 3 * 12 + 8 and len(beam) == 9
    f = fleet(((9, 3), "N"), ((0, 3), "N"))
    run_turn(DEFAULT, f, [STAY5, STAY5])
    assert f.pc == [7, 4]


# --------------------------------------------------------------------------- presses and damage


def test_ex15_press_at_the_end_of_the_turn() -> None:
    """DR-EX-15 / DR-27: A on (5,5) all turn loses 2 at the end; B leaves (6,6) in register 4: safe."""
    f = fleet(((5, 5), "N"), ((6, 6), "N"))
    _, events = run_turn(DEFAULT, f, [STAY5, "STAY STAY STAY W STAY"], Rules(absolute=True), end=True)
    assert f.pc == [5, 7]
    assert [e["seat"] for e in kinds(events, "crushed")] == [0]
    assert kinds(events, "crushed")[0]["register"] == 6


def test_ex15_press_every_register_and_auto_standby() -> None:
    """DR-EX-15 / DR-27 / DR-24 / DR-30: PC 5, 3, 1 -> automatic standby, registers 4-5 cancelled."""
    f = fleet(((5, 5), "N"))
    rules = Rules(press_every_register=True)
    _, events = run_turn(DEFAULT, f, ["STAY STAY STAY N N"], rules, end=True)
    assert [e["pc"] for e in kinds(events, "damaged")] == [5, 3, 1, 1, 1]
    assert kinds(events, "standby-auto")[0]["register"] == 3
    assert tile(f, 0) == (5, 5)  # registers 4 and 5 (N) were cancelled
    assert f.pending == [True] and f.pc == [1]
    start_turn(DEFAULT, f, rules, NO_EVENTS)  # start of the next turn: PC 7, inactive that turn
    assert f.pc == [7] and f.inactive == [True] and f.pending == [False]


def test_dr24_damage_applied_together_never_below_one() -> None:
    """DR-24: all damage of a register at once; PC never below 1."""
    f = fleet(((3, 3), "N", 3))  # crossed by La (row 3) and Ld (column 3)
    _, events = run_turn(DEFAULT, f, [STAY5])
    damaged = kinds(events, "damaged")
    assert (damaged[0]["register"], damaged[0]["damage"], damaged[0]["pc"]) == (1, 2, 1)
    assert [e["pc"] for e in damaged] == [1, 1, 1]
    assert f.pc == [1] and f.cancelled == [True]


def test_dr19_environment_order_and_inactive_robots() -> None:
    """DR-19: conveyor, then turntable, then laser in the same register; inactive robots are subject."""
    # a belt at (0,2) carries A south onto (0,3), the mount tile of La: La fires after the belt
    board = p_board("v\nR", left=0, top=2, lasers=["0,3 E"])
    f = fleet(((0, 2), "N"))
    f.inactive[0] = True
    _, events = run_turn(board, f, [None])
    first = [e["kind"] for e in events if e.get("register") == 1]
    assert first[:3] == ["conveyed", "rotated", "burned"]


def test_ex20_integration_turn() -> None:
    """DR-EX-20 / DR-12 / DR-25 / DR-23: A from (2,0) facing S ends on (1,3) facing S with PC 6."""
    f = fleet(((2, 0), "S"))
    trace, events = run_turn(DEFAULT, f, ["N N N N E"])
    assert [t[0] for t in trace] == [(2, 1), (2, 2), (2, 2), (2, 3), (1, 3)]
    assert f.pc == [6] and f.facing == [2]
    assert [e["register"] for e in kinds(events, "burned")] == [5]
