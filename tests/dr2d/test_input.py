"""Issue 12 for DR2D: nothing a player types or loads can crash a game (DR-35).

Typed actions (numbers read by ``core.numbers.read_int``), action values built in code, the
board data file (numbers read by ``core.datafile.data_int``) and saved states: each refuses bad
input with the project's own error, in one line, and changes nothing.
"""

from __future__ import annotations

import contextlib
import copy
import json
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from robotable.core.errors import DataFileError, IllegalAction, NotationError, StateError
from robotable.core.game import Action, Word
from robotable.core.rng import Rng
from robotable.games.dr2d import GAME
from robotable.games.dr2d.actions import LOCK, REGISTERS, STANDBY, Place, Register, parse_action
from robotable.games.dr2d.board import parse_board
from robotable.games.dr2d.state import DR2DState
from tests.dr2d.conftest import game_with, program

DEFAULT_TEXT = resources.files("robotable.games.dr2d").joinpath("data", "board_default.txt").read_text()
STAY5 = "STAY STAY STAY STAY STAY"

# --------------------------------------------------------------------------- typed actions


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place ² 0 N", "the column X of a placement is written with the digits 0-9, not '²'"),
        ("place 4 ³", "the row Y of a placement is written with the digits 0-9, not '³'"),
        ("place ３ 5", "digits 0-9"),  # full-width
        ("place 4 ٥", "digits 0-9"),  # Arabic-Indic
        ("place ߃ 5 N", "digits 0-9"),  # NKo
        ("place " + "9" * 5000 + " 0", "too large (5000 digits; at most 9)"),
        ("place 0 " + "1" * 5000 + " S", "too large"),
        ("place 12 0", "from 0 to 11, not 12"),
        ("place 0 999999999", "from 0 to 11, not 999999999"),
        ("place 1.0 0", "digits 0-9"),
        ("place 0x1 0", "digits 0-9"),
        ("place 1_0 0", "digits 0-9"),
        ("place +1 0", "without a sign"),
        ("place 2 0 ſ", "unknown facing"),  # 'ſ'.upper() == 'S'
        ("place 2 0 Ｎ", "unknown facing"),
        ("place 1", "a placement is 'place X Y F'"),
        ("place 1 2 N E", "a placement is 'place X Y F'"),
        ("place", "a placement is 'place X Y F'"),
        ("ſtay", "a register is N, E, S, W or STAY"),
        ("Ｎ", "a register is N, E, S, W or STAY"),
        ("N\x00", "a register is N, E, S, W or STAY"),
        ("\x1b[2J", "a register is N, E, S, W or STAY"),
        ("x" * 100_000, "a register is N, E, S, W or STAY"),
        ("", "empty action"),
        (" \t ", "empty action"),
    ],
)
def test_dr35_bad_notation_is_a_one_line_notation_error(text: str, message: str) -> None:
    """DR-35 / issue 12: unicode digits, huge numbers, signs and look-alike letters are a
    NotationError saying why, in one short line (never ValueError, never the whole input)."""
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    reason = str(caught.value)
    assert message in reason
    assert "\n" not in reason and len(reason) < 300


