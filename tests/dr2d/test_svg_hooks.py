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
