"""Issue 12 for Robot Delivery: nothing a player types or loads crashes the game.

Notation (every number through ``read_int``), actions built in code, deck and board files,
saved states, drawing options; what a new player is told (typeable hints, card legend) and
what a seat's picture shows (its hand). RD rule IDs where a rule is at stake.
"""

from __future__ import annotations

import ast
import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from robotable.core.errors import DataFileError, IllegalAction, InvalidOptions, NotationError, StateError
from robotable.core.game import REFEREE, Turn
from robotable.core.rng import Rng
from robotable.games.delivery import GAME
from robotable.games.delivery.actions import PlaceFunction, Program, Take
from robotable.games.delivery.board import (
    MAX_DECK,
    MAX_SIDE,
    load_board,
    load_decks,
    parse_board,
    parse_decks,
)
from robotable.games.delivery.bots import HeuristicBot
from robotable.games.delivery.cards import ALL_CARDS, CARD_LEGEND

from .conftest import BLUE, RED, new, play

SOURCE = Path(__file__).resolve().parents[2] / "src" / "robotable" / "games" / "delivery"


def default_text(name: str) -> str:
    return resources.files("robotable.games.delivery").joinpath("data", name).read_text("utf-8")


# --------------------------------------------------------------------------- the import circle


def test_engine_does_not_import_the_state() -> None:
    """The resolution knows the world it moves only through its ``World`` protocol: the state
    imports the engine, never the other way round (no lazy import either)."""
    tree = ast.parse((SOURCE / "engine.py").read_text("utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "robotable.games.delivery.state" not in imported
    assert not any(
        isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) for node in tree.body
    )


# --------------------------------------------------------------------------- notation


HOSTILE_NOTATION = [
    ("slot ² FWD", "digits 0-9"),
    ("fn A² FWD", "digits 0-9"),
    ("fn A 2² LOOP", "digits 0-9"),
    ("slot 1" + "0" * 5000 + " FWD", "too large"),
    ("fn A1" + "0" * 5000 + " FWD", "too large"),
    ("take " + "9" * 5000, "too large"),
    ("slot ３ FWD", "digits 0-9"),  # full-width 3
    ("slot ٣ FWD", "digits 0-9"),  # Arabic-Indic 3
    ("take ²", "digits 0-9"),
    ("slot -1 FWD", "negative"),
    ("slot +1 FWD", "without a sign"),
    ("slot 0 FWD", "1 to 4"),
    ("slot 10 FWD", "1 to 4"),
    ("slot 1 ſl", "unknown card"),  # the long s upper-cases to S: "SL"
    ("slot 1 " + "X" * 5000, "unknown card"),
    ("fn ab 1 FWD", "A, B, C or D"),  # "AB" is a substring of "ABCD"
    ("fn ² 1 FWD", "A, B, C or D"),
    ("fn \u212a 1 FWD", "A, B, C or D"),  # the Kelvin sign
    ("ta\u212ae 1", "try 'slot 1 FWD'"),  # lower-cases to "take"
    ("slot 1 FWD\x00", "unknown card"),
]


@pytest.mark.parametrize(("text", "reason"), HOSTILE_NOTATION)
def test_hostile_notation_is_one_line_notation_error(text: str, reason: str) -> None:
    """Issue 12: ``slot ² FWD`` raised a bare ValueError; full-width digits were accepted."""
    with pytest.raises(NotationError, match=reason) as caught:
        GAME.parse_action(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 200


def test_every_legal_action_reads_back_from_its_notation() -> None:
    for seats, options in ((2, {}), (4, {"function_boards": "per_player_ad"})):
        state = new(seats, **options)
        for seat in range(seats):
            for action in state.legal_actions(seat):
                assert GAME.parse_action(str(action)) == action


@given(st.text(max_size=60))
def test_parse_action_of_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    try:
        action = GAME.parse_action(text)
    except NotationError as exc:
        assert "\n" not in str(exc)
    else:
        assert GAME.parse_action(str(action)) == action and str(action).isascii()


@pytest.mark.parametrize(
    "action",
    [
        Program(1.0, "FWD"),  # type: ignore[arg-type]
        Program(True, "FWD"),  # type: ignore[arg-type]
        Program(1, "fwd"),
        Program(1, "FN-E"),
        Program(10**12, "FWD"),
        Take(-1),
        PlaceFunction("AB", 1, "FWD"),
        PlaceFunction("a", 1, "FWD"),
        PlaceFunction("A", 1, ["FWD"]),  # type: ignore[arg-type]
        "slot 1 FWD",
        None,
    ],
)
def test_actions_built_in_code_are_refused_like_typed_ones(action: Any) -> None:
    """RD-29 for code: a field of the wrong type or out of notation is refused, nothing changes."""
    state = new()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(RED, action)
    assert state.to_json() == before


@pytest.mark.parametrize("seat", [None, "0", 1.5, True, 2, 7, -2])
def test_hostile_seats_are_refused(seat: Any) -> None:
    state = new()
    before = state.to_json()
    card = state.hands[RED][0]
    with pytest.raises(IllegalAction, match="not a seat"):
        state.apply(seat, Program(1, card))
    assert state.to_json() == before


# --------------------------------------------------------------------------- data files


def mutants(text: str, replace: Callable[[str], list[str]]) -> list[tuple[int, str]]:
    """(line number, file text) with one line changed each way ``replace`` gives for it."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        if line.strip() and not line.lstrip().startswith(";"):
            out += [(i + 1, "\n".join([*lines[:i], new, *lines[i + 1 :]])) for new in replace(line)]
    return out


def refused_at(loader: Callable[[str, str], Any], text: str, line: int | None = None) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        loader(text, "mine.txt")
    error = caught.value
    assert error.file == "mine.txt" and "\n" not in str(error) and len(str(error)) < 300
    if line is not None:
        assert error.field == f"line {line}", str(error)
    return error


BAD_COUNTS = ["x", "²", "999999999999", "1" + "0" * 5000, "-1", "+3", "３", "٣", "2.5", f"{MAX_DECK + 1}"]


@pytest.mark.parametrize("count", BAD_COUNTS)
def test_deck_counts_are_bounded_numbers(count: str) -> None:
    """Issue 12: deck ``FWD ²`` gave a bare ValueError, ``FWD 999999999999`` a MemoryError."""
    for line, text in mutants(default_text("decks_default.txt"), lambda row: [f"{row.split()[0]} {count}"]):
        error = refused_at(parse_decks, text, line)
        assert f"from 0 to {MAX_DECK}" in error.reason


@pytest.mark.parametrize(
    "change",
    [
        lambda row: ["JUMP 2"],  # an unknown card
        lambda row: ["BUG 2"],  # not a deck card (the bug pile is an option)
        lambda row: ["FN-A 2"],  # a lettered Function card: decks name FN-OWN
        lambda row: [row.split()[0]],  # the count deleted
        lambda row: [f"{row} 3"],  # a third field
        lambda row: ["ＦＷＤ 2"],  # full-width letters
    ],
)
def test_deck_lines_with_an_unknown_card_or_shape(change: Callable[[str], list[str]]) -> None:
    for line, text in mutants(default_text("decks_default.txt"), change):
        refused_at(parse_decks, text, line)


def test_deck_size_is_bounded() -> None:
    error = refused_at(parse_decks, "FWD 150\nBACK 60\nFN-OWN 1\n", 2)
    assert f"at most {MAX_DECK}" in error.reason


def test_deck_with_a_line_deleted_loads_or_names_the_file() -> None:
    lines = default_text("decks_default.txt").splitlines()
    for i in range(len(lines)):
        text = "\n".join(lines[:i] + lines[i + 1 :])
        try:
            parse_decks(text, "mine.txt")
        except DataFileError as error:
            assert error.file == "mine.txt"


def test_rd_4_loop_limit_names_its_line() -> None:
    """RD-4 data: loops multiply, so a deck holds at most 4 LOOP cards; the error names the line."""
    error = refused_at(parse_decks, "FWD 8\nLOOP 9\nFN-OWN 1\n", 2)
    assert "at most 4 LOOP" in error.reason


def legend_and_map() -> tuple[str, int, int]:
    """The default board's text and the line numbers of its [legend] and [map] headers."""
    text = default_text("board_default.txt")
    lines = text.splitlines()
    return text, lines.index("[legend]") + 1, lines.index("[map]") + 1


def map_mutants(replace: Callable[[str], str]) -> list[tuple[int, str]]:
    text, _, map_line = legend_and_map()
    lines = text.splitlines()
    return [
        (i + 1, "\n".join([*lines[:i], replace(lines[i]), *lines[i + 1 :]]))
        for i in range(map_line, len(lines))
    ]


@pytest.mark.parametrize(
    ("replace", "reason"),
    [
        (lambda row: "² " + row[2:], "not in the legend"),  # a cell unknown
        (lambda row: row + " .", "row has 10 cells"),  # a ragged board
        (lambda row: row[:-2], "row has 8 cells"),
        (lambda row: row + " ." * 5000, "row has"),
    ],
)
def test_board_map_cells_are_checked(replace: Callable[[str], str], reason: str) -> None:
    for line, text in map_mutants(replace):
        error = refused_at(parse_board, text)
        first_row = f"(line {line})" in error.reason  # the first row changed: the next one differs
        assert error.field == f"line {line + 1 if first_row else line}", str(error)
        assert reason in error.reason or first_row


def test_board_size_is_bounded() -> None:
    wide = "[map]\n" + "1P" + "." * MAX_SIDE + "\n4D" + "." * MAX_SIDE + "\n"
    assert f"at most {MAX_SIDE}" in refused_at(parse_board, wide, 2).reason
    tall = "[map]\n1P.\n4D.\n" + "...\n" * MAX_SIDE
    assert f"more than {MAX_SIDE} rows" in refused_at(parse_board, tall, MAX_SIDE + 2).reason


@pytest.mark.parametrize(
    "replace",
    [
        lambda words: [words[0], "lava", *words[2:]],  # an unknown kind
        lambda words: [words[0], words[1], "²"] if len(words) == 3 else [words[0], words[1], "N"],
        lambda words: [words[0], words[1], "NE"] if len(words) == 3 else [words[0], "²"],
        lambda words: [words[0] * 2, *words[1:]],  # a two-character symbol
        lambda words: [words[0]],  # the kind deleted
    ],
)
def test_board_legend_lines_are_checked(replace: Callable[[list[str]], list[str]]) -> None:
    text, legend_line, map_line = legend_and_map()
    lines = text.splitlines()
    for i in range(legend_line, map_line - 2):
        if not lines[i].strip():
            continue
        changed = "\n".join([*lines[:i], " ".join(replace(lines[i].split())), *lines[i + 1 :]])
        refused_at(parse_board, changed, i + 1)


def test_board_with_a_line_deleted_loads_or_names_the_file() -> None:
    lines = default_text("board_default.txt").splitlines()
    for i in range(len(lines)):
        try:
            parse_board("\n".join(lines[:i] + lines[i + 1 :]), "mine.txt")
        except DataFileError as error:
            assert error.file == "mine.txt"


def test_broken_files_through_the_game_options(tmp_path: Path) -> None:
    """How a user meets it: ``-O decks_file=...`` names the file and the line at once."""
    decks = tmp_path / "decks.txt"
    decks.write_text("FWD ²\nFN-OWN 1\n", "utf-8")
    board = tmp_path / "board.txt"
    board.write_text("[map]\n1P.\n4D.²\n", "utf-8")
    for option, path, line in (("decks_file", decks, 1), ("board_file", board, 3)):
        with pytest.raises(DataFileError) as caught:
            GAME.new_state({option: str(path)})
        assert caught.value.file == str(path) and caught.value.field == f"line {line}"


def test_default_files_still_load() -> None:
    assert load_board().width == 9 and dict(load_decks())["FWD"] == 4


# --------------------------------------------------------------------------- saved states


def played_states(seed: int, seats: int, steps: int, **options: Any) -> list[Any]:
    """Every state of a seeded random game (referee time-ups included), until it ends."""
    rng = Rng(seed)
    state = new(seats, seed=seed, turn_limit=3, **options)
    states = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        actors = state.to_act() + ([REFEREE] if state.timers() and rng.random() < 0.05 else [])
        seat = rng.choice(actors)
        legal = state.legal_actions(seat)
        # lean towards submitting so that rounds resolve
        action = next((a for a in legal if str(a) == "submit"), None) if rng.random() < 0.3 else None
        state.apply(seat, action or rng.choice(legal))
        states.append(state.clone())
    return states


def test_every_state_of_played_games_loads_back() -> None:
    """The saved-state check refuses nothing the game itself reaches (games over included)."""
    ends = set()
    for seed, seats, options in (
        (1, 2, {}),
        (2, 3, {"function_boards": "per_player_ad"}),
        (3, 4, {"program_timeout_s": 5.0}),
        (4, 2, {"bug_pile": 0}),
    ):
        states = played_states(seed, seats, 600, **options)
        for state in states[::3] + states[-1:]:
            data = json.loads(state.to_json())
            assert GAME.state_from_dict(data) == state
        ends.add(states[-1].is_over())
    assert ends == {True}


def test_rd_22_a_won_game_loads_back() -> None:
    """RD-22: two heuristic bots play to a delivery win; its states, the last included, load back."""
    state = new(seed=1)
    bots = [HeuristicBot(), HeuristicBot()]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].act(Turn(seat, state.view(seat), state.legal_actions(seat), GAME)))
        if state.submitted == [False, False]:  # a round was resolved
            assert GAME.state_from_dict(json.loads(state.to_json())) == state
    assert state.winner is not None
    assert GAME.state_from_dict(json.loads(state.to_json())) == state


