"""Issue 27: axe-core (the accessibility engine, shipped inside the axe-playwright-python
package: nothing is downloaded at test time) finds no serious or critical violation on the
lobby (and its new-table form), a table page of each game against bots, and a tutorial."""

from __future__ import annotations

import os
from typing import Any

import pytest

from ..server.process import Server
from .test_look import open_table

pytestmark = pytest.mark.timeout(300)

GRAVE = {"serious", "critical"}


def axe() -> Any:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        if os.environ.get("ROBOTABLE_REQUIRE_BROWSER") == "1":
            pytest.fail("no axe-playwright-python: pip install -e '.[test]'")
        pytest.skip("no axe-playwright-python (the test extra)")
    return Axe()


def grave_violations(page: Any, impacts: set[str] = GRAVE) -> list[str]:
    """Each serious or critical violation (or of ``impacts``) axe-core finds on the page, with the
    elements it names."""
    found = axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[node['target'] for node in v['nodes']][:5]}"
        for v in found
        if v["impact"] in impacts
    ]


def test_the_lobby_and_its_new_table_form(server: Server, page_at: Any) -> None:
    """The lobby had no grave violation, only a moderate one (no level-one heading, which a
    screen reader's user jumps to first): there, none of any kind."""
    page = page_at(server.url)
    page.locator(".card").nth(4).wait_for()
    assert grave_violations(page, GRAVE | {"moderate", "minor"}) == []
    page.click("article[data-game=dr2d] button.new-table")
    page.locator("#create").wait_for()
    assert grave_violations(page) == []


def test_a_zoomed_board_can_be_scrolled_with_the_keyboard(server: Server, page_at: Any) -> None:
    """A zoomed board's box scrolls: it must take the focus, or a keyboard cannot pan it."""
    page = page_at(open_table(server, "droids"))
    page.locator("#legal button").first.wait_for(timeout=30_000)
    page.click(".zoom-in")
    page.click(".zoom-in")
    assert grave_violations(page) == []


@pytest.mark.parametrize("game", ["ricochet", "dr2d", "droids", "delivery", "robotick"])
def test_a_table_page_against_bots(server: Server, page_at: Any, game: str) -> None:
    page = page_at(open_table(server, game))
    page.locator("#board svg").wait_for(timeout=30_000)
    page.locator("#legal button").first.wait_for(timeout=30_000)
    assert grave_violations(page) == []


@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_a_tutorial(server: Server, browser: Any, lang: str) -> None:
    context = browser.new_context(locale=lang, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/learn/ricochet")
        page.locator("#board svg").wait_for(timeout=30_000)
        page.locator("#lesson-text").filter(has_text=" ").wait_for(timeout=30_000)
        assert grave_violations(page) == []
        # the names a screen reader says are in the page's language
        french = lang == "fr-FR"
        assert page.get_attribute("html", "lang") == ("fr" if french else "en")
        assert page.get_attribute("#board", "aria-label") == ("Le plateau" if french else "The board")
        zoom_in = page.get_attribute(".zoom-in", "aria-label")
        assert zoom_in == ("Agrandir le plateau" if french else "Zoom in on the board")
    finally:
        context.close()


def test_the_replay_page(server: Server, page_at: Any) -> None:
    """The replay viewer, waiting for a record file (its board named and zoomable too)."""
    page = page_at(f"{server.url}/replay")
    page.locator("#record-file").wait_for(state="attached", timeout=30_000)
    assert grave_violations(page) == []
