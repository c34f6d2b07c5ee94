"""The Droids data files refuse at load what the game cannot honour, naming file and field (issue 12).

The board, the killer sheets and the scenario table are checked each on its own and against
each other: what used to load and then fail in play (a scenario 7 without its killer raised
StopIteration at the first order) is a :class:`DataFileError` at load, or an
:class:`InvalidOptions` at ``new_state`` when the conflict depends on the options or the
player count.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from robotable.core.errors import DataFileError, InvalidOptions
from robotable.games.droids.board import load_board, load_killer_sheets, load_scenarios

from .conftest import GAME

DATA = resources.files("robotable.games.droids").joinpath("data")
FILES = {
    "droids_board_default.json": ("board_file", load_board),
    "droids_killer_sheets.json": ("killer_file", load_killer_sheets),
    "droids_scenarios.json": ("scenarios_file", load_scenarios),
}
SETUPS = [({"scenario": n}, seats) for n, seats in ((1, 2), (2, 4), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1))]
HUGE_MARK = "@@HUGE@@"


def default(name: str) -> Any:
    return json.loads(DATA.joinpath(name).read_text("utf-8"))


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    text = json.dumps(data, ensure_ascii=False, indent=1).replace(f'"{HUGE_MARK}"', "9" * 5000)
    path.write_text(text, "utf-8")
    return str(path)


def refused(path: str, field: str, loader: Any) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        loader(path)
    assert caught.value.file == path and field in caught.value.field, caught.value
    return caught.value


# ------------------------------------------------------------------ tables checked against each other


@pytest.mark.parametrize(
    ("number", "field", "value"),
    [
        ("7", "killer", False),  # used to load, then the first order raised StopIteration
        ("5", "statue", False),  # the same, in the statue check
        ("3", "containers", False),
        ("1", "killer", True),  # used to put the killer on Red's occupied circle
        ("7", "players", [1, 2]),  # the killer is played solo
        ("7", "statue", True),  # the statue and the killer are both the grey robot
        ("2", "players", [1, 2]),  # a solo game needs the killer
        ("1", "teams", True),  # fine: scenario 1 has teams (control)
        ("3", "teams", True),  # fine as long as 4 players are allowed
        ("6", "players", [2, 3]),  # 3 players need 3 colours; scenario 6 allows YR
    ],
)
def test_dd35_dd45_a_scenario_table_whose_goal_cannot_be_played_is_refused_at_load(
    tmp_path: Path, number: str, field: str, value: object
) -> None:
    table = default("droids_scenarios.json")
    table[number][field] = value
    path = write(tmp_path, f"s{number}{field}.json", table)
    expect_ok = (number, field) in (("1", "teams"), ("3", "teams"))
    if expect_ok:
        load_scenarios(path)
        return
    error = refused(path, f"{number}.", load_scenarios)
    with pytest.raises(DataFileError, match=str(error.field).replace(".", r"\.")):
        GAME.new_state({"scenario": int(number), "scenarios_file": path}, seats=2)


def test_dd3_a_statue_cell_on_a_repairer_corner_is_refused_at_load(tmp_path: Path) -> None:
    """Two robots would start on one cell (the statue and a repairer) in a scenario with both."""
    board = default("droids_board_default.json")
    board["repairer_corners"] = [[4, 4], [9, 9]]
    error = refused(write(tmp_path, "b.json", board), "repairer_corners", load_board)
    assert "statue" in error.reason
    board = default("droids_board_default.json")
    board["containers_3"][0] = [4, 4]
    refused(write(tmp_path, "c.json", board), "containers_3", load_board)
    board = default("droids_board_default.json")
    board["centre"] = [[3, 8]]  # Yellow's circle: that garden could never close
    refused(write(tmp_path, "d.json", board), "centre", load_board)


def test_dd35_too_many_setup_obstacles_for_the_board_is_invalid_options(tmp_path: Path) -> None:
    """The table and the board each load; together, at this player count, the setup could never
    end (25 obstacles, 13 free cells): refused when the game starts."""
    rocky = default("droids_board_default.json")
    rocky["map"] = [
        "#########.",
        "######r#g#",
        "##########",
        "##########",
        "####S#####",
        "##########",
        "##########",
        "#b########",
        "###y######",
        ".........#",
    ]
    rocky["repairer_corners"] = [[9, 0], [0, 9]]
    rocky["containers_2"], rocky["containers_3"], rocky["centre"] = [[1, 9]], [[2, 9]], [[3, 9]]
    board = write(tmp_path, "rock.json", rocky)
    load_board(board)
    table = default("droids_scenarios.json")
    table["1"]["setup_obstacles"]["2"] = 25
    tight = write(tmp_path, "tight.json", table)
    load_scenarios(tight)
    with pytest.raises(InvalidOptions, match="25 setup obstacles for 2 players, and only 13 free cells"):
        GAME.new_state({"board_file": board, "scenarios_file": tight}, seats=2)
    GAME.new_state({"board_file": board}, seats=2)  # the shipped table's 8 fit


# ------------------------------------------------------------------ every default file, damaged


def places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field and item of a JSON value, as key paths (the comment left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "comment":
                yield (*path, key)
                yield from places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield (*path, i)
            yield from places(value, (*path, i))


DAMAGES: dict[str, Any] = {
    "deleted": None,
    "text": "x",
    "superscript two": "²",
    "5,000 digits": HUGE_MARK,
    "a number too large": 10**12,
    "a float": 2.5,
    "true": True,
    "null": None,
    "an object": {"a": 1},
    "nested one deeper": "wrap",
}


def damaged(data: Any, path: tuple[Any, ...], how: str) -> Any:
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    if how == "deleted":
        del parent[path[-1]]
    elif how == "nested one deeper":
        parent[path[-1]] = [parent[path[-1]]]
    else:
        parent[path[-1]] = DAMAGES[how]
    return copy


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_field_of_every_default_file_damaged_is_refused_naming_file_and_field(
    tmp_path: Path, name: str
) -> None:
    """A field deleted, a number replaced by text, ``²``, a huge value, a wrong type, a wrong
    nesting: only DataFileError naming the file and the field; a damage the loader accepts (a
    name replaced by another text) must still start every scenario, or be InvalidOptions."""
    option, loader = FILES[name]
    original = default(name)
    count = 0
    for path in places(original):
        for how in DAMAGES:
            count += 1
            target = write(tmp_path, f"{count}-{name}", damaged(original, path, how))
            try:
                loader(target)
            except DataFileError as exc:
                assert exc.file == target and exc.field.strip() and exc.field != "file", (path, how, exc)
                assert "\n" not in str(exc) and len(str(exc)) < 300, (path, how, exc)
                continue
            for options, seats in SETUPS:
                with contextlib.suppress(InvalidOptions):
                    GAME.new_state({**options, option: target}, seats=seats)
    assert count > 100


@pytest.mark.parametrize("name", sorted(FILES))
@pytest.mark.parametrize(
    "content", ["", "[]", "9" * 5000, "[" * 100_000, "NaN", '{"comment": 1e999}', "\x00\x01"], ids=repr
)
def test_a_file_that_is_no_table_at_all_is_refused_naming_it(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / name
    path.write_text(content, "utf-8")
    loader = FILES[name][1]
    with pytest.raises(DataFileError) as caught:
        loader(str(path))
    assert caught.value.file == str(path) and caught.value.field != "file"
