"""Issue 30, Ricochet puzzles in real Chromium: from the lobby's link, the course's first puzzle
solved by clicks (a robot on the board, then a direction) is "optimal" and ticked on the list;
the second asks its hints (the length, then the first move), in French too; the pages fit a
phone's width and have no grave accessibility fault."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games.ricochet.puzzle_file import series

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)
PHONE = {"width": 412, "height": 915}


def test_a_course_puzzle_solved_by_clicks_then_hints(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/")
        page.click("#puzzles-link")
        page.locator("#course li a").first.click()
        first, second = series("course")[:2]
        page.wait_for_selector("body[data-moves='0']")
        assert page.inner_text("#lesson") == first.lesson["en"]
        for number, move in enumerate(first.solution, start=1):
            robot, direction = str(move).split()
            page.click(f"#board svg g[data-piece={robot}]")  # the robot picked on the board
            page.click(f"#directions button[data-action='{robot} {direction}']")
            page.wait_for_selector(f"body[data-moves='{number}']")
        page.wait_for_selector("body[data-result=optimal]")
        assert "optimal" in page.inner_text("#result")
        fits = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        assert page.evaluate(fits)  # nothing scrolls sideways on a phone
        assert grave_violations(page) == []
        page.click("#next")
        page.wait_for_selector(f"#lesson:text-is('{second.lesson['en']}')")
        page.click("#hint")
        page.wait_for_selector(f"#hint-text:has-text('takes {second.optimum[0]} moves')")
        page.click("#hint")
        first_move = str(second.solution[0])
        page.wait_for_selector("#hint-text:has-text('starts with')")
        assert first_move.split()[1] in page.inner_text("#hint-text")
        page.select_option("#language", "fr")
        page.wait_for_selector(f"#hint-text:has-text('prend {second.optimum[0]} coups')")
        page.goto(f"{server.url}/puzzles")
        page.wait_for_selector(f"#course li[data-solved=yes] a[data-puzzle={first.extra['id']}]")
        assert page.locator("#course li[data-solved=yes]").count() == 1
        assert "1 sur" in page.inner_text("#course-progress") and page.evaluate(fits)
        assert grave_violations(page) == []
        assert not errors
    finally:
        context.close()