def test_state_from_empty_dict_is_a_state_error() -> None:
    with pytest.raises(StateError, match="missing field 'options'"):
        GAME.state_from_dict({})


def saved() -> dict[str, Any]:
    state = new(2, seed=5)
    play(state, RED, f"slot 1 {state.hands[RED][0]}")
    return json.loads(state.to_json())


def changed(path: str, value: Any) -> dict[str, Any]:
    """The saved state with the field at ``path`` (``a.b.0``) set to ``value``."""
    data = saved()
    *head, last = path.split(".")
    target: Any = data
    for key in head:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("seats", 10**9),  # [False] * seats: gigabytes
        ("seats", True),
        ("seats", 2.0),
        ("round", 10**9),
        ("first", 7),
        ("rng", -1),
        ("bug_pile", 10**12),
        ("pos.0", -1),  # would wrap round to the last cell
        ("pos.0", 10**6),
        ("pos.0", 0),  # (0,0) is a wall cell
        ("facing.1", 7),
        ("facing.1", -1),  # would read as W
        ("delivered.0", 10**9),
        ("parcel.0", 1),
        ("winner", 0),  # a winner without deliveries
        ("phase", "resolution"),
        ("hands.0", ["LOOP"] * 1000),  # 2**1000 executions once programmed
        ("hands.0", ["JUMP"]),
        ("program.0.1", ["LOOP"] * 1000),
        ("program.0.1", ["FWD", "RL"]),  # two action cards in one slot (RD-6)
        ("draw.1", ["FWD"] * 10**5),
        ("bug_top.0", 3),
        ("fboards.0", {"B": [[], [], [], []]}),  # another colour's board
        ("options.hand_size", 10**9),
        ("options.nosuch", 1),
        ("last", {"round": 1}),
        ("last", "x"),
        ("submitted", [True, True]),  # every program in, yet nothing resolved
    ],
)
def test_hostile_saved_states_are_refused_quickly(path: str, value: Any) -> None:
    """Issue 12: a saved state can neither allocate for a hostile number nor loop on it."""
    data = changed(path, value)
    start = time.perf_counter()
    with pytest.raises(StateError) as caught:
        GAME.state_from_dict(data)
    assert time.perf_counter() - start < 1.0
    assert "\n" not in str(caught.value)


