"""Movement and solutions: RR-7, RR-10..RR-15; worked examples RR-EX-1..RR-EX-6 and RR-EX-16."""

from __future__ import annotations

import pytest

from robotable.core.errors import IllegalAction
from robotable.games.ricochet.board import CELLS, Board, Target, cell_index, cell_xy
from robotable.games.ricochet.code import Puzzle
from robotable.games.ricochet.state import ricochet_done
from tests.ricochet.conftest import P1, P2, P3, demonstrating, kinds, new, play, robots_xy

REFUSED = None
EX1 = {  # robot -> ends for N, E, S, W (None = refused)
    0: [REFUSED, REFUSED, (8, 15), (4, 10)],
    1: [(4, 1), (15, 4), (4, 10), (0, 4)],
    2: [(15, 11), REFUSED, REFUSED, (12, 15)],
    3: [(0, 12), (6, 15), REFUSED, REFUSED],
}


@pytest.mark.parametrize("robot", range(4))
def test_rr_ex1_single_slides_from_p1(robot: int) -> None:
    """RR-EX-1 (RR-10): every single move from P1, refused ones included (RR-11)."""
    puzzle = Puzzle.parse(P1)
    board, robots = puzzle.board(), list(puzzle.robot_cells())
    for direction, expected in enumerate(EX1[robot]):
        end = board.slide(robots, robot, direction)
        if expected is REFUSED:
            assert end == robots[robot]
        else:
            assert end == cell_index(*expected)


def test_rr10_targets_are_not_obstacles() -> None:
    """A robot slides over a target cell that has no wall in its way (a custom board)."""
    open_board = Board(("1A", "2A", "3A", "4A"), tuple(_edges()), {Target("red", "circle"): 5}, frozenset())
    assert open_board.slide([0, 200, 201, 202], 0, 1) == 15  # passes (5,0) and stops at the edge


def _edges() -> list[int]:
    walls = [0] * CELLS
    for cell in range(CELLS):
        x, y = cell_xy(cell)
        walls[cell] |= (y == 0) | (x == 15) << 1 | (y == 15) << 2 | (x == 0) << 3
    return walls


def test_rr_ex1_green_stops_on_a_target_not_ending_a_red_round() -> None:
    """RR-EX-1: green N stops on the red circle (walls), and the red round goes on."""
    state = demonstrating(P1, 5)
    events = play(state, 0, "green N")
    assert events[0].start == (4, 4) and events[0].end == (4, 1)
    assert kinds(events) == ["moved"]


def test_rr_ex2_empty_move_is_refused_and_not_counted() -> None:
    """RR-EX-2, RR-11, RR-35."""
    state = demonstrating(P1, 5)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="red robot cannot move north"):
        state.apply_text(0, "red N")
    assert state.to_dict() == before and state.moves == []


def test_rr_ex3_robots_are_obstacles_and_rr12_every_move_counts() -> None:
    """RR-EX-3, RR-10, RR-12."""
    state = demonstrating(P1, 5)
    events = play(state, 0, "red W", "red N")
    assert robots_xy(state)[0] == (4, 5)
    assert [e.count for e in events] == [1, 2]


def test_rr_ex4_ricochet_with_another_robot_between() -> None:
    """RR-EX-4, RR-14, RR-15: W, (green E), N is a ricochet: valid in 3 moves."""
    state = demonstrating(P1, 3)
    events = play(state, 0, "red W", "green E", "red N")
    assert "chip-won" in kinds(events)
    assert state.chips[0] == ["RC"]
    assert ricochet_done([(0, 3), (1, 1), (0, 0)], 0)


def test_rr_ex5_straight_arrival_fails_with_the_rule() -> None:
    """RR-EX-5, RR-15, RR-21: red N lands on the target in a straight line: failure."""
    state = demonstrating(P2, 3)
    events = play(state, 0, "red N")
    assert kinds(events)[:2] == ["moved", "demonstration-failed"]
    assert events[1].reason == "reached the target without a ricochet"
    assert robots_xy(state)[0] == (4, 10)  # back on the marker (RR-23)


