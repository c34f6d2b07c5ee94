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


def test_the_parts_a_tutorial_points_at_are_named() -> None:
    """The AI card and its columns, the trump, Droco's hand, the trick, each seat's hand, hangars,
    face-down captures and score line: a tutorial's pointer finds each by name
    (play/tutorial_points.py)."""
    state = GAME.new_state({"hangars": 4}, seed=1, seats=3)
    root = ET.fromstring(GAME.render_svg(state.view(0)))
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    assert by_id["ai-card"].tag == f"{NS}rect"
    assert by_id["trump"].find(f"{NS}g/{NS}rect").get("data-piece") == state.view(0)["trump_card"]
    droco_cards = {rect.get("data-piece") for rect in by_id["droco-hand"].iter(f"{NS}rect")}
    assert droco_cards == {name for column in state.view(0)["droco_hand"] for name in column}
    assert "trick" in by_id
    columns = [g.get("data-column") for g in root.iter(f"{NS}g") if g.get("class") == "ai-column"]
    assert columns == ["follow", "no-follow", "open"]
    seats = {g.get("data-seat"): g for g in root.iter(f"{NS}g") if g.get("class") == "seat"}
    assert sorted(seats) == ["0", "1", "2"]
    for seat in seats.values():
        hangars = [rect for rect in seat.iter(f"{NS}rect") if rect.get("class") == "hangar"]
        assert len(hangars) == 4
        boxes = next(g for g in seat.iter(f"{NS}g") if g.get("class") == "hangars")
        assert hangars == [rect for rect in boxes.iter(f"{NS}rect") if rect.get("class") == "hangar"]
        assert any(g.get("class") == "face-down" for g in seat.iter(f"{NS}g"))
        assert [t.get("class") for t in seat.iter(f"{NS}text")].count("score") == 1
    hand = next(g for g in seats["0"].iter(f"{NS}g") if g.get("class") == "hand")
    assert {rect.get("data-piece") for rect in hand.iter(f"{NS}rect")} == set(state.view(0)["hand"])
