"""The scenarios' setups and special rules (DD-35..DD-40), with ASCII fixtures."""

from __future__ import annotations

import pytest

from robotable.core.errors import InvalidOptions
from robotable.core.game import REFEREE
from robotable.games.droids.actions import AUTO
from robotable.games.droids.board import idx
from robotable.games.droids.pieces import CONTAINER, MINE, OBSTACLE, STATUE
from robotable.games.droids.state import OVER

from .conftest import GAME, at, board, dice, new, order, pieces, send, sending


def destroyed(s) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for em in s.emitters[0] if em[0])


@pytest.mark.parametrize(
    ("scenario", "seats", "obstacles", "containers", "tokens", "repairers"),
    [
        (1, 2, 8, 0, 88, 0),
        (1, 3, 9, 0, 88, 0),
        (1, 4, 8, 0, 88, 0),
        (2, 2, 0, 0, 120, 2),
        (3, 2, 0, 4, 120, 2),
        (3, 3, 0, 6, 120, 2),
        (3, 4, 0, 10, 120, 2),
        (4, 2, 6, 0, 120, 2),
        (4, 3, 9, 0, 120, 2),
        (4, 4, 12, 0, 120, 2),
        (5, 2, 0, 0, 74, 0),
        (6, 2, 0, 0, 77, 0),
        (7, 1, 0, 0, 66, 0),
    ],
)
def test_ex14_setup_counts(
    scenario: int, seats: int, obstacles: int, containers: int, tokens: int, repairers: int
) -> None:
    """DD-EX-14, DD-35..DD-41: obstacles to place, containers, tokens left in the bins, repairers."""
    s = new(scenario, seats)
    assert s.setup_left == obstacles
    assert sum(1 for k in s.objects.values() if k == CONTAINER) == containers
    assert sum(s.bins.values()) == tokens
    assert sum(1 for r in s.robots if r.kind == "repairer") == repairers
    if repairers:
        assert (at(s, "rep1"), at(s, "rep2")) == ((0, 0), (9, 9))


def test_dd35_to_dd41_players_per_scenario() -> None:
    """DD-35..DD-41: player counts and colours per scenario are checked."""
    for scenario, seats in ((5, 4), (6, 3), (7, 2), (2, 1)):
        with pytest.raises(InvalidOptions):
            GAME.new_state({"scenario": scenario}, seats=seats)
    with pytest.raises(InvalidOptions, match="teams"):
        GAME.new_state({"scenario": 3, "teams": True}, seats=4)


def test_dd6_stocks_scenarios_6_and_7() -> None:
    """DD-40, DD-41, DD-EX-14: stocks of 12 + 12 in the duel, 7 against the killer."""
    assert [r.stock for r in new(6).robots] == [12, 12]
    assert new(7, 1).robots[0].stock == 7


# ------------------------------------------------------------------ scenario 2: mines


MINES_A = """
1 . . . . Y . . . #
. . . . # . . . . .
. . . . . . . # . .
. # . ~ ~ ~ ~ . . .
. . . ~ + . ~ ~ ~ ~
~ ~ ~ ~ . . ~ . . .
. . . ~ ~ ~ R . # .
. . # . . . . . . .
. . . . . # . . . .
# . . . . . . . . 2
"""


def test_ex20a_mines_laid_and_set_off() -> None:
    """DD-EX-20 a, DD-36: repairers lay mines where they start; Yellow's move max sets off two."""
    s = new(2)
    board(s, MINES_A)
    sending(s, 0, {0: ["G2:E"], 2: ["G1:S"], 5: ["MM:W"]})
    send(s, 0, 0)
    assert at(s, "rep1") == (2, 0) and s.objects == {idx(0, 0): MINE}
    send(s, 0, 2)
    assert at(s, "rep1") == (2, 1) and s.objects == {idx(0, 0): MINE, idx(2, 0): MINE}
    events = send(s, 0, 5)
    assert at(s, "Y") == (0, 0) and s.objects == {}
    assert [e.cell for e in events if e.kind == "mine-exploded"] == [(2, 0), (0, 0)]
    assert s.pending_hits == [[0, "damage", 2]]
    s.apply(REFEREE, AUTO)
    assert destroyed(s) == 2
    assert s.mines_left == 22


