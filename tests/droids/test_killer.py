"""Scenario 7: the killer robot (DD-41..DD-45)."""

from __future__ import annotations

import pytest

from robotable.core.game import REFEREE
from robotable.games.droids.actions import AUTO, STOP, Pick
from robotable.games.droids.board import load_killer_sheets
from robotable.games.droids.state import DRAW, OVER, PLACE

from .conftest import at, board, dice, new, order, pieces, sending, typed


def killer_turn(s, die: int) -> list:  # type: ignore[no-untyped-def]
    """Pick 7 move-1 tokens, place nothing, roll ``die`` for the sheet; the killer sends alone."""
    for _ in range(7):
        s.apply(0, Pick("M1"))
    assert s.phase == PLACE
    dice(s, die)
    events = s.apply(0, STOP)
    while s.pending_hits:
        events += s.apply(REFEREE, AUTO)
    return events


def test_dd41_setup() -> None:
    """DD-41: the player on their circle with 7 obstacles; the killer on the opposite circle."""
    s = new(7, 1)
    assert at(s, "Y") == (3, 8) and at(s, "killer") == (6, 1) and s.robots[0].stock == 7
    s = new(7, 1, colours="B")
    assert at(s, "B") == (1, 7) and at(s, "killer") == (8, 2)
    assert s.killer_side == "E"


def test_dd42_sheets() -> None:
    """DD-42: sheet A as printed in the spec; sheet B is A with L and R exchanged."""
    sheets = load_killer_sheets()
    assert sheets["A"] == ("max F", "shoot", "1 R", "2 F", "shoot", "max L", "1 B", "shoot", "2 R", "max F")
    swap = str.maketrans("LR", "RL")
    assert sheets["B"] == tuple(o.translate(swap) for o in sheets["A"])
    s = new(7, 1)
    assert [s.killer_direction(x) for x in "FBLR"] == ["S", "N", "E", "W"]


def test_ex13a_die_6() -> None:
    """DD-EX-13 a, DD-43: cell 6 (move 1 B): the killer goes to (6,0) and its sending is over."""
    s = new(7, 1)
    events = killer_turn(s, 6)
    assert at(s, "killer") == (6, 0) and s.killer_sent == [6]
    assert [e.sent for e in events if e.kind == "finished-sending" and e.seat == -2] == [1]


def test_ex13b_die_3() -> None:
    """DD-EX-13 b, DD-43: cell 3 (move 2 F): (6,3) across the river; line 6 again: over."""
    s = new(7, 1)
    events = killer_turn(s, 3)
    assert at(s, "killer") == (6, 3) and s.killer_sent == [3]
    assert [e.sent for e in events if e.kind == "finished-sending" and e.seat == -2] == [1]


def test_ex13c_die_5_three_orders() -> None:
    """DD-EX-13 c, DD-43: cells 5, 8, 6: (9,1), (7,1), (7,0)."""
    s = new(7, 1)
    events = killer_turn(s, 5)
    assert at(s, "killer") == (7, 0) and s.killer_sent == [5, 8, 6]
    moves = [(e.start, e.end) for e in events if e.kind == "moved" and e.robot == "killer"]
    assert moves == [((6, 1), (9, 1)), ((9, 1), (7, 1)), ((7, 1), (7, 0))]
    assert [e.sent for e in events if e.kind == "finished-sending" and e.seat == -2] == [3]


def test_ex13d_sequence_mode() -> None:
    """DD-EX-13 d, DD-43: 'sequence' mode, die 8: cells 8, 9, 0, 1, 2, 3, 4, one per go."""
    s = new(7, 1, killer_sheet_mode="sequence", killer_level=2)
    pieces(s, Y=(0, 8), obstacles=[(0, 7), (1, 8)], park=False)
    killer_turn(s, 8)
    assert s.killer_sent == [8, 9, 0, 1, 2, 3, 4]


