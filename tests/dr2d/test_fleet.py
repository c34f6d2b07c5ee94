"""The fleet's named accessors: what bots, envs and tests read instead of the engine's lists."""

from __future__ import annotations

from robotable.games.dr2d.board import OFF, tile_of
from robotable.games.dr2d.fleet import MAX_PC, Fleet, Robot
from tests.dr2d.conftest import fleet, game_with, program


def test_a_robot_reads_every_list_of_its_seat_under_its_own_name() -> None:
    f = fleet(((5, 5), "E", 4), ((2, 0), "N"))
    f.laws[0], f.skip[0], f.repair[0], f.pending[0] = 0b101, 2, 1, True
    robot = f.robot(0)
    assert robot.tile == tile_of(5, 5) and robot.on_board and robot.facing == 1 and robot.pc == 4
    assert robot.laws == 0b101 and robot.missing_laws == [1]  # law 2 (index 1) still to download
    assert robot.pit_slots == 2 and robot.repair_pending == 1 and robot.standby_pending
    assert not robot.finished_turn and robot.exit_tile == OFF and robot.placed
    assert f.robots() == [f.robot(0), f.robot(1)]
    assert tuple(robot) == tuple(values[0] for values in f.public_lists())


def test_robot_at_answers_the_seat_on_a_tile() -> None:
    """DR-5: at most one robot per tile."""
    f = fleet(((5, 5), "E"), ((2, 0), "N"))
    assert f.robot_at(tile_of(2, 0)) == 1 and f.robot_at(tile_of(5, 5)) == 0
    assert f.robot_at(tile_of(3, 3)) is None and f.robot_at(OFF) is None  # off-board robots are nowhere


def test_put_writes_a_robot_and_keeps_its_program() -> None:
    f = Fleet.new(2)
    f.set_program(1, [0, 1, 2, 3, 4])
    moved = Robot(tile_of(1, 1), 2, 5, 0b010, 0, 0, 0, False, False, False, 2, OFF, 0, True)
    f.put(1, moved)
    assert f.robot(1) == moved and f.program[1] == [0, 1, 2, 3, 4]
    f.set_register(1, 3, 4)
    assert f.program[1] == [0, 1, 4, 3, 4]


def test_standing_by_at_programming_restores_pc_and_drops_the_program() -> None:
    """DR-31: PC 7 at once, inactive for the turn (the state and the bots' planner both use it)."""
    f = fleet(((5, 5), "N", 3))
    f.set_program(0, [4] * 5)
    f.stand_by_now(0)
    assert f.robot(0).pc == MAX_PC and f.robot(0).inactive and f.program[0] is None
    assert not f.must_program(0) and not f.acts(0)


def test_the_state_declares_standby_through_the_fleet() -> None:
    state = game_with([((5, 5), "N", 3), ((2, 0), "N")])
    program(state, 0, "STANDBY", lock=False)
    assert state.fleet.robot(0).pc == MAX_PC and state.to_act() == [1]


def test_a_copy_has_every_list_of_its_own() -> None:
    f = fleet(((5, 5), "E", 4), ((2, 0), "N"))
    f.set_program(0, [0, 1, 2, 3, 4])
    f.leave_count = 3
    copied = f.copy()
    assert copied == f and copied.to_dict() == f.to_dict()
    for name in (*Fleet._LISTS, "program"):
        assert getattr(copied, name) is not getattr(f, name), name
    assert copied.program[0] is not f.program[0]
