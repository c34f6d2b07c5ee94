"""The drawing's hooks for pages: the grid on the root, a data-piece per pawn (its seat)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from robotable.games import get

NS = "{http://www.w3.org/2000/svg}"
GAME = get("delivery")


def test_pawns_named_by_seat_and_grid_matches_the_drawing() -> None:
    state = GAME.new_state({}, seed=1, seats=3)
    view = state.view(0)
    root = ET.fromstring(GAME.render_svg(view))
    rows = view["board"]["rows"]
    assert root.get("data-grid") == f"{len(rows[0])} {len(rows)}"
    size = float(root.get("data-cell-size"))
    ox, oy = map(float, root.get("data-origin").split())
    pieces = {g.get("data-piece"): g for g in root.iter(f"{NS}g") if g.get("data-piece")}
    assert set(pieces) == {"0", "1", "2"}
    for seat, player in enumerate(view["players"]):
        x, y = player["cell"]
        turned = pieces[str(seat)].find(f"{NS}g").get("transform")
        cx, cy = map(float, re.match(r"translate\(([\d.]+),([\d.]+)\)", turned).groups())
        assert (cx, cy) == (ox + (x + 0.5) * size, oy + (y + 0.5) * size)
