"""Whole-round scenarios on small ASCII boards: the board, the programs, the end state and events."""

from __future__ import annotations

from .conftest import BLUE, RED, board_file, kinds, new, place, program_all, where

# Row 1 has a 1-arrow conveyor east at (2,1) and a drop point at (4,1).
PUSH_BOARD = """
; start points 1 and 2, a conveyor and a drop on the middle row
[map]
1 . . . P
. . > . D
2 . . . .
"""


def test_rd_19_rd_21_rd_22_pushed_along_a_conveyor_onto_the_drop(tmp_path) -> None:
    """RD-19, RD-21, RD-22: Red pushes Blue onto the conveyor (Blue rides it, Red's cell does
    nothing); next slot Red's FWD x2 pushes Blue onto the drop: Blue's second delivery wins."""
    state = new(board_file=board_file(tmp_path, PUSH_BOARD))
    state.first = RED
    place(state, {RED: ((0, 1), "E"), BLUE: ((1, 1), "S")})
    state.delivered[BLUE], state.parcel[BLUE] = 1, True
    events = program_all(
        state,
        {
            RED: [["FWD"], ["FWD", "LOOP"], ["RR"], ["RR"]],
            BLUE: [["RL"], ["RL"], ["RL"], ["RL"]],
        },
    )
    moves = [(e.seat, e.start, e.end, e.cause) for e in events if e.kind == "moved"]
    assert moves == [
        (RED, (0, 1), (1, 1), "card"),
        (BLUE, (1, 1), (2, 1), "pushed"),
        (BLUE, (2, 1), (3, 1), "conveyor"),  # Blue's cell effect, after Red's own (floor)
        (RED, (1, 1), (2, 1), "card"),
        (RED, (2, 1), (3, 1), "card"),
        (BLUE, (3, 1), (4, 1), "pushed"),
    ]
    assert where(state, RED)[0] == (3, 1) and where(state, BLUE) == ((4, 1), "E")  # Blue turned once
    assert state.delivered[BLUE] == 2 and state.outcome().winners == (BLUE,)
    assert kinds(events)[-3:] == ["delivered", "won", "game-over"]
    assert events[-1].winners == (BLUE,)  # RD-22: the pushed pawn wins, not the active one
    assert state.view(None)["last"]["paths"][1][RED] == [[1, 1], [2, 1], [3, 1]]


LASER_BOARD = """
[map]
1 . # . .
. . . . D
P 2 . . .
"""


def test_rd_16_laser_steals_across_the_board(tmp_path) -> None:
    """RD-16, RD-21, RD-25: Blue (first player) picks up a parcel at (0,2) in slot 1; in slot 3 Red
    shoots south down column 0 and hits Blue: the parcel moves to Red and the bug card, on top of
    Blue's draw pile, is the first card Blue draws at the refill."""
    state = new(board_file=board_file(tmp_path, LASER_BOARD))
    state.first = BLUE
    place(state, {RED: ((0, 0), "S"), BLUE: ((1, 2), "W")})
    events = program_all(
        state,
        {RED: [["RR"], ["RL"], ["LASER"], ["RR"]], BLUE: [["FWD"], ["RR"], ["RR"], ["UT"]]},
    )
    laser = next(e for e in events if e.kind == "laser")
    assert laser.hit == BLUE and laser.cells == ((0, 1), (0, 2)) and laser.parcel_taken
    # slot 4: Blue's U-turn leaves it on the pickup, whose effect applies without a move (RD-21)
    assert [(e.seat, e.cell) for e in events if e.kind == "picked"] == [(BLUE, (0, 2)), (BLUE, (0, 2))]
    assert state.parcel == [True, True]
    drew = next(e for e in events if e.kind == "drew" and e.seat == BLUE)
    assert drew.cards[0] == "BUG"  # the bug card was on top of Blue's draw pile
    assert "BUG" in state.hands[BLUE]
