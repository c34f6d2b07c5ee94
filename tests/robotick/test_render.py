"""Faces: terminal drawing, SVG, event sentences, rules summaries and a recorded bot game."""

from __future__ import annotations

import re

from rich.console import Console

from robotable.core.records import Record
from robotable.core.rng import Rng
from robotable.games import replay
from robotable.games.robotick.bots import HeuristicBot
from robotable.games.robotick.cards import name
from robotable.games.robotick.state import RobotickState
from robotable.play.clock import VirtualClock
from robotable.play.match import Match

from .conftest import GAME, new, random_moves


def midgame() -> RobotickState:
    state = new(seed=2)
    random_moves(state, Rng(1), lambda s: len(s.history) == 4 and len(s.trick) >= 2)
    return state


def plain(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_text_shows_own_hand_and_hides_others() -> None:
    """RT-25 in the terminal: the viewer's cards face up, the others as backs, Droco's columns open."""
    state = midgame()
    seat = state.to_act()[0]
    text = plain(GAME.render_text(state.view(seat)))
    assert f"P{seat} (you)" in text and "AI card" in text and "Trick:" in text
    for c in state.hands[seat]:
        assert name(c) in text
    other = (seat + 1) % 3
    hidden = set(state.hands[other]) - set(state.given[seat])
    shown = set(re.findall(r"\b[ABCD]\d+\b", text))
    public = {name(c) for c in state.hands[3]} | {
        n for t in state.view(None)["tricks"] for _, n in t["cards"]
    }
    assert not ({name(c) for c in hidden} & (shown - public - {name(state.trump)}))
    assert "##" in text


def test_svg_is_a_picture_of_the_table() -> None:
    """The SVG has the AI card, Droco's hand, the trick, hangars, a legend; only the viewer's hand face up."""
    state = midgame()
    seat = state.to_act()[0]
    svg = GAME.render_svg(state.view(seat))
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert f"AI card {state.ai_card.id}" in svg and "Legend" in svg and "hangars" in svg
    for c in state.hands[seat]:
        assert f">{name(c)}<" in svg
    spectator = GAME.render_svg(state.view(None))
    assert not any(f">{name(c)}<" in spectator for c in state.aside)


def test_event_sentences() -> None:
    """Every event kind reads as a sentence; Droco's plays name the AI column used."""
    state = new(seed=3)
    events = random_moves(state, Rng(3), lambda s: False)
    kinds = set()
    for data in state.events_for(events, None):
        sentence = GAME.describe_event(data, lambda s: f"P{s}")
        assert sentence, data
        kinds.add(data["kind"])
        if data["kind"] == "played" and data["player"] == 3:
            assert re.search(
                r"Droco plays [ABCD]\d+, AI card column: (can follow \(Suit\)|cannot follow \(Ne suit pas\)"
                r"|leads \(Ouvre\))$",
                sentence,
            )
    assert {"pass-chosen", "cards-passed", "played", "trick-won", "round-scored", "game-over"} <= kinds


def test_rules_summaries_cover_every_rule() -> None:
    """Both summaries tag every RT rule of the spec as printed or digital."""
    ids = {f"RT-{n}" for n in range(1, 27)}  # the spec's rules RT-1..RT-26
    for lang in ("en", "fr"):
        summary = GAME.rules_summary(lang)
        assert ids <= set(re.findall(r"RT-\d+", summary)), lang


def test_bot_game_records_and_replays() -> None:
    """A bots-only game plays to the end, and its record replays to the same final state."""
    state = new(seed=1)
    match = Match(GAME, state, [HeuristicBot() for _ in range(3)], VirtualClock())
    outcome = match.run()
    record = Record(game="robotick", rules_version=GAME.rules_version, options={}, seed=1,
                    seats=["bot"] * 3, actions=match.actions, outcome=outcome)  # fmt: skip
    assert replay(record) == state


def test_empty_trick_line_is_spaced() -> None:
    """Audit: 'Trick: empty-> P0 (you) to play' lacked a space."""
    state = new(seed=2)
    random_moves(
        state, Rng(1), lambda s: not s.trick and bool(s.to_act()) and s.view(None)["to_play"] is not None
    )
    seat = state.to_act()[0]
    text = plain(GAME.render_text(state.view(seat)))
    assert "Trick: empty  -> " in text and "empty->" not in text


def test_svg_has_no_drawing_options() -> None:
    """Audit: unknown drawing options were silently ignored; the contract refuses them by name."""
    import pytest

    from robotable.core.errors import InvalidOptions

    assert GAME.drawing_options == ()
    with pytest.raises(
        InvalidOptions, match="unknown drawing option 'nosuch' for robotick; drawing options: none"
    ):
        GAME.render_svg(new().view(None), nosuch=1)
    with pytest.raises(InvalidOptions, match="nosuch"):
        GAME.validate_drawing({"nosuch": 1})


def test_parse_error_does_not_repeat_cannot_read() -> None:
    import pytest

    from robotable.core.errors import NotationError

    with pytest.raises(NotationError) as caught:
        GAME.parse_action("play the best card")
    assert not str(caught.value).startswith("cannot read") and "pass B9" in str(caught.value)
