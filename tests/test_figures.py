"""Issue 27's look: the robots of the drawings are figures in their colours with their letter
(core/figures.py), where the pages and the tests find the pieces."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from robotable import games
from robotable.core.figures import INK, PALE, letter_colour, robot_figure

from .test_drawings_in_french import position

SVG = "{http://www.w3.org/2000/svg}"


def test_the_letter_reads_on_its_robots_colour() -> None:
    assert letter_colour("#f2c200") == INK  # yellow: dark ink
    assert letter_colour("#1d5fd1") == PALE  # blue: pale
    figure = ET.fromstring(f"<g>{robot_figure(10, 20, 40, '#d62728', 'A')}</g>")
    ring = figure.find("circle")
    assert ring is not None and (ring.get("cx"), ring.get("cy")) == ("10", "20")
    assert [text.text for text in figure.iter("text")] == ["A"]


# game, position, the drawn robots' letters (each on its piece)
DRAWN = [
    ("dr2d", 1, {"A": "A", "B": "B", "C": "C"}),
    ("droids", 0, {"Yellow": "Y", "Red": "R"}),
    ("delivery", 1, {"0": "0", "1": "1"}),
    ("ricochet", 1, {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}),
]


@pytest.mark.parametrize(("game_id", "index", "letters"), DRAWN)
def test_each_robot_is_a_figure_with_its_letter(game_id: str, index: int, letters: dict[str, str]) -> None:
    """A head, a body and eyes (rects and circles), the letter on its chest, in every piece the
    drawing names; before, a disc with a letter (Ricochet: a pawn without one)."""
    root = ET.fromstring(games.get(game_id).render_svg(position(game_id, index).view(0)))
    pieces = {g.get("data-piece"): g for g in root.iter(f"{SVG}g") if g.get("data-piece")}
    for piece, letter in letters.items():
        drawn = pieces[piece]
        assert letter in [text.text for text in drawn.iter(f"{SVG}text")], piece
        assert len(list(drawn.iter(f"{SVG}rect"))) >= 3, piece  # arms, head, body
        assert len(list(drawn.iter(f"{SVG}circle"))) >= 3, piece  # the knob and two eyes


def test_robotick_draws_droco_beside_its_open_hand() -> None:
    root = ET.fromstring(games.get("robotick").render_svg(position("robotick", 0).view(0)))
    droco = [g for g in root.iter(f"{SVG}g") if g.get("class") == "droco"]
    assert len(droco) == 1
    assert [text.text for text in droco[0].iter(f"{SVG}text")] == ["D"]
    assert len(list(droco[0].iter(f"{SVG}rect"))) >= 3
