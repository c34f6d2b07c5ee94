"""Notation, event sentences, the SVG and terminal drawings, the rules summaries."""

from __future__ import annotations

import xml.dom.minidom

import pytest
from rich.console import Console

from robotable.core.errors import NotationError
from robotable.core.rng import Rng
from robotable.games.droids.actions import (
    AUTO,
    BACK,
    PASS,
    STOP,
    Arrow,
    Choose,
    Draw,
    Obstacle,
    Pick,
    Send,
    Slot,
    Token,
)

from .conftest import GAME, new


@pytest.mark.parametrize(
    "action",
    [Draw("violet"), Pick("TP"), Token("M2"), Token("MD"), Slot(3, 1), Slot(9, 3), Arrow("N"), Arrow("SW"),
     BACK, STOP, PASS, AUTO, Send(0), Obstacle(4, 7), Choose("damage", 3), Choose("repair", 9)],
)  # fmt: skip
def test_dd47_notation_round_trip(action: object) -> None:
    """DD-47: every action reads back from its notation."""
    assert GAME.parse_action(str(action)) == action


def test_notation_variants_and_errors() -> None:
    assert GAME.parse_action("draw v") == Draw("violet")
    assert [GAME.parse_action(t) for t in ("m2", "3.1", "n", "Back")] == [
        Token("M2"),
        Slot(3, 1),
        Arrow("N"),
        BACK,
    ]
    assert [GAME.parse_action(t) for t in ("E", "e1.2", "SE", "S", "SH")] == [
        Arrow("E"),
        Slot(1, 2),
        Arrow("SE"),
        Arrow("S"),
        Token("SH"),
    ]
    assert GAME.parse_action("obstacle (4, 7)") == Obstacle(4, 7)
    bad_ones = ("", "draw pink", "XX", "Q", "e11", "e1.4x", "place M1 N e1.1", "send e12", "fly")
    for bad in bad_ones:
        with pytest.raises(NotationError):
            GAME.parse_action(bad)
    with pytest.raises(NotationError, match=r"'M2, e3\.1, N'"):
        GAME.parse_action("place M2 N e3.1")  # the old one-line form points to the three steps


def random_game(scenario: int, seats: int, seed: int) -> tuple[object, list[dict]]:
    state = GAME.new_state({"scenario": scenario, "killer_level": 1}, seed=seed, seats=seats)
    rng = Rng(seed)
    events: list[dict] = []
    while state.outcome() is None:
        actors = state.to_act()
        seat = actors[0] if actors else -1
        legal = state.legal_actions(seat)
        events += state.events_for(state.apply(seat, rng.choice(legal)), None)
    return state, events


def test_every_event_has_a_sentence() -> None:
    """Every event kind met in random games of each scenario reads as a sentence."""
    seen: set[str] = set()
    for scenario, seats in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 2), (7, 1)):
        for seed in range(4):
            _, events = random_game(scenario, seats, seed)
            for event in events:
                sentence = GAME.describe_event(event, lambda s: f"seat {s}")
                assert isinstance(sentence, str) and sentence, event
                seen.add(event["kind"])
    assert {"drawn", "placed", "sent", "moved", "game-over", "turn-started"} <= seen


def test_render_svg_and_text() -> None:
    """The start position draws as well-formed SVG and as Rich text, for every scenario."""
    for scenario, seats in ((1, 4), (2, 2), (3, 3), (5, 2), (6, 2), (7, 1)):
        state = new(scenario, seats)
        svg = GAME.render_svg(state.view(None))
        xml.dom.minidom.parseString(svg)
        assert svg.count("<circle") >= seats and "river" in svg
        console = Console(width=120, record=True)
        console.print(GAME.render_text(state.view(0)))
        text = console.export_text()
        assert f"scenario {scenario}" in text and "emitters" in text


def test_render_shows_placed_tokens_and_own_hand_only() -> None:
    state = new(1, 2)
    state.emitters[0][3][1] = "M2:N"
    state.hands[1] = ["SH"]
    console = Console(width=120, record=True)
    console.print(GAME.render_text(state.view(0)))
    text = console.export_text()
    assert "M2↑" in text and "your hand" not in text
    console = Console(width=120, record=True)
    console.print(GAME.render_text(state.view(1)))
    assert "your hand: SH" in console.export_text()


def test_rules_summaries() -> None:
    en, fr = GAME.rules_summary("en"), GAME.rules_summary("fr")
    assert en.startswith("# Droids") and fr.startswith("# Droids")
    for text in (en, fr):
        assert "DD-24" in text and "DD-45" in text and ("décision" in text or "decision" in text)


def test_text_sendable_matches_the_engine() -> None:
    """DD-16: the terminal prompt's list of sendable emitters is the engine's."""
    from robotable.games.droids.terminal import sendable

    for seed in range(3):
        state = GAME.new_state({"scenario": 2}, seed=seed, seats=3)
        rng = Rng(seed)
        while state.outcome() is None:
            actors = state.to_act()
            seat = actors[0] if actors else -1
            if state.phase == "send" and seat >= 0 and not state.pending_hits:
                assert sendable(state.view(seat), seat) == state.sendable(seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_svg_shows_the_hand_only_to_its_owner() -> None:
    """DD-46: the drawn tokens appear only in their owner's picture."""
    state = new(6, 2)
    state.hands[0] = ["M1", "TP"]
    assert "your hand" in GAME.render_svg(state.view(0))
    assert "your hand" not in GAME.render_svg(state.view(1))
    assert "your hand" not in GAME.render_svg(state.view(None))
