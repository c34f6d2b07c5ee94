"""The board and the data files (DD-1, DD-3, DD-7, DD-8, DD-42): defaults and broken files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from robotable.core.errors import DataFileError, InvalidOptions
from robotable.games.droids.board import idx, load_board, load_killer_sheets, load_scenarios, xy
from robotable.games.droids.tokens import directions_for, send_order_move

from .conftest import GAME, MAP, at, new, pieces

DEFAULT = Path(__file__).resolve().parents[2] / "src/robotable/games/droids/data/droids_board_default.json"


def test_dd1_default_map() -> None:
    """DD-1: 18 river cells, 8 fixed obstacles, the four circles; the river cuts the board."""
    b = load_board()
    assert sum(1 for t in b.terrain if t == "~") == 18
    rocks = {xy(c) for c in range(100) if b.is_rock(c)}
    assert rocks == {(9, 0), (0, 9), (4, 1), (5, 8), (7, 2), (2, 7), (1, 3), (8, 6)}
    assert {c: xy(v) for c, v in b.circles.items()} == {"Y": (3, 8), "R": (6, 1), "B": (1, 7), "G": (8, 2)}
    assert xy(b.statue) == (4, 4) and [xy(c) for c in b.corners] == [(0, 0), (9, 9)]
    rows = [line.replace(" ", "") for line in MAP.strip().splitlines()]
    assert all(b.is_river(idx(x, y)) == (rows[y][x] == "~") for y in range(10) for x in range(10))
    # the river cuts the board: no 8-connected path of non-river cells from north to south
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if 0 <= n[0] < 10 and 0 <= n[1] < 10 and n not in seen and not b.is_river(idx(*n)):
                    seen.add(n)
                    todo.append(n)
    assert (6, 1) in seen and (8, 2) in seen and (3, 8) not in seen and (1, 7) not in seen


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def test_dd1_broken_board_files_are_refused(tmp_path: Path) -> None:
    """DD-1: a broken board file is refused with the file, the field and the reason."""
    good = json.loads(DEFAULT.read_text("utf-8"))
    bad_char = {**good, "map": [*good["map"][:3], ".#.~~~~.X.", *good["map"][4:]]}
    with pytest.raises(DataFileError, match=r"map row 3 column 8: unknown character 'X'"):
        load_board(write(tmp_path, "a.json", bad_char))
    short = {**good, "map": good["map"][:9]}
    with pytest.raises(DataFileError, match="map: must be a list of 10 rows"):
        load_board(write(tmp_path, "b.json", short))
    no_yellow = {**good, "map": [row.replace("y", ".") for row in good["map"]]}
    with pytest.raises(DataFileError, match="start circle"):
        load_board(write(tmp_path, "c.json", no_yellow))
    corner = {**good, "repairer_corners": [[0, 0], [12, 3]]}
    with pytest.raises(DataFileError, match=r"repairer_corners\[1\]"):
        load_board(write(tmp_path, "d.json", corner))
    with pytest.raises(DataFileError, match="line 1"):
        load_board(write(tmp_path, "e.json", "{not json"))
    with pytest.raises(InvalidOptions):
        GAME.new_state({"board_file": 3}, seats=2)
    with pytest.raises(DataFileError, match=r"a\.json"):
        GAME.new_state({"board_file": str(tmp_path / "a.json")}, seats=2)


def test_dd42_broken_killer_and_scenario_files(tmp_path: Path) -> None:
    """DD-42, DD-35: killer sheets and the scenario table are validated too."""
    with pytest.raises(DataFileError, match=r"A\[1\]: unknown order 'fire'"):
        load_killer_sheets(
            write(tmp_path, "k.json", {"A": ["shoot", "fire", *["1 F"] * 8], "B": ["1 F"] * 10})
        )
    with pytest.raises(DataFileError, match="sheet B"):
        load_killer_sheets(write(tmp_path, "k2.json", {"A": ["1 F"] * 10}))
    table = json.loads((DEFAULT.parent / "droids_scenarios.json").read_text("utf-8"))
    table["3"]["removed"] = ["purple"]
    with pytest.raises(DataFileError, match=r"3\.removed\[0\]: unknown token type or bin 'purple'"):
        load_scenarios(write(tmp_path, "s.json", table))
    table["3"]["removed"] = []
    del table["5"]
    with pytest.raises(DataFileError, match="5: scenario missing"):
        load_scenarios(write(tmp_path, "s2.json", table))


def test_dd1_own_board_file(tmp_path: Path) -> None:
    """DD-1: a user's board file replaces the default (here: the river moved one row down)."""
    good = json.loads(DEFAULT.read_text("utf-8"))
    good["map"][9] = "~~~~~~~~~~"
    s = GAME.new_state({"board_file": write(tmp_path, "mine.json", good)}, seats=2)
    assert s.board.is_river(idx(5, 9))


