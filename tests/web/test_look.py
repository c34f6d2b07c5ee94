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
    """A table of ``game``, the person against bots, turn-based where the game allows it
    (Ricochet needs its sand timer: a minute to bid): the page's address with its token."""
    short = SHORT_GAMES[game]
    timed = game == "ricochet"
    body = {
        "game": game,
        "seats": ["human"] + ["bot"] * (short.seats - 1),
        "options": {**short.options, "bid_window_s": 60.0} if timed else short.options,
        "seed": seed,
        "timers": timed,
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


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "bypass_csp": True}
BOARD_WIDTH = "() => document.querySelector('#board svg').getBoundingClientRect().width"
SMALLEST_WORDS = """() => Math.min(...[...document.querySelectorAll("#board svg text")]
  .filter((text) => text.textContent.trim())
  .map((text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a))"""
"""The height on screen, in pixels, of the smallest letters the drawing shows."""
TOP = "(selector) => document.querySelector(selector).getBoundingClientRect().top + window.scrollY"


@pytest.mark.parametrize("game", ["droids", "delivery"])
def test_on_a_phone_the_board_zooms_and_the_actions_come_before_the_log(
    server: Server, browser: Any, game: str
) -> None:
    """Droids' legend and Delivery's card captions were too small to read on a phone, and the
    actions came only after the status, the guide and every player's panel."""
    phone = browser.new_context(**PHONE)
    try:
        page = phone.new_page()
        page.goto(open_table(server, game))
        page.wait_for_selector("#legal button", timeout=30_000)
        fitted = page.evaluate(BOARD_WIDTH)
        assert fitted <= 390
        page.click(".zoom-in")
        page.click(".zoom-in")
        assert page.evaluate(BOARD_WIDTH) == pytest.approx(fitted * 2.25, rel=0.02)
        assert page.get_attribute("#board", "data-zoom") == "2.25"
        # zoomed, the board pans inside its box: the page itself never scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        box = page.locator("#board").bounding_box()
        assert box is not None and box["width"] <= 390
        page.click(".zoom-out")
        assert page.evaluate(BOARD_WIDTH) == pytest.approx(fitted * 1.5, rel=0.02)
        page.click(".zoom-fit")
        assert page.evaluate(BOARD_WIDTH) == pytest.approx(fitted, rel=0.02)
        # the smallest words drawn, unreadable at the phone's fit, readable zoomed in all the way
        assert page.evaluate(SMALLEST_WORDS) < 6
        for _ in range(6):
            page.click(".zoom-in")
        assert page.get_attribute("#board", "data-zoom") == "5"
        assert page.evaluate(SMALLEST_WORDS) >= 12
        page.click(".zoom-fit")
        # the decision first: the actions within a screen and a half, before the panels and the log
        actions, panels, log = (page.evaluate(TOP, s) for s in ("#legal button", "#panels-box", "#log-box"))
        assert actions < 844 * 1.5 and actions < panels < log
    finally:
        phone.close()


SHADOW = "(selector) => getComputedStyle(document.querySelector(selector)).boxShadow"


def test_the_acting_seats_panel_is_lit(server: Server, page_at: Any) -> None:
    """The seat the table waits for has its panel lit (a glow in the palette's signal yellow),
    the others none."""
    page = page_at(open_table(server, "droids"))  # drawing orders: one seat at a time
    page.wait_for_selector("#legal button", timeout=30_000)
    page.wait_for_selector(".panel.turn", timeout=30_000)
    assert page.evaluate(SHADOW, ".panel.turn") != "none"
    assert "242, 182, 48" in page.evaluate(SHADOW, ".panel.turn")
    assert page.evaluate(SHADOW, ".panel:not(.turn)") == "none"


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    touches = [{"x": x, "y": y, "id": number} for number, (x, y) in enumerate(points)]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})


def test_two_fingers_pinch_the_board_larger_on_a_phone(server: Server, browser: Any) -> None:
    phone = browser.new_context(**PHONE)
    try:
        page = phone.new_page()
        page.goto(open_table(server, "dr2d"))
        page.wait_for_selector("#legal button", timeout=30_000)
        page.locator("#board").scroll_into_view_if_needed()
        box = page.locator("#board").bounding_box()
        assert box is not None
        fitted = page.evaluate(BOARD_WIDTH)
        cx, cy = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
        cdp = phone.new_cdp_session(page)
        touch(cdp, "touchStart", [(cx - 30, cy), (cx + 30, cy)])
        for step in range(1, 7):  # the fingers spread from 60 to 120 pixels apart
            touch(cdp, "touchMove", [(cx - 30 - 5 * step, cy), (cx + 30 + 5 * step, cy)])
        touch(cdp, "touchEnd", [])
        assert page.evaluate(BOARD_WIDTH) == pytest.approx(fitted * 2, rel=0.1)
        assert float(page.get_attribute("#board", "data-zoom")) == pytest.approx(2, rel=0.1)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    finally:
        phone.close()
