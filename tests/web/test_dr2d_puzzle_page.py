"""Issue 30, DR2D puzzles in real Chromium, on a phone's width: from the puzzles list, the course's
first puzzle programmed by clicks (a register's choice, Run; a key writes a register too), the
robot walking register by register, "optimal" once the run is watched to its end, in French
too; the list ticks it. The page fits a phone and has no grave accessibility fault."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games.dr2d.puzzles.course import load_course

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)
PHONE = {"width": 412, "height": 915}
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_first_course_puzzle_solved_by_clicks_is_optimal(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/puzzles")
        page.click("#dr2d-course a[data-puzzle=course-1]")
        page.wait_for_selector("#program button[data-choice=N]")
        assert page.inner_text("#lesson") == load_course()[0].lesson["en"]
        assert "framed in green" in page.inner_text("#goal")
        page.keyboard.press("ArrowRight")  # a wrong first register, typed, then taken back
        assert page.inner_text("#program button[data-slot='1-1']").endswith("right\n↶ undo")
        page.click("#program button[data-slot='1-1']")
        page.wait_for_selector("#program button[data-slot='1-1'][data-state=next]")
        page.click("#program button[data-choice=N]")
        assert page.inner_text("#program button[data-slot='1-1']").endswith("forward\n↶ undo")
        page.click("#run")  # the run plays by itself: once it has begun, back to its start, stopped
        page.click("#step-first")
        page.wait_for_selector("body[data-step='-1']")
        page.click("#step-next")  # the first register, walked on the board
        page.wait_for_selector("body[data-step='0']")
        assert page.inner_text("#step-caption") == "Turn 1, register 1: forward"
        assert "from (0,0) to (1,0)" in page.inner_text("#step-said")
        page.wait_for_selector("#board svg g[data-piece=A][data-path='0,0 1,0']")
        page.click("#step-last")
        page.wait_for_selector("body[data-result=optimal]")
        assert page.inner_text("#result") == "Solved in 1 turn and 1 move: optimal!"
        assert page.evaluate(FITS) and grave_violations(page) == []
        page.select_option("#language", "fr")
        page.wait_for_selector("#result:text-is('Résolu en 1 tour et 1 déplacement : optimal !')")
        page.click("#next")
        page.wait_for_selector(f'#lesson:text-is("{load_course()[1].lesson["fr"]}")')
        page.goto(f"{server.url}/puzzles")
        page.wait_for_selector("#dr2d-course li[data-solved=yes] a[data-puzzle=course-1]")
        assert page.locator("#dr2d-course li[data-solved=yes]").count() == 1
        assert page.inner_text("#dr2d-progress").startswith("1 sur") and page.evaluate(FITS)
        assert not errors
    finally:
        context.close()
