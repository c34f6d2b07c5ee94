"""Boards and decks as data files (RD-2, RD-4): the default map, user files, clear refusals."""

from __future__ import annotations

import pytest

from robotable.core.errors import DataFileError
from robotable.games.delivery.board import (
    CONVEYOR,
    DROP,
    EXPRESS,
    PICKUP,
    WALL,
    load_board,
    load_decks,
    parse_board,
    parse_decks,
)

from .conftest import board_file, new, where


def test_rd_2_default_board_matches_the_spec() -> None:
    """RD-2: the default 9 x 11 board, its elements and 180-degree symmetry."""
    board = load_board()
    assert (board.width, board.height) == (9, 11)

    def cells(kind: int) -> set[tuple[int, int]]:
        return {board.xy(c) for c in range(board.size) if board.kinds[c] == kind}

    assert cells(DROP) == {(4, 0), (4, 10)}
    assert cells(PICKUP) == {(3, 5), (5, 5)}
    assert cells(WALL) == {
        (0, 0),
        (8, 0),
        (2, 1),
        (6, 1),
        (2, 4),
        (6, 4),
        (4, 5),
        (2, 6),
        (6, 6),
        (2, 9),
        (6, 9),
        (0, 10),
        (8, 10),
    }
    conveyors = {
        board.xy(c): "NESW"[board.arrows[c]] for c in range(board.size) if board.kinds[c] == CONVEYOR
    }
    assert conveyors == {(4, 1): "N", (4, 2): "N", (4, 8): "S", (4, 9): "S"}
    express = {board.xy(c): "NESW"[board.arrows[c]] for c in range(board.size) if board.kinds[c] == EXPRESS}
    assert express == {
        (1, 2): "E",
        (2, 2): "E",
        (1, 8): "E",
        (2, 8): "E",
        (6, 2): "W",
        (7, 2): "W",
        (6, 8): "W",
        (7, 8): "W",
    }
    assert [(board.xy(c), "NESW"[f]) for c, f in board.starts] == [
        ((0, 4), "E"),
        ((8, 6), "W"),
        ((8, 4), "W"),
        ((0, 6), "E"),
    ]
    for cell in range(board.size):  # 180-degree rotational symmetry of kinds
        assert board.kinds[cell] == board.kinds[board.size - 1 - cell]


def test_rd_2_border_counts_as_wall() -> None:
    """RD-2: moves off the board are blocked like walls."""
    board = load_board()
    assert board.neighbour(board.cell(0, 3), 3) == -1
    assert board.neighbour(board.cell(1, 4), 1) == -1  # (2,4) is a wall cell


def test_user_board_file(tmp_path) -> None:
    """RD-2: a user's board with its own legend, by option.

    Board::

        [legend]
        o floor
        X wall
        p pickup
        d drop
        s start S
        n start N
        [map]
        s o d
        o X o
        n p o
    """
    text = "[legend]\no floor\nX wall\np pickup\nd drop\ns start S\nn start N\n[map]\ns o d\no X o\nn p o\n"
    state = new(board_file=board_file(tmp_path, text))
    assert where(state, 0) == ((0, 0), "S") and where(state, 1) == ((0, 2), "N")
    assert state.view(None)["board"]["rows"] == ["..D", ".#.", ".P."]


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("[legend]\n. floor\n", "[map]", "missing or empty"),
        ("[map]\n1..\n4.\n", "line 3", "row has 2 cells"),
        ("[map]\n1.x\n4PD\n", "line 2", "symbol 'x'"),
        ("[map]\n1..\n4..\n", "[map]", "pickup"),
        ("[map]\n1P.\n..D\n", "[map]", "2 start points"),
        ("[legend]\n. lava\n[map]\n.\n", "line 2", "unknown kind 'lava'"),
        ("[legend]\n> conveyor\n[map]\n>\n", "line 2", "needs a direction"),
        ("[legend]\n> conveyor Q\n[map]\n>\n", "line 2", "unknown direction"),
        ("[legend]\n. floor\n. wall\n[map]\n.\n", "line 3", "defined twice"),
        ("hello\n[map]\n.\n", "line 1", "before the"),
    ],
)
def test_broken_board_files_are_refused(text: str, field: str, reason: str) -> None:
    """Data files: a broken board names the file, the line or field, and the reason."""
    with pytest.raises(DataFileError, match=reason) as info:
        parse_board(text, "mine.txt")
    assert info.value.file == "mine.txt" and info.value.field == field


def test_missing_board_file_is_refused(tmp_path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        new(board_file=str(tmp_path / "nope.txt"))


def test_too_few_start_points_for_the_players(tmp_path) -> None:
    from robotable.core.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match="start points"):
        new(3, board_file=board_file(tmp_path, "[map]\n1P.\n4.D\n"))


def test_rd_4_default_decks_file() -> None:
    """RD-4: the deck file lists the 20 cards of a colour."""
    decks = dict(load_decks())
    assert sum(decks.values()) == 20 and decks["FN-OWN"] == 2 and decks["FWD"] == 4


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("FWD x\n", "line 1", "NAME COUNT"),
        ("JUMP 2\n", "line 1", "unknown card"),
        ("FWD 2\nFWD 2\nFN-OWN 1\n", "line 2", "twice"),
        ("FWD 8\n", "FN-OWN", "own Function"),
        ("FWD 8\nLOOP 9\nFN-OWN 1\n", "line 2", "at most 4"),
        ("FWD 2\nFN-OWN 2\n", "deck", "at least 4 action cards"),
    ],
)
def test_broken_deck_files_are_refused(text: str, field: str, reason: str) -> None:
    with pytest.raises(DataFileError, match=reason) as info:
        parse_decks(text, "decks.txt")
    assert info.value.field == field


def test_user_deck_file(tmp_path) -> None:
    path = tmp_path / "decks.txt"
    path.write_text("; a tiny deck\nFWD 6\nRR 2\nFN-OWN 1\n", "utf-8")
    state = new(decks_file=str(path))
    counts = sorted(state.hands[0] + state.draw[0])
    assert counts == sorted(["FWD"] * 6 + ["RR"] * 2 + ["FN-B"])  # FN-A went to Blue
