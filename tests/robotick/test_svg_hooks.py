"""The drawing's hooks for pages: every card drawn face up names itself with data-piece."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from robotable.games import get

NS = "{http://www.w3.org/2000/svg}"
GAME = get("robotick")


def test_the_viewers_cards_are_named() -> None:
    state = GAME.new_state({}, seed=1, seats=3)
    view = state.view(1)
    root = ET.fromstring(GAME.render_svg(view))
    named = [rect.get("data-piece") for rect in root.iter(f"{NS}rect") if rect.get("data-piece")]
    assert set(view["hand"]) <= set(named)
    assert len(named) == len(set(named))  # one drawing per card: a page can follow it
