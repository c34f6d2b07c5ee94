"""Hostile input (issue 12): notation, puzzle codes, faces files and saved states are refused with the
project's own one-line errors (RR-35), and a refusal changes nothing."""

from __future__ import annotations

import functools
import json
import re
import sys
import time
from pathlib import Path

import pytest

from robotable import games
from robotable.core.errors import DataFileError, IllegalAction, InvalidOptions, NotationError, StateError
from robotable.games.ricochet.actions import Bid, Move, parse_action
from robotable.games.ricochet.board import check_face_set, load_faces, parse_faces
from robotable.games.ricochet.code import Puzzle, PuzzleCodeError
from tests.ricochet.conftest import P1, new, play

GAME = games.get("ricochet")
FACES_TXT = Path(__file__).resolve().parents[2] / "src/robotable/games/ricochet/data/faces.txt"
NINES = "9" * 5000


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bid ²", "digits 0-9, not '²'"),  # top left of a French keyboard
        ("bid ⁵", "digits 0-9, not '⁵'"),
        ("bid ３", "digits 0-9, not '３'"),  # full width: int() reads it as 3
        ("bid ٣", "digits 0-9, not '٣'"),  # Arabic-Indic: int() reads it as 3
        (f"bid {NINES}", "too large (5000 digits; at most 9)"),
        ("bid -3", "cannot be negative"),
        ("bid +3", "without a sign"),
        ("bid 3.0", "digits 0-9"),
        ("bid 3 4", "'bid N'"),
        ("bid", "'bid N'"),
    ],
)
def test_rr35_bids_that_are_no_whole_number_are_notation_errors(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert reason in message
    assert "\n" not in message and len(message) < 200


def test_rr35_a_bid_out_of_range_is_still_the_rules_refusal() -> None:
    """The notation bounds the digits; RR-16's range depends on max_bid and stays a rule (RR-35)."""
    state = new(P1)
    before = state.to_dict()
    for text in ("bid 0", "bid 100", "bid 999999999"):
        with pytest.raises(IllegalAction, match="between 1 and 99"):
            state.apply_text(0, text)
    assert state.to_dict() == before


def test_rr35_every_unicode_digit_is_refused_wherever_it_is_typed() -> None:
    """No character that Python calls a digit or a number gets past the notation, nor any error
    other than a NotationError (a bare ValueError ended the program)."""
    odd = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isnumeric() and not "0" <= chr(c) <= "9"]
    assert len(odd) > 1000
    for ch in odd[::7]:  # a sample of every script keeps the test fast
        for text in (f"bid {ch}", f"bid 1{ch}", f"{ch} N", f"red {ch}", f"R{ch}", ch):
            with pytest.raises(NotationError):
                parse_action(text)


@pytest.mark.parametrize(
    "text",
    [
        "ſ N",  # upper() turns the long s into S (silver)
        "red ſouth",
        "bid\u30005",  # an ideographic space
        "ｒｅｄ Ｎ",
        "reveal\u200b",
        "red\x00 N",
        "x" * 100_000,
        "\x1b[2J",
    ],
)
def test_rr35_text_outside_the_ascii_notation_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 200


def test_the_notation_reads_what_it_writes() -> None:
    for action in (Bid(7), Move(4, 3), *(Move(r, d) for r in range(4) for d in range(4))):
        assert parse_action(str(action)) == action
    assert parse_action("  green \t e ") == Move(1, 1) and parse_action("give_up").word == "give-up"


def test_unknown_words_offer_only_the_players_words() -> None:
    with pytest.raises(NotationError) as caught:
        parse_action("jump high now")
    assert "give-up" in str(caught.value) and "time-up" not in str(caught.value)


