"""The drawing's hooks for pages: the grid on the root, a data-piece per robot, a data-cell per cell."""

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
