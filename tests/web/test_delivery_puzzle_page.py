"""Issue 30, Robot Delivery puzzles in real Chromium: from the puzzles list, the course's first
puzzle programmed by clicks (a card of the palette, then the slots), run and replayed with the
slot being run marked, is "optimal" and ticked on the list; the page fits a phone and speaks
French."""

from __future__ import annotations

from typing import Any

import pytest

from robotable.games.delivery.puzzles import course, parse_program

from ..server.process import Server
from .test_accessibility import grave_violations

pytestmark = pytest.mark.timeout(60)
PHONE = {"width": 412, "height": 915}
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_first_delivery_puzzle_solved_by_clicks(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/puzzles")
        page.click("#delivery-course a[data-puzzle=course-1]")
        first = course()[0]
        page.wait_for_selector(f"#lesson:text-is('{first.lesson['en']}')")
        page.select_option("#movement", "slow")  # the replay lasts long enough to be seen
        solution = parse_program(first.solution or "")
        for number, (card,) in enumerate(solution.onplay, start=1):
            page.click(f"#palette button[data-card='{card}']")
            page.click(f"#program button[data-slot=P{number}]")
            page.wait_for_selector(f"#program button[data-slot=P{number}][data-cards='{card}']")
        assert "1 left" in page.inner_text("#palette button[data-card=FWD]")
        page.click("#run")
        page.wait_for_selector("#program button[data-slot=P2][data-running=yes]")  # the slot being run
        page.wait_for_selector("body[data-result=optimal]")
        assert page.inner_text("#result") == "Solved with 2 cards: optimal!"
        assert page.is_visible("#next") and page.evaluate(FITS)
        assert grave_violations(page) == []
        page.select_option("#language", "fr")
        page.wait_for_selector(f"#lesson:text-is('{first.lesson['fr']}')")
        assert "avancer" in page.inner_text("#palette") and page.evaluate(FITS)
        page.goto(f"{server.url}/puzzles")
        page.wait_for_selector("#delivery-course li[data-solved=yes] a[data-puzzle=course-1]")
        assert page.locator("#delivery-course li[data-solved=yes]").count() == 1
        assert not errors
    finally:
        context.close()