def test_rr_ex5_reversal_is_not_a_ricochet_but_then_a_turn_is() -> None:
    """RR-EX-5: E, W (a reversal), N is valid: W then N is the ricochet."""
    assert not ricochet_done([(0, 1), (0, 3)], 0)
    assert ricochet_done([(0, 1), (0, 3), (0, 0)], 0)
    state = demonstrating(P2, 3)
    assert "chip-won" in kinds(play(state, 0, "red E", "red W", "red N"))


def test_rr_ex5_without_the_rule_a_straight_arrival_scores() -> None:
    """RR-15 off: any arrival is valid."""
    state = demonstrating(P2, 1, must_ricochet=False)
    assert "chip-won" in kinds(play(state, 0, "red N"))


def test_rr14_a_robot_starting_on_the_target_has_not_reached_it() -> None:
    """Red starts on the red circle: the round is not solved, red must leave and come back."""
    state = new("1A2A3A4A-4144FF0F-RC")
    assert state.phase == "solving"
    play(state, 0, "bid 5")
    state.apply_text(-1, "time-up")
    events = play(state, 0, "green N")  # nothing arrives: only a moved robot can arrive
    assert kinds(events) == ["moved"]


@pytest.mark.parametrize("rule", [True, False])
def test_rr14_leaving_the_target_and_coming_back(rule: bool) -> None:
    """Red leaves (S) and comes back (N): that arrival counts, but S then N is no ricochet (RR-15)."""
    state = demonstrating("1A2A3A4A-4144FF0F-RC", 2, must_ricochet=rule)
    events = play(state, 0, "red S", "red N")
    assert events[1].end == (4, 1)
    assert events[2].kind == ("demonstration-failed" if rule else "chip-won")


def test_rr_ex6_vortex_any_robot_straight_arrival_fails() -> None:
    """RR-EX-6, RR-13: yellow E onto the vortex without turning fails with the rule."""
    state = demonstrating(P3, 2)
    events = play(state, 0, "yellow E")
    assert events[0].end == (5, 8)
    assert events[1].kind == "demonstration-failed"


def test_rr_ex6_vortex_green_turns_and_scores() -> None:
    """RR-EX-6: green E (stops against red), green N onto the vortex: valid in 2."""
    state = demonstrating(P3, 2)
    events = play(state, 0, "green E", "green N")
    assert events[0].end == (5, 11) and events[1].end == (5, 8)
    assert "chip-won" in kinds(events)


def test_rr_ex6_vortex_without_the_rule_one_move() -> None:
    state = demonstrating(P3, 1, must_ricochet=False)
    assert "chip-won" in kinds(play(state, 0, "yellow E"))


def test_rr7_silver_robot_option_adds_a_fifth_robot() -> None:
    """RR-7: off by default; with the option five robots and five markers."""
    assert new(seats=2, seed=5).robot_count == 4
    state = new(seats=2, seed=5, silver_robot=True)
    assert state.robot_count == 5 and len(state.markers) == 5


def test_rr_ex16_silver_helps_but_never_scores_a_coloured_chip() -> None:
    """RR-EX-16, RR-13: silver moves count; silver is never the active robot for a colour."""
    state = new("1A2A3A4A-8A44FF0FC3-RC")
    assert state.finishers() == [0]
    play(state, 0, "bid 4")
    state.apply_text(-1, "time-up")
    events = play(state, 0, "silver W")
    assert events[0].count == 1 and events[0].robot == "silver"


def test_rr13_silver_may_take_the_vortex() -> None:
    """RR-13 decision: on a vortex chip every robot, silver included, may finish."""
    state = new("1A2A3A4A-6B2B0108C3-MV")
    assert state.finishers() == [0, 1, 2, 3, 4]


def test_rr35_unknown_robot_or_silver_not_in_play_is_refused() -> None:
    state = demonstrating(P1, 5)
    with pytest.raises(IllegalAction, match="silver robot is not in play"):
        state.apply_text(0, "silver N")
