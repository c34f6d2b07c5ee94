"""Board rules RR-1..RR-6 and worked example RR-EX-14, checked against the shared board facts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from robotable.core.errors import DataFileError
from robotable.games.ricochet.board import (
    ALL_TARGETS,
    CELLS,
    CENTRE,
    DX,
    DY,
    OPPOSITE,
    SIZE,
    Target,
    assemble,
    cell_index,
    cell_xy,
    load_faces,
    parse_faces,
    place,
    placements,
    standard_faces,
)
from tests.ricochet.conftest import new

# A verbatim copy of the shared board facts (shared/data/ricochet_quadrants.json), kept in the
# repository so the tests run on any machine; the faces file is checked against it.
SHARED = Path(__file__).resolve().parent / "fixtures" / "ricochet_quadrants.json"
SIDES = {"N": 0, "E": 1, "S": 2, "W": 3}


def shared_faces() -> dict[str, dict]:
    data = json.loads(SHARED.read_text())
    return {face["id"]: face for face in data["faces"] + data["extra_faces"]}


def canonical(walls: set[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    """Name each wall segment once: by the cell south or east of it (sides N and W)."""
    out = set()
    for x, y, d in walls:
        if d in (1, 2):  # E or S: the same segment seen from the neighbour
            x, y, d = x + DX[d], y + DY[d], OPPOSITE[d]
        out.add((x, y, d))
    return out


@pytest.mark.parametrize("face_id", sorted(shared_faces()))
def test_rr2_every_face_matches_the_shared_board_facts(face_id: str) -> None:
    """Our faces file carries exactly the walls, targets and centre cell of the shared data."""
    ours = standard_faces()[face_id]
    theirs = shared_faces()[face_id]
    walls = {(col, row, SIDES[side]) for row, col, side in theirs["walls"]}
    outer = {(i, 0, 0) for i in range(8)} | {(0, i, 3) for i in range(8)}  # never listed there
    assert canonical(set(ours.walls)) == canonical(walls) | outer
    targets = {(col, row, Target(colour, symbol)) for row, col, colour, symbol in theirs["targets"]}
    assert set(ours.targets) == targets
    assert ours.blocked == {(c, r) for r, c in theirs["blocked_cells"]}


def assemble_from_shared(faces: tuple[str, ...]) -> tuple[set[tuple[int, int, int]], dict[Target, tuple]]:
    """An independent assembly straight from the shared file's own rule (rotate, then offset)."""
    data = json.loads(SHARED.read_text())
    positions = data["assembly"]["positions"]
    by_id = shared_faces()
    walls, targets = set(), {}
    for name, face_id in zip(("NW", "NE", "SE", "SW"), faces, strict=True):
        pos = positions[name]

        def turn(row: int, col: int, side: int, pos: dict = pos) -> tuple[int, int, int]:
            for _ in range(pos["rotation_cw_quarter_turns"]):
                row, col, side = col, 7 - row, (side + 1) % 4
            return row + pos["row_offset"], col + pos["col_offset"], side

        for row, col, side in by_id[face_id]["walls"]:
            r, c, d = turn(row, col, SIDES[side])
            walls.add((c, r, d))
        for row, col, colour, symbol in by_id[face_id]["targets"]:
            r, c, _ = turn(row, col, 0)
            targets[Target(colour, symbol)] = (c, r)
    return walls, targets


@pytest.mark.parametrize("faces", list(placements()))
def test_rr2_every_assembled_board_matches_the_shared_file(faces: tuple[str, ...]) -> None:
    """All 384 placements: our board's walls and targets equal an assembly of the shared data."""
    board = assemble(faces)
    walls, targets = assemble_from_shared(faces)
    ours = {(*cell_xy(c), d) for c in range(CELLS) for d in range(4) if board.has_wall(c, d)}
    inner = {(x, y, d) for x, y, d in ours if 0 <= x + DX[d] < SIZE and 0 <= y + DY[d] < SIZE}
    centre = {(x, y, d) for x, y, d in inner if (x, y) in CENTRE or (x + DX[d], y + DY[d]) in CENTRE}
    assert canonical(inner - centre) == canonical(walls) - canonical(centre)
    assert {t: cell_xy(c) for t, c in board.targets.items()} == targets


