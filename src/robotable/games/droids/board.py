"""Data files: the board map, the killer sheets and the scenarios, validated on load."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from robotable.core.datafile import cached_by_file, read_data
from robotable.core.errors import DataFileError
from robotable.games.droids.tokens import BINS, COLOURS, TYPES

SIZE = 10
LAND, RIVER, ROCK = ".", "~", "#"
DEFAULT_BOARD = "droids_board_default.json"
DEFAULT_KILLER = "droids_killer_sheets.json"
DEFAULT_SCENARIOS = "droids_scenarios.json"

MOBILE_OBSTACLES = 25  # mobile-obstacle tokens in the box
Cell = tuple[int, int]


@dataclass(frozen=True)
class Board:
    terrain: tuple[str, ...]  # 100 chars, index y * 10 + x
    circles: dict[str, int]  # colour -> cell index
    statue: int
    corners: tuple[int, ...]
    containers_2: tuple[int, ...]
    containers_3: tuple[int, ...]
    centre: tuple[int, ...]

    def is_river(self, cell: int) -> bool:
        return self.terrain[cell] == RIVER

    def is_rock(self, cell: int) -> bool:
        return self.terrain[cell] == ROCK


def idx(x: int, y: int) -> int:
    return y * SIZE + x


def xy(cell: int) -> Cell:
    return cell % SIZE, cell // SIZE


def _read(name: str | None, default: str) -> tuple[str, Any]:
    """The JSON content of a user file (path) or of a packaged default."""
    text, label = read_data("robotable.games.droids", default, name)
    try:
        return label, json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(label, f"line {exc.lineno}", f"not valid JSON: {exc.msg}") from None


def _cell(label: str, field: str, value: Any) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SIZE for v in value)
    ):
        raise DataFileError(label, field, f"a cell is [x, y] with x and y in 0..9, not {value!r}")
    return idx(value[0], value[1])


def _cells(label: str, data: dict[str, Any], field: str) -> tuple[int, ...]:
    value = data.get(field)
    if not isinstance(value, list):
        raise DataFileError(label, field, "missing, or not a list of [x, y] cells")
    return tuple(_cell(label, f"{field}[{i}]", v) for i, v in enumerate(value))


@cached_by_file
def load_board(name: str | None = None) -> Board:
    """DD-1: the map (10 rows of 10 characters) and the scenario cells."""
    label, data = _read(name, DEFAULT_BOARD)
    if not isinstance(data, dict):
        raise DataFileError(label, "top level", "must be an object")
    rows = data.get("map")
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise DataFileError(label, "map", f"must be a list of {SIZE} rows")
    terrain: list[str] = []
    circles: dict[str, int] = {}
    statue = None
    for y, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != SIZE:
            raise DataFileError(label, f"map row {y}", f"must be a text of {SIZE} characters, not {row!r}")
        for x, char in enumerate(row):
            if char in (LAND, RIVER, ROCK):
                terrain.append(char)
                continue
            if char.upper() in COLOURS and char.islower():
                if char.upper() in circles:
                    raise DataFileError(label, f"map row {y}", f"a second start circle {char!r}")
                circles[char.upper()] = idx(x, y)
            elif char == "S":
                if statue is not None:
                    raise DataFileError(label, f"map row {y}", "a second statue cell 'S'")
                statue = idx(x, y)
            else:
                raise DataFileError(label, f"map row {y} column {x}", f"unknown character {char!r}")
            terrain.append(LAND)
    missing = [c.lower() for c in COLOURS if c not in circles]
    if missing:
        raise DataFileError(label, "map", f"start circle(s) {', '.join(missing)} missing")
    if statue is None:
        raise DataFileError(label, "map", "the statue cell 'S' is missing")
    board = Board(
        tuple(terrain),
        circles,
        statue,
        _cells(label, data, "repairer_corners"),
        _cells(label, data, "containers_2"),
        _cells(label, data, "containers_3"),
        _cells(label, data, "centre"),
    )
    for field in ("repairer_corners", "containers_2", "containers_3"):
        for cell in getattr(board, field if field != "repairer_corners" else "corners"):
            if board.is_rock(cell):
                raise DataFileError(label, field, f"cell {list(xy(cell))} is a fixed obstacle")
    if len(board.corners) != 2:
        raise DataFileError(label, "repairer_corners", "there must be exactly 2 cells")
    if not board.centre:
        raise DataFileError(label, "centre", "at least one centre cell is needed (DD-38)")
    # DD-3, DD-4: pieces set up in one scenario never share a cell
    owner: dict[int, str] = {cell: f"start circle {c.lower()!r}" for c, cell in circles.items()}
    if statue in owner:
        raise DataFileError(label, "map", "the statue cell 'S' cannot be a start circle")
    for field, cells in (
        ("repairer_corners", board.corners),
        ("containers_2", board.containers_2),
        ("containers_3", board.containers_3),
    ):
        for cell in cells:
            if cell in owner:
                raise DataFileError(label, field, f"cell {list(xy(cell))} is already {owner[cell]}")
            owner[cell] = f"in {field}"
    return board


KILLER_ORDERS = {"shoot"} | {f"{n} {d}" for n in ("1", "2", "max") for d in "FBLR"}


@cached_by_file
def load_killer_sheets(name: str | None = None) -> dict[str, tuple[str, ...]]:
    """DD-42: sheets of 10 killer orders each."""
    label, data = _read(name, DEFAULT_KILLER)
    if not isinstance(data, dict):
        raise DataFileError(label, "top level", "must be an object")
    sheets: dict[str, tuple[str, ...]] = {}
    for key in ("A", "B"):
        cells = data.get(key)
        if not isinstance(cells, list) or len(cells) != SIZE:
            raise DataFileError(label, key, f"sheet {key} must be a list of {SIZE} orders")
        for i, order in enumerate(cells):
            if not isinstance(order, str) or order not in KILLER_ORDERS:
                raise DataFileError(
                    label, f"{key}[{i}]", f"unknown order {order!r}: 'shoot' or '1|2|max F|B|L|R'"
                )
        sheets[key] = tuple(cells)
    return sheets


@dataclass(frozen=True)
class Scenario:
    number: int
    name: str
    players: tuple[int, ...]
    teams: bool
    repairers: bool
    setup_obstacles: dict[int, int]
    removed: tuple[str, ...]
    stock: int
    containers: bool
    mines: bool
    statue: bool
    killer: bool
    colours: str


_BOOLS = ("teams", "repairers", "containers", "mines", "statue", "killer")


def _scenario(label: str, key: str, entry: Any) -> Scenario:
    if not isinstance(entry, dict):
        raise DataFileError(label, key, "must be an object")

    def need(field: str, kind: type) -> Any:
        value = entry.get(field)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataFileError(label, f"{key}.{field}", f"missing or not {kind.__name__}")
        return value

    def count(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    players = need("players", list)
    if not players or not all(count(p) and 1 <= p <= 4 for p in players):
        raise DataFileError(label, f"{key}.players", "must list player counts 1..4")
    removed = need("removed", list)
    for item in removed:
        if item not in TYPES and item not in BINS:
            raise DataFileError(label, f"{key}.removed", f"unknown token type or bin {item!r}")
    setup = need("setup_obstacles", dict)
    obstacles: dict[int, int] = {}
    for k, v in setup.items():
        if k not in ("1", "2", "3", "4") or not count(v) or not 0 <= v <= MOBILE_OBSTACLES:
            raise DataFileError(
                label,
                f"{key}.setup_obstacles",
                f"player count 1..4 -> 0..{MOBILE_OBSTACLES} obstacles, not {k!r}: {v!r}",
            )
        obstacles[int(k)] = v
    stock = need("stock", int)
    if not 0 <= stock <= MOBILE_OBSTACLES:
        raise DataFileError(label, f"{key}.stock", f"must be 0..{MOBILE_OBSTACLES}, not {stock}")
    colours = need("colours", str)
    if not colours or any(c not in COLOURS for c in colours):
        raise DataFileError(label, f"{key}.colours", f"letters among {COLOURS}, not {colours!r}")
    return Scenario(
        int(key),
        need("name", str),
        tuple(players),
        *(need(f, bool) for f in _BOOLS[:2]),
        obstacles,
        tuple(removed),
        stock,
        *(need(f, bool) for f in _BOOLS[2:]),
        colours,
    )


@cached_by_file
def load_scenarios(name: str | None = None) -> dict[int, Scenario]:
    """DD-35..DD-41: the scenario table."""
    label, data = _read(name, DEFAULT_SCENARIOS)
    if not isinstance(data, dict):
        raise DataFileError(label, "top level", "must be an object")
    out: dict[int, Scenario] = {}
    for number in range(1, 8):
        if str(number) not in data:
            raise DataFileError(label, str(number), "scenario missing")
        out[number] = _scenario(label, str(number), data[str(number)])
    return out