def test_rd_11_saved_function_boards_cannot_loop() -> None:
    """RD-11: a saved state whose boards A and B call each other is refused (the resolution would
    never end). The cards are the players' own, so only the loop is wrong."""
    data = saved()
    for seat, card, letter in ((RED, "FN-B", "A"), (BLUE, "FN-A", "B")):
        pile = next(key for key in ("hands", "draw") if card in data[key][seat])
        data[pile][seat].remove(card)
        data["fboards"][seat][letter][0] = [card]
    with pytest.raises(StateError, match="can run itself"):
        GAME.state_from_dict(data)


def test_saved_state_with_cards_no_deck_holds_is_refused() -> None:
    data = saved()
    data["draw"][RED].append("FWD")
    with pytest.raises(StateError, match="not the cards of their deck"):
        GAME.state_from_dict(data)


# --------------------------------------------------------------------------- drawing options


def test_drawing_options_are_declared() -> None:
    """Issue 12: ``-D`` options are declared, with help, and unknown ones list the known ones."""
    (path_slot,) = GAME.drawing_options
    assert path_slot.name == "path_slot" and "path" in path_slot.help and path_slot.default is None
    assert GAME.validate_drawing({"path_slot": 2}) == {"path_slot": 2}
    with pytest.raises(InvalidOptions, match="drawing options: path_slot"):
        GAME.validate_drawing({"nosuch": 1})
    for bad in (0, 5, "2", True, 10**12):
        with pytest.raises(InvalidOptions):
            GAME.validate_drawing({"path_slot": bad})