def test_rr35_seats_and_action_values_are_checked_before_the_rules() -> None:
    """Issue 12: apply(None, bid 3) raised TypeError and apply(1.5, bid 3) recorded a bid for seat 1.5."""
    state = new(P1)
    before = state.to_dict()
    for seat in (None, "0", 1.5, True, 7):
        with pytest.raises(IllegalAction):
            state.apply(seat, Bid(3))  # type: ignore[arg-type]
    for action in (Bid(True), Bid(3.0), Bid(10**20), Move(9, 0), Move(0, 7), Move(-1, 0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    assert state.to_dict() == before


# --------------------------------------------------------------------------- puzzle codes


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("1A2A3A4A-8A44\ufb000F-RC", "'ﬀ' is not allowed (ASCII only)"),  # upper() made it FF
        ("1A2A3A4A-8A44FF0F-ＲC", "ASCII only"),
        ("1A2A3A4A-8A44FF0٣-RC", "ASCII only"),
        ("1A2A3A4A-8A44FF0F-RC" + " " * 100, "too long"),
        ("1A2A3A4A-" + "8A" * 500_000 + "-RC", "too long"),
        ("1A2A3A4A-8A44FF0F-RC\x1c", "unknown target"),  # str.split() calls \x1c a space
        ("1A2A3A4A\u20138A44FF0F\u2013RC", "ASCII only"),  # en dashes
    ],
)
def test_rr28_puzzle_codes_are_ascii_and_short(code: str, reason: str) -> None:
    begin = time.perf_counter()
    with pytest.raises(PuzzleCodeError) as caught:
        Puzzle.parse(code)
    assert reason in str(caught.value) and len(str(caught.value)) < 200
    assert time.perf_counter() - begin < 0.5


def test_rr28_spaces_and_case_are_still_ignored() -> None:
    assert str(Puzzle.parse(" 1a2a 3a4a -\t8a44ff0f - rc ")) == P1


def test_rr29_board_and_puzzle_options_refuse_non_ascii() -> None:
    for options in (
        {"board": "1A2A3A4\ufb00"},
        {"board": "1A2A3A4A" * 600},
        {"puzzle": "1A2A3A4A-8A44\ufb000F-RC"},
    ):
        with pytest.raises(InvalidOptions):
            GAME.validate_options(options)
    assert GAME.validate_options({"board": "1a2a3a4a"})["board"] == "1A2A3A4A"


def test_a_puzzle_on_a_faces_file_without_its_faces_or_target_is_one_error(tmp_path: Path) -> None:
    text = FACES_TXT.read_text()
    no_1b = tmp_path / "no_1b.txt"
    no_1b.write_text("\n\n".join(b for b in text.split("\n\n") if not b.startswith("face 1B")))
    with pytest.raises(DataFileError, match=r"no_1b.txt: faces: there is no face 1B"):
        Puzzle.parse("1B2A3A4A-8A44FF0F-RC", faces_file=str(no_1b)).board()
    no_vortex = tmp_path / "no_vortex.txt"
    no_vortex.write_text(text.replace("MV|", "  |"))
    with pytest.raises(PuzzleCodeError, match="has no vortex target"):
        Puzzle.parse("1A2A3A4A-8A44FF0F-MV", faces_file=str(no_vortex)).board()


# --------------------------------------------------------------------------- faces files