def test_dd3_robots_one_per_cell() -> None:
    """DD-3: one robot per colour in play, plus repairers / statue / killer by scenario;
    a cell never holds two robots, pushes included."""
    assert [r.kind for r in new(1, 3).robots] == ["player"] * 3
    assert [r.kind for r in new(2, 2).robots] == ["player", "player", "repairer", "repairer"]
    assert [r.kind for r in new(5, 2).robots] == ["player", "player", "statue"]
    assert [r.kind for r in new(7, 1).robots] == ["player", "killer"]
    s = new()
    pieces(s, Y=(0, 8), R=(0, 7))
    assert s.robot_at(idx(0, 7)) == 1 and not s.is_free(idx(0, 7))
    cells = [r.cell for r in s.robots]
    assert len(cells) == len(set(cells))
    assert at(s, "Y") == (0, 8)


def test_dd7_dd8_directions() -> None:
    """DD-7: orthogonal arrows for moves, shots, take/put, repair; diagonal ones for diagonals.
    DD-8: the four send-order kinds relative to the transmission direction."""
    for token in ("M1", "M2", "MM", "W1", "G1", "G2", "GM", "GR", "SH", "TP", "O1"):
        assert directions_for(token) == ("N", "E", "S", "W")
    assert directions_for("MD") == directions_for("WD") == ("NE", "SE", "SW", "NW")
    assert [send_order_move(k, "N") for k in ("O1", "O2", "O3", "O4")] == ["N", "S", "W", "E"]
    assert [send_order_move(k, "E") for k in ("O1", "O2", "O3", "O4")] == ["E", "W", "N", "S"]


def test_dd1_dd3_dd42_more_broken_files_are_refused(tmp_path: Path) -> None:
    """DD-1, DD-3, DD-4, DD-42, DD-35: a second statue, pieces sharing a start cell, no centre,
    a non-text killer order, negative or non-integer counts: refused naming file, field and reason
    (a killer order that was a list used to crash with a TypeError)."""
    good = json.loads(DEFAULT.read_text("utf-8"))
    two_statues = {**good, "map": [good["map"][0].replace(".", "S", 1), *good["map"][1:]]}
    with pytest.raises(DataFileError, match="map row 4: a second statue cell"):
        load_board(write(tmp_path, "b1.json", two_statues))
    with pytest.raises(DataFileError, match=r"containers_2: cell \[3, 8\] is already start circle 'y'"):
        load_board(write(tmp_path, "b2.json", {**good, "containers_2": [[3, 8]]}))
    with pytest.raises(DataFileError, match=r"containers_3: cell \[1, 5\] is already in containers_2"):
        load_board(write(tmp_path, "b3.json", {**good, "containers_3": [[1, 5]]}))
    with pytest.raises(DataFileError, match=r"repairer_corners: cell \[6, 1\] is already start circle 'r'"):
        load_board(write(tmp_path, "b4.json", {**good, "repairer_corners": [[6, 1], [9, 9]]}))
    with pytest.raises(DataFileError, match="centre: at least one"):
        load_board(write(tmp_path, "b5.json", {**good, "centre": []}))
    with pytest.raises(DataFileError, match=r"k\.json: A\[0\]: unknown order"):
        load_killer_sheets(write(tmp_path, "k.json", {"A": [["1 F"]] * 10, "B": ["1 F"] * 10}))
    table = json.loads((DEFAULT.parent / "droids_scenarios.json").read_text("utf-8"))
    for number, field, value, message in (
        ("6", "stock", -3, r"6\.stock: the number must be from 0 to 25, not -3"),
        ("1", "setup_obstacles", {"2": -1}, r"1\.setup_obstacles\.2: the number must be from 0 to 25"),
        ("1", "setup_obstacles", {"2": 8.5}, r"1\.setup_obstacles\.2: expected a whole number, not 8\.5"),
        ("1", "setup_obstacles", {"x": 8}, r"1\.setup_obstacles: player counts are '1' to '4'"),
        ("1", "players", [True], r"1\.players\[0\]: expected a whole number, not True"),
    ):
        broken = {**table, number: {**table[number], field: value}}
        with pytest.raises(DataFileError, match=message):
            load_scenarios(write(tmp_path, f"s{number}{field}.json", broken))
