"""A DR2D puzzle drawn for a page (issue 30): the factory once, over the puzzle's part of a
factory only, its goal framed and a legend of what it holds; the robot and the goals reached in
a small overlay per step."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from robotable.games.dr2d.puzzles.course import load_course
from robotable.games.dr2d.puzzles.drawing import factory_svg, overlay_svg, with_overlay
from robotable.games.dr2d.puzzles.runner import new_fleet, robot_view

NS = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    return [text.text or "" for text in root.iter(f"{NS}text")]


def test_a_part_of_a_factory_is_drawn_alone_with_its_goal_and_its_own_legend() -> None:
    puzzle = load_course()[0]  # a strip of 3 x 1, its goal on (1, 0)
    root = ET.fromstring(factory_svg(puzzle, "fr"))
    assert root.get("data-grid") == "3 1"
    cells = {rect.get("data-cell") for rect in root.iter(f"{NS}rect") if rect.get("data-cell")}
    assert cells == {"0 0", "1 0", "2 0"}
    goals = [g.get("data-tile") for g in root.iter(f"{NS}g") if g.get("class") == "goal"]
    assert goals == ["1 0"]
    assert "but" in texts(root) and "convoyeur" not in texts(root)  # only what the factory holds
    assert not [g for g in root.iter(f"{NS}g") if g.get("data-piece")]  # the robot is the overlay's


def test_laws_in_order_are_numbered_and_the_legend_names_the_factorys_elements() -> None:
    puzzle = load_course()[14]  # laws 2, 1, 3 in that order, and a turntable
    root = ET.fromstring(factory_svg(puzzle))
    goals = [g for g in root.iter(f"{NS}g") if g.get("class") == "goal"]
    assert [[t.text for t in g.iter(f"{NS}text")] for g in goals] == [["1"], ["2"], ["3"]]
    assert {"turntable", "law", "goal"} <= set(texts(root)) and "pit" not in texts(root)


def test_the_overlay_draws_the_robot_and_the_goals_reached_over_the_factory() -> None:
    puzzle = load_course()[14]
    robot = robot_view(new_fleet(puzzle))
    whole = ET.fromstring(with_overlay(factory_svg(puzzle), overlay_svg(robot, 2, puzzle)))
    pieces = [g for g in whole.iter(f"{NS}g") if g.get("data-piece") == "A"]
    assert len(pieces) == 1
    assert len([t for t in whole.iter(f"{NS}text") if t.get("class") == "goal-reached"]) == 2
    assert overlay_svg({**robot, "tile": None}, 0, puzzle) == ""  # off the factory: nothing drawn