def test_dd41_killer_goes_first_each_round() -> None:
    """DD-41: each round of goes starts with the killer, then the player."""
    s = new(7, 1)
    pieces(s, Y=(3, 8), killer=(6, 1))
    for _ in range(7):
        s.apply(0, Pick("M1"))
    typed(s, 0, "M1, e3.1, W")
    typed(s, 0, "M1, e2.1, E")
    dice(s, 6)
    events = s.apply(0, STOP)
    assert [(e.seat, e.emitter) for e in events if e.kind == "sent"] == [(-2, 6)]
    assert s.to_act() == [0]
    events = s.apply_text(0, "send e3")  # then the killer's go: its sending is over
    assert [(e.kind, e.seat) for e in events if e.kind in ("sent", "finished-sending")] == [
        ("sent", 0),
        ("finished-sending", -2),
    ]
    s.apply_text(0, "send e2")
    assert s.phase == DRAW and s.turn == 2  # killer over, player sent twice: next turn
    assert at(s, "Y") == (3, 8)


@pytest.mark.parametrize(
    ("level", "roll", "hits"), [(1, 3, 0), (1, 4, 1), (1, 7, 1), (1, 8, 2), (3, None, 2)]
)
def test_ex24_killer_shot_levels(level: int, roll: int | None, hits: int) -> None:
    """DD-EX-24, DD-44: n = 4 at level 1; level 3 always 2 emitters."""
    s = new(7, 1, killer_level=level)
    pieces(s, killer=(5, 1), Y=(5, 5))
    dice(s, *([roll] if roll is not None else []))
    events: list = []
    s._killer_execute("shoot", events)
    shot = next(e for e in events if e.kind == "shot")
    assert (shot.distance, shot.roll, shot.hits) == (4, roll, hits)
    assert s.pending_hits == ([[0, "damage", hits]] if hits else [])


def test_ex24_level6_and_cover() -> None:
    """DD-EX-24, DD-44, DD-45: level 6: any hit loses at once; level 2 behind an obstacle: no hit."""
    s = new(7, 1, killer_level=6)
    pieces(s, killer=(5, 1), Y=(5, 5))
    s._killer_execute("shoot", [])
    assert s.phase == OVER and s.outcome().scores == (0.0,)
    s = new(7, 1, killer_level=2)
    pieces(s, killer=(5, 1), Y=(5, 5), obstacles=[(5, 4)])
    events: list = []
    s._killer_execute("shoot", events)
    assert not [e for e in events if e.kind == "shot"] and s.pending_hits == []


CORNER = """
. . . . . . . . . #
. . . . # . . . . K
. . . . . . . # Y .
. # . ~ ~ ~ ~ . . .
. . . ~ + . ~ ~ ~ ~
~ ~ ~ ~ . . ~ . . .
. . . ~ ~ ~ ~ . # .
. . # . . . . . . .
. . . . . # . . . .
# . . . . . . . . .
"""


def test_ex25_camisole() -> None:
    """DD-EX-25, DD-45: the second obstacle put beside the killer in the corner wins."""
    s = new(7, 1)
    board(s, CORNER)
    sending(s, 0, {8: ["TP:N", "TP:E"]})
    s.apply_text(0, "send e8")
    assert s.phase != OVER
    s.apply_text(0, "send e8")
    assert s.phase == OVER and s.outcome().detail == "the killer is straitjacketed"


def test_ex25_pushable_robot_is_no_wall() -> None:
    """DD-EX-25, DD-45: the player's robot on (9,2) with (9,3) free could be pushed: no win."""
    s = new(7, 1)
    pieces(s, killer=(9, 1), Y=(9, 2), obstacles=[(8, 1)])
    assert not s.straitjacketed(s.killer_index)
    order(s, 0, "TP:W", emitter=9)  # puts an obstacle on (8,2): still not straitjacketed
    assert s.phase != OVER


def test_dd45_eliminated_player_loses() -> None:
    """DD-45, DD-31: a player who sends nothing in a turn loses."""
    s = new(7, 1)
    killer_turn(s, 0)
    assert s.phase == OVER and s.outcome().scores == (0.0,)