@pytest.mark.parametrize("text", ["place -1 0", "place 0 -3 S", "place -0 0", "place 5 -11 N"])
def test_dr35_board_coordinates_are_never_negative(text: str) -> None:
    """The notation has no sign (board columns and rows are 0..11): '-2' is refused, not read as 2."""
    with pytest.raises(NotationError, match="cannot be negative"):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("place 0 0", Place(0, 0, 0)),
        ("place 11 11 W", Place(11, 11, 3)),
        ("PLACE 2 0 s", Place(2, 0, 2)),
        ("place 2,0 S", Place(2, 0, 2)),
        ("place 02 00 o", Place(2, 0, 3)),
        ("  stay  ", REGISTERS[4]),
        ("O", REGISTERS[3]),
        ("LOCK", LOCK),
    ],
)
def test_good_notation_still_reads(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


@given(st.text(max_size=60))
def test_fuzz_parse_action_raises_only_notation_errors(text: str) -> None:
    """Issue 12 fuzz: any text is an action whose notation reads back, or a NotationError."""
    try:
        action = parse_action(text)
    except NotationError as exc:
        assert "\n" not in str(exc)
        return
    assert parse_action(str(action)) == action


@given(
    st.lists(st.sampled_from(["place", "N", "2", "-1", "²", "١", "9" * 12, ",", "S", "ſ", " "]), max_size=6)
)
def test_fuzz_placement_words(words: list[str]) -> None:
    try:
        action = parse_action(" ".join(words))
    except NotationError:
        return
    assert parse_action(str(action)) == action


# --------------------------------------------------------------------------- action values built in code


def free_placement() -> DR2DState:
    return GAME.new_state({"start_placement": "free"}, seed=4, seats=2)


def test_dr35_float_tile_refused_and_the_game_plays_on() -> None:
    """Issue 12: ``Place(4.0, 5, 0)`` was accepted (a float tile), then the next ``lock`` raised
    TypeError after the programs were consumed, and every later turn failed. It is refused, the
    state is unchanged, and the game goes on: placements, locks and later turns work."""
    state = free_placement()
    first, second = state.order
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"x must be a whole number, not 4\.0"):
        state.apply(first, Place(4.0, 5, 0))  # type: ignore[arg-type]
    assert state.to_json() == before
    state.apply(first, Place(4, 5, 0))
    state.apply(second, parse_action("place 0 0 E"))
    assert state.phase == "programming" and state.turn == 1
    program(state, first, STAY5)
    program(state, second, "N N STAY STAY STAY")  # facing E: forward is east
    assert state.turn == 2 and state.fleet.pos[second] == 2  # (2,0)
    rng = Rng(3)
    while state.turn < 5 and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.turn == 5


BROKEN_VALUES: list[Action] = [
    Place(4.0, 5, 0),  # type: ignore[arg-type]
    Place(True, 5, 0),  # type: ignore[arg-type]
    Place(4, 5, 1.0),  # type: ignore[arg-type]
    Place(4, 5, -1),
    Place(4, 5, 4),
    Place(-1, 0, 0),
    Place(12, 0, 0),
    Place(10**30, 0, 0),
    Place("4", 5, 0),  # type: ignore[arg-type]
    Place([4], 5, 0),  # type: ignore[arg-type]
    Register(4.0),  # type: ignore[arg-type]
    Register(True),  # type: ignore[arg-type]
    Register(-1),
    Register(5),
    Register(None),  # type: ignore[arg-type]
    Word("undo"),  # the notation reads a secret undo: another action
    Word(["lock"]),  # type: ignore[arg-type]
    Word("time-up"),
]


@pytest.mark.parametrize("action", BROKEN_VALUES, ids=repr)
def test_dr35_broken_action_values_refused_unchanged(action: Action) -> None:
    """Issue 12: fields of the wrong type or out of range are refused by the contract's check,
    in placement and in programming, changing nothing."""
    for state in (free_placement(), game_with([((10, 2), "N"), ((9, 10), "N")])):
        seat = state.to_act()[0]
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before


@pytest.mark.parametrize("action", BROKEN_VALUES, ids=repr)
def test_dr35_check_rules_itself_range_checks_every_field(action: Action) -> None:
    """The game's own ``check_rules`` (without the contract's checks in front) refuses broken
    values with IllegalAction: no IndexError or TypeError can escape from game code."""
    for state in (free_placement(), game_with([((10, 2), "N"), ((9, 10), "N")])):
        before = state.to_json()
        for seat in (state.to_act()[0], -1):
            with pytest.raises(IllegalAction):
                state.check_rules(seat, action)
        assert state.to_json() == before


@pytest.mark.parametrize("seat", [None, "0", 1.5, True, 2, 7, -2, 10**30])
def test_dr35_seats_that_are_no_seat_refused(seat: Any) -> None:
    """Issue 12: DR2D raised TypeError for non-integer seats; now IllegalAction, no change."""
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, REGISTERS[0])
    with pytest.raises(IllegalAction):
        state.check_rules(seat, REGISTERS[0])
    assert state.to_json() == before


@dataclass(frozen=True)
class Alien(Action):
    code: int

    def __str__(self) -> str:
        return "N"  # reads back as a Register, not as itself


def test_dr35_foreign_action_classes_refused() -> None:
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    before = state.to_json()
    for action in (Alien(0), "N", None, 0):
        with pytest.raises(IllegalAction):
            state.apply(0, action)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.check_rules(0, action)  # type: ignore[arg-type]
    assert state.to_json() == before


# --------------------------------------------------------------------------- the board data file