def _mutations(text: str) -> list[tuple[str, str]]:
    """Damaged copies of a faces file: each line deleted, doubled, given a '²', a tab, a huge tail."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line or line.startswith("#"):
            continue
        middle = len(line) // 2
        variants = {
            "deleted": lines[:i] + lines[i + 1 :],
            "doubled": [*lines[:i], line, line, *lines[i + 1 :]],
            "odd digit": [*lines[:i], line[:middle] + "²" + line[middle + 1 :], *lines[i + 1 :]],
            "tab": [*lines[:i], line[:middle] + "\t" + line[middle + 1 :], *lines[i + 1 :]],
            "huge": [*lines[:i], line + "9" * 5000, *lines[i + 1 :]],
        }
        out += [(f"line {i + 1} {how}", "\n".join(v)) for how, v in variants.items()]
    return out


def test_damaged_faces_files_give_only_data_file_errors_naming_file_and_line() -> None:
    """Issue 12: a loader refuses what it cannot honour, at load, naming file and line."""
    mutations = _mutations(FACES_TXT.read_text())
    assert len(mutations) > 1000
    for how, text in mutations:
        with pytest.raises(DataFileError) as caught:  # every line counts: each damage is refused
            check_face_set(parse_faces(text, "mine.txt"), "1999+C", "mine.txt")
        assert caught.value.file == "mine.txt" and "line" in caught.value.field, how
        assert "\n" not in str(caught.value), how


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda t: t.replace("|###", "|   ", 1), "the only ### cell is the bottom-right one"),
        (lambda t: t.replace("| RC", "|###", 1), "the only ### cell"),
        (lambda t: t.replace("+---+---+", "+---x---+", 1), r"bad corner 'x'"),
        (lambda t: "\ufeff" + t.replace("face 1A", "face 1\ufb00", 1), "not allowed"),
        (lambda t: t.replace("face 1A", "face 1A\f", 1), "not allowed"),
    ],
)
def test_faces_file_checks_name_the_line(change, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DataFileError, match=reason) as caught:
        parse_faces(change(FACES_TXT.read_text()), "mine.txt")
    assert "line" in caught.value.field


def test_the_shipped_faces_file_with_a_bom_and_windows_lines_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "windows.txt"
    path.write_bytes(("\ufeff" + FACES_TXT.read_text()).replace("\n", "\r\n").encode())
    assert load_faces(path).keys() == parse_faces(FACES_TXT.read_text()).keys()


# --------------------------------------------------------------------------- saved states


def _saved_states() -> list[dict]:
    return json.loads(_saved_json())  # a fresh copy for each test


@functools.cache
def _saved_json() -> str:
    bidding = new(P1)
    play(bidding, 0, "bid 3")
    demo = bidding.clone()
    demo.apply_text(-1, "time-up")
    play(demo, 0, "red W")
    solo = new(P1, seats=1)
    play(solo, 0, "red W", "green E", "red N", "red W")
    return json.dumps([new(P1).to_dict(), bidding.to_dict(), demo.to_dict(), solo.to_dict()])


def test_saved_states_of_every_phase_load_back() -> None:
    for data in _saved_states():
        state = GAME.state_from_dict(data)
        assert state.to_dict() == data


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("seats", 10**9, "seats"),
        ("seats", 0, "seats"),
        ("rng", -1, "rng"),
        ("robots", [-1, 68, 255, 240], "robots"),  # Python would read cell -1 as the last one
        ("robots", [168, 168, 255, 240], "two robots on one cell"),
        ("robots", [119, 68, 255, 240], "centre block"),
        ("markers", [168, 68, 255], "markers"),
        ("faces", ["1A", "1A", "3A", "4A"], "pieces 1, 2, 3 and 4"),
        ("faces", ["1\ufb00", "2A", "3A", "4A"], "ASCII"),
        ("pile", ["RC"] * 20, "pile"),
        ("chip", "GT", "chip twice"),  # in play and still in the pile
        ("chips", [["RT"], ["RT"]], "chip twice"),
        ("phase", "puzzle", "phase"),
        ("bids", [[0, 0, 1]], "bids[0][1]"),
        ("bids", [[5, 3, 1]], "bids[0][0]"),
        ("queue", [1], "queue"),
        ("moves", [[9, 0]], "moves[0][0]"),
        ("moves", [[0, 0]] * 20_000, "moves"),
        ("optimum", 1.5, "optimum"),
        ("results", [{"target": "RC"}], "results[0]"),
        ("options", {"max_bid": 10**30}, "max_bid"),
        ("draws", True, "draws"),
    ],
)
def test_damaged_saved_states_are_state_errors_naming_the_field(
    field: str, value: object, reason: str
) -> None:
    damaged = _saved_states()[1]  # bidding: red circle in play, seat 0 bid 3
    if field == "options":
        damaged["options"].update(value)  # type: ignore[arg-type]
    else:
        damaged[field] = value
    with pytest.raises(StateError, match=re.escape(reason)):
        GAME.state_from_dict(damaged)


def test_a_state_with_a_huge_seat_count_is_refused_at_once() -> None:
    data = new(P1).to_dict()
    data["seats"] = 10**8
    data["chips"] = [[]] * 10**6  # a list a forger would send along
    begin = time.perf_counter()
    with pytest.raises(StateError):
        GAME.state_from_dict(data)
    assert time.perf_counter() - begin < 0.5
