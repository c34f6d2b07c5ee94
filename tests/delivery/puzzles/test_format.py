"""The puzzle file: what it holds, and every refusal (plain English and French, nothing built)."""

from __future__ import annotations

import re

import pytest

from robotable.core.errors import PuzzleError
from robotable.games.delivery.puzzles import load_puzzle
from tests.delivery.puzzles.helpers import data

GOOD = data(["#....", "..P.D"], [0, 1, "E"], {"FWD": 2, "LOOP": 1, "FN-A": 1}, functions=[3], slots=3)


def test_a_puzzle_reads_board_start_parcels_and_allowance() -> None:
    puzzle = load_puzzle(GOOD)
    assert (puzzle.board.width, puzzle.board.height) == (5, 2)
    assert puzzle.start == (puzzle.board.cell(0, 1), 1)  # facing E
    assert puzzle.parcels == (puzzle.board.cell(2, 1),)
    assert puzzle.allowance == {"FWD": 2, "LOOP": 1, "FN-A": 1}
    assert (puzzle.slots, puzzle.functions, puzzle.letters) == (3, (3,), "A")
    assert puzzle.optimum is None and puzzle.lesson == {"en": "", "fr": ""}


def test_a_board_file_text_with_its_own_legend_is_read_by_the_game_parser() -> None:
    text = "[legend]\no floor\nX wall\n$ pickup\nG drop\n[map]\noo$oG\nXoooo\n"
    puzzle = load_puzzle(data(text, [0, 0, "E"], {"FWD": 4}))
    assert puzzle.board.rows() == ["..P.D", "#...."]


def test_the_game_default_slots_are_four_and_no_function_board() -> None:
    puzzle = load_puzzle(data(["..P.D", "....."], [0, 0, "E"], {"FWD": 4}))
    assert (puzzle.slots, puzzle.functions) == (4, ())


BAD = [
    ([], "a puzzle is a JSON object"),
    (GOOD | {"extra": 1}, "unknown field 'extra'"),
    ({k: v for k, v in GOOD.items() if k != "start"}, "no 'start' field"),
    (GOOD | {"game": "ricochet"}, "not a Robot Delivery puzzle"),
    (GOOD | {"format": 2}, "unknown puzzle format"),
    (GOOD | {"format": True}, "unknown puzzle format"),
    (GOOD | {"slots": 5}, "slots must be a whole number from 1 to 4"),
    (GOOD | {"functions": [4, 4, 4, 4, 4]}, "at most 4 boards"),
    (GOOD | {"functions": [0]}, "from 1 to 4"),
    (GOOD | {"cards": {"LASER": 1}}, "cannot be used in a puzzle"),
    (GOOD | {"cards": {"BUG": 1}}, "cannot be used in a puzzle"),
    (GOOD | {"cards": {"FN-B": 1}}, "no function board B"),
    (GOOD | {"cards": {"FWD": 9}}, "from 0 to 8"),
    (GOOD | {"cards": {"FWD": "2"}}, "from 0 to 8"),
    (GOOD | {"cards": {"LOOP": 5}}, "at most 4 LOOP"),
    (GOOD | {"cards": {"FWD": 8, "RR": 8, "RL": 8, "SL": 1}}, "at most 24 cards"),
    (GOOD | {"board": ["." * 13, "P" + "." * 11 + "D"]}, "at most 12 x 12"),
    (GOOD | {"board": ["." * 100, "PD"]}, "at most 12 cells"),
    (GOOD | {"board": ["...."] * 13}, "2 to 12"),
    (GOOD | {"board": "x" * 5000}, "at most 4000 characters"),
    (GOOD | {"board": ["....", "...."]}, "at least one pickup point"),
    (GOOD | {"board": ["..P.", "...."]}, "at least one drop point"),
    (GOOD | {"board": ["..Z.D", "..P.."]}, "symbol 'Z'"),
    (GOOD | {"start": [9, 0, "E"]}, "start column must be a whole number from 0 to 4"),
    (GOOD | {"start": [0, 0, "E"]}, "starts on a wall"),
    (GOOD | {"start": [1, 1, "NE"]}, "column, row and facing"),
    (GOOD | {"board": ["P.P.D", "....."]}, "2 parcels (pickup points) cannot all be delivered with 3"),
    (GOOD | {"title": {"en": "only English"}}, "English and a French text"),
    (GOOD | {"lesson": {"en": "x" * 201, "fr": ""}}, "at most 200 characters"),
    (GOOD | {"optimum": [3]}, "[cards, instructions]"),
    (GOOD | {"optimum": [0, 1]}, "from 1 to 24"),
]


@pytest.mark.parametrize(("bad", "reason"), BAD)
def test_bad_puzzles_are_refused_in_plain_words(bad: object, reason: str) -> None:
    with pytest.raises(PuzzleError, match=re.escape(reason)) as info:
        load_puzzle(bad)
    assert info.value.fr and info.value.fr != str(info.value)  # and in French
