"""Issue 31, the puzzle editor in real Chromium: a Robot Delivery puzzle drawn by clicks and keys
(a parcel, a drop point, the pawn), checked by the server's solver, published as a guest; a second
browser context opens its link, programs it by clicking cards and sees it solved, optimal."""

from __future__ import annotations

import json
import pathlib
from importlib.resources import files
from typing import Any

import pytest

from robotable.games.dr2d.board import load_board, parse_board
from robotable.games.dr2d.puzzles.format import load_puzzle

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)


def test_a_puzzle_made_checked_published_and_played_by_another(server: Server, browser: Any) -> None:
    author = browser.new_context(viewport={"width": 412, "height": 915}, locale="en-GB", bypass_csp=True)
    player = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", bypass_csp=True)
    try:
        errors: list[str] = []
        page = author.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/puzzles")
        page.click("#make-delivery")
        page.wait_for_selector("#ed-board button[data-x='0'][data-y='0']")
        # unchecked: nothing to publish; a board without a pawn is told why
        assert page.is_disabled("#ed-publish")
        page.click("#ed-check")
        page.wait_for_selector("#ed-bar-form[data-result=no_start]")
        for tool, x in (("P", 1), ("pawn", 0)):  # a row: pawn, parcel, floor, drop
            page.click(f"#ed-tools button[data-tool='{tool}']")
            page.click(f"#ed-board button[data-x='{x}'][data-y='0']")
        page.click("#ed-tools button[data-tool='D']")  # the drop from the keyboard
        page.focus("#ed-board button[data-x='1'][data-y='0']")
        for key in ("ArrowRight", "ArrowRight", "Enter"):
            page.keyboard.press(key)
        page.wait_for_selector("#ed-board button[data-x='3'][data-y='0'][data-symbol='D']")
        page.wait_for_selector("#ed-board button.cell-pawn[data-x='0'][data-y='0']")
        page.fill("#ed-title", "Three steps")
        page.fill("#ed-name", "Léa")
        page.click("#ed-check")
        page.wait_for_selector("#ed-bar-form[data-result=proven]")
        assert "3 cards" in page.inner_text("#ed-result")
        page.click("#ed-publish")
        link = page.get_attribute("#ed-published", "href")
        assert link is not None and link.startswith("/puzzles/delivery/p-")
        assert page.get_attribute("#ed-download", "href", timeout=2000).endswith("/file")  # type: ignore[union-attr]
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert grave_violations(page) == []
        page.goto(f"{server.url}/puzzles")  # a guest's puzzle is not listed, but this browser keeps its link
        page.wait_for_selector(f"#made-here a[href='{link}']")
        assert page.locator(f"#made-list a[href='{link}']").count() == 0

        other = player.new_page()
        other.on("pageerror", lambda error: errors.append(str(error)))
        other.goto(f"{server.url}{link}")
        other.wait_for_selector("#title:text-is('Three steps')")
        other.select_option("#movement", "off")
        for slot in ("P1", "P2", "P3"):
            other.click("#palette button[data-card='FWD']")
            other.click(f"#program button[data-slot={slot}]")
        other.click("#run")
        other.wait_for_selector("body[data-result=optimal]")
        assert "3 cards" in other.inner_text("#result")
        assert other.inner_text("#lesson") == "A puzzle made by Léa."
        assert (other.get_attribute("#published-download", "href") or "").endswith("/file")
        assert not errors
    finally:
        author.close()
        player.close()


COURSE = files("robotable.games.dr2d") / "data" / "puzzles" / "course.json"
SAME = ("board", "start", "facing", "pc", "goal_laws", "targets", "turns", "rules")


def _sent(page: Any) -> dict[str, Any]:
    """The puzzle file the editor sends to be checked."""
    with page.expect_request("**/api/puzzles/dr2d/check") as request:
        page.click("#ed-check")
    return request.value.post_data_json  # type: ignore[no-any-return]


