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
        "onPlay 4",
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
