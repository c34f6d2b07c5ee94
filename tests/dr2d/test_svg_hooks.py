"""The drawing's hooks for pages: the grid on the root, a data-piece per robot, a data-cell per tile."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from robotable.games import get

NS = "{http://www.w3.org/2000/svg}"
GAME = get("dr2d")


def test_robots_named_tiles_clickable_and_grid_matches_the_drawing() -> None:
    state = GAME.new_state({"start_placement": "assigned"}, seed=1, seats=3)
    view = state.view(0)
    root = ET.fromstring(GAME.render_svg(view))
    assert root.get("data-grid") == "12 12"
    size = float(root.get("data-cell-size"))
    ox, oy = map(float, root.get("data-origin").split())
    cells = {rect.get("data-cell") for rect in root.iter(f"{NS}rect") if rect.get("data-cell")}
    assert cells == {f"{x} {y}" for x in range(12) for y in range(12)}
    pieces = {g.get("data-piece"): g for g in root.iter(f"{NS}g") if g.get("data-piece")}
    assert set(pieces) == {"A", "B", "C"}
    for robot in view["robots"]:
        x, y = robot["tile"]
        body = pieces["ABC"[robot["seat"]]].find(f"{NS}circle")
        assert (float(body.get("cx")), float(body.get("cy"))) == (
            ox + (x + 0.5) * size,
            oy + (y + 0.5) * size,
        )


def test_every_factory_element_is_a_named_group_a_tutorial_can_point_at() -> None:
    """Each element's marks in <g class="KIND" data-tile="x y">, lasers by their mount tile and
    pushers by their tile, as the default board places them (spec, Default data)."""
    root = ET.fromstring(GAME.render_svg(GAME.new_state({}, seed=0, seats=2).view(0)))
    named: dict[str, set[str]] = {}
    for group in root.iter(f"{NS}g"):
        if group.get("data-tile"):
            named.setdefault(group.get("class", ""), set()).add(group.get("data-tile", ""))
    assert named["pit"] == {"2 2", "9 2", "2 9", "9 9"}
    assert named["turntable"] == {"1 4", "10 4", "1 7", "10 7"}
    assert named["press"] == {"5 5", "6 6"}
    assert named["repair"] == {"1 1", "10 1", "1 10", "10 10"}
    assert named["law"] == {"5 2", "9 5", "2 6"}
    assert named["laser"] == {"0 3", "11 8", "8 0", "3 11"}
    assert named["pusher"] == {"0 6", "11 5", "6 0", "5 11"}
    assert len(named["conveyor"]) == 24 and "4 7" in named["conveyor"]
    assert set(named) == {"pit", "turntable", "press", "repair", "law", "laser", "pusher", "conveyor"}