def test_ex20b_carried_mine_explodes_on_zero() -> None:
    """DD-EX-20 b, DD-36: a carried mine rolls for each cell entered; 0 explodes it (2 emitters)."""
    s = new(2)
    pieces(s, rep1=(0, 0), rep2=(9, 9), Y=(7, 9), R=(6, 1), mines=[(7, 8)])
    sending(s, 0, {7: ["TP:N", "M2:W"]})
    send(s, 0, 7)
    assert s.robots[0].carry == MINE
    dice(s, 4, 0)
    events = send(s, 0, 7)
    assert at(s, "Y") == (5, 9) and s.robots[0].carry is None
    assert [(e.cell, e.carried) for e in events if e.kind == "mine-exploded"] == [((5, 9), True)]
    s.apply(REFEREE, AUTO)
    assert destroyed(s) == 2


def test_ex20c_blocked_repairer_lays_no_mine() -> None:
    """DD-EX-20 c, DD-36 (decision): a repairer that does not move lays no mine."""
    s = new(2)
    pieces(s, rep1=(5, 9), rep2=(0, 0), Y=(1, 1), R=(6, 1))
    order(s, 0, "G1:N", emitter=5)
    assert s.objects == {} and s.mines_left == 24


# ------------------------------------------------------------------ scenario 3: containers


def test_ex21_containers() -> None:
    """DD-EX-21, DD-37: take a container from the river; carry it onto the own circle to score;
    another player's circle scores nothing."""
    s = new(3)
    pieces(s, Y=(1, 4), R=(6, 5), containers=[(1, 5), (8, 4)], rep1=(0, 0), rep2=(9, 9))
    order(s, 0, "TP:S")
    assert s.robots[0].carry == CONTAINER and idx(1, 5) not in s.objects
    assert s.board.is_river(idx(1, 5)) and s.is_free(idx(1, 5))
    pieces(s, Y=(3, 7), R=(3, 9), containers=[(8, 4)], rep1=(0, 0), rep2=(9, 9))
    s.robots[1].carry = CONTAINER
    order(s, 0, "M1:S")
    assert s.scores == [1, 0] and s.robots[0].carry is None
    order(s, 1, "M1:N", emitter=3)  # Red pushes Yellow away and stands on Yellow's circle
    assert at(s, "R") == (3, 8) and s.scores == [1, 0] and s.robots[1].carry == CONTAINER
    pieces(s, Y=(0, 8), R=(3, 7), containers=[(8, 4)], rep1=(0, 0), rep2=(9, 9))
    order(s, 1, "M1:S", emitter=3)
    assert at(s, "R") == (3, 8) and s.scores == [1, 0] and s.robots[1].carry == CONTAINER


def test_dd37_game_ends_when_every_container_is_scored() -> None:
    """DD-37: when the last container is scored the most containers wins."""
    s = new(3)
    pieces(s, Y=(3, 7), R=(6, 1), rep1=(0, 0), rep2=(9, 9))
    s.robots[0].carry = CONTAINER
    s.scores = [1, 2]
    order(s, 0, "M1:S")
    assert s.phase == OVER and s.outcome().scores == (0.5, 0.5)


# ------------------------------------------------------------------ scenario 4: gardens

GARDEN_A = """
. . . . . . . . . #
. . . . # . R . . .
. . . . . . . # . .
. # . ~ ~ ~ ~ . . .
. . . ~ + . ~ ~ ~ ~
~ ~ ~ ~ . . ~ . . .
. . . ~ ~ ~ ~ . # .
. . # o o . . . . .
. . o Y o # . . . .
# . o . o . . . . .
"""


def test_ex12a_garden_centre_and_strict() -> None:
    """DD-EX-12 a, DD-38: region {(3,8), (3,9)} closed by obstacles and the edge."""
    s = new(4)
    board(s, GARDEN_A)
    assert s.garden_complete("Y", "centre")
    assert not s.garden_complete("Y", "strict")
    assert not s.garden_complete("R", "centre")


def test_ex12b_green_garden() -> None:
    """DD-EX-12 b, DD-38: Green's circle (8,2) walled by six obstacles."""
    s = new(4, 4)
    pieces(s, obstacles=[(7, 1), (8, 1), (9, 1), (7, 3), (8, 3), (9, 3)], park=False)
    assert s.garden_complete("G", "centre")