def test_a_dr2d_factory_with_walls_lasers_pushers_and_laws(server: Server, page_at: Any) -> None:
    from playwright.sync_api import expect

    page = page_at(f"{server.url}/puzzles/make/dr2d")
    page.wait_for_selector("#ed-board button[data-x='4'][data-y='2']")

    def draw(tool: str, x: int, y: int, facing: str | None = None) -> None:
        page.click(f"#ed-tools button[data-tool='{tool}']")
        if facing:
            page.click(f"#ed-tools .facings button[data-facing='{facing}']")
        page.click(f"#ed-board button[data-x='{x}'][data-y='{y}']")

    page.click("#ed-tools button[data-tool='wall']")
    cell = page.locator("#ed-board button[data-x='3'][data-y='1']")
    box = cell.bounding_box()
    cell.click(position={"x": box["width"] - 2, "y": box["height"] / 2})  # near its east side
    page.click("#ed-tools .facings button[data-facing='S']")  # a wall from the keyboard
    page.focus("#ed-board button[data-x='3'][data-y='1']")
    for key in ("ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowUp", "Enter"):
        page.keyboard.press(key)
    draw("laser", 2, 1, "E")  # inside the factory: nothing drawn, and why
    page.wait_for_selector("#ed-note:has-text('edge')")
    draw("laser", 0, 1, "E")
    assert page.inner_text("#ed-note") == ""
    draw("pusher", 2, 2, "N")
    draw("2", 3, 2)
    draw("robot", 0, 0, "E")
    draw("goal", 4, 0)
    board = "#ed-board button"
    page.wait_for_selector(f"{board}.cell-wall-E[data-x='3'][data-y='1']")
    page.wait_for_selector(f"{board}.cell-wall-W[data-x='4'][data-y='1']")
    page.wait_for_selector(f"{board}.cell-wall-S[data-x='0'][data-y='0']")
    page.wait_for_selector(f"{board}.cell-beam-h[data-x='3'][data-y='1']")  # the beam, to the wall
    assert page.locator(f"{board}.cell-beam-h[data-x='4'][data-y='1']").count() == 0
    said = lambda x, y: page.get_attribute(f"{board}[data-x='{x}'][data-y='{y}']", "aria-label") or ""  # noqa: E731
    assert "a laser firing east" in said(0, 1)
    assert "a pusher pushing north" in said(2, 2)
    page.fill("#ed-title", "Walls")
    sent = _sent(page)
    assert sent["factory"] == [
        "[map]", ". . . . .", ". . . . .", ". . . 2 .",
        "[walls]", "3,1 E", "0,0 S", "[lasers]", "0,1 E", "[pushers]", "2,2 N",
    ]  # fmt: skip
    page.wait_for_selector("#ed-bar-form[data-result=proven]")  # the server reads it as the game does
    assert grave_violations(page) == []
    page.fill("#ed-goal-laws", "2")
    page.dispatch_event("#ed-goal-laws", "change")
    assert _sent(page)["goal"] == {"laws": [2]}

    # every course puzzle with walls, lasers, pushers or laws (the default factory last) opened
    # and saved again is the same puzzle; its check is not waited for
    page.route("**/api/puzzles/dr2d/check", lambda route: route.abort())
    course = json.loads(COURSE.read_text(encoding="utf-8"))
    sections = ("[w", "[l", "[p")  # walls, lasers, pushers (laws are digits of the map)
    drawn = [p for p in course if "laws" in p["goal"] or any(line[:2] in sections for line in p["factory"])]
    assert len(drawn) >= 6 and drawn[-1]["factory"][0] == "name: default factory"
    for number, original in enumerate(drawn):
        chosen = {"name": "p.json", "mimeType": "application/json", "buffer": json.dumps(original).encode()}
        page.set_input_files("#ed-open", files=[chosen])
        expect(page.locator("#ed-title")).to_have_value(original["title"]["en"])  # read: its title shown
        assert page.inner_text("#ed-error") == "", number
        saved = _sent(page)
        page.wait_for_selector("#ed-error:not(:empty)")  # the check stopped, before the next file
        lines = [line.split("#", 1)[0].strip() for line in original["factory"]]
        assert saved["factory"] == [line for line in lines if line], number
        before, after = load_puzzle(original), load_puzzle(saved)
        assert [getattr(after, name) for name in SAME] == [getattr(before, name) for name in SAME], number
    # the last is the whole default factory: a game's board file; a part of one is not
    with page.expect_download() as download:
        page.click("#ed-save-board")
    board_text = pathlib.Path(download.value.path()).read_text(encoding="utf-8")
    made, default = parse_board(board_text), load_board()  # a whole board, as a game reads it
    fields = ("kind", "belt", "laws", "starts", "wall", "lasers", "pusher")
    assert [getattr(made, name) for name in fields] == [getattr(default, name) for name in fields]
    wrong = original | {"factory": ["[map]", "laser . ."]}  # a tool's name is no tile: not opened
    page.set_input_files("#ed-open", files=[chosen | {"buffer": json.dumps(wrong).encode()}])
    page.wait_for_selector("#ed-error:has-text('cannot be opened')")
    page.set_input_files("#ed-open", files=[chosen])
    expect(page.locator("#ed-width")).to_have_value("12")
    page.fill("#ed-width", "11")
    page.dispatch_event("#ed-width", "change")
    page.click("#ed-save-board")
    page.wait_for_selector("#ed-error:has-text('whole factory')")
    assert not page.errors


def test_a_ricochet_position_with_the_silver_robot_by_column_and_row(server: Server, page_at: Any) -> None:
    """Ricochet's editor: the silver robot comes into play when placed (RR-7: a fifth robot, ten
    digits in the position's code, RR-28), is drawn on the board, and can be taken away again."""
    page = page_at(f"{server.url}/puzzles/make/ricochet")
    page.wait_for_selector("#ed-board svg .robot.yellow")
    assert page.locator("#ed-board svg .robot.silver").count() == 0
    page.click("#ed-tools button[data-tool='silver']")
    page.select_option("#ed-column", "5")
    page.select_option("#ed-row", "3")
    page.click("#ed-place")
    page.wait_for_selector("#ed-board svg .robot.silver")
    silver_word = page.locator("#ed-tools button[data-tool='silver'] .tool-word")
    assert silver_word.inner_text() == "silver robot"  # placed: the reason to place it is gone
    with page.expect_request("**/api/puzzles/ricochet/check") as request:
        page.click("#ed-check")
    assert request.value.post_data_json["code"].split("-")[1] == "00F0FF0F53"  # x then y, silver last
    page.select_option("#ed-column", "0")
    page.select_option("#ed-row", "0")
    page.click("#ed-place")  # onto the red robot, in play now: they swap, as any two robots do
    page.wait_for_selector("#ed-board svg .robot.silver[transform='translate(20,20)']")
    page.click("#ed-silver-out")
    page.wait_for_selector("#ed-board svg .robot.silver", state="detached")
    assert "place it to play with five" in silver_word.inner_text()
    with page.expect_request("**/api/puzzles/ricochet/check") as request:
        page.click("#ed-check")
    assert request.value.post_data_json["code"].split("-")[1] == "53F0FF0F"  # red where silver was
