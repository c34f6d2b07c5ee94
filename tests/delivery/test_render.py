"""Pictures and words: SVG, the Rich terminal drawing, rules summaries."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from robotable.games.delivery import GAME

from .conftest import BLUE, RED, new, place, play, program_all


def test_svg_start_position_is_valid_and_complete() -> None:
    state = new(4)
    svg = GAME.render_svg(state.view(None))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for word in (
        "Legend",
        "pickup point",
        "drop point",
        "express conveyor",
        "seat 3 yellow",
        "slot 4",
        "FD.4",
    ):
        assert word in svg


def test_svg_hides_other_programs_and_draws_paths() -> None:
    """RD-28 in pictures: another seat's face-down card is a '?'; path_slot draws the last paths."""
    state = new()
    state.first = RED
    place(state, {RED: ((3, 3), "N"), BLUE: ((5, 3), "N")})
    program_all(state, {RED: [["FWD"], ["RR"], ["FWD"], ["RL"]], BLUE: [["RR"], ["RR"], ["RR"], ["RR"]]})
    play(state, RED, f"slot 1 {state.hands[RED][0]}")
    blue_view = GAME.render_svg(state.view(BLUE), path_slot=1)
    assert ">?<" in blue_view
    assert blue_view.count("<polyline") == 1  # only Red moved in slot 1
    ET.fromstring(blue_view)
    assert "<polyline" not in GAME.render_svg(state.view(BLUE))


def test_text_drawing() -> None:
    state = new(3)
    console = Console(width=120, record=True)
    console.print(GAME.render_text(state.view(RED)))
    text = console.export_text()
    assert "R▶" in text and "###" in text and " P " in text
    assert "your hand:" in text and "function C" in text


def test_rules_summaries() -> None:
    en, fr = GAME.rules_summary("en"), GAME.rules_summary("fr")
    assert en.startswith("# Robot Delivery") and fr.startswith("# Robot Delivery")
    for rule in range(1, 30):
        assert f"RD-{rule}**" in en and f"RD-{rule}**" in fr
    assert "[digital]" in en and "[numérique]" in fr


def test_svg_drawing_options_are_checked() -> None:
    """Audit: unknown drawing options and out-of-range slots were silently ignored."""
    import pytest

    from robotable.core.errors import RobotableError

    view = new().view(None)
    with pytest.raises(TypeError, match="nosuch"):
        GAME.render_svg(view, nosuch=1)  # type: ignore[call-arg]
    for bad in (0, 5, 9, "2", True, 1.5):
        with pytest.raises(RobotableError, match="path_slot: a slot number from 1 to 4"):
            GAME.render_svg(view, path_slot=bad)  # type: ignore[arg-type]
    for good in (None, 1, 4):
        assert GAME.render_svg(view, path_slot=good).startswith("<svg")


def test_text_board_has_a_symbol_legend() -> None:
    """Audit: the terminal board explained none of its symbols."""
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.render_text(new().view(RED)))
    text = console.export_text()
    for words in ("### wall", "P  pickup", "D  drop", "conveyor", "» ⇊ «  express", "carrying a parcel"):
        assert words in text


def test_parse_errors_name_only_player_actions() -> None:
    """Audit: 'time-up' (the referee's) was offered to players, and 'cannot read' was repeated."""
    import pytest

    from robotable.core.errors import NotationError

    with pytest.raises(NotationError) as caught:
        GAME.parse_action("jump high")
    message = str(caught.value)
    assert not message.startswith("cannot read") and "time-up" not in message
    assert "slot 1 FWD" in message and "submit" in message


def test_default_board_comment_numbers_seats_from_0() -> None:
    from importlib import resources

    text = (
        resources.files("robotable.games.delivery").joinpath("data", "board_default.txt").read_text("utf-8")
    )
    assert "seat 0 gets the first start symbol" in text and "seat 1 gets" not in text
