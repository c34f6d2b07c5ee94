"""Boards and their files: DR-2, DR-3, DR-26 and the spec's default data."""

from __future__ import annotations

from pathlib import Path

import pytest

from robotable.core.errors import DataFileError
from robotable.games.dr2d import GAME
from robotable.games.dr2d.board import (
    CONVEYOR,
    PIT,
    PRESS,
    TURN_L,
    TURN_R,
    WRENCH1,
    WRENCH2,
    E,
    N,
    S,
    W,
    parse_board,
    tile_of,
    xy,
)
from tests.dr2d.conftest import DEFAULT, board_text, write_board


def tiles_of(kind: int) -> set[tuple[int, int]]:
    return {xy(t) for t in range(144) if DEFAULT.kind[t] == kind}


def test_dr2_default_board_matches_the_spec() -> None:
    """DR-2: the default board's elements, as listed in the spec's Default data."""
    loop1 = {(4, 1): E, (5, 1): E, (6, 1): E, (7, 1): S, (7, 2): S, (7, 3): S, (7, 4): W, (6, 4): W,
             (5, 4): W, (4, 4): N, (4, 3): N, (4, 2): N}  # fmt: skip
    loop2 = {(x, y + 6): d for (x, y), d in loop1.items()}
    belts = {xy(t): DEFAULT.belt[t] for t in range(144) if DEFAULT.kind[t] == CONVEYOR}
    assert belts == loop1 | loop2
    assert tiles_of(PIT) == {(2, 2), (9, 2), (2, 9), (9, 9)}
    assert tiles_of(TURN_L) == {(1, 4), (10, 7)} and tiles_of(TURN_R) == {(10, 4), (1, 7)}
    assert tiles_of(WRENCH1) == {(1, 1), (10, 10)} and tiles_of(WRENCH2) == {(10, 1), (1, 10)}
    assert tiles_of(PRESS) == {(5, 5), (6, 6)}
    assert [xy(t) for t in DEFAULT.laws] == [(5, 2), (9, 5), (2, 6)]
    assert [xy(t) for t in DEFAULT.starts] == [
        (2, 0),
        (9, 11),
        (11, 2),
        (0, 9),
        (9, 0),
        (2, 11),
        (0, 2),
        (11, 9),
    ]
    pushers = {xy(t): DEFAULT.pusher[t] for t in range(144) if DEFAULT.pusher[t] >= 0}
    assert pushers == {(0, 6): E, (11, 5): W, (6, 0): S, (5, 11): N}
    beams = {xy(laser.mount): (laser.direction, xy(laser.beam[-1])) for laser in DEFAULT.lasers}
    assert beams == {(0, 3): (E, (8, 3)), (11, 8): (W, (3, 8)), (8, 0): (S, (8, 11)), (3, 11): (N, (3, 0))}


def test_dr2_start_tiles_are_out_of_every_beam() -> None:
    """DR-2 / Default data: start tiles lie in no laser beam."""
    beamed = {t for laser in DEFAULT.lasers for t in laser.beam}
    assert not beamed & set(DEFAULT.starts)


def test_dr26_walls_are_on_both_sides() -> None:
    """DR-26: a wall segment lies between two tiles: it blocks from both sides."""
    walls = [
        ((8, 3), E, (9, 3), W),
        ((3, 8), W, (2, 8), E),
        ((5, 0), S, (5, 1), N),
        ((6, 11), N, (6, 10), S),
        ((2, 5), E, (3, 5), W),
        ((9, 6), W, (8, 6), E),
    ]  # the six walls of the spec's Default data
    for tile, side, other, back in walls:
        assert DEFAULT.wall[tile_of(*tile) * 4 + side] and DEFAULT.wall[tile_of(*other) * 4 + back]
    assert len(DEFAULT.walls_list()) == 6


def test_dr3_law_on_a_pit_conveyor_or_wrench_is_rejected() -> None:
    """DR-3 / DR-35: a board whose law tile is a pit, a conveyor or a repair tile is refused at load."""
    for token in ("O", ">", "w", "W"):
        text = board_text(token, left=9, top=11).replace("[lasers]", "[laws]\n1 9,11\n[lasers]")
        with pytest.raises(DataFileError, match="DR-3") as info:
            parse_board(text, "bad.txt")
        line = text.splitlines().index("1 9,11") + 1  # the file names the line of the law
        assert str(info.value).startswith(f"bad.txt: line {line}: ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace(". 1 2 3", ". 1 2 X"), "line 14: unknown map token 'X'"),
        (lambda t: t.replace(". 1 2 3", ". 1 2"), "line 14: map row 11 needs 12 tiles"),
        (lambda t: t.replace(". 1 2 3", ". 1 2 ."), "law 3 is on no tile"),
        (lambda t: t.replace(". 1 2 3", ". 1 1 3"), "law 1 is placed twice"),
        (lambda t: t.replace("[walls]", "[walls]\n12,3 E"), "tile 12,3 is off"),
        (lambda t: t.replace("[walls]", "[walls]\n3,3 Q"), "expected a direction"),
        (lambda t: t.replace("[lasers]", "[lasers]\n5,5 E"), "opposite rim"),
        (lambda t: t.replace("[pushers]", "[pushers]\n5,5 E\n5,5 W"), "two pushers"),
        (lambda t: t.replace("[pushers]", "[gears]"), "unknown section"),
        (lambda t: t.replace("a b c d", "a . c d"), "start tiles must be a, b, c"),
    ],
)
def test_broken_board_files_are_refused_clearly(change, message: str) -> None:  # type: ignore[no-untyped-def]
    """Broken board files name the file, the line or field and the reason."""
    with pytest.raises(DataFileError) as info:
        parse_board(change(board_text()), "mine.txt")
    assert str(info.value).startswith("mine.txt: ") and message in str(info.value)


def test_board_file_option(tmp_path: Path) -> None:
    """A user's board file is played with -O board_file=PATH; a broken one is refused at once."""
    good = write_board(tmp_path, board_text("O", left=5, top=5))
    state = GAME.new_state({"board_file": good, "start_placement": "assigned"}, seed=1, seats=2)
    assert state.board.kind[tile_of(5, 5)] == PIT and state.clone().board.kind[tile_of(5, 5)] == PIT
    bad = tmp_path / "broken.txt"
    bad.write_text("[map]\n. .\n", "utf-8")
    with pytest.raises(DataFileError, match=r"broken\.txt"):
        GAME.new_state({"board_file": str(bad)}, seats=2)
    with pytest.raises(DataFileError, match="cannot read"):
        GAME.new_state({"board_file": str(tmp_path / "missing.txt")}, seats=2)


@pytest.mark.parametrize("raw", [b"\xff\xfe\x00", "[map]\n. \xe9 .\n".encode("latin-1")])
def test_board_file_not_utf8_is_refused_naming_the_file(tmp_path: Path, raw: bytes) -> None:
    """Audit: a board file that is not UTF-8 crashed with a UnicodeDecodeError traceback."""
    path = tmp_path / "bin.txt"
    path.write_bytes(raw)
    with pytest.raises(DataFileError, match=r"bin\.txt: line \d: is not UTF-8 text"):
        GAME.new_state({"board_file": str(path)}, seats=2)
