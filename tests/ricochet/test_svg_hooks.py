"""The drawing's hooks for pages that animate moves: the grid on the root, a data-piece per robot."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from robotable.games import get

NS = "{http://www.w3.org/2000/svg}"
GAME = get("ricochet")


def test_robots_are_named_and_drawn_where_the_grid_says() -> None:
    state = GAME.new_state({"puzzle": "1A2A3A4A-8A44FF0F-RC"}, seed=1, seats=2)
    view = state.view(0)
    root = ET.fromstring(GAME.render_svg(view))
    assert root.get("data-grid") == "16 16"
    size = float(root.get("data-cell-size"))
    assert root.get("data-origin") == "20 20"  # the board group is shifted by the margin
    pieces = {g.get("data-piece"): g for g in root.iter(f"{NS}g") if g.get("data-piece")}
    assert set(pieces) == {"red", "green", "blue", "yellow"}
    for name, (x, y) in zip(("red", "green", "blue", "yellow"), view["robots"], strict=True):
        cx, cy = map(
            float, re.fullmatch(r"translate\(([\d.]+),([\d.]+)\)", pieces[name].get("transform")).groups()
        )
        assert (cx, cy) == ((x + 0.5) * size, (y + 0.5) * size)  # centred in its cell
