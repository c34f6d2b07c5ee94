"""Robot actions and simultaneous movement: DR-12..DR-18; DR-EX-1..DR-EX-9."""

from __future__ import annotations

from robotable.games.dr2d.engine import Rules
from tests.dr2d.conftest import fleet, kinds, p_board, run_turn

P = p_board()
ABSOLUTE = Rules(absolute=True)


def test_ex1_relative_actions_facing_north() -> None:
    """DR-EX-1 / DR-12: N, E, S, W, STAY from (5,5) facing N; the facing never changes."""
    f = fleet(((5, 5), "N"))
    trace, _ = run_turn(P, f, ["N E S W STAY"])
    assert [t[0] for t in trace] == [(5, 4), (6, 4), (6, 5), (5, 5), (5, 5)]
    assert f.facing[0] == 0


def test_ex2_relative_actions_facing_east() -> None:
    """DR-EX-2 / DR-12: facing E, N moves east, E south, W north, S west."""
    f = fleet(((5, 5), "E"))
    trace, _ = run_turn(P, f, ["N N E W S"])
    assert [t[0] for t in trace] == [(6, 5), (7, 5), (7, 6), (7, 5), (6, 5)]
    assert f.facing == [1]  # moving never changes the facing


def test_dr12_absolute_directions_ignore_facing() -> None:
    """DR-12: with absolute_directions the letters are board directions."""
    f = fleet(((5, 5), "E"))
    trace, _ = run_turn(P, f, ["N E S W STAY"], ABSOLUTE)
    assert [t[0] for t in trace] == [(5, 4), (6, 4), (6, 5), (5, 5), (5, 5)]


def test_ex3_turntable_changes_later_moves() -> None:
    """DR-EX-3 / DR-12 / DR-21: a clockwise turntable turns A east; later N go east."""
    board = p_board("R", left=3, top=5)
    f = fleet(((2, 5), "N"))
    trace, events = run_turn(board, f, ["E N N STAY STAY"])
    assert [t[0] for t in trace[:3]] == [(3, 5), (4, 5), (5, 5)]
    assert kinds(events, "rotated")[0]["facing"] == "E"
    f = fleet(((2, 5), "N"))
    trace, _ = run_turn(board, f, ["E N N STAY STAY"], ABSOLUTE)
    assert [t[0] for t in trace[:3]] == [(3, 5), (3, 4), (3, 3)]


def test_dr13_one_tile_per_action() -> None:
    """DR-13: a move action moves at most one tile."""
    f = fleet(((0, 5), "E"))
    trace, _ = run_turn(P, f, ["N N N N N"])
    assert [t[0] for t in trace] == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_dr14_who_acts_stay_and_inactive_are_stationary() -> None:
    """DR-14: a robot whose action is STAY, or that does not act, is stationary (it is pushed)."""
    f = fleet(((4, 5), "E"), ((5, 5), "N"))
    f.inactive[1] = True
    trace, events = run_turn(P, f, ["E STAY STAY STAY STAY", "N N N N N"], ABSOLUTE)
    assert trace[0] == [(5, 5), (6, 5)]  # B did not act: it was pushed
    assert kinds(events, "pushed", 1)[0]["by"] == 0


