"""The drawing's hooks for pages: the grid on the root, a data-piece per robot, a data-cell per cell,
a data-emitter per emitter and the viewer's hand."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from robotable.games import get

NS = "{http://www.w3.org/2000/svg}"
GAME = get("droids")


def test_robots_named_cells_clickable_and_grid_matches_the_drawing() -> None:
    state = GAME.new_state({"scenario": 1}, seed=1, seats=2)
    view = state.view(0)
    root = ET.fromstring(GAME.render_svg(view))
    assert root.get("data-grid") == "10 10"
    size = float(root.get("data-cell-size"))
    ox, oy = map(float, root.get("data-origin").split())
    cells = {rect.get("data-cell") for rect in root.iter(f"{NS}rect") if rect.get("data-cell")}
    assert cells == {f"{x} {y}" for x in range(10) for y in range(10)}
    pieces = {g.get("data-piece"): g for g in root.iter(f"{NS}g") if g.get("data-piece")}
    placed = [robot for robot in view["robots"] if robot["cell"] is not None]
    assert placed and set(pieces) == {robot["name"] for robot in placed}
    for robot in placed:
        x, y = robot["cell"]
        body = pieces[robot["name"]].find(f"{NS}circle")
        if body is None:  # the killer is a square
            continue
        assert (float(body.get("cx")), float(body.get("cy"))) == (
            ox + (x + 0.5) * size,
            oy + (y + 0.5) * size,
        )


def test_each_emitter_is_a_group_named_by_robot_and_number_and_the_hand_is_named() -> None:
    """Pages (the tutorial's pointers) point at one emitter, its name and its three slots, and at
    the viewer's hand."""
    state = GAME.new_state({"scenario": 1}, seed=1, seats=2)
    root = ET.fromstring(GAME.render_svg(state.view(0)))
    groups = {g.get("data-emitter"): g for g in root.iter(f"{NS}g") if g.get("data-emitter")}
    assert set(groups) == {f"{robot} e{e}" for robot in ("Yellow", "Red") for e in range(10)}
    yellow_e3 = groups["Yellow e3"]
    assert [t.text for t in yellow_e3.iter(f"{NS}text")] == ["e3", "e3.1", "e3.2", "e3.3"]
    assert len(list(yellow_e3.iter(f"{NS}rect"))) == 3
    assert not [g for g in root.iter(f"{NS}g") if g.get("class") == "hand"]  # no token yet
    drawing = GAME.new_state({"scenario": 2}, seed=1, seats=2)  # no setup: the draw comes first
    seat = drawing.to_act()[0]
    drawing.apply(seat, GAME.parse_action("draw red"))
    root = ET.fromstring(GAME.render_svg(drawing.view(seat)))
    (hand,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "hand"]
    assert [t.text for t in hand.iter(f"{NS}text")][1:] == drawing.view(seat)["hand"]
