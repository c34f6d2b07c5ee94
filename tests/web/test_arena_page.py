"""Issue 32, the bot arena's page (/arena/{game}) in real Chromium, on a server whose Droids
arena has robotable's easy and medium levels play each other: a real table of bots best first,
each marked as robotable's, a bot's latest games with their replays; in French on a phone
width; no accessibility fault; a server without an arena says it is closed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ..server import process
from .test_accessibility import grave_violations
from .test_french_everywhere import english_left

pytestmark = pytest.mark.timeout(120)
ALL_IMPACTS = {"critical", "serious", "moderate", "minor"}
PHONE = {"width": 412, "height": 915}
ARENA = ["--arena-every", "0.3", "--arena-games", "droids,robotick", "--arena-levels", "easy,medium"]
READY = "#arena-table:not([hidden])"


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[process.Server]:
    """A server whose Droids arena has played a few games (Robotick's, a table of three, has
    only two levels: it waits for a bot account)."""
    folder = tmp_path_factory.mktemp("arena-page")
    running = process.start(f"sqlite:///{folder / 'tables.sqlite3'}", folder, extra=ARENA)
    try:
        for _ in range(600):
            players = httpx.get(f"{running.url}/api/arena/droids", timeout=30).json()["players"]
            if sum(line["games"] for line in players) >= 6:
                break
            time.sleep(0.1)
        yield running
    finally:
        process.stop(running)


def test_the_arena_in_english(arena: process.Server, page_at: Any) -> None:
    page = page_at(f"{arena.url}/arena/droids")
    page.locator(READY).wait_for()
    assert page.title() == "Droids bot arena · robotable"
    assert page.locator("thead th[scope=col]").all_inner_texts() == [
        "Rank",
        "Bot",
        "Rating",
        "Won / played",
        "Now",
    ]
    assert page.locator("tbody tr.bot").count() == 2
    first = page.locator("tbody tr >> nth=0")
    assert first.locator("th button").inner_text() == "Medium bot"  # medium wins nearly always
    assert "in the arena" in first.inner_text()
    assert page.locator("#arena-game option").all_inner_texts() == ["Droids", "Robotick"]
    assert "--arena droids" in page.inner_text("#arena-join")
    first.locator("th button").click()
    page.locator("#arena-games:not([hidden]) li.arena-game >> nth=0").wait_for()
    assert page.inner_text("#arena-games-title") == "Latest games of Medium bot"
    game = page.locator("li.arena-game >> nth=0")
    assert "against Easy bot" in game.inner_text()
    replay = game.locator("a.replay").get_attribute("href")
    assert replay is not None and httpx.get(f"{arena.url}{replay}", timeout=30).status_code == 200
    assert grave_violations(page, ALL_IMPACTS) == []
    assert page.errors == []


def test_the_arena_in_french_on_a_phone(arena: process.Server, browser: Any) -> None:
    context = browser.new_context(locale="fr-FR", bypass_csp=True, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{arena.url}/arena/droids")
        page.locator(READY).wait_for()
        assert page.inner_text("h1") == "Arène des robots"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sideways
        assert page.locator("tbody tr th button >> nth=0").inner_text() == "Robot moyen"
        assert grave_violations(page, ALL_IMPACTS) == []
    finally:
        context.close()
    assert english_left(browser, f"{arena.url}/arena/droids", READY, set()) == []


def test_a_server_without_an_arena_says_it_is_closed(server: process.Server, page_at: Any) -> None:
    page = page_at(f"{server.url}/arena")
    page.locator("#arena-status", has_text="closed").wait_for()
    assert page.locator("#arena-table").is_hidden()
    leaderboard = page_at(f"{server.url}/leaderboard/droids")
    leaderboard.locator("#leaderboard-arena[href='/arena/droids']").wait_for()
