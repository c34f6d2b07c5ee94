"""What the contract refuses before any game code runs: numbers, seats, action values, saved
states, option values, drawing options. Shown on the toy game of the conformance suite, so the
checks are the contract's own, not a game's."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from robotable.core.datafile import data_int, data_number
from robotable.core.errors import DataFileError, IllegalAction, InvalidOptions, NotationError, StateError
from robotable.core.game import Action, Option
from robotable.core.numbers import MAX_DIGITS, is_int, read_int

from ..conformance.toygame import GAME, Call, Play


@pytest.mark.parametrize(
    "text", ["²", "⁵", "３", "٣", "߃", "1²", "1_000", " 1", "1 ", "0x10", "1.0", "", "+-1"]
)
def test_read_int_takes_ascii_digits_only(text: str) -> None:
    with pytest.raises(NotationError, match="a bid"):
        read_int(text, "a bid", signed=True)
    assert not is_int(text, signed=True)


def test_read_int_bounds_length_sign_and_range() -> None:
    assert read_int("0042", "x") == 42
    assert read_int("+7", "x", signed=True) == 7 and read_int("-7", "x", signed=True) == -7
    with pytest.raises(NotationError, match="cannot be negative"):
        read_int("-2", "a column")
    with pytest.raises(NotationError, match="too large"):
        read_int("9" * 5000, "a bid")
    assert read_int("9" * MAX_DIGITS, "x") == 10**MAX_DIGITS - 1
    with pytest.raises(NotationError, match="from 1 to 4, not 5"):
        read_int("5", "the slot", minimum=1, maximum=4)
    with pytest.raises(NotationError, match="at least 1, not 0"):
        read_int("0", "a bid", minimum=1)


def test_a_message_about_a_long_text_stays_short() -> None:
    with pytest.raises(NotationError) as caught:
        read_int("²" * 5000, "a bid")
    assert len(str(caught.value)) < 100 and "5000 characters" in str(caught.value)


def test_data_file_numbers_name_file_and_field() -> None:
    with pytest.raises(DataFileError, match=r"deck.txt: line 3: .*digits 0-9, not '²'"):
        data_int("²", "deck.txt", "line 3")
    with pytest.raises(DataFileError, match=r"deck.txt: line 3: .*at most 200"):
        data_int("999999999", "deck.txt", "line 3", maximum=200)
    assert data_number(-3, "b.json", "cells[0]", minimum=-5) == -3
    for bad in (True, 2.0, "2", None, 10**5000):
        with pytest.raises(DataFileError, match=r"b.json: cells\[0\]"):
            data_number(bad, "b.json", "cells[0]")


@pytest.mark.parametrize("seat", [None, "0", 1.5, True, -2, 2, 10**30])
def test_a_seat_that_is_not_a_seat_of_the_game_is_refused_without_change(seat: object) -> None:
    state = GAME.new_state(seed=1, seats=2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="is not a seat of this game"):
        state.apply(seat, state.legal_actions(0)[0])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.check(seat, state.legal_actions(0)[0])  # type: ignore[arg-type]
    assert state.to_json() == before


@dataclass(frozen=True)
class Alien(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"  # reads back as the toy game's Play, not as itself


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Play(True), "card must be a whole number, not True"),  # type: ignore[arg-type]
        (Play(3.0), "card must be a whole number, not 3.0"),  # type: ignore[arg-type]
        (Play("3"), "card must be a whole number"),  # type: ignore[arg-type]
        (Play(10**40), "not a Duel action"),
        (Play(-1), "not a Duel action"),
        (Call("EVEN"), "not a Duel action"),
        (Alien(3), "reads as another action"),
        ("play 3", "is not an action"),
        (None, "is not an action"),
    ],
)
def test_action_values_are_held_to_their_notation(action: object, reason: str) -> None:
    state = GAME.new_state(seed=1, seats=2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(0, action)  # type: ignore[arg-type]
    assert state.to_json() == before
    state.apply(0, state.legal_actions(0)[0])  # the game goes on


def test_a_cached_valid_action_does_not_let_an_equal_bool_through() -> None:
    GAME.check_action_value(Play(1))  # now remembered as valid
    with pytest.raises(IllegalAction, match="not True"):
        GAME.check_action_value(Play(True))  # type: ignore[arg-type]  # True == 1 to Python


def test_saved_states_are_checked_field_by_field() -> None:
    state = GAME.new_state(seed=1, seats=2)
    with pytest.raises(StateError, match="missing field 'options'"):
        GAME.state_from_dict({})
    with pytest.raises(StateError, match="JSON object"):
        GAME.state_from_dict([1, 2])
    damaged = state.to_dict()
    damaged["locked"] = 5
    with pytest.raises(StateError, match="malformed"):  # the state cannot even say whose turn it is
        GAME.state_from_dict(damaged)
    damaged = state.to_dict()
    damaged["extra"] = 5
    with pytest.raises(StateError, match="field extra is not a value this game holds"):
        GAME.state_from_dict(damaged)
    assert GAME.state_from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (Option("t", 10, "", int), 10**12, "too large"),
        (Option("t", 1.0, "", float), math.nan, "finite"),
        (Option("t", 1.0, "", float), math.inf, "finite"),
        (Option("t", 1.0, "", float, minimum=0.1), 1e300, "too large"),
        (Option("t", None, "", str), "x" * 5000, "too long"),
    ],
)
def test_options_refuse_values_no_game_needs(option: Option, value: object, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        option.check(value)


def test_drawing_options_are_declared_and_unknown_ones_listed() -> None:
    class Drawn(type(GAME)):  # type: ignore[misc]
        drawing_options = (Option("paths", False, "draw each robot's route", bool),)

    game = Drawn()
    assert game.validate_drawing({"paths": True}) == {"paths": True}
    with pytest.raises(
        InvalidOptions, match="unknown drawing option 'colour' for toy; drawing options: paths"
    ):
        game.validate_drawing({"colour": "red"})
    with pytest.raises(InvalidOptions, match="true or false"):
        game.validate_drawing({"paths": "yes"})