# --------------------------------------------------------------------------- a new player


def test_hint_is_typeable_and_explains_its_cards() -> None:
    """What a new player could not work out: the hint's first line is typed as it is (commas
    between actions, as the prompt takes them), the next lines say what its cards do."""
    for seed in range(5):
        state = new(seed=seed)
        for level in (1, 2):
            first, *notes = GAME.hint(state.view(RED), level).splitlines()
            actions = [GAME.parse_action(text) for text in first.split(", ")]
            for action in actions:
                if str(action) != "submit":
                    state.check(RED, action)
            cards = {action.card for action in actions if isinstance(action, Program)}
            for card in cards:
                assert any(note.strip().split()[0].split("/").count(card) for note in notes) or (
                    card.startswith("FN-") and any("FN-A..FN-D" in note for note in notes)
                ), (card, notes)


def test_card_legend_in_the_terminal_drawing() -> None:
    """Every card code is explained under the hand while programming, and how to type actions."""
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render_text(new().view(RED)))
    text = " ".join(console.export_text().split())
    for entry in CARD_LEGEND:
        assert " ".join(entry.split()) in text
    for card in ALL_CARDS:
        assert card in text or card.startswith("FN-")
    assert "FN-A..FN-D" in text and "slot 1 FWD" in text and "fn A 2 LOOP" in text and "submit" in text