def content_lines(text: str) -> list[int]:
    """0-based indexes of the lines that are neither blank nor comments."""
    return [i for i, line in enumerate(text.splitlines()) if line.split("#", 1)[0].strip()]


def assert_refused_or_loaded(text: str) -> None:
    """A mutated board file loads, or is a DataFileError naming the file and the line."""
    try:
        parse_board(text, "board.txt")
    except DataFileError as exc:
        message = str(exc)
        assert exc.file == "board.txt" and message.startswith("board.txt: ")
        assert exc.field.startswith("line ") or (
            exc.field == "[map]" and "[map]" not in text.replace("# [map]", "")
        ), message
        assert "\n" not in message and len(message) < 300


def mutations() -> list[tuple[str, str]]:
    lines = DEFAULT_TEXT.splitlines()
    out = []
    for i in content_lines(DEFAULT_TEXT):
        out.append((f"line {i + 1} deleted", "\n".join(lines[:i] + lines[i + 1 :])))
        out.append((f"truncated before line {i + 1}", "\n".join(lines[:i])))
        words = lines[i].split("#", 1)[0].split()
        for k in range(len(words)):
            for bad in ("x", "²", "9" * 5000, "-1", "Z", "", "١,٢", "12,0", "0,12", "3,3,3", "ſ"):
                changed = " ".join([*words[:k], bad, *words[k + 1 :]])
                out.append(
                    (
                        f"line {i + 1} word {k} -> {bad[:8]!r}",
                        "\n".join([*lines[:i], changed, *lines[i + 1 :]]),
                    )
                )
    for section in ("[map]", "[walls]", "[lasers]", "[pushers]"):
        start = lines.index(section)
        end = next((j for j in range(start + 1, len(lines)) if lines[j].startswith("[")), len(lines))
        out.append((f"section {section} deleted", "\n".join(lines[:start] + lines[end:])))
        out.append((f"section {section} header deleted", "\n".join(lines[:start] + lines[start + 1 :])))
        out.append((f"section {section} twice", "\n".join(lines + lines[start:end])))
    return out


def test_board_mutations_are_refused_naming_file_and_line() -> None:
    """Issue 12: mutated copies of the default board file (a line or a section deleted, a
    number replaced by text, '²', a 5,000-digit value or a negative one, an unknown symbol,
    coordinates off the board, a truncated map) load or raise only DataFileError naming the
    file and the line."""
    cases = mutations()
    assert len(cases) > 500
    for label, text in cases:
        try:
            assert_refused_or_loaded(text)
        except Exception as exc:  # name the mutation that let another exception through
            raise AssertionError(f"{label}: {type(exc).__name__}: {exc}") from exc


def wall_line() -> int:
    return DEFAULT_TEXT.splitlines().index("8,3 E") + 1


@pytest.mark.parametrize(
    ("replacement", "reason"),
    [
        ("²,3 E", "tile '²,3': the number is written with the digits 0-9, not '²'"),
        ("9" * 5000 + ",3 E", "the number is too large (5000 digits; at most 9)"),
        ("3,-1 E", "tile '3,-1': the number cannot be negative, not '-1'"),
        ("x,3 E", "tile 'x,3': the number is written with the digits 0-9"),
        ("12,3 E", "tile 12,3 is off the 12x12 board"),
        ("8,3 Ｅ", "expected a direction N, E, S or W"),
        ("8,3", "a wall line is 'X,Y SIDE'"),
    ],
)
def test_wall_line_numbers_are_data_file_errors(tmp_path: Path, replacement: str, reason: str) -> None:
    """Issue 12: a wall line '²,3 E' or a 5,000-digit coordinate was a bare ValueError; now a
    DataFileError naming the file and the line, also through ``-O board_file=``."""
    text = DEFAULT_TEXT.replace("8,3 E", replacement)
    with pytest.raises(DataFileError) as caught:
        parse_board(text, "mine.txt")
    assert str(caught.value).startswith(f"mine.txt: line {wall_line()}: ") and reason in str(caught.value)
    path = tmp_path / "mine.txt"
    path.write_text(text, "utf-8")
    with pytest.raises(DataFileError, match=rf"mine\.txt: line {wall_line()}: "):
        GAME.new_state({"board_file": str(path)}, seats=2)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda t: t.replace(". . a . .", ". . a a .", 1), "start tile a appears twice"),
        (lambda t: t.replace(". . a . .", ". . ab . .", 1), "unknown map token 'ab'"),
        (lambda t: t.replace("0,3 E    #", "0,3 E\n0,3 E #"), "two lasers on one mount"),
        (lambda t: t.replace("name: default factory", "name: a\x07b"), "the name is a printable text"),
        (lambda t: t.replace("\n[pushers]", "\n[\x1bpushers]"), "unknown section '[\\x1bpushers]'"),
        (lambda t: t + "\n[laws]\n1 -1,1\n", "cannot be negative"),
        (lambda t: t.replace(". L . . ^ < < < . . R .", ". L . . ^ < < < . . R"), "map row 4 needs 12 tiles"),
    ],
)
def test_board_loader_refuses_what_it_used_to_take_or_crash_on(change: Any, reason: str) -> None:
    """A start letter twice (the second silently won), a token 'ab' (read as start a), a laser
    listed twice (double damage), control characters in the name or a section header (sent to
    the terminal as they are): refused at load, naming the line."""
    with pytest.raises(DataFileError, match=r"^b\.txt: line \d+: ") as caught:
        parse_board(change(DEFAULT_TEXT), "b.txt")
    assert reason in str(caught.value)