@pytest.mark.parametrize("faces", list(placements()))
def test_rr_ex14_every_placement_assembles_a_legal_board(faces: tuple[str, ...]) -> None:
    """RR-EX-14, RR-1, RR-3, RR-4: 17 distinct targets, mirrored walls, a closed centre block."""
    board = assemble(faces)
    assert set(board.targets) == set(ALL_TARGETS)
    assert len(set(board.targets.values())) == 17
    for cell in range(CELLS):
        x, y = cell_xy(cell)
        for d in range(4):
            nx, ny = x + DX[d], y + DY[d]
            if 0 <= nx < SIZE and 0 <= ny < SIZE:
                assert board.has_wall(cell, d) == board.has_wall(cell_index(nx, ny), OPPOSITE[d])
            else:
                assert board.has_wall(cell, d), "the outer edge is always walled"
    assert {cell_xy(c) for c in board.blocked} == set(CENTRE)
    for cell in board.blocked:
        assert board.walls[cell] == 0b1111


def test_rr2_assembly_turns_each_face_clockwise() -> None:
    """RR-EX-14: the 1A red circle at local (4,1) lands on (4,1), (14,4), (11,14), (1,11)."""
    assert [place(4, 1, p) for p in range(4)] == [(4, 1), (14, 4), (11, 14), (1, 11)]
    red_circle = Target("red", "circle")
    at = {
        pos: assemble(faces).targets[red_circle]
        for pos, faces in enumerate(
            [
                ("1A", "2A", "3A", "4A"),
                ("4A", "1A", "2A", "3A"),
                ("3A", "4A", "1A", "2A"),
                ("2A", "3A", "4A", "1A"),
            ]
        )
    }
    assert [cell_xy(c) for c in at.values()] == [(4, 1), (14, 4), (11, 14), (1, 11)]


def test_rr1_grid_and_centre_block() -> None:
    board = assemble(("1A", "2A", "3A", "4A"))
    assert len(board.walls) == SIZE * SIZE == 256
    assert {cell_xy(c) for c in board.blocked} == {(7, 7), (8, 7), (7, 8), (8, 8)}


def test_rr3_walls_block_both_ways() -> None:
    """The wall north of the red circle (4,1) blocks (4,1)->(4,0) and (4,0)->(4,1)."""
    board = assemble(("1A", "2A", "3A", "4A"))
    assert board.has_wall(cell_index(4, 1), 0) and board.has_wall(cell_index(4, 0), 2)


def test_rr4_targets_of_test_board_t() -> None:
    """The spec's list of targets on board T."""
    expected = {
        "RC": (4, 1), "RQ": (13, 1), "GT": (1, 2), "BT": (9, 2), "YH": (6, 3), "GH": (14, 5),
        "BQ": (3, 6), "YC": (11, 6), "MV": (5, 8), "BC": (1, 9), "YQ": (14, 9), "GQ": (4, 10),
        "RT": (8, 10), "GC": (13, 11), "RH": (5, 13), "BH": (10, 13), "YT": (3, 14),
    }  # fmt: skip
    board = assemble(("1A", "2A", "3A", "4A"))
    assert {t.code: cell_xy(c) for t, c in board.targets.items()} == expected


def test_rr5_face_sets() -> None:
    """1999: 8 faces, 384 placements; 1999+C adds the C sides; D faces are out of scope."""
    assert sorted(standard_faces()) == sorted(f"{p}{s}" for p in "1234" for s in "ABC")
    assert len(list(placements("1999"))) == 384
    assert len(list(placements("1999+C"))) == 24 * 81
    assert all(all(f[1] in "AB" for f in faces) for faces in placements("1999"))
    state = new(seats=2, seed=3, face_set="1999+C")
    assert sorted(f[0] for f in state.faces) == ["1", "2", "3", "4"]


