"""Issue 27, a finished look: the site's icon, the sound on "your turn", the board zoomed and
panned on a phone, in real Chromium."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from ..server.clients import SHORT_GAMES
from ..server.process import Server

pytestmark = pytest.mark.timeout(300)

PAGES = ("/", "/tables/none", "/replay", "/learn/ricochet")
FETCHED = "(url) => fetch(url).then((r) => [r.status, r.headers.get('content-type')])"


def test_every_page_links_the_sites_icon_and_the_server_serves_it(server: Server, page_at: Any) -> None:
    """``/favicon.ico`` was a 404 on every page."""
    icon = httpx.get(f"{server.url}/favicon.ico", timeout=30)
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/")
    assert b"<svg" in icon.content and b"<script" not in icon.content
    for path in PAGES:
        page = page_at(server.url + path)
        linked = page.locator("link[rel=icon]").get_attribute("href")
        assert linked == "/favicon.ico", path
        # the browser's own request for it, as a page makes it
        fetched = page.evaluate(FETCHED, linked)
        assert fetched[0] == 200 and fetched[1].startswith("image/svg+xml"), path


def open_table(server: Server, game: str, seed: int = 3) -> str:
    """A turn-based table of ``game``, the person against bots: the page's address with its token."""
    short = SHORT_GAMES[game]
    body = {
        "game": game,
        "seats": ["human"] + ["bot"] * (short.seats - 1),
        "options": short.options,
        "seed": seed,
        "timers": False,
        "name": "Ada",
    }
    created = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).raise_for_status().json()
    return f"{server.url}/tables/{created['table']}#token={created['token']}"


def play_until_the_turn_comes_back(page: Any, times: int = 1) -> None:
    """Clicks the first action's button whenever the page waits for the person, until the turn
    came back to them ``times`` times (from a bot's)."""
    deadline = time.monotonic() + 120
    while int(page.evaluate("document.body.dataset.turnsCome ?? 0")) < times:
        assert time.monotonic() < deadline, "the turn never came back"
        button = page.locator("#legal button").first
        try:
            if page.get_attribute("body", "data-pending") == "no" and button.is_visible():
                button.click(timeout=2_000)
        except PlaywrightError:
            pass  # the buttons were redrawn under the click: the next round finds the new ones
        page.wait_for_timeout(150)


def test_the_sound_on_your_turn_is_off_by_default_remembered_and_chimes_when_on(
    server: Server, page_at: Any
) -> None:
    page = page_at(open_table(server, "robotick"))
    page.wait_for_selector("#legal button", timeout=30_000)
    assert not page.is_checked("#sound")
    play_until_the_turn_comes_back(page)
    assert page.evaluate("document.body.dataset.chimes") is None  # off: the turn came, no sound

    page.check("#sound")
    page.reload()
    page.wait_for_selector("#legal button", timeout=30_000)
    assert page.is_checked("#sound")  # remembered in this browser
    play_until_the_turn_comes_back(page, times=2)
    assert int(page.evaluate("document.body.dataset.chimes")) == 2  # once each time the turn came
    assert not page.errors
