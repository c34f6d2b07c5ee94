"""Puzzle codes: RR-28, RR-29 and worked example RR-EX-13."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from robotable.core.errors import InvalidOptions, NotationError
from robotable.games.ricochet.board import CENTRE, Target, cell_xy
from robotable.games.ricochet.code import Puzzle, PuzzleCodeError
from tests.ricochet.conftest import P1, new


def test_rr28_format_and_canonical_form() -> None:
    """RR-EX-13: lower case and spaces read the same; the canonical form is upper case."""
    p = Puzzle.parse("1a2a3a4a-8a44ff0f-rc")
    assert str(p) == P1
    assert Puzzle.parse(" 1A2A 3A4A - 8A44 FF0F - RC ") == p
    assert p.robots == ((8, 10), (4, 4), (15, 15), (0, 15))
    assert p.target == Target("red", "circle")


def test_rr28_second_example_board_and_target() -> None:
    """RR-EX-13: 4B3B2B1A-2E03B221-BT puts the blue triangle on (9,12)."""
    p = Puzzle.parse("4B3B2B1A-2E03B221-BT")
    assert p.faces == ("4B", "3B", "2B", "1A")
    assert p.robots == ((2, 14), (0, 3), (11, 2), (2, 1))
    assert cell_xy(p.board().targets[Target("blue", "triangle")]) == (9, 12)


def test_rr28_ten_digits_bring_the_silver_robot() -> None:
    """RR-EX-13, RR-EX-16: a fifth robot in the code puts silver in play, overriding the option."""
    p = Puzzle.parse("1A2A3A4A-8A44FF0FC3-RC")
    assert p.silver and p.robots[4] == (12, 3)
    state = new("1A2A3A4A-8A44FF0FC3-RC", silver_robot=False)
    assert state.robot_count == 5


def test_rr28_vortex_code() -> None:
    assert Puzzle.parse("1A2A3A4A-6B2B0108-MV").target.is_vortex


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("1A1B3A4A-8A44FF0F-RC", "pieces 1, 2, 3 and 4 once each"),
        ("1A2A3A4A-8A44FF77-RC", r"yellow robot is on the centre cell \(7, 7\)"),
        ("1A2A3A4A-8A448A0F-RC", r"red and blue robots share the cell \(8, 10\)"),
        ("1A2A3C4A-8A44FF0F-RC", "side must be A or B"),
        ("1A2A3A4A-8A44FF0F-RX", "unknown target 'RX'"),
        ("1A2A3A4A-8A44FF-RC", "needs 4 or 5 robots, not 3"),
        ("1A2A3A4A-8A44FG0F-RC", "pairs of hex digits"),
        ("1A2A3A4A-8A44FF0F", "FFFFFFFF-RRRRRRRR-TT"),
        ("1A2A3A4A-8A44FF0F-MC", "unknown target"),
        ("1A2A3A4A-8A8A77-RC", r"red and green robots share the cell \(8, 10\)"),  # RR-29's order
        ("1A2A3A4A-77448A8A0F-RC", r"blue and yellow robots share"),
    ],
)
def test_rr29_invalid_codes_are_refused_with_the_first_failing_check(code: str, reason: str) -> None:
    """RR-EX-13 refusals, and RR-35: the reason is the first failing check."""
    with pytest.raises(PuzzleCodeError, match=reason):
        Puzzle.parse(code)
    with pytest.raises(InvalidOptions, match="option 'puzzle'"):
        new(code)
    assert issubclass(PuzzleCodeError, NotationError)


def test_rr29_side_c_allowed_with_extended_face_set() -> None:
    assert Puzzle.parse("1A2A3C4A-8A44FF0F-RC", face_set="1999+C").faces[2] == "3C"


def test_rr29_a_robot_may_stand_on_a_target_even_its_own() -> None:
    """Red on the red circle (4,1) is a valid position."""
    assert Puzzle.parse("1A2A3A4A-4144FF0F-RC").robots[0] == (4, 1)


cells = st.tuples(st.integers(0, 15), st.integers(0, 15)).filter(lambda c: c not in CENTRE)


@given(
    faces=st.permutations("1234").flatmap(
        lambda order: st.tuples(*(st.sampled_from([p + "A", p + "B"]) for p in order))
    ),
    robots=st.lists(cells, min_size=4, max_size=5, unique=True),
    target=st.sampled_from([*(c + s for c in "RGBY" for s in "CTQH"), "MV"]),
)
def test_rr28_parse_and_format_round_trip(faces: tuple[str, ...], robots: list, target: str) -> None:
    code = "".join(faces) + "-" + "".join(f"{x:X}{y:X}" for x, y in robots) + "-" + target
    assert str(Puzzle.parse(code)) == code
    assert str(Puzzle.parse(code.lower())) == code