def test_rr6_random_board_uses_each_piece_once_and_varies() -> None:
    """RR-6: a uniformly random placement, fixed for the game; 96 distinct boards up to turning."""
    seen = Counter(new(seats=2, seed=seed).faces for seed in range(300))
    assert len(seen) > 150  # 300 draws among 384 placements
    for faces in seen:
        assert sorted(f[0] for f in faces) == ["1", "2", "3", "4"]
    rotations = {min(faces[i:] + faces[:i] for i in range(4)) for faces in placements()}
    assert len(rotations) == 96


def test_rr6_fixed_board_option() -> None:
    state = new(seats=2, board="4b3b2b1a")
    assert state.faces == ("4B", "3B", "2B", "1A")


def test_board_file_errors_name_the_file_and_line(tmp_path: Path) -> None:
    """A broken faces file is refused with the file, the line and the reason."""
    good = (Path(__file__).resolve().parents[2] / "src/robotable/games/ricochet/data/faces.txt").read_text()
    broken = good.replace("| RC", "| RX", 1)
    path = tmp_path / "my_faces.txt"
    path.write_text(broken)
    with pytest.raises(DataFileError, match=r"my_faces.txt: face 1A, line \d+: unknown target 'RX'"):
        load_faces(path)
    with pytest.raises(DataFileError, match="face id"):
        parse_faces("face 9Z\n", "x.txt")
    with pytest.raises(DataFileError, match=r"(?i)no such file"):
        load_faces(tmp_path / "missing.txt")


def test_user_faces_file_is_used_for_assembly(tmp_path: Path) -> None:
    """A user's own faces file assembles like the shipped one."""
    text = (Path(__file__).resolve().parents[2] / "src/robotable/games/ricochet/data/faces.txt").read_text()
    path = tmp_path / "faces.txt"
    path.write_text(text)
    assert assemble(("1A", "2A", "3A", "4A"), load_faces(path)) == assemble(("1A", "2A", "3A", "4A"))


FACES_TXT = Path(__file__).resolve().parents[2] / "src/robotable/games/ricochet/data/faces.txt"


def house_board(tmp_path: Path) -> Path:
    """The shipped faces with the wall north of 1A's red circle (4,1) taken away."""
    text = FACES_TXT.read_text()
    head, face_1a = text.split("face 1A\n", 1)
    face_1a = face_1a.replace("+   +   +   +   +---+   +   +   +", "+   +   +   +   +   +   +   +   +", 1)
    path = tmp_path / "house.txt"
    path.write_text(head + "face 1A\n" + face_1a)
    return path


def test_a_users_faces_file_changes_the_game(tmp_path: Path) -> None:
    """Option faces_file: a real board a player owns, or a house rule, drives the engine."""
    path = house_board(tmp_path)
    state = new("1A2A3A4A-8A44FF0F-RC", faces_file=str(path))
    assert not state.board.has_wall(cell_index(4, 1), 0)
    state.apply_text(0, "bid 5")
    state.apply_text(-1, "time-up")
    events = state.apply_text(0, "green N")
    assert events[0].end == (4, 0)  # no wall any more: green slides to the edge
    assert state.view(0)["options"]["faces_file"] == str(path)


def test_a_faces_file_missing_faces_or_targets_is_refused(tmp_path: Path) -> None:
    only_a = "\n".join(
        block for block in FACES_TXT.read_text().split("\n\n") if not block.startswith(("face 1B", "face 2B"))
    )
    path = tmp_path / "half.txt"
    path.write_text(only_a)
    with pytest.raises(DataFileError, match=r"half.txt: faces: face set 1999 needs faces 1B, 2B"):
        new(seats=2, faces_file=str(path))
    swapped = FACES_TXT.read_text().replace("| GT", "| RQ", 1)  # piece 2's red square on piece 1
    path = tmp_path / "swapped.txt"
    path.write_text(swapped)
    with pytest.raises(DataFileError, match="piece 1: its sides must carry the same targets"):
        new(seats=2, faces_file=str(path))
    doubled = FACES_TXT.read_text().replace("| GT", "| RC", 1)
    path = tmp_path / "doubled.txt"
    path.write_text(doubled)
    with pytest.raises(DataFileError, match=r"doubled.txt: face 1B, line \d+: target RC is drawn twice"):
        new(seats=2, faces_file=str(path))