@pytest.mark.parametrize(
    ("extra", "complete"),
    [([(2, 9)], False), ([(2, 9), (4, 8)], True), ([(2, 9), (5, 7)], True), ([(4, 8), (5, 7)], False)],
)
def test_ex12c_rulebook_diagram(extra: list[tuple[int, int]], complete: bool) -> None:
    """DD-EX-12 c, DD-38: diagonal gaps leak; walls must touch by their sides."""
    s = new(4)
    pieces(s, obstacles=[(3, 7), (4, 7), (2, 8), (5, 9), *extra], park=False)
    assert s.garden_complete("Y", "centre") is complete


def test_dd38_garden_wins_after_an_order_and_at_setup() -> None:
    """DD-38: the order that completes a garden wins; a garden complete at the end of setup wins."""
    s = new(4)
    pieces(
        s, Y=(4, 9), R=(6, 1), rep1=(0, 0), rep2=(9, 9), obstacles=[(3, 7), (4, 7), (2, 8), (5, 9), (2, 9)]
    )
    s.robots[0].carry = OBSTACLE
    s.robots[1].carry = None
    order(s, 0, "TP:N")  # puts (4,8): Yellow's garden is closed
    assert s.phase == OVER and s.outcome().winners == (0,)
    s = new(4)
    s.objects = {idx(x, y): OBSTACLE for x, y in [(3, 7), (4, 7), (2, 8), (4, 8), (2, 9)]}
    s.setup_left = 1
    seat = s.to_act()[0]
    s.apply_text(seat, "obstacle 4,9")
    assert s.phase == OVER and s.outcome().winners == (0,)


# ------------------------------------------------------------------ scenario 5: the statue


def test_ex22_statue_carried_home() -> None:
    """DD-EX-22, DD-39: Red takes the statue; every move is one cell; Red's circle wins."""
    s = new(5, 3)
    pieces(s, R=(5, 4), Y=(3, 8), B=(1, 7))
    assert at(s, "statue") == (4, 4)
    order(s, 1, "TP:W")
    assert s.robots[1].carry == STATUE and at(s, "statue") is None
    order(s, 1, "MM:N")
    assert at(s, "R") == (5, 3)
    order(s, 1, "W1:N")
    assert at(s, "R") == (5, 2)
    order(s, 1, "M2:N")
    assert at(s, "R") == (5, 1)
    order(s, 1, "M1:E")
    assert s.phase == OVER and s.outcome().winners == (1,)


def test_ex22_stealing_and_pushing_home() -> None:
    """DD-EX-22, DD-39: Blue on land takes the statue from Red in the river; a standing statue
    pushed onto Yellow's circle wins for Yellow."""
    s = new(5, 3)
    pieces(s, R=(5, 3), B=(5, 2), Y=(0, 0))
    s.robots[1].carry = STATUE
    s.robots[3].cell = -1
    order(s, 2, "TP:S", emitter=2)
    assert s.robots[2].carry == STATUE and s.robots[1].carry is None
    s = new(5, 3)
    pieces(s, B=(1, 8), statue=(2, 8), Y=(0, 0), R=(6, 1))
    order(s, 2, "M1:E")
    assert at(s, "statue") == (3, 8) and s.outcome().winners == (0,)


# ------------------------------------------------------------------ scenario 6: prisoner

PRISON = """
. . . . . . . . . #
. . . . # . R . . .
. . . . . . . # . .
. # . ~ ~ ~ ~ . . .
. . . ~ + . ~ ~ ~ ~
~ ~ ~ ~ . . ~ . . .
. . . ~ ~ ~ ~ . # .
o . # . . . . . . .
Y o . . . # . . . .
# . . . . . . . . .
"""


@pytest.mark.parametrize(("neighbours", "over"), [(4, True), (8, False)])
def test_ex23_prisoner(neighbours: int, over: bool) -> None:
    """DD-EX-23, DD-40: end of turn with Yellow walled in on (0,8): Yellow loses; with 8
    neighbours the free (1,7) saves it."""
    s = new(6, prison_neighbours=neighbours)
    board(s, PRISON)
    s.sent = [1, 1]
    s._end_turn([])
    assert (s.phase == OVER) is over
    if over:
        assert s.outcome().winners == (1,)


def test_dd40_both_prisoners_draw() -> None:
    """DD-40: both robots prisoners at the end of a turn: a draw."""
    s = new(6)
    pieces(s, Y=(0, 8), R=(9, 1), obstacles=[(0, 7), (1, 8), (8, 1), (9, 2)])
    s.sent = [1, 1]
    s._end_turn([])
    assert s.outcome().scores == (0.5, 0.5)
