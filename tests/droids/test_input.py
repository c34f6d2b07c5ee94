"""Input hardening for Droids (issue 12): notation numbers, saved states, the rooms of the state.

Whatever a player types, or a saved state from a file or the wire holds, is refused with the
project's own error and changes nothing: never a traceback, never a sign dropped.
"""

from __future__ import annotations

import ast
import json
import time
import tracemalloc
from pathlib import Path

import pytest

from robotable.core.errors import IllegalAction, NotationError, StateError
from robotable.games.droids.actions import Obstacle, Send, Slot, parse_action

from .conftest import GAME, new

HUGE = "9" * 5000
ODD_DIGITS = ("²", "３", "٣", "߃", "𝟑")  # superscript, full-width, Arabic-Indic, N'Ko, mathematical


# ------------------------------------------------------------------ the notation's numbers


def test_dd47_obstacle_with_a_minus_sign_is_refused_not_read_without_it() -> None:
    """``obstacle -2 4`` used to place an obstacle on (2,4): the sign is refused, never dropped."""
    with pytest.raises(NotationError, match=r"column x of the cell cannot be negative, not '-2'"):
        parse_action("obstacle -2 4")
    with pytest.raises(NotationError, match="row y of the cell cannot be negative"):
        parse_action("obstacle 2 -4")
    s = new(1, 2)
    seat, before = s.to_act()[0], s.to_json()
    with pytest.raises(NotationError):
        s.apply_text(seat, "obstacle -2 4")
    assert s.to_json() == before


@pytest.mark.parametrize("digit", ODD_DIGITS)
@pytest.mark.parametrize(
    "template", ["obstacle {d} 4", "obstacle 4 {d}", "send e{d}", "damage e{d}", "e{d}.1", "e3.{d}", "{d}.1"]
)
def test_dd47_digits_of_other_scripts_are_refused(template: str, digit: str) -> None:
    """``²`` (a French keyboard's top left), full-width, Arabic-Indic...: never read as 0-9."""
    with pytest.raises(NotationError, match="0-9"):
        parse_action(template.format(d=digit))


@pytest.mark.parametrize(
    "text",
    [
        f"obstacle {HUGE} 4",
        f"obstacle 4 {HUGE}",
        f"send e{HUGE}",
        f"repair e{HUGE}",
        f"e{HUGE}.1",
        f"e1.{HUGE}",
    ],
    ids=lambda text: text.replace(HUGE, "<5000 digits>"),
)
def test_dd47_numbers_of_5000_digits_are_a_one_line_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert len(str(caught.value)) < 200 and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "obstacle 10 4",
        "obstacle 4 10",
        "send e10",
        "e10.1",
        "e3.4",
        "e3.0",
        "obstacle +2 4",
        "send e+3",
        "ſ",
        "ＭＭ",
    ],
)
def test_dd47_out_of_range_signed_and_look_alike_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_dd47_action_values_built_in_code_are_refused_like_typed_ones() -> None:
    """An obstacle off the board or a float emitter built in code: IllegalAction, nothing changes."""
    s = new(1, 2)
    seat, before = s.to_act()[0], s.to_json()
    for action in (Obstacle(12, 4), Obstacle(-2, 4), Obstacle(2.0, 4), Obstacle(True, 4)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
    for seat_value in (None, "0", 1.5, True, 7):
        with pytest.raises(IllegalAction):
            s.apply(seat_value, Obstacle(0, 5))  # type: ignore[arg-type]
    assert s.to_json() == before
    assert parse_action("obstacle (4, 7)") == Obstacle(4, 7) and parse_action("e3:1") == Slot(3, 1)
    assert parse_action("send 3") == Send(3)


# ------------------------------------------------------------------ saved states


def test_a_saved_state_that_is_empty_is_a_state_error_naming_the_field() -> None:
    with pytest.raises(StateError, match="missing field 'options'"):
        GAME.state_from_dict({})


def _saved(scenario: int = 2, seats: int = 2) -> dict:
    return json.loads(new(scenario, seats).to_json())


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seats", 10**9, "seats must be from 1 to 4"),
        ("turn", 10**5000, "turn must be from 1 to 60, not a number of"),
        ("rng", 2**64, "rng"),
        ("cursor", 10**9, "cursor"),
        ("mines_left", -1, "mines_left"),
        ("phase", "lunch", "phase"),
        ("placing", ["M2", 3], "placing"),
        ("killer", [None, 0, list(range(10**4)), False], "killer sent"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 20 else "",
)
def test_a_hostile_number_in_a_saved_state_is_refused_at_once(
    field: str, value: object, message: str
) -> None:
    """No billion-element list for ``seats``, no 5,000-digit number reaching a loop."""
    data = _saved()
    data[field] = value
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(StateError, match=message) as caught:
        GAME.state_from_dict(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.perf_counter() - started < 2 and peak < 20 << 20
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_a_bin_of_a_billion_tokens_is_refused_before_a_bot_redraws_the_hands() -> None:
    """``determinize`` builds a pool of the tokens a bin holds: a forged count would allocate it."""
    data = _saved()
    data["bins"]["M1"] = 10**9
    with pytest.raises(StateError, match=r"bins\.M1"):
        GAME.state_from_dict(data)
    data["bins"]["M1"] = 7  # one token lost: each is in a bin, a hand or a slot (DD-6)
    with pytest.raises(StateError, match="M1 tokens in play"):
        GAME.state_from_dict(data)


def test_a_saved_state_with_two_robots_on_a_cell_or_no_killer_is_refused() -> None:
    data = _saved()
    data["robots"][1][1] = data["robots"][0][1]
    with pytest.raises(StateError, match="another robot"):
        GAME.state_from_dict(data)
    data = _saved(7, 1)
    del data["robots"][1]  # the killer
    with pytest.raises(StateError, match="killer"):
        GAME.state_from_dict(data)
    data = _saved(7, 1)
    data["options"]["board_file"] = "/dev/zero"
    with pytest.raises(StateError):
        GAME.state_from_dict(data)


def test_a_real_saved_state_loads_back_at_every_step() -> None:
    from robotable.core.rng import Rng

    s = new(2, 3, seed=4)
    rng = Rng(4)
    for _ in range(150):
        if s.is_over():
            break
        assert GAME.state_from_dict(json.loads(s.to_json())) == s
        seat = (s.to_act() or [-1])[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


# ------------------------------------------------------------------ the rooms of the state


ROOMS = Path(__file__).resolve().parents[2] / "src" / "robotable" / "games" / "droids"
STACK = ["pieces", "phases", "mechanics", "shooting", "goals", "killer", "orders", "scenario_setup", "state"]


def test_the_state_is_split_into_rooms_that_never_import_the_state() -> None:
    """Issue 12: orders, shooting and scenario set-up are rooms of their own; a lower room never
    imports a higher one (so never the state), and the state module is the thin top."""
    for i, name in enumerate(STACK):
        tree = ast.parse((ROOMS / f"{name}.py").read_text("utf-8"))
        imported = {
            node.module.rsplit(".", 1)[-1]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("robotable.games.droids")
        }
        higher = imported & set(STACK[i + 1 :])
        assert not higher, f"{name} imports {higher}"
    assert len((ROOMS / "state.py").read_text("utf-8").splitlines()) < 500