# --------------------------------------------------------------------------- a seat's picture


def svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [element.text or "" for element in root.iter() if element.tag.endswith("text")]


def test_seat_view_svg_draws_its_hand_and_own_program() -> None:
    """``robotable render delivery --seat 0``: the seat's hand is drawn, card by card, and its
    face-down program as it sees it; the other seat and a spectator see neither (RD-28)."""
    state = new(seed=2)
    secret = state.hands[RED][0]
    play(state, RED, f"slot 3 {secret}")
    red = svg_texts(GAME.render_svg(state.view(RED)))
    assert "hand of seat 0 (only this seat sees it)" in red
    hand_cards = red[red.index("hand of seat 0 (only this seat sees it)") + 1 :]
    assert all(card in hand_cards for card in state.hands[RED])
    assert secret in red and any("face down" in text for text in red)
    assert any(entry in red[-1] or entry in " ".join(red) for entry in CARD_LEGEND)
    blue = svg_texts(GAME.render_svg(state.view(BLUE)))
    assert "hand of seat 1 (only this seat sees it)" in blue and "?" in blue
    assert not any("hand of seat 0" in text for text in blue)
    spectator = svg_texts(GAME.render_svg(state.view(None)))
    assert not any(text.startswith("hand of seat") for text in spectator)


def test_render_command_with_a_seat_draws_its_hand() -> None:
    """``robotable render delivery --seat 0`` (issue 12) draws seat 0's hand, a spectator's none."""
    from typer.testing import CliRunner

    from robotable.cli.main import app

    runner = CliRunner()
    seat = runner.invoke(app, ["render", "delivery", "--seat", "0"])
    assert seat.exit_code == 0 and "hand of seat 0" in seat.output
    ET.fromstring(seat.output)
    spectator = runner.invoke(app, ["render", "delivery"])
    assert spectator.exit_code == 0 and "hand of seat" not in spectator.output
