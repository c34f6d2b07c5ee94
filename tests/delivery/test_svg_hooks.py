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


def test_cells_hand_slots_and_function_boards_are_named_for_pointers() -> None:
    """What a tutorial points at: each cell (its place and what it is), the seat's hand card by
    card, every seat's onPlay slots, the function boards' slots and the BUG pile."""
    state = GAME.new_state({}, seed=1, seats=2)
    state.apply(0, GAME.parse_action(f"fn A 2 {state.hands[0][0]}"))
    view = state.view(0)
    root = ET.fromstring(GAME.render_svg(view))
    tiles = {e.get("data-cell"): e.get("data-tile") for e in root.iter() if e.get("data-cell")}
    assert len(tiles) == 9 * 11
    assert tiles["3 5"] == tiles["5 5"] == "pickup" and tiles["4 0"] == tiles["4 10"] == "drop"
    assert tiles["4 1"] == "conveyor" and tiles["1 2"] == "express" and tiles["4 5"] == "wall"
    assert tiles["0 4"] == tiles["3 3"] == "floor"
    hand = next(e for e in root.iter(f"{NS}g") if e.get("data-hand") is not None)
    assert [card.get("data-card") for card in hand] == view["hand"]
    slots = [(e.get("data-seat"), e.get("data-slot")) for e in root.iter(f"{NS}g") if e.get("data-seat")]
    onplay = [(seat, slot) for seat, slot in slots if slot]
    assert onplay == [(str(seat), str(slot)) for seat in range(2) for slot in range(1, 5)]
    board_a = next(e for e in root.iter(f"{NS}g") if e.get("data-function") == "A")
    assert board_a.get("data-seat") == "0" and [e.get("data-slot") for e in board_a] == ["1", "2", "3", "4"]
    second = "".join(board_a[1].itertext())
    assert view["function_boards"][0]["slots"][1][0] in second
    pile = next(e for e in root.iter(f"{NS}g") if e.get("data-bug-pile"))
    assert pile.get("data-bug-pile") == str(view["bug_pile"])