def test_ex4_same_target_tile() -> None:
    """DR-EX-4 / DR-15 step 2 / DR-17: both target (5,5): both stay and lose 1 PC."""
    f = fleet(((4, 5), "E"), ((6, 5), "W"))
    trace, events = run_turn(P, f, ["E STAY STAY STAY STAY", "W STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (6, 5)]
    assert f.pc == [6, 6]
    assert len(kinds(events, "collided")) == 2


def test_ex5_swap() -> None:
    """DR-EX-5 / DR-15 step 3: two robots swapping tiles both stay, PC 6 each."""
    f = fleet(((4, 5), "E"), ((5, 5), "W"))
    trace, _ = run_turn(P, f, ["E STAY STAY STAY STAY", "W STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5)]
    assert f.pc == [6, 6]


def test_ex6_push() -> None:
    """DR-EX-6 / DR-16: A pushes the stationary B one tile, no damage."""
    f = fleet(((4, 5), "E"), ((5, 5), "N"))
    trace, events = run_turn(P, f, ["E STAY STAY STAY STAY", "STAY STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(5, 5), (6, 5)]
    assert f.pc == [7, 7]
    assert kinds(events, "pushed")[0] | {"kind": "pushed"} == {
        "kind": "pushed", "seat": 1, "by": 0, "register": 1, "start": [5, 5], "end": [6, 5],
    }  # fmt: skip


def test_ex7a_push_blocked_by_a_robot() -> None:
    """DR-EX-7 (a) / DR-16: no pushing two robots at once: nobody moves, no damage."""
    f = fleet(((4, 5), "E"), ((5, 5), "N"), ((6, 5), "N"))
    trace, events = run_turn(P, f, ["E STAY STAY STAY STAY", None, None], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5), (6, 5)]
    assert f.pc == [7, 7, 7]
    assert kinds(events, "blocked", 0)[0]["reason"] == "push"


def test_ex7b_push_blocked_by_a_wall() -> None:
    """DR-EX-7 (b) / DR-16 / DR-26: a wall behind B: nobody moves, no damage."""
    board = p_board(walls=["5,5 E"])
    f = fleet(((4, 5), "E"), ((5, 5), "N"))
    trace, _ = run_turn(board, f, ["E STAY STAY STAY STAY", None], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5)]
    assert f.pc == [7, 7]


def test_ex7c_push_tile_is_another_robots_target() -> None:
    """DR-EX-7 (c) / DR-16: C moves into the push tile: the push fails, C moves."""
    f = fleet(((4, 5), "E"), ((5, 5), "N"), ((6, 4), "N"))
    trace, _ = run_turn(P, f, ["E STAY STAY STAY STAY", None, "S STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5), (6, 5)]
    assert f.pc == [7, 7, 7]


def test_dr16_push_tile_is_the_dst_of_a_robot_stopped_by_a_wall() -> None:
    """DR-16 / DR-15: u is the dst of a moving robot even when a wall stops that robot (dst(r) = src(r)
    + d(r) for every moving robot): the push fails, nobody moves, no damage."""
    board = p_board(walls=["6,4 S"])
    f = fleet(((4, 5), "E"), ((5, 5), "N"), ((6, 4), "N"))
    trace, events = run_turn(board, f, ["E STAY STAY STAY STAY", None, "S STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5), (6, 4)]
    assert f.pc == [7, 7, 7]
    assert kinds(events, "blocked", 0)[0]["reason"] == "push"
    assert kinds(events, "blocked", 2)[0]["reason"] == "wall"


def test_dr16_two_pushes_to_one_tile_fail() -> None:
    """DR-16: two pushes whose push tiles are the same tile both fail (decision)."""
    f = fleet(((3, 5), "E"), ((4, 5), "N"), ((6, 3), "S"), ((6, 4), "N"))
    # A pushes B east to (5,5)? no: B at (4,5) goes to (5,5); C pushes D south to (6,5): distinct
    trace, _ = run_turn(P, f, ["E STAY STAY STAY STAY", None, "S STAY STAY STAY STAY", None], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5), (6, 4), (6, 5)]
    f = fleet(((3, 5), "E"), ((4, 5), "N"), ((5, 3), "S"), ((5, 4), "N"))
    trace, _ = run_turn(P, f, ["E STAY STAY STAY STAY", None, "S STAY STAY STAY STAY", None], ABSOLUTE)
    assert trace[0] == [(3, 5), (4, 5), (5, 3), (5, 4)]  # both would push onto (5,5)
    assert f.pc == [7, 7, 7, 7]


def test_dr16_pushed_over_several_registers() -> None:
    """DR-16: a robot pushed over several registers travels several tiles; no chains."""
    f = fleet(((2, 5), "E"), ((3, 5), "N"))
    trace, _ = run_turn(P, f, ["E E E STAY STAY", None], ABSOLUTE)
    assert [t[1] for t in trace] == [(4, 5), (5, 5), (6, 5), (6, 5), (6, 5)]


def test_ex8a_following() -> None:
    """DR-EX-8 (a) / DR-15 step 5: A follows B, both move."""
    f = fleet(((4, 5), "E"), ((5, 5), "E"))
    trace, _ = run_turn(P, f, ["E STAY STAY STAY STAY", "E STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(5, 5), (6, 5)]
    assert f.pc == [7, 7]


def test_ex8b_four_cycle_rotates() -> None:
    """DR-EX-8 (b) / DR-15 step 5: a closed cycle of four robots all move."""
    f = fleet(((4, 4), "N"), ((5, 4), "N"), ((5, 5), "N"), ((4, 5), "N"))
    programs = [
        "E STAY STAY STAY STAY",
        "S STAY STAY STAY STAY",
        "W STAY STAY STAY STAY",
        "N STAY STAY STAY STAY",
    ]
    trace, _ = run_turn(P, f, programs, ABSOLUTE)
    assert trace[0] == [(5, 4), (5, 5), (4, 5), (4, 4)]
    assert f.pc == [7, 7, 7, 7]


def test_ex9_leader_blocked_by_a_wall() -> None:
    """DR-EX-9 / DR-15 steps 1 and 5: B fails on a wall, A behind it: both stay, both lose 1."""
    board = p_board(walls=["5,5 E"])
    f = fleet(((4, 5), "E"), ((5, 5), "E"))
    trace, events = run_turn(board, f, ["E STAY STAY STAY STAY", "E STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5)]
    assert f.pc == [6, 6]
    assert kinds(events, "blocked", 1)[0]["reason"] == "wall"


def test_dr15_wall_alone_costs_nothing() -> None:
    """DR-15 step 1 / DR-26: a robot moving into a wall stays, no damage."""
    board = p_board(walls=["5,5 N"])
    f = fleet(((5, 5), "N"))
    trace, events = run_turn(board, f, ["N STAY STAY STAY STAY"])
    assert trace[0] == [(5, 5)] and f.pc == [7]
    assert kinds(events, "blocked")[0]["direction"] == "N"


def test_dr17_one_collision_damage_per_register() -> None:
    """DR-17: B collides with C (same target) and with A following it: B still loses only 1 PC."""
    f = fleet(((4, 5), "E"), ((5, 5), "E"), ((7, 5), "W"))
    trace, events = run_turn(P, f, ["E STAY STAY STAY STAY"] * 2 + ["W STAY STAY STAY STAY"], ABSOLUTE)
    assert trace[0] == [(4, 5), (5, 5), (7, 5)]
    assert f.pc == [6, 6, 6]
    assert len(kinds(events, "collided", 1)) == 1


def test_dr18_leaving_the_board_cancels_the_registers() -> None:
    """DR-18: leaving the board by its own move: removed at once, registers cancelled, no damage."""
    f = fleet(((5, 0), "N"))
    trace, events = run_turn(P, f, ["N S S S S"])
    assert trace[0] == [None] and trace[4] == [None]
    assert f.cancelled[0] and f.exit[0] == 5 and f.pc[0] == 7
    assert kinds(events, "left")[0]["exit"] == [5, 0]


def test_dr18_wall_on_the_rim_keeps_the_robot_on() -> None:
    """DR-15 step 1 / DR-18: a wall on the rim side stops a robot leaving."""
    board = p_board(walls=["5,0 N"])
    f = fleet(((5, 0), "N"))
    trace, _ = run_turn(board, f, ["N STAY STAY STAY STAY"])
    assert trace[0] == [(5, 0)]


def test_dr18_pushed_off_the_board_and_pit_skips_cleared() -> None:
    """DR-18: pushed off the board: exit tile = last tile, pit skips cleared (decision)."""
    f = fleet(((1, 5), "W"), ((0, 5), "N"))
    f.skip[1] = 2
    trace, events = run_turn(P, f, ["N STAY STAY STAY STAY", None])
    assert trace[0] == [(0, 5), None]
    assert f.skip[1] == 0 and f.exit[1] == 5 * 12
    assert kinds(events, "pushed")[0]["end"] is None