def test_board_loader_bounds_the_file_and_finds_the_map_header() -> None:
    with pytest.raises(DataFileError, match=r"b\.txt: file: is too large for a board"):
        parse_board("#" * 200_000, "b.txt")
    truncated = "\n".join(DEFAULT_TEXT.splitlines()[:30])
    header = DEFAULT_TEXT.splitlines().index("[map]") + 1
    with pytest.raises(DataFileError, match=rf"b\.txt: line {header}: the \[map\] needs 12 rows, not 7"):
        parse_board(truncated, "b.txt")


def test_board_file_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    """Notepad writes UTF-8 with a byte-order mark: line 1 was refused as not 'name: ...'."""
    path = tmp_path / "bom.txt"
    path.write_text("\ufeff" + DEFAULT_TEXT, "utf-8")
    assert GAME.new_state({"board_file": str(path)}, seats=2).board.name == "default factory"


@pytest.mark.parametrize("path", ["a\x00b", "", "   "])
def test_board_file_option_that_names_no_file(path: str) -> None:
    """A NUL byte in a path was a bare ValueError from the file system layer; the shared file
    reader now refuses such names, naming them."""
    with pytest.raises(
        DataFileError, match=r"file: (is not a file name|is not a regular file|cannot read it)"
    ):
        GAME.new_state({"board_file": path}, seats=2)


# --------------------------------------------------------------------------- saved states


