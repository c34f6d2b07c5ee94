"""The classroom's rules apart from the server (issue 30): codes, attempts, a room's life, the CSV."""

from __future__ import annotations

import csv
import io

from robotable.puzzles.classroom import (
    CODE_LETTERS,
    LIFETIME,
    Result,
    counts_as_attempt,
    counts_as_run,
    expiry,
    is_code,
    key_parts,
    new_code,
    normalised_code,
    result_key,
    results_csv,
    tidy_hint,
)


def test_codes_have_no_letters_that_read_alike_and_are_read_kindly() -> None:
    assert not set(CODE_LETTERS) & set("O0I1LS5B8Z2G6Q")
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190 and all(is_code(code) for code in codes)
    assert normalised_code(" hk4-7mx ") == "HK47MX" and is_code("HK47MX")
    assert not is_code("HK47M") and not is_code("HK47MO") and not is_code("HK47MX9")


def test_an_attempt_counts_when_it_ends_or_is_given_up() -> None:
    assert not counts_as_attempt([], False, ["red N"], ended=False)  # a move: the same attempt
    assert not counts_as_attempt(["red N"], False, ["red N", "red E"], ended=False)
    assert not counts_as_attempt(["red N", "red E"], False, ["red N"], ended=False)  # an undo
    assert counts_as_attempt(["red N"], False, ["red N", "red E"], ended=True)  # solved or a dead end
    assert not counts_as_attempt(["red N", "red E"], True, ["red N", "red E"], ended=True)  # sent again
    assert counts_as_attempt(["red N"], False, [], ended=False)  # started again
    assert not counts_as_attempt(["red N", "red E"], True, [], ended=False)  # after an end: counted already
    assert not counts_as_attempt([], False, [], ended=False)


def test_a_room_lives_a_day_unless_kept() -> None:
    assert expiry(100.0, kept=False) == 100.0 + LIFETIME == 100.0 + 86400
    assert expiry(100.0, kept=True) is None


def test_a_hint_is_one_printable_line_of_at_most_300_characters() -> None:
    assert tidy_hint("  look\nat the\x00 blue\trobot  ") == "look at the blue robot"
    assert len(tidy_hint("x" * 5000)) == 300


def test_the_csv_has_a_header_a_row_each_and_no_formula() -> None:
    text = results_csv(
        [
            Result("Léa", "course-1", 2, 3, 3),
            Result("=HYPERLINK(1)", "course-2", 4, None, 5),
            Result("Tom", "delivery course-3", 1, 5, 4, "cards"),
        ]
    )
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["pupil", "puzzle", "solved", "attempts", "best", "optimum", "optimal", "counted in"]
    assert rows[1] == ["Léa", "course-1", "yes", "2", "3", "3", "yes", "moves"]
    assert rows[2] == ["'=HYPERLINK(1)", "course-2", "no", "4", "", "5", "", "moves"]
    assert rows[3] == ["Tom", "delivery course-3", "yes", "1", "5", "4", "no", "cards"]


def test_a_program_counts_one_attempt_per_run_never_per_edit() -> None:
    first = {"onplay": [["FWD"]], "functions": {}}
    second = {"onplay": [["FWD"], ["FWD"]], "functions": {}}
    assert counts_as_run(None, first)  # the first run
    assert counts_as_run(first, second)  # another program run
    assert not counts_as_run(second, second)  # the same program run again: watched once more


def test_results_of_each_game_have_their_own_keys() -> None:
    assert result_key("ricochet", "course-1") == "course-1"  # as before the other games came
    assert result_key("delivery", "course-1") == "delivery:course-1" != result_key("ricochet", "course-1")
    for game in ("ricochet", "delivery"):
        assert key_parts(result_key(game, "course-7")) == (game, "course-7")
