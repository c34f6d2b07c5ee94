"""What a new player sees (issue 12): the AI card's terms in English with the printed French
beside them, every hand card readable in the drawing, and the result of a finished game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

from robotable.core.rng import Rng
from robotable.games.robotick.sentences import verdict
from robotable.games.robotick.state import RobotickState
from robotable.games.robotick.svg import CARD_H, CARD_W, hand_rows

from .conftest import GAME, H, new, random_moves, start, table

ENGLISH_FRENCH = (
    "can follow (Suit)",
    "cannot follow (Ne suit pas)",
    "leads (Ouvre)",
)
CRITERIA = ("weakest (Faible)", "strongest (Forte)", "largest type (Max)", "smallest type (Min)")


def plain(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def finished(seed: int = 3) -> RobotickState:
    state = new(seed=seed)
    random_moves(state, Rng(seed), lambda s: False)
    return state


def test_rt18_rt20_terminal_ai_card_in_english_with_the_french() -> None:
    """RT-18, RT-20: the terminal spells each column and criterion in English, the printed
    French beside it, and says what the criteria mean."""
    state = table(ai="01", droco=H, p0="D13", p1="D12", p2="C2")
    text = plain(GAME.render_text(state.view(0)))
    assert "AI card 01: how Droco picks its card" in text
    assert "can follow (Suit): 1. weakest (Faible)" in text
    assert "cannot follow (Ne suit pas): 1. weakest (Faible), 2. largest type (Max)" in text
    assert "leads (Ouvre): 1. strongest (Forte), 2. smallest type (Min)" in text
    assert "largest/smallest type = the type Droco holds the most/fewest cards of" in text


def test_rt18_log_names_droco_column_in_english_with_the_french() -> None:
    """RT-18: the log says which AI card column chose Droco's card, in both languages."""
    state = table(ai="01", droco=H, p0="D13", p1="D12", p2="C2")
    events = start(state)
    sentence = GAME.describe_event(state.events_for(events, None)[0], lambda s: f"P{s}")
    assert sentence == "Droco plays D10, AI card column: leads (Ouvre)"  # RT-EX-2


def test_rt21_hint_explains_droco_card_with_the_ai_rule() -> None:
    """RT-21: the level-2 hint names the card Droco will play and the AI card rule that picks it."""
    state = table(ai="01", droco=H, p0="D13 A5", p1="D12 A11", p2="C2 A13", leader=2)
    hint = GAME.hint(state.view(2), 2)
    assert "Droco's card in this trick will be" in hint and "AI card 01" in hint
    assert any(term in hint for term in ENGLISH_FRENCH) and any(term in hint for term in CRITERIA)
    assert GAME.hint(state.view(2), 1).startswith("try ")


def test_rt18_svg_ai_card_in_english_with_the_french() -> None:
    """RT-18, RT-20: the drawn AI card shows each column and criterion in English and French."""
    state = table(ai="01", droco=H, p0="D13", p1="D12", p2="C2")
    svg = GAME.render_svg(state.view(None))
    for english, french in (("can follow", "Suit"), ("cannot follow", "Ne suit pas"), ("leads", "Ouvre")):
        assert f">Droco {english}<" in svg and f">({french})<" in svg
    assert ">1. strongest (Forte)<" in svg and ">2. smallest type (Min)<" in svg
    assert "largest/smallest type = the type Droco holds" in svg


def card_boxes(svg: str) -> dict[str, tuple[float, float]]:
    """Top-left corner of each face-up card drawn, by name."""
    found = re.findall(
        rf'<g><rect x="([\d.]+)" y="([\d.]+)" width="{CARD_W}" height="{CARD_H}"[^>]*/>'
        r"<text [^>]*>([ABCD]\d+)</text>",
        svg,
    )
    return {name: (float(x), float(y)) for x, y, name in found}


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_rt25_svg_hand_cards_never_overlap(seat: int) -> None:
    """RT-25: the viewer's twelve cards are all drawn, none covering another, so each card's type
    and strength can be read; they wrap to rows inside the picture."""
    state = new(seed=seat)
    boxes = card_boxes(GAME.render_svg(state.view(seat)))
    hand = state.view(seat)["hand"]
    assert len(hand) == 12 and set(hand) <= set(boxes)
    corners = [boxes[name] for name in hand]
    for i, (x1, y1) in enumerate(corners):
        assert x1 >= 0 and x1 + CARD_W <= 1100
        for x2, y2 in corners[i + 1 :]:
            assert abs(x1 - x2) >= CARD_W or abs(y1 - y2) >= CARD_H
    assert len({y for _, y in corners}) == len(hand_rows(12)) == 2


def test_hand_rows_are_even_and_bounded() -> None:
    assert [hand_rows(n) for n in (0, 1, 9, 10, 12)] == [[], [1], [9], [5, 5], [6, 6]]


def test_rt24_final_render_shows_scores_ranks_and_winner() -> None:
    """RT-24: the drawing of a finished game lays the result on the table, as does the terminal."""
    state = finished()
    totals = state.totals()
    view = state.view(None)
    svg = GAME.render_svg(view)
    winners = state.outcome().winners  # type: ignore[union-attr]
    assert ">Game over<" in svg and ">game over<" in svg
    for seat, total in enumerate(totals):
        assert f"P{seat}<" in svg and f">total {total:+d}<" in svg
    assert f">1st  P{winners[0]}<" in svg
    sentence = verdict(totals, lambda s: f"P{s}")
    assert f">{sentence}<" in svg
    text = plain(GAME.render_text(view))
    assert "Game over: " in text and sentence in text


def tie(view: dict[str, Any]) -> dict[str, Any]:
    """RT-EX-14: totals P0 31, P1 31, P2 12."""
    view = dict(view)
    view["scores"] = [[10, 11, 4], [11, 10, 4], [10, 10, 4]]
    view["totals"] = [31, 31, 12]
    return view


def test_rt_ex14_a_tie_is_shown_as_a_shared_win() -> None:
    """RT-EX-14: P0 and P1 tied at 31 share the win; the drawing and the terminal say so."""
    assert verdict([31, 31, 12], lambda s: f"P{s}") == "tie: P0 and P1 share the win with +31"
    assert verdict([5, 9, 9], lambda s: f"P{s}") == "tie: P1 and P2 share the win with +9"
    assert verdict([4, 4, 4], lambda s: f"P{s}") == "tie: P0, P1 and P2 share the win with +4"
    assert verdict([-3, -8, -12], lambda s: f"P{s}") == "P0 wins with -3"
    view = tie(finished().view(1))
    svg = GAME.render_svg(view)
    assert ">1st  P0<" in svg and ">1st  P1 (you)<" in svg and ">3rd  P2<" in svg
    assert ">tie: P0 and P1 (you) share the win with +31<" in svg
    assert ">rounds +10 +11 +10<" in svg
    text = plain(GAME.render_text(view))
    assert "P0 +31 (1st), P1 (you) +31 (1st), P2 +12 (3rd)" in text


def test_a_running_game_shows_no_result() -> None:
    state = new(seed=2)
    assert "Game over" not in GAME.render_svg(state.view(0))
    assert "Game over" not in plain(GAME.render_text(state.view(0)))


def test_rt9_svg_shows_the_cards_chosen_to_pass_to_the_left() -> None:
    """RT-9: while passing, the viewer sees which cards they set aside and for whom."""
    state = new(seed=2)
    first = state.legal_actions(0)[0]
    state.apply(0, first)
    svg = GAME.render_svg(state.view(0))
    assert f">passing to P1: {str(first).split()[1]}<" in svg
    assert "passing to" not in GAME.render_svg(state.view(1))
