"""Issue 31, the puzzle editor in real Chromium: a Robot Delivery puzzle drawn by clicks and keys
(a parcel, a drop point, the pawn), checked by the server's solver, published as a guest; a second
browser context opens its link, programs it by clicking cards and sees it solved, optimal."""

from __future__ import annotations

from typing import Any

import pytest

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
