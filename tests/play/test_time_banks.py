"""Time banks (robotable.play.time_banks): derived from the actions' times alone; a simultaneous
phase spends every awaited seat's bank at once; a move adds its time, never past the start; a
bank that reaches zero is out for good; bad settings refused in English and French."""

from __future__ import annotations

from typing import Any

import pytest

from robotable import games
from robotable.play.table import Table
from robotable.play.time_banks import DAY, HOUR, BankRule, Banks, InvalidBank, bank_rule, banks_of


def test_a_bank_runs_only_while_its_seat_is_awaited() -> None:
    banks = Banks(BankRule(10 * HOUR), seats=2, created=0.0, to_act=[0])
    banks.record(0, at=2 * HOUR, to_act=[1])
    assert banks.left(5 * HOUR) == [8 * HOUR, 7 * HOUR]
    assert banks.running() == [1]
    assert banks.expiry() == 12 * HOUR


def test_a_simultaneous_phase_spends_every_awaited_seat_at_once() -> None:
    banks = Banks(BankRule(DAY), seats=4, created=0.0, to_act=[0, 1, 2, 3])
    banks.record(2, at=HOUR, to_act=[0, 1, 3])  # seat 2 done first: its bank stops
    banks.record(0, at=3 * HOUR, to_act=[1, 3])
    assert banks.left(4 * HOUR) == [DAY - 3 * HOUR, DAY - 4 * HOUR, DAY - HOUR, DAY - 4 * HOUR]
    assert banks.running() == [1, 3]


def test_a_move_adds_its_time_once_per_turn_and_never_past_the_start() -> None:
    rule = BankRule(DAY, per_move=6 * HOUR)
    banks = Banks(rule, seats=2, created=0.0, to_act=[0])
    banks.record(0, at=HOUR, to_act=[0])  # one small action of a longer decision: nothing added
    assert banks.left(HOUR)[0] == DAY - HOUR
    banks.record(0, at=2 * HOUR, to_act=[1])  # the turn ends: 6 hours added, capped at one day
    assert banks.left(2 * HOUR)[0] == DAY
    banks.record(1, at=12 * HOUR, to_act=[0])
    assert banks.left(12 * HOUR)[1] == DAY - 10 * HOUR + 6 * HOUR


def test_a_bank_that_reaches_zero_is_out_for_the_rest_of_the_game() -> None:
    banks = Banks(BankRule(HOUR, per_move=HOUR), seats=2, created=100.0, to_act=[1])
    assert banks.expiry() == 100.0 + HOUR
    assert banks.out_at(100.0 + HOUR - 1) == [] and banks.out_at(100.0 + HOUR) == [1]
    banks.record(1, at=100.0 + 2 * HOUR, to_act=[0])  # its bot's action: earns nothing
    assert banks.left(100.0 + 2 * HOUR) == [HOUR, 0.0]
    assert banks.out_at(100.0 + 2 * HOUR) == [1]
    assert banks.to_dict(100.0 + 2 * HOUR)["seats"] == [
        {"left": HOUR, "running": True, "out": False},
        {"left": 0.0, "running": False, "out": True},
    ]


def test_the_same_record_and_times_give_the_same_banks_bit_for_bit() -> None:
    """DR2D, four seats: banks fed while playing equal banks derived later from the steps."""
    rule = BankRule(3 * DAY, per_move=DAY)
    table = Table(games.get("dr2d"), {}, seed=3, seats=["human"] * 4, now=0.0)
    live = Banks(rule, seats=4, created=0.0, to_act=table.to_act())
    steps = []
    for number in range(30):
        seat = table.to_act()[number % len(table.to_act())]
        at = 1000.0 + number * 4321.5
        table.submit(seat, table.state.legal_actions(seat)[0], at)
        live.record(seat, at=at, to_act=table.to_act())
        steps.append((seat, at, table.to_act()))
    first = Table(games.get("dr2d"), {}, seed=3, seats=["human"] * 4).to_act()
    again = banks_of(rule, seats=4, created=0.0, first=first, steps=steps)
    assert again.left(200_000.0) == live.left(200_000.0)
    assert again.to_dict(200_000.0) == live.to_dict(200_000.0)


def test_good_settings_are_read() -> None:
    assert bank_rule({"bank": 3 * DAY, "per_move": DAY}) == BankRule(3 * DAY, DAY)
    assert bank_rule({"bank": HOUR}) == BankRule(HOUR, 0)
    assert bank_rule({"bank": 7200.0, "per_move": 0}) == BankRule(7200, 0)


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        (3, "turn_based", "must be an object"),
        ({"bank": DAY, "extra": 1}, "turn_based", "has no setting 'extra'"),
        ({"per_move": 60}, "bank", "is missing"),
        ({"bank": 60}, "bank", "from 3,600 to 2,592,000 (1 hour to 30 days)"),
        ({"bank": 31 * DAY}, "bank", "from 3,600 to 2,592,000"),
        ({"bank": True}, "bank", "whole number"),
        ({"bank": "3d"}, "bank", "whole number"),
        ({"bank": 3600.5}, "bank", "whole number"),
        ({"bank": float("nan")}, "bank", "whole number"),
        ({"bank": DAY, "per_move": DAY + 1}, "per_move", "from 0 to 86,400 (0 s to 1 day)"),
        ({"bank": DAY, "per_move": -1}, "per_move", "from 0 to 86,400"),
    ],
)
def test_bad_settings_are_refused_in_english_and_french(settings: Any, field: str, words: str) -> None:
    with pytest.raises(InvalidBank) as refused:
        bank_rule(settings)
    assert words in str(refused.value)
    assert refused.value.code == "bad_bank" and refused.value.params["field"] == field
    assert refused.value.option == "turn_based"
    assert refused.value.fr and "turn_based" in refused.value.fr and refused.value.fr != str(refused.value)
