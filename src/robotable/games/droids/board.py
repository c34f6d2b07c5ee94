"""Data files: the board map, the killer sheets and the scenarios, validated on load."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from robotable.core.datafile import cached_by_file, data_number, read_data
from robotable.core.errors import DataFileError
from robotable.core.numbers import MAX_DIGITS
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

    @cached_property
    def rows(self) -> tuple[str, ...]:
        """The terrain as map rows, north first (as views show it)."""
        return tuple("".join(self.terrain[y * SIZE : (y + 1) * SIZE]) for y in range(SIZE))

    @cached_property
    def open_cells(self) -> tuple[int, ...]:
        """Every cell that is not rock, in index order (each setup step looks among them)."""
        return tuple(cell for cell in range(SIZE * SIZE) if not self.is_rock(cell))


def idx(x: int, y: int) -> int:
    return y * SIZE + x


def xy(cell: int) -> Cell:
    return cell % SIZE, cell // SIZE


class _HugeNumber(str):
    """A JSON number with more digits than any Droids table needs: kept as text so that Python
    never converts it (a 5,000-digit number is an interpreter error), refused by ``data_number``
    naming its field."""

    def __repr__(self) -> str:
        return f"a {len(self.lstrip('-'))}-digit number"


def _json_int(text: str) -> int | _HugeNumber:
    return _HugeNumber(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _short(value: Any, limit: int = 40) -> str:
    """``value`` for a one-line message, cut when long."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _read(name: str | None, default: str) -> tuple[str, Any]:
    """The JSON content of a user file (path) or of a packaged default."""
    text, label = read_data("robotable.games.droids", default, name)
    try:
        return label, json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise DataFileError(label, f"line {exc.lineno}", f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise DataFileError(label, "top level", "nested too deeply to be a Droids table") from None


def _object(label: str, data: Any, known: tuple[str, ...]) -> dict[str, Any]:
    """The file's top-level object; a key it does not know (a typo) is refused, not ignored."""
    if not isinstance(data, dict):
        raise DataFileError(label, "top level", f"must be an object {{...}}, not {_short(data)}")
    for key in data:
        if key not in known and key != "comment":
            raise DataFileError(label, _short(key), f"unknown field; the fields are {', '.join(known)}")
    return data


def _cell(label: str, field: str, value: Any) -> int:
    if not isinstance(value, list) or len(value) != 2:
        raise DataFileError(label, field, f"a cell is [x, y] with x and y in 0..9, not {_short(value)}")
    x = data_number(value[0], label, f"{field} x", minimum=0, maximum=SIZE - 1)
    y = data_number(value[1], label, f"{field} y", minimum=0, maximum=SIZE - 1)
    return idx(x, y)


def _cells(label: str, data: dict[str, Any], field: str) -> tuple[int, ...]:
    value = data.get(field)
    if not isinstance(value, list):
        raise DataFileError(label, field, "missing, or not a list of [x, y] cells")
    if not value:
        raise DataFileError(label, field, "at least one cell is needed")
    if len(value) > SIZE * SIZE:
        raise DataFileError(label, field, f"at most {SIZE * SIZE} cells, not {len(value)}")
    return tuple(_cell(label, f"{field}[{i}]", v) for i, v in enumerate(value))


BOARD_FIELDS = ("map", "repairer_corners", "containers_2", "containers_3", "centre")


@cached_by_file
def load_board(name: str | None = None) -> Board:
    """DD-1: the map (10 rows of 10 characters) and the scenario cells, checked against each
    other: the pieces one scenario sets up never share a cell (DD-3, DD-4)."""
    label, data = _read(name, DEFAULT_BOARD)
    data = _object(label, data, BOARD_FIELDS)
    terrain, circles, statue = _map(label, data.get("map"))
    board = Board(
        tuple(terrain),
        circles,
        statue,
        _cells(label, data, "repairer_corners"),
        _cells(label, data, "containers_2"),
        _cells(label, data, "containers_3"),
        _cells(label, data, "centre"),
    )
    if len(board.corners) != 2:
        raise DataFileError(label, "repairer_corners", "there must be exactly 2 cells")
    for field, cells in (
        ("repairer_corners", board.corners),
        ("containers_2", board.containers_2),
        ("containers_3", board.containers_3),
        ("centre", board.centre),
    ):
        for cell in cells:
            if board.is_rock(cell):
                raise DataFileError(label, field, f"cell {list(xy(cell))} is a fixed obstacle")
    _check_no_shared_cells(label, board)
    return board


def _map(label: str, rows: Any) -> tuple[list[str], dict[str, int], int]:
    """The terrain, the start circles (colour -> cell) and the statue cell of the map rows."""
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise DataFileError(label, "map", f"must be a list of {SIZE} rows")
    terrain: list[str] = []
    circles: dict[str, int] = {}
    statue = None
    for y, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != SIZE:
            raise DataFileError(
                label, f"map row {y}", f"must be a text of {SIZE} characters, not {_short(row)}"
            )
        for x, char in enumerate(row):
            if char in (LAND, RIVER, ROCK):
                terrain.append(char)
                continue
            if char.isascii() and char.upper() in COLOURS and char.islower():
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
    return terrain, circles, statue


def _check_no_shared_cells(label: str, board: Board) -> None:
    """DD-3, DD-4: start circles, the statue, the repairers' corners and the containers each
    have a cell of their own (a statue on a repairer's corner would start two robots on one
    cell). The centre cells (DD-38) are a region, not pieces: they may hold anything but a
    start circle (a garden around a centre cell could never close)."""
    owner: dict[int, str] = {cell: f"start circle {c.lower()!r}" for c, cell in board.circles.items()}
    if board.statue in owner:
        raise DataFileError(label, "map", "the statue cell 'S' cannot be a start circle")
    owner[board.statue] = "the statue cell 'S'"
    for field, cells in (
        ("repairer_corners", board.corners),
        ("containers_2", board.containers_2),
        ("containers_3", board.containers_3),
    ):
        for cell in cells:
            if cell in owner:
                raise DataFileError(label, field, f"cell {list(xy(cell))} is already {owner[cell]}")
            owner[cell] = f"in {field}"
    for cell in board.centre:
        if cell in board.circles.values():
            raise DataFileError(label, "centre", f"cell {list(xy(cell))} is a start circle")


KILLER_ORDERS = {"shoot"} | {f"{n} {d}" for n in ("1", "2", "max") for d in "FBLR"}
KILLER_SHEETS = ("A", "B")
KILLER_LETTERS = {"F": "forward", "B": "back", "L": "left", "R": "right"}
"""DD-42: a sheet's directions, as the killer faces the player's side (F: towards it)."""
KILLER_LEVELS = {
    1: ("Poste TSF 1930", "a shot rolls the die like a player's"),
    2: ("Vespa 1948", "every hit destroys 1 emitter"),
    3: ("Peugeot 403", "every hit destroys 2 emitters"),
    4: ("Char AMX", "every hit destroys 3 emitters"),
    5: ("Avion furtif", "every hit destroys 5 emitters"),
    6: ("Fusée Ariane", "any hit loses the game"),
}
"""DD-44: the killer's level, its name in the rulebook and what its shot does."""


def killer_level_text(level: int) -> str:
    """``"level 3 (Peugeot 403): every hit destroys 2 emitters"`` (DD-44)."""
    name, effect = KILLER_LEVELS.get(level, ("?", "unknown level"))
    return f"level {level} ({name}): {effect}"


def killer_order_text(order: str) -> str:
    """A sheet cell in words: ``"2 F"`` -> ``"move 2 forward"``, ``"shoot"`` (DD-42)."""
    if order == "shoot":
        return "shoot in the four directions"
    count, _, letter = order.partition(" ")
    return f"move {count} {KILLER_LETTERS.get(letter, letter)}"


@cached_by_file
def load_killer_sheets(name: str | None = None) -> dict[str, tuple[str, ...]]:
    """DD-42: sheets of 10 killer orders each."""
    label, data = _read(name, DEFAULT_KILLER)
    data = _object(label, data, KILLER_SHEETS)
    sheets: dict[str, tuple[str, ...]] = {}
    for key in KILLER_SHEETS:
        cells = data.get(key)
        if not isinstance(cells, list) or len(cells) != SIZE:
            raise DataFileError(label, key, f"sheet {key} must be a list of {SIZE} orders")
        for i, order in enumerate(cells):
            if not isinstance(order, str) or order not in KILLER_ORDERS:
                raise DataFileError(
                    label, f"{key}[{i}]", f"unknown order {_short(order)}: 'shoot' or '1|2|max F|B|L|R'"
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


SCENARIOS = tuple(str(n) for n in range(1, 8))
SCENARIO_FIELDS = (
    "name",
    "players",
    "teams",
    "repairers",
    "setup_obstacles",
    "removed",
    "stock",
    "containers",
    "mines",
    "statue",
    "killer",
    "colours",
)
MAX_NAME = 80
# The goal of a scenario is its number's (DD-37..DD-45): these must hold the pieces it plays with.
GOAL_NEEDS = {3: "containers", 5: "statue", 7: "killer"}


class _Entry:
    """One scenario of the table, its fields read with the file and field named in every error."""

    def __init__(self, label: str, key: str, entry: Any) -> None:
        if not isinstance(entry, dict):
            raise DataFileError(label, key, f"must be an object {{...}}, not {_short(entry)}")
        for field in entry:
            if field not in SCENARIO_FIELDS:
                known = ", ".join(SCENARIO_FIELDS)
                raise DataFileError(label, f"{key}.{_short(field)}", f"unknown field; the fields are {known}")
        self.label, self.key, self.entry = label, key, entry

    def where(self, field: str) -> str:
        return f"{self.key}.{field}"

    def refuse(self, field: str, reason: str) -> DataFileError:
        return DataFileError(self.label, self.where(field), reason)

    def value(self, field: str, kind: type, what: str) -> Any:
        value = self.entry.get(field)
        if type(value) is not kind:
            raise self.refuse(field, f"missing, or not {what}: {_short(value)}")
        return value

    def flag(self, field: str) -> bool:
        return bool(self.value(field, bool, "true or false"))

    def number(self, field: str, value: Any, low: int, high: int) -> int:
        return data_number(value, self.label, self.where(field), minimum=low, maximum=high)


def _scenario(label: str, key: str, raw: Any) -> Scenario:
    entry = _Entry(label, key, raw)
    name = entry.value("name", str, "a text")
    if not name.strip() or len(name) > MAX_NAME:
        raise entry.refuse("name", f"a text of 1 to {MAX_NAME} characters")
    players = entry.value("players", list, "a list of player counts")
    if not players or len(players) > 4:
        raise entry.refuse("players", "must list player counts 1..4")
    counts = tuple(entry.number(f"players[{i}]", p, 1, 4) for i, p in enumerate(players))
    if len(set(counts)) != len(counts):
        raise entry.refuse("players", f"a player count twice: {list(counts)}")
    removed = entry.value("removed", list, "a list of token types or bins")
    for i, item in enumerate(removed):
        if not isinstance(item, str) or (item not in TYPES and item not in BINS):
            raise entry.refuse(f"removed[{i}]", f"unknown token type or bin {_short(item)}")
    setup = entry.value("setup_obstacles", dict, "an object: player count -> obstacles")
    obstacles: dict[int, int] = {}
    for k, v in setup.items():
        if k not in ("1", "2", "3", "4"):
            raise entry.refuse("setup_obstacles", f"player counts are '1' to '4', not {_short(k)}")
        obstacles[int(k)] = entry.number(f"setup_obstacles.{k}", v, 0, MOBILE_OBSTACLES)
    stock = entry.number("stock", entry.entry.get("stock"), 0, MOBILE_OBSTACLES)
    colours = entry.value("colours", str, "a text of colour letters")
    if not colours or any(c not in COLOURS for c in colours) or len(set(colours)) != len(colours):
        raise entry.refuse("colours", f"different letters among {COLOURS}, not {_short(colours)}")
    scenario = Scenario(
        int(key),
        name,
        counts,
        entry.flag("teams"),
        entry.flag("repairers"),
        obstacles,
        tuple(removed),
        stock,
        entry.flag("containers"),
        entry.flag("mines"),
        entry.flag("statue"),
        entry.flag("killer"),
        colours,
    )
    _check_scenario(entry, scenario)
    return scenario


def _check_scenario(entry: _Entry, sc: Scenario) -> None:
    """The fields of one scenario against each other and against its goal, so that what the
    table promises can be played (a scenario 7 without its killer failed at the first order)."""
    need = GOAL_NEEDS.get(sc.number)
    if need and not getattr(sc, need):
        raise entry.refuse(need, f"scenario {sc.number}'s goal needs it (true)")
    if sc.killer and sc.number != 7:
        raise entry.refuse("killer", "only scenario 7 has the killer (its goal is checked there)")
    if sc.killer and sc.statue:
        raise entry.refuse("statue", "the statue and the killer are both the grey robot: not both")
    if sc.killer != (sc.players == (1,)):
        raise entry.refuse(
            "players", "the killer is played solo, [1], and a solo game needs the killer (DD-41)"
        )
    if sc.teams and 4 not in sc.players:
        raise entry.refuse("teams", "teams are 2 against 2: players must allow 4")
    if max(sc.players) > len(sc.colours):
        raise entry.refuse("colours", f"{max(sc.players)} players need as many colours, not {sc.colours!r}")


@cached_by_file
def load_scenarios(name: str | None = None) -> dict[int, Scenario]:
    """DD-35..DD-41: the scenario table."""
    label, data = _read(name, DEFAULT_SCENARIOS)
    data = _object(label, data, SCENARIOS)
    out: dict[int, Scenario] = {}
    for key in SCENARIOS:
        if key not in data:
            raise DataFileError(label, key, "scenario missing")
        out[int(key)] = _scenario(label, key, data[key])
    return out
