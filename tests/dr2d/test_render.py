"""Faces: the turn report sentences, the terminal drawing, the SVG picture and the rules."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rich.console import Console

from robotable.core.rng import Rng
from robotable.games.dr2d import GAME
from robotable.games.dr2d.log import SENTENCES
from tests.dr2d.conftest import as_dicts, game_with, program


def played_state(turns: int = 3, seed: int = 1):  # type: ignore[no-untyped-def]
    state = GAME.new_state({"start_placement": "assigned"}, seed=seed, seats=4)
    rng = Rng(seed)
    events = []
    while state.turn <= turns and not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, as_dicts(events)


def test_turn_report_sentences_name_registers() -> None:
    """DR-34: every event of a turn reads as a sentence with its register."""
    state = game_with([((4, 5), "E"), ((5, 5), "N")], absolute_directions=True)
    program(state, 1, "STAY STAY STAY STAY STAY")
    events = as_dicts(program(state, 0, "E STAY STAY STAY STAY"))
    lines = [GAME.describe_event(e, lambda s: "AB"[s]) for e in events]
    assert "R1: A moves E from (4,5) to (5,5)" in lines
    assert "R1: B is pushed by A from (5,5) to (6,5)" in lines
    assert "end of turn: A is crushed by the press on (5,5) (2 damage)" in lines
    assert all(line for line in lines)


def test_every_event_kind_has_a_sentence() -> None:
    """Every kind produced in random games is described."""
    _, events = played_state(turns=6)
    kinds = {e["kind"] for e in events}
    assert kinds <= set(SENTENCES)
    for event in events:
        assert GAME.describe_event(event, str)


def test_text_drawing_shows_robots_and_elements() -> None:
    state, _ = played_state(turns=1)
    console = Console(width=120, record=True)
    console.print(GAME.render_text(state.view(0)))
    text = console.export_text()
    assert "PC" in text and "|" in text and "*" in text
    for robot in state.view(0)["robots"]:
        if robot["tile"]:
            assert "ABCD"[robot["seat"]] in text


def test_svg_is_valid_and_draws_paths_on_request() -> None:
    state, _ = played_state(turns=2)
    plain = GAME.render_svg(state.view(None))
    with_paths = GAME.render_svg(state.view(None), paths=True)
    ET.fromstring(plain)
    ET.fromstring(with_paths)
    assert "<polyline" not in plain and "<polyline" in with_paths
    assert plain.count('fill="#f5c518"') >= 3  # three law discs (plus the legend)


def test_rules_summaries_tag_every_rule() -> None:
    for lang in ("en", "fr"):
        text = GAME.rules_summary(lang)
        for n in range(1, 36):
            assert f"DR-{n}" in text, (lang, n)


def test_svg_drawing_options_are_checked() -> None:
    """Audit: unknown drawing options and bad values were silently ignored."""
    import pytest

    from robotable.core.errors import RobotableError

    view = GAME.new_state({}, seed=1, seats=2).view(None)
    with pytest.raises(TypeError, match="nosuch"):
        GAME.render_svg(view, nosuch=1)  # type: ignore[call-arg]
    for bad in ("maybe", 1, None):
        with pytest.raises(RobotableError, match="paths: true or false"):
            GAME.render_svg(view, paths=bad)  # type: ignore[arg-type]
    assert GAME.render_svg(view, paths=False).startswith("<svg")


def test_text_board_has_a_symbol_legend() -> None:
    """Audit: the terminal board explained none of its symbols; start tiles a..h are S1..S8."""
    state, _ = played_state(turns=0)
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.render_text(state.view(0)))
    text = console.export_text()
    for words in ("O pit", "w W repair", "a..h start tile S1..S8", ": laser beam", "laser mount", "pusher"):
        assert words in text


def test_parse_errors_name_only_player_actions() -> None:
    """Audit: the referee's words were offered to players, and the message repeated 'cannot read'."""
    import pytest

    from robotable.core.errors import NotationError

    with pytest.raises(NotationError) as caught:
        GAME.parse_action("jump")
    message = str(caught.value)
    assert not message.startswith("cannot read")
    assert "time-up" not in message and "window-closed" not in message
    assert "lock" in message and "STAY" in message