def saved_state(kind: str = "programming") -> dict[str, Any]:
    """A saved state in the middle of a game: placing, programming, in a standby window, over."""
    options: dict[str, Any] = {"start_placement": "assigned", "turn_limit": 30}
    if kind == "placement":
        options["start_placement"] = "choose"
    if kind == "window":
        options["standby_between_registers"] = True
    if kind == "over":
        options["turn_limit"] = 2
    state = GAME.new_state(options, seed=6, seats=3)
    rng = Rng(6)
    while not state.is_over() and (state.turn < 3 if kind != "placement" else state.placing < 2):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if kind == "programming":
        program(state, state.to_act()[0], "N E", lock=False)
    if kind == "window":
        while state.phase != "window":
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.phase == kind
    data: dict[str, Any] = json.loads(state.to_json())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.clear(), "missing field 'options'"),
        (lambda d: d.pop("fleet"), "missing field 'fleet'"),
        (lambda d: d["fleet"].pop("pc"), "missing field 'fleet.pc'"),
        (lambda d: d.update(seats="3"), "seats must be a whole number"),
        (lambda d: d.update(seats=3.0), "seats must be a whole number"),
        (lambda d: d.update(seats=10**9), "seats must be from 2 to 8"),
        (lambda d: d["fleet"].update(n=10**9), "fleet.n must be the number of seats"),
        (lambda d: d["fleet"]["pc"].__setitem__(0, 3.0), "fleet.pc[0] must be a whole number"),
        (lambda d: d["fleet"]["pc"].__setitem__(1, 0), "fleet.pc[1] must be from 1 to 7"),
        (lambda d: d["fleet"]["pos"].__setitem__(0, 500), "fleet.pos[0] must be from -1 to 143"),
        (lambda d: d["fleet"]["facing"].__setitem__(2, True), "fleet.facing[2] must be a whole number"),
        (lambda d: d["fleet"]["pos"].__setitem__(1, d["fleet"]["pos"][0]), "two robots on one tile"),
        (lambda d: d["fleet"]["pc"].append(7), "fleet.pc must hold 3 items"),
        (lambda d: d.update(drafts=[[0] * 10**6] * 3), "drafts[0] holds at most 5 items"),
        (lambda d: d["drafts"].__setitem__(0, [9]), "drafts[0][0] must be from 0 to 4"),
        (lambda d: d.update(phase="dance"), "phase must be one of"),
        (lambda d: d.update(order=[0, 0, 1]), "order must name every seat once"),
        (lambda d: d.update(turn=10**9), "turn must be from 0 to 30"),
        (lambda d: d.update(rng=-1), "rng must be from 0"),
        (lambda d: d.update(paths=[[0] * 10**5, [], []]), "paths[0] holds at most"),
        (lambda d: d["options"].update(turn_limit=10**5000), "turn_limit"),
        (lambda d: d["options"].update(board_file="/no/such/board.txt"), "cannot read"),
        (lambda d: d.update(phase="window", register=0, drafts=[[]] * 3), "window follows a register 1 to 4"),
        (lambda d: d.update(locked=[True, False, False]), "drafts[0] must hold 5 items"),
        (lambda d: d.update(locked=[True, True, True], drafts=[[4] * 5] * 3), "nobody can act"),
        (lambda d: d["fleet"]["exit"].__setitem__(0, 50), "fleet.exit[0] must be a rim tile"),
        (lambda d: d["fleet"]["pos"].__setitem__(0, -1), "a robot off the board has an exit tile"),
    ],
)
def test_damaged_saved_states_are_state_errors(change: Any, message: str) -> None:
    """Issue 12: ``state_from_dict({})`` raised KeyError; a missing field, a wrong type, a huge
    number or an inconsistent value is a StateError naming the field, at once (a ``seats`` of
    10**9 builds no billion-element list)."""
    data = saved_state()
    change(data)
    started = time.perf_counter()
    with pytest.raises(StateError) as caught:
        GAME.state_from_dict(data)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert time.perf_counter() - started < 1.0


def test_decode_state_raises_only_what_the_contract_converts() -> None:
    """``decode_state`` itself raises only KeyError, TypeError or ValueError on damaged data."""
    data = saved_state()
    for value in (None, -1, 10**9, 2.5, "x", [], {}, True):
        for key in data:
            damaged = copy.deepcopy(data)
            damaged[key] = value
            with contextlib.suppress(KeyError, TypeError, ValueError):
                GAME.decode_state(damaged)  # anything else fails the test


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in leaves(value, (*path, key))]
    if isinstance(data, list) and data:
        return [p for i, value in enumerate(data) for p in leaves(value, (*path, i))]
    return [path]


@pytest.mark.parametrize("kind", ["placement", "programming", "window", "over"])
def test_every_damaged_leaf_is_refused_or_plays_on(kind: str) -> None:
    """Issue 12 fuzz: every field of a saved state replaced by a hostile value gives a StateError,
    or a state that plays on (legal actions for a few turns) without a traceback."""
    data = saved_state(kind)
    accepted = 0
    for path in leaves(data):
        for value in (None, -1, 10**12, 2.5, "x", [], True, 0, 7):
            damaged = copy.deepcopy(data)
            holder = damaged
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = value
            try:
                state = GAME.state_from_dict(damaged)
            except StateError:
                continue
            accepted += 1
            play_on(state)
    assert accepted > 0  # some replacements are legal values (a flag, a PC of 7...)


def play_on(state: Any, steps: int = 40) -> None:
    rng = Rng(1)
    for _ in range(steps):
        if state.is_over():
            return
        seat = (state.to_act() or [-1])[0]
        legal = state.legal_actions(seat)
        assert legal, "a loaded state must let someone act"
        state.apply(seat, rng.choice(legal))
        state.view(None)


# --------------------------------------------------------------------------- standby and referee words


def test_referee_words_from_a_player_are_refused() -> None:
    state = game_with([((10, 2), "N"), ((9, 10), "N")])
    before = state.to_json()
    for text in ("time-up", "window-closed"):
        with pytest.raises(IllegalAction, match="not a player's action"):
            state.apply_text(0, text)
    with pytest.raises(IllegalAction, match="referee cannot play"):
        state.apply(-1, STANDBY)
    assert state.to_json() == before
